import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateVendorKeys } from '../keys';
import { startVendorSim, type VendorSim } from '../sim';
import { type FakeOperator, type Json, startFakeOperator } from '../testing/fake-operator';
import { signBody, verifyBody } from './signature';

const keys = generateVendorKeys();
let operator: FakeOperator;
let sim: VendorSim;
const TOKEN = 'token-0123456789';

beforeAll(async () => {
  operator = await startFakeOperator({ keys });
  sim = await startVendorSim({
    portalUrl: operator.url,
    hub88: {
      operatorId: '42',
      privateKeyPem: keys.sim.privateKeyPem,
      operatorPublicKeyPem: keys.operator.publicKeyPem,
    },
    tcg: { merchantCode: 'SIM', desKey: '12345678', signKey: 'sign-key' },
    gameListRateLimitPerMinute: 0,
    retry: { timeoutMs: 250, baseDelayMs: 5, maxDelayMs: 40, winMaxAttempts: 8, rollbackMaxAttempts: 8 },
  });
});
afterAll(async () => {
  await sim.close();
  await operator.close();
});
afterEach(() => sim.faults.reset());

const launch = async (user: string, gameCode?: string) => {
  const code = gameCode ?? sim.games().find((game) => game.kind === 'slot')?.code;
  const answer = await operator.gamesApi(sim.hub88ApiUrl, '/game/url', {
    user,
    token: TOKEN + user,
    operator_id: 42,
    currency: 'BDT',
    platform: 'GPL_DESKTOP',
    lang: 'en',
    country: 'BD',
    game_code: code,
    lobby_url: 'http://portal.test/',
  });
  expect(answer.status).toBe(200);
  return { url: answer.body.url as string, token: TOKEN + user, gameCode: code as string };
};
const callsOf = (path: string, user: string) =>
  operator.calls.filter((call) => call.path === path && call.body.user === user);

describe('X-Hub88-Signature', () => {
  it('verifies an RSA-SHA256 signature over the exact raw body and refuses any change', () => {
    const raw = '{"user":"john","amount":100000}';
    const signature = signBody(raw, keys.sim.privateKeyPem);
    expect(verifyBody(raw, signature, keys.sim.publicKeyPem)).toBe(true);
    expect(verifyBody('{"user":"john","amount":100001}', signature, keys.sim.publicKeyPem)).toBe(false);
    expect(verifyBody('{"user": "john","amount":100000}', signature, keys.sim.publicKeyPem)).toBe(false);
    expect(verifyBody(raw, signature, keys.operator.publicKeyPem)).toBe(false);
    expect(verifyBody(raw, undefined, keys.sim.publicKeyPem)).toBe(false);
  });
});

