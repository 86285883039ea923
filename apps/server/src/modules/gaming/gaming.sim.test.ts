import type { AddressInfo } from 'node:net';
import { generateVendorKeys, startVendorSim, type VendorSim } from '@portal/vendor-sim';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing';
import { gamingSessions, gamingWalletTransactions } from './gaming.tables';
import { cashOf, expectLedgerReconciled, newPlayer, type Player, uuid } from './gaming.test-helpers';

const desKey = 'sImK3y!8';
/**
 * 20 lines of 1 BDT at the protocol scale: the simulator pays in hundredths of the line bet, so with whole-BDT line
 * bets every win is a whole number of poisha, which the portal can book exactly (it refuses anything finer).
 */
const bet = 2_000_000;
const signKey = 'sim-sign-key-for-tests';

/**
 * The portal against the vendor simulator (`apps/vendor-sim`), both over real HTTP: the catalogue sync of 10,000+
 * slots, a launch, slot spins whose callbacks move money once, and a fault run (duplicate callbacks, rollback before
 * bet, a timed-out bet, an out-of-order win, an ambiguous TCG transfer) that ends with the ledger reconciled.
 */
describe('portal with the vendor simulator', () => {
  let sim: VendorSim;
  let app: FastifyInstance;

  beforeAll(async () => {
    const keys = generateVendorKeys();
    sim = await startVendorSim({
      port: 0,
      portalUrl: 'http://127.0.0.1:9',
      hub88: {
        operatorId: '1',
        privateKeyPem: keys.sim.privateKeyPem,
        operatorPublicKeyPem: keys.operator.publicKeyPem,
      },
      tcg: { merchantCode: 'SIMMC', desKey, signKey },
      gameListRateLimitPerMinute: 0,
      lottery: { autoDraw: false },
      retry: { baseDelayMs: 50, maxDelayMs: 400 },
    });
    app = await buildTestApp({
      rateLimitPerMinute: 1_000_000,
      loginRateLimitPerMinute: 100_000,
      hub88: {
        apiUrl: sim.hub88ApiUrl,
        operatorId: '1',
        privateKeyPem: keys.operator.privateKeyPem,
        publicKeyPem: keys.sim.publicKeyPem,
      },
      tcg: { apiUrl: sim.tcgApiUrl, merchantCode: 'SIMMC', desKey, signKey, products: null },
      vendorTimeoutMs: 60_000,
      tcgTimeoutMs: 5_000,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    sim.setPortalUrl(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  }, 120_000);

  afterAll(async () => {
    await sim?.close();
    await app?.close();
  });

  async function firstSlot(): Promise<{ nodeId: string; gameCode: string }> {
    const list = await app.inject({
      method: 'POST',
      url: '/wps/relay/GCSGAME_gameList',
      payload: { gameType: 'RNG', pageNo: 1 },
    });
    const game = list.json().value.content[0];
    return { nodeId: game.nodeId, gameCode: game.gameCode };
  }

  async function launchReal(player: Player, nodeId: string): Promise<{ url: string; token: string }> {
    const response = await app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: { authorization: player.token },
      payload: { nodeId, mode: 'real' },
    });
    expect(response.statusCode).toBe(200);
    const [session] = await app.database.db
      .select()
      .from(gamingSessions)
      .where(eq(gamingSessions.accountId, player.id))
      .orderBy(desc(gamingSessions.createdAt))
      .limit(1);
    return { url: response.json().value.url, token: session?.token as string };
  }

  async function settled(): Promise<void> {
    for (let waited = 0; waited < 30_000 && sim.wallet.pending > 0; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sim.wallet.pending).toBe(0);
  }

  it('syncs the simulator catalogue: 10,000+ slots and the other categories land', async () => {
    const result = await app.services.gaming.syncCatalogue();
    expect(result.runs.filter((run) => !run.ok)).toEqual([]);
    const slots = await app.inject({
      method: 'POST',
      url: '/wps/relay/GCSGAME_gameList',
      payload: { gameType: 'RNG' },
    });
    expect(slots.json().value.total).toBeGreaterThanOrEqual(10_000);
    const menus = (await app.inject({ method: 'GET', url: '/lgw/games/game_menus' })).json().value;
    const titles = menus.lanes.map((lane: { title: string }) => lane.title);
    expect(titles).toEqual(expect.arrayContaining(['RNG', 'LIVE', 'FISH', 'LOTT']));
  }, 120_000);

  it('launches a slot and a spin moves money exactly once', async () => {
    const player = await newPlayer(app, '100');
    const slot = await firstSlot();
    const { url, token } = await launchReal(player, slot.nodeId);
    expect(url.startsWith(sim.url)).toBe(true);
    const spin = await sim.playSlotSpin({ token, gameCode: slot.gameCode, bet });
    expect(spin.status).toBe('settled');
    await settled();
    const expected = 10_000n + BigInt((spin.win - spin.bet) / 1_000);
    expect(await cashOf(app, player.id)).toBe(expected);
    const rows = await app.database.db
      .select()
      .from(gamingWalletTransactions)
      .where(eq(gamingWalletTransactions.roundId, spin.round));
    expect(rows.filter((row) => row.kind === 'bet')).toHaveLength(1);
    const details = await app.inject({
      method: 'GET',
      url: `/wps/game/recall/round?roundId=${encodeURIComponent(spin.round)}`,
      headers: { authorization: player.token },
    });
    expect(details.json().value.url).toBe(`${sim.url}/round/${encodeURIComponent(spin.round)}`);
    const other = await newPlayer(app);
    const foreign = await app.inject({
      method: 'GET',
      url: `/wps/game/recall/round?roundId=${encodeURIComponent(spin.round)}`,
      headers: { authorization: other.token },
    });
    expect(foreign.json().code).toBe('NOT_FOUND');
    await expectLedgerReconciled(app);
  }, 60_000);

  it('survives duplicates, rollback before bet, a timed-out bet and an out-of-order win: money moves once', async () => {
    const player = await newPlayer(app, '500');
    const slot = await firstSlot();
    const { token } = await launchReal(player, slot.nodeId);
    sim.faults.duplicateCallbacks(2);
    sim.faults.rollbackBeforeBet(1);
    sim.faults.timeoutNextBet(1);
    sim.faults.outOfOrderWin(1);
    let net = 0;
    for (let spinNo = 0; spinNo < 8; spinNo += 1) {
      const spin = await sim.playSlotSpin({ token, gameCode: slot.gameCode, bet }).catch(() => null);
      if (spin?.status === 'settled') net += spin.win - spin.bet;
    }
    await settled();
    expect(sim.faults.fired.map((fired) => fired.fault)).toEqual(
      expect.arrayContaining(['duplicateCallbacks', 'rollbackBeforeBet', 'timeoutNextBet', 'outOfOrderWin']),
    );
    expect(await cashOf(app, player.id)).toBe(50_000n + BigInt(net / 1_000));
    await expectLedgerReconciled(app);
  }, 120_000);

  it('serves the lottery menu, launches a lottery game and shows its opened numbers', async () => {
    const menu = await app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu?prizeMode=LOTT' });
    const groups = menu.json().value.gameMenus as Array<{ games: Array<{ gameCode: string; nodeId: string }> }>;
    const vnFast = groups.flatMap((group) => group.games).find((game) => game.gameCode === 'VNFAST1');
    expect(vnFast).toBeDefined();
    const player = await newPlayer(app, '10');
    const launched = await app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: { authorization: player.token },
      payload: { nodeId: vnFast?.nodeId, mode: 'real', launchMode: 'LOTT', lottoView: 'betting' },
    });
    expect(launched.statusCode).toBe(200);
    expect(launched.json().value.url).toContain('/tcg/play/');
    const draw = sim.lottery.drawNow('VNFAST1');
    const opened = await app.inject({ method: 'GET', url: '/lgw/vn/numeros/opened/game?gameCode=VNFAST1' });
    expect(opened.json().value[0]).toMatchObject({
      gameCode: 'VNFAST1',
      numero: draw.numero,
      openedNumbers: draw.numbers.map(String),
    });
    const recent = await app.inject({
      method: 'GET',
      url: '/lgw/vn/games/game_menu/recent',
      headers: { authorization: player.token },
    });
    expect(recent.json().value.gameMenus.flatMap((group: { games: unknown[] }) => group.games)).toHaveLength(1);
  }, 60_000);

  it('resolves an ambiguous TCG transfer with the status check and moves it once', async () => {
    const player = await newPlayer(app, '50');
    sim.faults.transferAmbiguous(1, 'drop');
    const response = await app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      headers: { authorization: player.token, 'idempotency-key': uuid() },
      payload: { vassalage: 'TCG_LOTTO_VN', direction: 'in', amount: '20' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toMatchObject({ status: 'SUCCESS', mainBalance: { amount: '30.00' } });
    const sweep = await app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      headers: { authorization: player.token, 'idempotency-key': uuid() },
      payload: { vassalage: 'TCG_LOTTO_VN', direction: 'all_out' },
    });
    expect(sweep.json().value).toMatchObject({ status: 'SUCCESS', amount: { amount: '20.00' } });
    expect(await cashOf(app, player.id)).toBe(5_000n);
    await expectLedgerReconciled(app);
  }, 60_000);
});
