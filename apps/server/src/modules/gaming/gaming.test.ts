import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing';
import {
  cashOf,
  expectLedgerReconciled,
  type GamesApp,
  newPlayer,
  rsaKeyPair,
  testClock,
  uuid,
  walletCall,
} from './gaming.test-helpers';
import { hub88Category, hub88VendorCode } from './hub88.client';
import { hub88SignatureHeader, signHub88Body, verifyHub88Body } from './hub88.signature';
import { decryptTcgParams, encryptTcgParams, signTcgParams } from './tcg.crypto';

const desKey = 'k3y!De5x';
const signKey = 'tcg-sign-key-for-tests';

type TcgFaults = { ftAppliesThenTimesOut: boolean; ftFails: boolean; csPending: boolean };

/** A small TCG merchant API: decrypts and checks every call, keeps balances, and can misbehave on `ft`. */
async function startFakeTcg() {
  const balances = new Map<string, number>();
  const transfers = new Map<string, { amount: number; status: string }>();
  const references: string[] = [];
  const methods: string[] = [];
  const faults: TcgFaults = { ftAppliesThenTimesOut: false, ftFails: false, csPending: false };
  const server = Fastify();
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  server.post('/tcg/api/doBusiness.do', async (request, reply) => {
    const form = request.body as Record<string, string>;
    if (form.merchant_code !== 'TESTMC') return { status: 3, error_desc: 'merchant' };
    if (signTcgParams(form.params ?? '', signKey) !== form.sign) return { status: 7, error_desc: 'sign' };
    const params = JSON.parse(decryptTcgParams(form.params ?? '', desKey)) as Record<string, unknown>;
    methods.push(String(params.method));
    const user = String(params.username ?? '');
    switch (params.method) {
      case 'cm':
        balances.set(user, balances.get(user) ?? 0);
        return { status: 0 };
      case 'tgl':
        return { status: 0, games: null };
      case 'lg':
        return { status: 0, game_url: `/lottery/play?u=${user}&mode=${params.game_mode}` };
      case 'gb':
        return { status: 0, balance: (balances.get(user) ?? 0).toFixed(2) };
      case 'ft': {
        const reference = String(params.reference_no);
        references.push(reference);
        if (transfers.has(reference)) return { status: 12, error_desc: 'duplicate reference' };
        if (faults.ftFails) {
          transfers.set(reference, { amount: 0, status: 'FAILED' });
          return { status: 11, error_desc: 'insufficient balance' };
        }
        const amount = Number(params.amount);
        const delta = params.fund_type === 1 ? amount : -amount;
        balances.set(user, Math.round(((balances.get(user) ?? 0) + delta) * 100) / 100);
        transfers.set(reference, { amount: delta, status: 'SUCCESS' });
        if (faults.ftAppliesThenTimesOut) return reply.status(504).send('gateway timeout');
        return { status: 0, transaction_status: 'SUCCESS' };
      }
      case 'ftoa': {
        const reference = String(params.reference_no);
        references.push(reference);
        const amount = balances.get(user) ?? 0;
        balances.set(user, 0);
        transfers.set(reference, { amount: -amount, status: 'SUCCESS' });
        return { status: 0, transaction_status: 'SUCCESS' };
      }
      case 'cs': {
        const found = transfers.get(String(params.ref_no));
        if (!found) return { status: 0, transaction_status: 'NOT FOUND' };
        if (faults.csPending) return { status: 0, transaction_status: 'PENDING' };
        return { status: 0, transaction_status: found.status, transaction_details: { amount: found.amount } };
      }
      default:
        return { status: 2, error_desc: 'method' };
    }
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/tcg/api`, balances, references, methods, faults };
}

/** A small Hub88 Games API: checks the operator's signature, lists three games, answers launch URLs. */
async function startFakeHub88(operatorPublicKeyPem: string) {
  const launches: Array<Record<string, unknown>> = [];
  const server = Fastify();
  server.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  server.addHook('preHandler', async (request, reply) => {
    const signature = request.headers[hub88SignatureHeader] as string | undefined;
    if (!verifyHub88Body(request.body as Buffer, signature, operatorPublicKeyPem)) {
      return reply.status(401).send({ error: 'bad signature' });
    }
  });
  server.post('/hub88/operator/generic/v2/game/list', async () => [
    {
      game_code: 'pg_fortune',
      name: 'Fortune Tiger',
      product: 'PG',
      category: 'Video Slots',
      enabled: true,
      demo_game_support: true,
      url_thumb: 'https://sim.example/art/pg_fortune.svg',
    },
    { game_code: 'pg_dragon', name: 'Dragon Hatch', product: 'PG', category: 'Video Slots', enabled: true },
    { game_code: 'ag_bac', name: 'Baccarat A', product: 'AG', category: 'Live Casino', enabled: true },
    { game_code: 'old_game', name: 'Retired', product: 'PG', category: 'Video Slots', enabled: false },
  ]);
  server.post('/hub88/operator/generic/v2/game/url', async (request) => {
    const body = JSON.parse((request.body as Buffer).toString('utf8')) as Record<string, unknown>;
    launches.push(body);
    return { url: `https://play.sim.example/game/${body.game_code}?t=${body.token ?? 'demo'}` };
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hub88`, launches };
}

describe('games: sync, launch rules and transfer wallets', () => {
  let app: FastifyInstance;
  let games: GamesApp;
  let tcg: Awaited<ReturnType<typeof startFakeTcg>>;
  let hub88: Awaited<ReturnType<typeof startFakeHub88>>;
  const byCode = new Map<string, string>();

  beforeAll(async () => {
    const aggregator = rsaKeyPair();
    const operator = rsaKeyPair();
    tcg = await startFakeTcg();
    hub88 = await startFakeHub88(operator.publicKeyPem);
    const clock = testClock();
    app = await buildTestApp(
      {
        rateLimitPerMinute: 100_000,
        loginRateLimitPerMinute: 100_000,
        hub88: {
          apiUrl: hub88.url,
          operatorId: '7',
          privateKeyPem: operator.privateKeyPem,
          publicKeyPem: aggregator.publicKeyPem,
        },
        tcg: {
          apiUrl: tcg.url,
          merchantCode: 'TESTMC',
          desKey,
          signKey,
          products: [{ productType: 420, code: 'TCG_LOTTO_VN', category: 'LOTT' }],
        },
        tcgTimeoutMs: 2_000,
      },
      { now: clock.now },
    );
    await app.ready();
    games = { app, aggregator, clock };
    const result = await app.services.gaming.syncCatalogue();
    expect(result.runs.every((run) => run.ok)).toBe(true);
    const list = (
      await app.inject({ method: 'POST', url: '/wps/relay/GCSGAME_gameList', payload: { pageSize: 100 } })
    ).json().value.content as Array<{ gameCode: string; nodeId: string }>;
    for (const game of list) byCode.set(game.gameCode, game.nodeId);
  });
  afterAll(async () => {
    await app?.close();
    await tcg?.server.close();
    await hub88?.server.close();
  });

  const launch = (payload: object, token?: string, url = '/wps/game/launchGame') =>
    app.inject({ method: 'POST', url, payload, headers: token ? { authorization: token } : {} });

  describe('protocol primitives', () => {
    it('round-trips TCG params through DES and checks the sign', () => {
      const json = JSON.stringify({ method: 'gb', username: 'demo1', product_type: 420 });
      const params = encryptTcgParams(json, desKey);
      expect(params).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(decryptTcgParams(params, desKey)).toBe(json);
      expect(() => decryptTcgParams(params, 'other!!k')).toThrow();
      expect(signTcgParams(params, signKey)).toMatch(/^[0-9a-f]{64}$/);
      expect(signTcgParams(params, signKey)).not.toBe(signTcgParams(params, `${signKey}x`));
    });

    it('signs Hub88 bodies so that only the exact bytes verify', () => {
      const keys = rsaKeyPair();
      const body = Buffer.from('{"operator_id":7}');
      const signature = signHub88Body(body, keys.privateKeyPem);
      expect(verifyHub88Body(body, signature, keys.publicKeyPem)).toBe(true);
      expect(verifyHub88Body(Buffer.from('{"operator_id": 7}'), signature, keys.publicKeyPem)).toBe(false);
      expect(verifyHub88Body(body, signature, rsaKeyPair().publicKeyPem)).toBe(false);
    });

    it('maps Hub88 categories and products to our categories and vendor codes', () => {
      expect(hub88Category('Video Slots')).toBe('RNG');
      expect(hub88Category('Live Casino')).toBe('LIVE');
      expect(hub88Category('Fishing')).toBe('FISH');
      expect(hub88Category('E-Sports')).toBe('ESPORTS');
      expect(hub88Category('Sportsbook')).toBe('SPORTS');
      expect(hub88Category('Table Games')).toBe('PVP');
      expect(hub88VendorCode('Pragmatic Play')).toBe('PRAGMATIC_PLAY');
      expect(hub88VendorCode('PG')).toBe('PG');
    });
  });

  describe('catalogue sync', () => {
    it('stores both aggregators: Hub88 games by provider, unlisted games hidden, TCG lottery lobby', async () => {
      expect([...byCode.keys()].sort()).toEqual(['Lobby', 'ag_bac', 'pg_dragon', 'pg_fortune']);
      const menus = (await app.inject({ method: 'GET', url: '/lgw/games/game_menus' })).json().value;
      const titles = menus.lanes.map((lane: { title: string }) => lane.title);
      expect(titles).toEqual(expect.arrayContaining(['RNG', 'LIVE', 'LOTT']));
      const lott = menus.lanes.find((lane: { title: string }) => lane.title === 'LOTT');
      expect(lott.cards[0]).toMatchObject({ vassalage: 'TCG_LOTTO_VN', isGame: 'LOBBY', walletMode: 'transfer' });
      const merchantWallet = (await app.inject({ method: 'POST', url: '/wps/relay/GCS_merchantWallet' })).json().value;
      expect(merchantWallet).toEqual({ isSingle: false, transferVendors: ['TCG_LOTTO_VN'] });
    });

    it('refuses a second Hub88 game list within the documented minute', async () => {
      const result = await app.services.gaming.syncCatalogue();
      const hub = result.runs.find((run) => run.vendor === 'hub88');
      expect(hub).toMatchObject({ ok: false, error: 'RATE_LIMITED' });
      // The catalogue stays as it was.
      const list = (await app.inject({ method: 'POST', url: '/wps/relay/GCSGAME_gameList', payload: {} })).json();
      expect(list.value.total).toBe(4);
    });
  });

  describe('launch rules (spec section 6)', () => {
    it('sends visitors to the login popup for real money, but lets them start a free trial', async () => {
      const nodeId = byCode.get('pg_fortune') as string;
      const visitor = await launch({ nodeId, mode: 'real' });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().code).toBe('AUTH_REQUIRED');
      const v2 = await launch({ nodeId, mode: 'real' }, undefined, '/wps/game/startGameV2');
      expect(v2.json().code).toBe('AUTH_REQUIRED');
      const trial = await launch({ nodeId, mode: 'trial' }, undefined, '/wps/game/startGameV2');
      expect(trial.statusCode).toBe(200);
      expect(trial.json().value).toMatchObject({ mode: 'trial', walletMode: 'seamless', gameCode: 'pg_fortune' });
      const sent = hub88.launches.at(-1) as Record<string, unknown>;
      expect(sent.user).toBeUndefined();
      expect(sent.token).toBeUndefined();
    });

    it('allows trial users only the free trial (in_need_true_account)', async () => {
      const freeplay = await app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: {} });
      const token = freeplay.json().value.token as string;
      const nodeId = byCode.get('pg_fortune') as string;
      const real = await launch({ nodeId, mode: 'real' }, token);
      expect(real.json().code).toBe('IDENTITY_REAL_ACCOUNT_REQUIRED');
      const trial = await launch({ nodeId, mode: 'trial' }, token, '/wps/relay/GCS_gameLaunchFB');
      expect(trial.statusCode).toBe(200);
      const noTrial = await launch({ nodeId: byCode.get('pg_dragon'), mode: 'trial' }, token);
      expect(noTrial.json().code).toBe('CATALOGUE_TRIAL_NOT_SUPPORTED');
    });

    it('launches real money for a member with a live wallet session the vendor can use', async () => {
      const player = await newPlayer(app, '50');
      const response = await launch({ nodeId: byCode.get('pg_fortune'), mode: 'real' }, player.token);
      expect(response.statusCode).toBe(200);
      const { url } = response.json().value;
      const sent = hub88.launches.at(-1) as Record<string, unknown>;
      expect(sent).toMatchObject({ user: player.user, game_code: 'pg_fortune', currency: 'BDT', operator_id: 7 });
      expect(url).toBe(`https://play.sim.example/game/pg_fortune?t=${sent.token}`);
      const balance = await walletCall(games, 'user/balance', {
        user: player.user,
        token: sent.token,
        request_uuid: uuid(),
      });
      expect(balance).toMatchObject({ status: 'RS_OK', balance: 50 * 100_000 });
      const recent = await app.inject({
        method: 'POST',
        url: '/wps/relay/GCS_recentGame',
        headers: { authorization: player.token },
        payload: {},
      });
      expect(recent.json().value.content[0].gameCode).toBe('pg_fortune');
    });

    it('answers Game Under Maintenance for a game or a vendor under maintenance', async () => {
      const player = await newPlayer(app);
      const gameId = Number(byCode.get('pg_dragon'));
      await app.services.catalogue.setGameFlags(gameId, { maintenance: true });
      const game = await launch({ nodeId: String(gameId), mode: 'real' }, player.token);
      expect(game.statusCode).toBe(503);
      expect(game.json()).toMatchObject({ code: 'CATALOGUE_GAME_MAINTENANCE', message: 'Game Under Maintenance' });
      await app.services.catalogue.setGameFlags(gameId, { maintenance: false });
      await app.services.catalogue.setVendorFlags('AG', { maintenance: true });
      const vendor = await launch({ nodeId: byCode.get('ag_bac'), mode: 'real' }, player.token);
      expect(vendor.json().code).toBe('CATALOGUE_GAME_MAINTENANCE');
      await app.services.catalogue.setVendorFlags('AG', { maintenance: false });
    });

    it('refuses an unknown game and a disabled game', async () => {
      const player = await newPlayer(app);
      expect((await launch({ nodeId: '987654', mode: 'real' }, player.token)).json().code).toBe(
        'CATALOGUE_GAME_NOT_FOUND',
      );
      expect((await launch({ gameCode: 'nope', vassalage: 'PG' }, player.token)).json().code).toBe(
        'CATALOGUE_GAME_NOT_FOUND',
      );
      const gameId = Number(byCode.get('pg_dragon'));
      await app.services.catalogue.setGameFlags(gameId, { enabled: false });
      expect((await launch({ nodeId: String(gameId), mode: 'real' }, player.token)).json().code).toBe(
        'CATALOGUE_GAME_NOT_FOUND',
      );
      await app.services.catalogue.setGameFlags(gameId, { enabled: true });
    });

    it('puts the launch URL on a launch CDN host when the site lists absolute ones', async () => {
      const settings = await app.services.system.operatorSettings();
      await app.services.system.setMerchantSettings({
        defaultLanguage: settings.general.defaultLanguage,
        imageCdns: settings.general.imageCdns,
        launchGameCdns: ['https://cdn-a.example', 'https://cdn-b.example'],
        gtagId: settings.general.gtagId,
      });
      try {
        await new Promise((resolve) => setTimeout(resolve, 5_100));
        const player = await newPlayer(app);
        const hosts = new Set<string>();
        for (let attempt = 0; attempt < 12; attempt += 1) {
          const response = await launch({ nodeId: byCode.get('pg_fortune'), mode: 'real' }, player.token);
          hosts.add(new URL(response.json().value.url).host);
        }
        expect([...hosts].sort()).toEqual(['cdn-a.example', 'cdn-b.example']);
      } finally {
        await app.services.system.setMerchantSettings({
          defaultLanguage: settings.general.defaultLanguage,
          imageCdns: settings.general.imageCdns,
          launchGameCdns: settings.general.launchGameCdns,
          gtagId: settings.general.gtagId,
        });
        // The app reads the CDN lists at most every 5 seconds: let the restored list take effect.
        await new Promise((resolve) => setTimeout(resolve, 5_100));
      }
    });
  });

  describe('transfer wallet (TCG)', () => {
    const transfer = (token: string, payload: object, key = uuid()) =>
      app.inject({
        method: 'POST',
        url: '/wps/relay/GCS_walletTransfer',
        headers: { authorization: token, 'idempotency-key': key },
        payload,
      });

    it('registers the player on first launch and launches the lottery lobby from the game domain', async () => {
      const player = await newPlayer(app);
      const response = await launch({ nodeId: byCode.get('Lobby'), mode: 'real', lottoView: 'lobby' }, player.token);
      expect(response.statusCode).toBe(200);
      expect(response.json().value.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/lottery\/play\?u=demo\d+&mode=1$/);
      expect(tcg.methods).toContain('cm');
    });

    it('moves money in and sweeps it back with the vendor result, each under a new unique reference', async () => {
      const player = await newPlayer(app, '100');
      const moveIn = await transfer(player.token, { vassalage: 'TCG_LOTTO_VN', direction: 'in', amount: '40' });
      expect(moveIn.statusCode).toBe(200);
      expect(moveIn.json().value).toMatchObject({
        status: 'SUCCESS',
        amount: { amount: '40.00' },
        mainBalance: { amount: '60.00' },
        vendorBalance: { amount: '40.00' },
      });
      // The player wins 15 at the vendor; the sweep brings back 55, the house pays the difference.
      const name = [...tcg.balances.keys()].find((key) => key.endsWith(String(player.id))) as string;
      tcg.balances.set(name, 55);
      const sweep = await transfer(player.token, { vassalage: 'TCG_LOTTO_VN', direction: 'all_out' });
      expect(sweep.json().value).toMatchObject({
        status: 'SUCCESS',
        amount: { amount: '55.00' },
        vendorBalance: { minor: '0' },
      });
      expect(await cashOf(app, player.id)).toBe(11_500n);
      expect(new Set(tcg.references).size).toBe(tcg.references.length);
      const balance = await app.inject({
        method: 'GET',
        url: '/wps/v2/wallets/balance',
        headers: { authorization: player.token },
      });
      expect(balance.json().value.vendors).toEqual([
        { vendor: 'TCG_LOTTO_VN', balance: { amount: '0.00', minor: '0' } },
      ]);
      await expectLedgerReconciled(app);
    });

    it('answers a transfer sent twice with one Idempotency-Key once, and refuses the key with another body', async () => {
      const player = await newPlayer(app, '50');
      const sameKey = uuid();
      const body = { vassalage: 'TCG_LOTTO_VN', direction: 'in', amount: '20' };
      const first = await transfer(player.token, body, sameKey);
      expect(first.statusCode, first.body).toBe(200);
      const again = await transfer(player.token, body, sameKey);
      expect(again.json().value.reference).toBe(first.json().value.reference);
      expect(await cashOf(app, player.id)).toBe(3_000n);
      const other = await transfer(player.token, { ...body, amount: '21' }, sameKey);
      expect(other.statusCode).toBe(409);
      expect(await cashOf(app, player.id)).toBe(3_000n);
      await expectLedgerReconciled(app);
    });

    it('resolves a transfer that applied but timed out with the status check, and moves money once', async () => {
      const player = await newPlayer(app, '100');
      tcg.faults.ftAppliesThenTimesOut = true;
      const sentBefore = tcg.references.length;
      try {
        const response = await transfer(player.token, { vassalage: 'TCG_LOTTO_VN', direction: 'in', amount: '30' });
        expect(response.json().value).toMatchObject({ status: 'SUCCESS', mainBalance: { amount: '70.00' } });
      } finally {
        tcg.faults.ftAppliesThenTimesOut = false;
      }
      // One `ft`, never re-sent; the outcome came from `cs`.
      expect(tcg.references.length - sentBefore).toBe(1);
      expect(await cashOf(app, player.id)).toBe(7_000n);
      await expectLedgerReconciled(app);
    });

    it('keeps a transfer pending while the status check cannot tell, blocks new ones, then books it once', async () => {
      const player = await newPlayer(app, '100');
      tcg.faults.ftAppliesThenTimesOut = true;
      tcg.faults.csPending = true;
      const pending = await transfer(player.token, { vassalage: 'TCG_LOTTO_VN', direction: 'in', amount: '25' });
      tcg.faults.ftAppliesThenTimesOut = false;
      expect(pending.json().value).toMatchObject({ status: 'PENDING' });
      // The money is held (not spendable) while nobody knows.
      expect(await cashOf(app, player.id)).toBe(7_500n);
      const blocked = await transfer(player.token, { vassalage: 'TCG_LOTTO_VN', direction: 'in', amount: '5' });
      expect(blocked.json().code).toBe('GAMING_TRANSFER_IN_PROGRESS');
      tcg.faults.csPending = false;
      const swept = await app.services.gaming.resolvePendingTransfers(0);
      expect(swept.resolved).toBeGreaterThanOrEqual(1);
      expect(await cashOf(app, player.id)).toBe(7_500n);
      const balance = await app.inject({
        method: 'GET',
        url: '/wps/v2/wallets/balance',
        headers: { authorization: player.token },
      });
      expect(balance.json().value).toMatchObject({ main: { amount: '75.00' }, onHold: { amount: '0.00' } });
      await expectLedgerReconciled(app);
    });

    it('releases the hold when the vendor refuses a transfer, with a translated error', async () => {
      const player = await newPlayer(app, '20');
      tcg.faults.ftFails = true;
      try {
        const response = await app.inject({
          method: 'POST',
          url: '/wps/relay/GCS_walletTransfer',
          headers: { authorization: player.token, 'idempotency-key': uuid(), language: 'bn' },
          payload: { vassalage: 'TCG_LOTTO_VN', direction: 'in', amount: '10' },
        });
        expect(response.json().code).toBe('GAMING_TRANSFER_FAILED');
        expect(response.json().message).toContain('ব্যর্থ');
      } finally {
        tcg.faults.ftFails = false;
      }
      expect(await cashOf(app, player.id)).toBe(2_000n);
      const tooMuch = await transfer(player.token, { vassalage: 'TCG_LOTTO_VN', direction: 'in', amount: '25' });
      expect(tooMuch.json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
      expect(await cashOf(app, player.id)).toBe(2_000n);
      const seamless = await transfer(player.token, { vassalage: 'PG', direction: 'in', amount: '1' });
      expect(seamless.json().code).toBe('GAMING_TRANSFER_NOT_SUPPORTED');
      await expectLedgerReconciled(app);
    });
  });

  describe('winners board and game recall', () => {
    it('lists the biggest wins with masked names, and a member sees their own last rounds', async () => {
      const player = await newPlayer(app, '100');
      const sessionToken = (await launch({ nodeId: byCode.get('pg_fortune'), mode: 'real' }, player.token))
        .json()
        .value.url.split('t=')[1] as string;
      const bet = {
        user: player.user,
        token: sessionToken,
        request_uuid: uuid(),
        transaction_uuid: uuid(),
        round: uuid(),
        round_closed: false,
        game_code: 'pg_fortune',
        currency: 'BDT',
        amount: 2 * 100_000,
      };
      expect((await walletCall(games, 'transaction/bet', bet)).status).toBe('RS_OK');
      const win = {
        ...bet,
        request_uuid: uuid(),
        transaction_uuid: uuid(),
        reference_transaction_uuid: bet.transaction_uuid,
        round_closed: true,
        amount: 9_999 * 100_000,
      };
      expect((await walletCall(games, 'transaction/win', win)).status).toBe('RS_OK');
      const board = await app.inject({
        method: 'POST',
        url: '/wps/relay/GCSGAME_getRankList',
        payload: { gameCategory: 'ALL', language: 'en', limitNum: 20 },
      });
      const top = board.json().value[0];
      expect(top).toMatchObject({
        rank: 1,
        winAmount: { amount: '9999.00' },
        gameName: 'Fortune Tiger',
        gameCode: 'pg_fortune',
        vassalage: 'PG',
      });
      expect(top.customerName).toBe(`${player.username[0]}***${player.username.at(-1)}`);
      const recall = await app.inject({
        method: 'GET',
        url: '/wps/game/recall',
        headers: { authorization: player.token },
      });
      expect(recall.json().value.rounds[0]).toMatchObject({
        roundId: bet.round,
        gameName: 'Fortune Tiger',
        stake: { amount: '2.00' },
        win: { amount: '9999.00' },
        status: 'closed',
      });
      await expectLedgerReconciled(app);
    });
  });
});