describe('Games API', () => {
  it('refuses an unsigned or wrongly signed call with 401 and an unknown operator with 404', async () => {
    const unsigned = await fetch(`${sim.hub88ApiUrl}/operator/generic/v2/game/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"operator_id":42}',
    });
    expect(unsigned.status).toBe(401);
    const other = await operator.gamesApi(sim.hub88ApiUrl, '/game/list', { operator_id: 7 });
    expect(other.status).toBe(404);
  });

  it('lists more than 10,000 slots with unique codes and names, live tables, and artwork that is served', async () => {
    const answer = await operator.gamesApi(sim.hub88ApiUrl, '/game/list', { operator_id: 42 });
    expect(answer.status).toBe(200);
    const games = answer.body as Array<Record<string, Json>>;
    const slots = games.filter((game) => game.category === 'Video Slots');
    expect(slots.length).toBeGreaterThanOrEqual(10_000);
    expect(new Set(games.map((game) => game.game_code)).size).toBe(games.length);
    expect(new Set(games.map((game) => game.name)).size).toBe(games.length);
    expect(new Set(slots.map((game) => game.product))).toEqual(
      new Set(['PG', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'EG2', 'RTG', 'MG', 'PNG', 'ISB', 'TTG']),
    );
    expect(games.filter((game) => game.category === 'Live Baccarat').map((game) => game.product)).toEqual(
      expect.arrayContaining(['AG', 'DG', 'BG', 'OG']),
    );
    expect(new Set(games.filter((game) => game.category === 'Fishing').map((game) => game.product))).toEqual(
      new Set(['JDB', 'FC', 'JL']),
    );
    expect(new Set(games.filter((game) => game.category === 'Table Games').map((game) => game.product))).toEqual(
      new Set(['KY', 'TH', 'KX']),
    );
    expect(new Set(games.filter((game) => game.category === 'Cockfighting').map((game) => game.product))).toEqual(
      new Set(['WS']),
    );
    const first = slots[0] as Record<string, Json>;
    expect(first).toMatchObject({ enabled: true, rtp: 96, paylines: 20, platforms: ['GPL_DESKTOP', 'GPL_MOBILE'] });
    const art = await fetch(first.url_thumb);
    expect(art.headers.get('content-type')).toContain('image/svg+xml');
    expect(await art.text()).toContain(first.name.toUpperCase().split(' ')[0]);
    // Deterministic: the same catalogue every time.
    expect(sim.games()[0]?.code).toBe(games[0]?.game_code);
  });

  it('rate-limits game/list to one call per minute when the limit is on', async () => {
    const limited = await startVendorSim({
      portalUrl: operator.url,
      hub88: {
        operatorId: '42',
        privateKeyPem: keys.sim.privateKeyPem,
        operatorPublicKeyPem: keys.operator.publicKeyPem,
      },
      tcg: { merchantCode: 'SIM', desKey: '12345678', signKey: 'sign-key' },
    });
    try {
      expect((await operator.gamesApi(limited.hub88ApiUrl, '/game/list', { operator_id: 42 })).status).toBe(200);
      const second = await operator.gamesApi(limited.hub88ApiUrl, '/game/list', { operator_id: 42 });
      expect(second.status).toBe(429);
      expect(second.body.error).toBeTruthy();
    } finally {
      await limited.close();
    }
  });

  it('answers game/url with a launch page, and refuses a bad currency, an unknown game and a short token', async () => {
    const { url } = await launch('player1');
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('SPIN');
    const base = {
      user: 'player1',
      token: TOKEN,
      operator_id: 42,
      platform: 'GPL_DESKTOP',
      game_code: sim.games()[0]?.code,
    };
    expect((await operator.gamesApi(sim.hub88ApiUrl, '/game/url', { ...base, currency: 'EUR' })).status).toBe(403);
    expect(
      (await operator.gamesApi(sim.hub88ApiUrl, '/game/url', { ...base, currency: 'BDT', game_code: 'nope' })).status,
    ).toBe(404);
    expect(
      (await operator.gamesApi(sim.hub88ApiUrl, '/game/url', { ...base, currency: 'BDT', token: 'short' })).status,
    ).toBe(400);
  });
});

describe('slot rounds through the Wallet API', () => {
  it('debits the bet and credits the win with signed calls carrying every protocol field', async () => {
    const { token, gameCode } = await launch('player2');
    const before = operator.balances.get('player2') ?? 1000 * 100_000;
    const result = await sim.playSlotSpin({ token, gameCode, bet: 200_000 });
    expect(result.status).toBe('settled');
    expect(operator.balances.get('player2')).toBe(before - 200_000 + result.win);
    expect(result.balance).toBe(operator.balances.get('player2'));
    const [bet] = callsOf('/transaction/bet', 'player2');
    const [win] = callsOf('/transaction/win', 'player2');
    expect(bet?.body).toMatchObject({
      user: 'player2',
      token,
      game_code: gameCode,
      currency: 'BDT',
      amount: 200_000,
      round: result.round,
      round_closed: false,
    });
    expect(win?.body).toMatchObject({
      amount: result.win,
      round: result.round,
      round_closed: true,
      reference_transaction_uuid: bet?.body.transaction_uuid,
    });
    expect(Number.isInteger(win?.body.amount)).toBe(true);
    expect(bet?.body.request_uuid).not.toBe(win?.body.request_uuid);
  });

  it('pays a fixed winning spin exactly (five wilds-assisted H1 is not needed: any line win will do)', async () => {
    const { token, gameCode } = await launch('player3');
    // Search stops for a spin that wins, then replay them through the wallet.
    const { evaluate, payTableFor } = await import('../games/slot-math');
    let stops = [0, 0, 0, 0, 0];
    for (let i = 0; i < 5000; i += 1) {
      const candidate = [i % 49, (i * 7) % 49, (i * 13) % 49, (i * 17) % 49, (i * 23) % 49];
      if (evaluate(candidate, payTableFor(0.96)).lineWins.length > 0) {
        stops = candidate;
        break;
      }
    }
    const result = await sim.playSlotSpin({ token, gameCode, bet: 100_000, stops });
    expect(result.win).toBeGreaterThan(0);
    expect(operator.balances.get('player3')).toBe(1000 * 100_000 - 100_000 + result.win);
  });

  it('refuses a bet the balance does not cover and sends no win', async () => {
    const { token, gameCode } = await launch('player4');
    operator.balances.set('player4', 50_000);
    const result = await sim.playSlotSpin({ token, gameCode, bet: 200_000 });
    expect(result.status).toBe('refused');
    expect(result.error).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect(result.balance).toBe(50_000);
    expect(callsOf('/transaction/win', 'player4')).toHaveLength(0);
  });

  it('retries a win with exponential backoff through 5xx, timeouts, non-JSON and RS_ERROR_UNKNOWN until RS_OK', async () => {
    const { token, gameCode } = await launch('player5');
    operator.script('/transaction/win', 'http500', 'timeout', 'not-json', { status: 'RS_ERROR_UNKNOWN' });
    const started = Date.now();
    const result = await sim.playSlotSpin({ token, gameCode, bet: 100_000 });
    expect(result.status).toBe('settled');
    expect(result.winResult?.attempts).toBe(5);
    const wins = callsOf('/transaction/win', 'player5');
    expect(wins).toHaveLength(5);
    expect(new Set(wins.map((call) => call.body.transaction_uuid)).size).toBe(1);
    expect(new Set(wins.map((call) => call.body.request_uuid)).size).toBe(5);
    // Backoff 5, 10, 20, 40 ms between the attempts (plus the 250 ms timeout).
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 + 10 + 20 + 40 + 250);
    expect(operator.balances.get('player5')).toBe(1000 * 100_000 - 100_000 + result.win);
  });

  it('stops retrying a win at a definite refusal', async () => {
    const { token, gameCode } = await launch('player6');
    operator.script('/transaction/win', { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' });
    const result = await sim.playSlotSpin({ token, gameCode, bet: 100_000 });
    expect(result.status).toBe('pending');
    expect(result.error).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(callsOf('/transaction/win', 'player6')).toHaveLength(1);
  });

  it('rolls back a bet that never gets an answer after its retries', async () => {
    const { token, gameCode } = await launch('player7');
    operator.script('/transaction/bet', 'timeout', 'http500', 'not-json');
    const result = await sim.playSlotSpin({ token, gameCode, bet: 100_000 });
    expect(result.status).toBe('rolled_back');
    const bets = callsOf('/transaction/bet', 'player7');
    expect(bets).toHaveLength(3);
    const [rollback] = callsOf('/transaction/rollback', 'player7');
    expect(rollback?.body.reference_transaction_uuid).toBe(bets[0]?.body.transaction_uuid);
    expect(rollback?.body).not.toHaveProperty('amount');
    expect(operator.balances.get('player7') ?? 1000 * 100_000).toBe(1000 * 100_000);
  });
});

describe('demo play and round details', () => {
  it('launches a slot without user and token as a DEMO with play money and no wallet calls', async () => {
    const code = sim.games()[0]?.code as string;
    const answer = await operator.gamesApi(sim.hub88ApiUrl, '/game/url', {
      operator_id: 42,
      currency: 'BDT',
      platform: 'GPL_MOBILE',
      game_code: code,
    });
    expect(answer.status).toBe(200);
    const calls = operator.calls.length;
    const spin = await fetch(`${answer.body.url}/api/spin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"bet":100000}',
    });
    const result = (await spin.json()) as { status: string; balance: number; win: number };
    expect(result.status).toBe('settled');
    expect(result.balance).toBe(2000 * 100_000 - 100_000 + result.win);
    expect(operator.calls.length).toBe(calls);
    const liveTable = sim.games().find((game) => game.kind === 'baccarat')?.code;
    expect(
      (
        await operator.gamesApi(sim.hub88ApiUrl, '/game/url', {
          operator_id: 42,
          currency: 'BDT',
          platform: 'GPL_MOBILE',
          game_code: liveTable,
        })
      ).status,
    ).toBe(403);
  });

  it("answers game/round with a details page for a played round, and 404 for someone else's", async () => {
    const { token, gameCode } = await launch('round1');
    const result = await sim.playSlotSpin({ token, gameCode, bet: 100_000 });
    const transaction = result.betResult?.transactionUuid;
    const answer = await operator.gamesApi(sim.hub88ApiUrl, '/game/round', {
      operator_id: 42,
      user: 'round1',
      round: result.round,
      transaction_uuid: transaction,
    });
    expect(answer.status).toBe(200);
    expect(await (await fetch(answer.body.url)).text()).toContain(transaction);
    const other = await operator.gamesApi(sim.hub88ApiUrl, '/game/round', {
      operator_id: 42,
      user: 'round2',
      round: result.round,
      transaction_uuid: transaction,
    });
    expect(other.status).toBe(404);
  });
});

describe('fault injection', () => {
  it('duplicateCallbacks sends the bet and the win twice with the same transaction_uuid; money moves once', async () => {
    const { token, gameCode } = await launch('dup1');
    sim.faults.duplicateCallbacks();
    const result = await sim.playSlotSpin({ token, gameCode, bet: 100_000 });
    const bets = callsOf('/transaction/bet', 'dup1');
    const wins = callsOf('/transaction/win', 'dup1');
    expect(bets).toHaveLength(2);
    expect(wins).toHaveLength(2);
    expect(bets[0]?.body.transaction_uuid).toBe(bets[1]?.body.transaction_uuid);
    expect(bets[0]?.body.request_uuid).not.toBe(bets[1]?.body.request_uuid);
    expect(wins[0]?.body.transaction_uuid).toBe(wins[1]?.body.transaction_uuid);
    expect(operator.balances.get('dup1')).toBe(1000 * 100_000 - 100_000 + result.win);
    expect(sim.faults.state().fired.map((fired) => fired.fault)).toEqual(['duplicateCallbacks']);
  });

  it('timeoutNextBet treats the answered bet as timed out and rolls it back', async () => {
    const { token, gameCode } = await launch('slow1');
    sim.faults.timeoutNextBet();
    const result = await sim.playSlotSpin({ token, gameCode, bet: 100_000 });
    expect(result.status).toBe('rolled_back');
    expect(callsOf('/transaction/bet', 'slow1')).toHaveLength(1);
    expect(callsOf('/transaction/rollback', 'slow1')).toHaveLength(1);
    expect(callsOf('/transaction/win', 'slow1')).toHaveLength(0);
    expect(operator.balances.get('slow1')).toBe(1000 * 100_000);
  });

  it('rollbackBeforeBet sends the rollback first; the late bet with the same transaction_uuid is refused', async () => {
    const { token, gameCode } = await launch('early1');
    sim.faults.rollbackBeforeBet();
    const result = await sim.playSlotSpin({ token, gameCode, bet: 100_000 });
    const [rollback] = callsOf('/transaction/rollback', 'early1');
    const [bet] = callsOf('/transaction/bet', 'early1');
    expect(operator.calls.indexOf(rollback as never)).toBeLessThan(operator.calls.indexOf(bet as never));
    expect(rollback?.body.reference_transaction_uuid).toBe(bet?.body.transaction_uuid);
    expect(result.status).toBe('rolled_back');
    expect(result.error).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(operator.balances.get('early1')).toBe(1000 * 100_000);
  });

  it('can be armed over HTTP when the dev routes are on', async () => {
    const dev = await startVendorSim({
      portalUrl: operator.url,
      hub88: {
        operatorId: '42',
        privateKeyPem: keys.sim.privateKeyPem,
        operatorPublicKeyPem: keys.operator.publicKeyPem,
      },
      tcg: { merchantCode: 'SIM', desKey: '12345678', signKey: 'sign-key' },
      devRoutes: true,
    });
    try {
      const arm = (body: unknown) =>
        fetch(`${dev.url}/sim/faults`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await arm({ fault: 'timeoutNextBet', times: 2 })).status).toBe(200);
      expect(dev.faults.state().armed).toEqual({ timeoutNextBet: 2 });
      expect((await arm({ fault: 'nonsense' })).status).toBe(400);
      expect((await arm({ reset: true })).status).toBe(200);
      expect(dev.faults.state().armed).toEqual({});
    } finally {
      await dev.close();
    }
    // Without the flag the routes do not exist.
    expect((await fetch(`${sim.url}/sim/faults`, { method: 'POST' })).status).toBe(404);
  });

  it('outOfOrderWin sends the win before the bet, then again once the bet is confirmed', async () => {
    const { token, gameCode } = await launch('ooo1');
    sim.faults.outOfOrderWin();
    const result = await sim.playSlotSpin({ token, gameCode, bet: 100_000 });
    const paths = operator.calls.filter((call) => call.body.user === 'ooo1').map((call) => call.path);
    expect(paths).toEqual(['/transaction/win', '/transaction/bet', '/transaction/win']);
    expect(result.status).toBe('settled');
    expect(operator.balances.get('ooo1')).toBe(1000 * 100_000 - 100_000 + result.win);
  });
});

describe('fish shooter', () => {
  it('charges each shot as a round and pays stake × multiplier on a catch', async () => {
    const fishCode = sim.games().find((game) => game.kind === 'fish')?.code as string;
    const { url } = await launch('fish1', fishCode);
    expect(await (await fetch(url)).text()).toContain('<canvas');
    const shoot = (body: unknown) =>
      fetch(`${url}/api/shoot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    let expected = 1000 * 100_000;
    for (let i = 0; i < 20; i += 1) {
      const answer = (await (await shoot({ fish: 'minnow', stake: 100_000 })).json()) as {
        caught: boolean;
        win: number;
        status: string;
      };
      expect(answer.status).toBe('settled');
      expect(answer.win).toBe(answer.caught ? 200_000 : 0);
      expected += answer.win - 100_000;
    }
    expect(operator.balances.get('fish1')).toBe(expected);
    expect(callsOf('/transaction/bet', 'fish1')).toHaveLength(20);
    expect((await shoot({ fish: 'kraken', stake: 100_000 })).status).toBe(400);
    expect((await shoot({ fish: 'minnow', stake: 123 })).status).toBe(400);
  });
});

describe('blackjack', () => {
  it('debits the stake at the deal (and again on a double) and settles every bet of the hand', async () => {
    const code = sim.games().find((game) => game.kind === 'blackjack')?.code as string;
    const { url } = await launch('bj1', code);
    expect(await (await fetch(url)).text()).toContain('Blackjack pays 3:2');
    const post = async (path: string, body: unknown) =>
      (
        await fetch(`${url}/api/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json() as Promise<Record<string, Json>>;
    let expected = 1000 * 100_000;
    for (let i = 0; i < 6; i += 1) {
      let hand = await post('deal', { stake: 1_000_000 });
      expected -= 1_000_000;
      if (!hand.finished) {
        hand = await post('act', { action: i % 2 === 0 ? 'double' : 'stand' });
        if (i % 2 === 0) expected -= 1_000_000;
      }
      expect(hand.finished).toBe(true);
      expect(hand.dealer.every((card: unknown) => card !== null)).toBe(true);
      expected += hand.win;
      expect(operator.balances.get('bj1')).toBe(expected);
    }
    const wins = callsOf('/transaction/win', 'bj1');
    expect(wins.at(-1)?.body.round_closed).toBe(true);
    expect((await post('act', { action: 'hit' })).error).toBeTruthy();
    expect((await post('deal', { stake: 123 })).error).toBeTruthy();
  });
});

describe('cockfight arena', () => {
  it('takes MERON/WALA/DRAW bets on the shared fight and settles them at the result', async () => {
    const code = sim.games().find((game) => game.kind === 'cockfight')?.code as string;
    const { url } = await launch('cock1', code);
    expect(await (await fetch(url)).text()).toContain('MERON');
    const post = (body: unknown) =>
      fetch(`${url}/api/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const arena = sim.tables.table(code);
    expect((await post({ side: 'MERON', amount: 1_000_000 })).status).toBe(200);
    expect((await post({ side: 'DRAW', amount: 100_000 })).status).toBe(200);
    expect((await post({ side: 'PLAYER', amount: 100_000 })).status).toBe(409);
    await arena.deal();
    const winner = arena.result?.winner;
    const meron = winner === 'MERON' ? 1_920_000 : winner === 'DRAW' ? 1_000_000 : 0;
    const draw = winner === 'DRAW' ? 1_600_000 : 0;
    expect(operator.balances.get('cock1')).toBe(1000 * 100_000 - 1_100_000 + meron + draw);
  });
});

describe('baccarat table', () => {
  it('debits stakes as they are placed and settles every bet of the shared round at the draw', async () => {
    const tableCode = sim.games().find((game) => game.kind === 'baccarat')?.code as string;
    const a = await launch('bacc1', tableCode);
    const b = await launch('bacc2', tableCode);
    const table = sim.tables.table(tableCode);
    const page = await fetch(a.url);
    expect(await page.text()).toContain('BANKER');
    const post = (url: string, body: unknown) =>
      fetch(`${url}/api/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post(a.url, { side: 'PLAYER', amount: 1_000_000 })).status).toBe(200);
    expect((await post(a.url, { side: 'TIE', amount: 100_000 })).status).toBe(200);
    expect((await post(b.url, { side: 'BANKER', amount: 2_000_000 })).status).toBe(200);
    expect((await post(b.url, { side: 'DRAGON', amount: 100_000 })).status).toBe(409);
    const round = table.roundNo;
    await table.deal();
    const winner = table.result?.winner;
    const returnOf = (side: string, amount: number) =>
      side === winner
        ? side === 'PLAYER'
          ? amount * 2
          : side === 'BANKER'
            ? amount * 1.95
            : amount * 9
        : winner === 'TIE' && side !== 'TIE'
          ? amount
          : 0;
    expect(operator.balances.get('bacc1')).toBe(
      1000 * 100_000 - 1_100_000 + returnOf('PLAYER', 1_000_000) + returnOf('TIE', 100_000),
    );
    expect(operator.balances.get('bacc2')).toBe(1000 * 100_000 - 2_000_000 + returnOf('BANKER', 2_000_000));
    const winsA = callsOf('/transaction/win', 'bacc1');
    expect(winsA).toHaveLength(2);
    expect(winsA.map((call) => call.body.round_closed)).toEqual([false, true]);
    expect(winsA[0]?.body.round).toBe(`${tableCode}-${round}-bacc1`);
    // Betting is closed while the cards are out.
    expect((await post(a.url, { side: 'PLAYER', amount: 100_000 })).status).toBe(409);
  });
});
