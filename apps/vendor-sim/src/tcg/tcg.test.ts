import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateVendorKeys } from '../keys';
import { startVendorSim, type VendorSim } from '../sim';
import type { Json } from '../testing/fake-operator';
import { decryptParams, encryptParams, signParams } from './crypto';

const MERCHANT = 'SIMTCG';
const DES_KEY = 'k8Jf2aQz';
const SIGN_KEY = 'sign-key-for-tests';
let sim: VendorSim;

beforeAll(async () => {
  const keys = generateVendorKeys();
  sim = await startVendorSim({
    portalUrl: 'http://127.0.0.1:9',
    hub88: { operatorId: '1', privateKeyPem: keys.sim.privateKeyPem, operatorPublicKeyPem: keys.operator.publicKeyPem },
    tcg: { merchantCode: MERCHANT, desKey: DES_KEY, signKey: SIGN_KEY },
    lottery: { autoDraw: false },
  });
});
afterAll(() => sim.close());
afterEach(() => sim.faults.reset());

/** A merchant call as the portal sends it: form-encoded merchant_code, encrypted params, sign. */
async function tcg(
  params: Record<string, unknown>,
  overrides: { sign?: string; merchant?: string; desKey?: string } = {},
) {
  const encrypted = encryptParams(JSON.stringify(params), overrides.desKey ?? DES_KEY);
  const response = await fetch(`${sim.tcgApiUrl}/doBusiness.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      merchant_code: overrides.merchant ?? MERCHANT,
      params: encrypted,
      sign: overrides.sign ?? signParams(encrypted, SIGN_KEY),
    }).toString(),
  });
  return (await response.json()) as Record<string, Json>;
}
const SERIES = [
  {
    game_group_code: 'SSC',
    prize_mode_id: 1,
    max_series: 1980,
    min_series: 1700,
    max_bet_series: 1980,
    default_series: 1700,
  },
];

describe('TCG params encryption and sign', () => {
  it('matches DES-ECB-PKCS5 + Base64 of OpenSSL for a known vector and round-trips', () => {
    const json = '{"method":"gb","username":"phoenix","product_type":420}';
    // `openssl enc -des-ecb -K 3132333435363738 -base64 -A` (legacy provider) of the same text.
    const expected = 'Dfnhth5I4FajcikdLMCUchXqjjcmyxcCpAqG0TzDkpgvFeWa5t8UQEVpOt6wsPlRJoQBcwvQtps=';
    expect(encryptParams(json, '12345678')).toBe(expected);
    expect(decryptParams(expected, '12345678')).toBe(json);
    expect(() => decryptParams(expected, '87654321')).toThrow();
    expect(signParams(expected, 'signkey')).toBe('09eaaa10aea6333764970ad357260ac0ddc727c4e6fb5864e2c50056ac5f96a4');
  });

  it('refuses a wrong sign (7), an unknown merchant (3), undecryptable params (7) and an unknown method (1)', async () => {
    expect((await tcg({ method: 'gb', username: 'x', product_type: 420 }, { sign: 'deadbeef' })).status).toBe(7);
    expect((await tcg({ method: 'gb', username: 'x', product_type: 420 }, { merchant: 'OTHER' })).status).toBe(3);
    expect((await tcg({ method: 'gb', username: 'x', product_type: 420 }, { desKey: 'otherkey' })).status).toBe(7);
    expect((await tcg({ method: 'zz' })).status).toBe(1);
  });
});

describe('TCG merchant methods', () => {
  it('creates a player idempotently and refuses another currency or a bad username', async () => {
    expect(await tcg({ method: 'cm', username: 'sim_alice', password: 'secret1', currency: 'BDT' })).toMatchObject({
      status: 0,
    });
    expect(await tcg({ method: 'cm', username: 'sim_alice', password: 'secret1', currency: 'BDT' })).toMatchObject({
      status: 0,
    });
    expect((await tcg({ method: 'cm', username: 'sim_bob', password: 'secret1', currency: 'USD' })).status).toBe(8);
    expect((await tcg({ method: 'cm', username: 'Bad Name', password: 'secret1' })).status).toBe(9);
    expect(await tcg({ method: 'gb', username: 'sim_alice', product_type: 420 })).toMatchObject({
      status: 0,
      balance: 0,
    });
    expect((await tcg({ method: 'gb', username: 'nobody_here', product_type: 420 })).status).toBe(15);
  });

  it('moves funds in and out with unique references, refuses a reused reference and an overdraft, and reports status with cs', async () => {
    await tcg({ method: 'cm', username: 'sim_carol', password: 'secret1' });
    const transferIn = await tcg({
      method: 'ft',
      username: 'sim_carol',
      product_type: 420,
      fund_type: 1,
      amount: '150.25',
      reference_no: 'REF-IN-1',
    });
    expect(transferIn).toMatchObject({ status: 0, transaction_status: 'SUCCESS' });
    expect((await tcg({ method: 'gb', username: 'sim_carol', product_type: 420 })).balance).toBe(150.25);
    // Another product's wallet is separate.
    expect((await tcg({ method: 'gb', username: 'sim_carol', product_type: 384 })).balance).toBe(0);

    const again = await tcg({
      method: 'ft',
      username: 'sim_carol',
      product_type: 420,
      fund_type: 1,
      amount: '150.25',
      reference_no: 'REF-IN-1',
    });
    expect(again.status).toBe(12);
    expect((await tcg({ method: 'gb', username: 'sim_carol', product_type: 420 })).balance).toBe(150.25);

    const overdraft = await tcg({
      method: 'ft',
      username: 'sim_carol',
      product_type: 420,
      fund_type: '2',
      amount: 500,
      reference_no: 'REF-OUT-1',
    });
    expect(overdraft).toMatchObject({ status: 11, transaction_status: 'FAILED' });
    expect(await tcg({ method: 'cs', product_type: 420, ref_no: 'REF-OUT-1' })).toMatchObject({
      status: 0,
      transaction_status: 'FAILED',
    });

    expect(
      await tcg({
        method: 'ft',
        username: 'sim_carol',
        product_type: 420,
        fund_type: 2,
        amount: 50.05,
        reference_no: 'REF-OUT-2',
      }),
    ).toMatchObject({ status: 0 });
    const status = await tcg({ method: 'cs', product_type: 420, ref_no: 'REF-OUT-2' });
    expect(status).toMatchObject({
      status: 0,
      transaction_status: 'SUCCESS',
      transaction_details: { amount: -50.05, fund_type: 2, username: 'sim_carol' },
    });
    expect((await tcg({ method: 'cs', product_type: 420, ref_no: 'REF-IN-1' })).transaction_details.amount).toBe(
      150.25,
    );
    expect(await tcg({ method: 'cs', product_type: 420, ref_no: 'NEVER-SENT' })).toMatchObject({
      status: 0,
      transaction_status: 'NOT FOUND',
    });

    const sweep = await tcg({ method: 'ftoa', username: 'sim_carol', product_type: 420, reference_no: 'REF-ALL-1' });
    expect(sweep).toMatchObject({ status: 0, transaction_status: 'SUCCESS', amount: 100.2 });
    expect((await tcg({ method: 'gb', username: 'sim_carol', product_type: 420 })).balance).toBe(0);
    expect((await tcg({ method: 'cs', product_type: 420, ref_no: 'REF-ALL-1' })).transaction_details.amount).toBe(
      -100.2,
    );
  });

  it('refuses amounts that are not positive decimals with at most 4 places', async () => {
    await tcg({ method: 'cm', username: 'sim_dave', password: 'secret1' });
    for (const amount of ['0', '-5', '1.23456', 'abc', 1e-7]) {
      expect(
        (
          await tcg({
            method: 'ft',
            username: 'sim_dave',
            product_type: 420,
            fund_type: 1,
            amount,
            reference_no: `BAD-${String(amount)}`.replace(/[^A-Za-z0-9-]/g, ''),
          })
        ).status,
      ).toBe(2);
    }
  });

  it('lists the lottery games of a product and launches one as a path that needs the series', async () => {
    const list = await tcg({
      method: 'tgl',
      product_type: 420,
      platform: 'all',
      client_type: 'all',
      game_type: 'LOTT',
      page: 1,
      page_size: 100,
    });
    expect(list.status).toBe(0);
    expect(list.games.map((game: { tcgGameCode: string }) => game.tcgGameCode)).toEqual([
      'VNFAST1',
      'VNFAST3',
      'VNFAST5',
    ]);
    expect(list.games[0]).toMatchObject({
      productCode: 'TCG_LOTTO_VN',
      productType: '420',
      gameType: 'LOTT',
      trialSupport: true,
    });
    await tcg({ method: 'cm', username: 'sim_erin', password: 'secret1' });
    const base = {
      method: 'lg',
      username: 'sim_erin',
      product_type: 420,
      game_mode: 1,
      game_code: 'VNFAST1',
      platform: 'html5-desktop',
      ip_address: '127.0.0.1',
    };
    expect((await tcg(base)).status).toBe(2);
    const launched = await tcg({ ...base, series: SERIES, view: 'Betting' });
    expect(launched.status).toBe(0);
    expect(launched.game_url).toMatch(/^\/tcg\/play\//);
    const page = await fetch(new URL(launched.game_url, sim.tcgApiUrl));
    expect(await page.text()).toContain('Vietnam Fast 1 Minute');
  });
});

describe('lottery on the vendor wallet', () => {
  it('takes bets on the next draw from the product wallet, draws, pays winners and keeps opened numbers', async () => {
    await tcg({ method: 'cm', username: 'sim_frank', password: 'secret1' });
    await tcg({
      method: 'ft',
      username: 'sim_frank',
      product_type: 420,
      fund_type: 1,
      amount: '100',
      reference_no: 'LOT-IN-1',
    });
    const launched = await tcg({
      method: 'lg',
      username: 'sim_frank',
      product_type: 420,
      game_mode: 1,
      game_code: 'VNFAST3',
      platform: 'html5',
      ip_address: '127.0.0.1',
      series: SERIES,
    });
    const play = new URL(launched.game_url, sim.tcgApiUrl).toString();
    const bet = (body: Record<string, unknown>) =>
      fetch(`${play}/api/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const numero = sim.lottery.current('VNFAST3')?.numero;
    // BIG and SMALL together: exactly one wins 1.92× of its stake.
    expect((await bet({ game: 'VNFAST3', betType: 'BS', selection: 'BIG', amount: '10' })).status).toBe(200);
    expect((await bet({ game: 'VNFAST3', betType: 'BS', selection: 'SMALL', amount: '10' })).status).toBe(200);
    expect((await bet({ game: 'VNFAST3', betType: 'POS', selection: '9:1', amount: '10' })).status).toBe(400);
    expect((await bet({ game: 'VNFAST3', betType: 'BS', selection: 'BIG', amount: '1000' })).status).toBe(409);
    expect((await tcg({ method: 'gb', username: 'sim_frank', product_type: 420 })).balance).toBe(80);
    const draw = sim.lottery.drawNow('VNFAST3');
    expect(draw.numero).toBe(numero);
    expect(draw.numbers).toHaveLength(5);
    expect((await tcg({ method: 'gb', username: 'sim_frank', product_type: 420 })).balance).toBe(99.2);
    const results = await tcg({ method: 'gldr', product_type: 420, game_code: 'VNFAST3' });
    expect(results.status).toBe(0);
    expect(results.draws[0]).toMatchObject({ numero, numbers: draw.numbers.join(',') });
    expect(results.next_draw.numero).not.toBe(numero);
  });
});

describe('sports and e-sports books on the vendor wallet', () => {
  it('lists the book, launches it without a series, takes a bet at fixed odds and settles it into the wallet', async () => {
    const list = await tcg({
      method: 'tgl',
      product_type: 1101,
      platform: 'all',
      client_type: 'all',
      game_type: 'ESPORTS',
    });
    expect(list.games).toEqual([
      expect.objectContaining({ tcgGameCode: 'AV_BOOK', productCode: 'AV', gameType: 'ESPORTS' }),
    ]);
    await tcg({ method: 'cm', username: 'sim_hank', password: 'secret1' });
    await tcg({
      method: 'ft',
      username: 'sim_hank',
      product_type: 1001,
      fund_type: 1,
      amount: '50',
      reference_no: 'BOOK-IN-1',
    });
    const launched = await tcg({
      method: 'lg',
      username: 'sim_hank',
      product_type: 1001,
      game_mode: 1,
      game_code: 'Lobby',
      platform: 'html5',
      ip_address: '127.0.0.1',
    });
    expect(launched.status).toBe(0);
    const play = new URL(launched.game_url, sim.tcgApiUrl).toString();
    expect(await (await fetch(play)).text()).toContain('Bet slip');
    const state = (await (await fetch(`${play}/api/book`)).json()) as Record<string, Json>;
    const event = state.events.find((e: { status: string }) => e.status === 'open');
    const placed = await fetch(`${play}/api/book-bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: event.id, selection: 'AWAY', amount: '20' }),
    });
    const bet = (await placed.json()) as { odds: number };
    expect(bet.odds).toBe(event.odds.AWAY);
    expect((await tcg({ method: 'gb', username: 'sim_hank', product_type: 1001 })).balance).toBe(30);
    const result = sim.tcg.book(1001)?.settle(event.id);
    const expected = result?.result?.winner === 'AWAY' ? 30 + Math.round(20 * bet.odds * 100) / 100 : 30;
    expect((await tcg({ method: 'gb', username: 'sim_hank', product_type: 1001 })).balance).toBe(expected);
  });
});

describe('transferAmbiguous fault', () => {
  it('applies the transfer but loses the answer; cs then shows SUCCESS', async () => {
    await tcg({ method: 'cm', username: 'sim_gina', password: 'secret1' });
    sim.faults.transferAmbiguous(1, 'drop');
    await expect(
      tcg({ method: 'ft', username: 'sim_gina', product_type: 384, fund_type: 1, amount: '20', reference_no: 'AMB-1' }),
    ).rejects.toThrow();
    expect(await tcg({ method: 'cs', product_type: 384, ref_no: 'AMB-1' })).toMatchObject({
      transaction_status: 'SUCCESS',
    });
    expect((await tcg({ method: 'gb', username: 'sim_gina', product_type: 384 })).balance).toBe(20);

    sim.faults.transferAmbiguous(1, 'pending');
    expect(
      await tcg({
        method: 'ft',
        username: 'sim_gina',
        product_type: 384,
        fund_type: 2,
        amount: '5',
        reference_no: 'AMB-2',
      }),
    ).toMatchObject({ status: 0, transaction_status: 'PENDING' });
    expect(await tcg({ method: 'cs', product_type: 384, ref_no: 'AMB-2' })).toMatchObject({
      transaction_status: 'SUCCESS',
    });
    expect((await tcg({ method: 'gb', username: 'sim_gina', product_type: 384 })).balance).toBe(15);

    sim.faults.transferAmbiguous(1, 'http500');
    const response = await fetch(`${sim.tcgApiUrl}/doBusiness.do`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: (() => {
        const params = encryptParams(
          JSON.stringify({ method: 'ftoa', username: 'sim_gina', product_type: 384, reference_no: 'AMB-3' }),
          DES_KEY,
        );
        return new URLSearchParams({ merchant_code: MERCHANT, params, sign: signParams(params, SIGN_KEY) }).toString();
      })(),
    });
    expect(response.status).toBe(500);
    expect(await tcg({ method: 'cs', product_type: 384, ref_no: 'AMB-3' })).toMatchObject({
      transaction_status: 'SUCCESS',
      transaction_details: { amount: -15 },
    });
    expect((await tcg({ method: 'gb', username: 'sim_gina', product_type: 384 })).balance).toBe(0);
  });
});

describe('bet-details report (bdm)', () => {
  /** A time in the report time zone (GMT+8 by default), to the second. */
  const reportTime = (ms: number) => new Date(ms + 480 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  const window = (fromMs: number, toMs: number) => ({ start_date: reportTime(fromMs), end_date: reportTime(toMs) });

  it('reports every real bet of a product with stake, return and status, as it is placed and as it settles', async () => {
    const startedAt = Date.now() - 1000;
    await tcg({ method: 'cm', username: 'sim_ivan', password: 'secret1' });
    await tcg({
      method: 'ft',
      username: 'sim_ivan',
      product_type: 2,
      fund_type: 1,
      amount: '50',
      reference_no: 'BDM-1',
    });
    const launched = await tcg({
      method: 'lg',
      username: 'sim_ivan',
      product_type: 2,
      game_mode: 1,
      game_code: 'SSC5',
      platform: 'html5',
      ip_address: '127.0.0.1',
      series: SERIES,
    });
    const play = new URL(launched.game_url, sim.tcgApiUrl).toString();
    const bet = (body: Record<string, unknown>) =>
      fetch(`${play}/api/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await bet({ game: 'SSC5', betType: 'OE', selection: 'ODD', amount: '5' })).status).toBe(200);
    expect((await bet({ game: 'SSC5', betType: 'OE', selection: 'EVEN', amount: '7.5' })).status).toBe(200);
    // A trial session's bets are not reported.
    const trial = await tcg({
      method: 'lg',
      username: 'sim_ivan',
      product_type: 2,
      game_mode: 0,
      game_code: 'SSC5',
      platform: 'html5',
      ip_address: '127.0.0.1',
      series: SERIES,
    });
    const trialPlay = new URL(trial.game_url, sim.tcgApiUrl).toString();
    await fetch(`${trialPlay}/api/bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'SSC5', betType: 'OE', selection: 'ODD', amount: '3' }),
    });

    const open = await tcg({
      method: 'bdm',
      product_type: 2,
      ...window(startedAt, Date.now()),
      page: 1,
      page_size: 100,
    });
    expect(open.status).toBe(0);
    const mine = (answer: Record<string, Json>) =>
      answer.details.filter((row: { username: string }) => row.username === 'sim_ivan');
    expect(mine(open)).toHaveLength(2);
    expect(mine(open)[0]).toMatchObject({
      username: 'sim_ivan',
      product_type: 2,
      game_code: 'SSC5',
      bet_amount: 5,
      win_amount: 0,
      bet_status: 'UNSETTLED',
      settle_time: null,
    });
    expect(mine(open)[0].bet_order_no).not.toBe(mine(open)[1].bet_order_no);
    expect(mine(open)[0].bet_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const draw = sim.lottery.drawNow('SSC5');
    const sum = draw.numbers.reduce((total, digit) => total + digit, 0);
    const settled = mine(await tcg({ method: 'bdm', product_type: 2, ...window(startedAt, Date.now()), page: 1 }));
    expect(settled.map((row: { bet_status: string }) => row.bet_status)).toEqual(['SETTLED', 'SETTLED']);
    const odd = settled.find((row: { bet_amount: number }) => row.bet_amount === 5);
    const even = settled.find((row: { bet_amount: number }) => row.bet_amount === 7.5);
    // 1.92× the stake, floored to the simulator's payout step.
    expect(odd.win_amount).toBe(sum % 2 === 1 ? 9.6 : 0);
    expect(even.win_amount).toBe(sum % 2 === 0 ? 14.4 : 0);
    expect(odd.settle_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Another product's report does not list them; a window before the bets neither.
    expect(mine(await tcg({ method: 'bdm', product_type: 420, ...window(startedAt, Date.now()) }))).toEqual([]);
    expect(
      mine(await tcg({ method: 'bdm', product_type: 2, ...window(startedAt - 3_600_000, startedAt - 60_000) })),
    ).toEqual([]);
  });

  it('reports a bet on a called-off event as cancelled with its stake refunded', async () => {
    const startedAt = Date.now() - 1000;
    await tcg({ method: 'cm', username: 'sim_judy', password: 'secret1' });
    await tcg({
      method: 'ft',
      username: 'sim_judy',
      product_type: 1102,
      fund_type: 1,
      amount: '30',
      reference_no: 'BDM-2',
    });
    const launched = await tcg({
      method: 'lg',
      username: 'sim_judy',
      product_type: 1102,
      game_mode: 1,
      game_code: 'Lobby',
      platform: 'html5',
      ip_address: '127.0.0.1',
    });
    const play = new URL(launched.game_url, sim.tcgApiUrl).toString();
    const state = (await (await fetch(`${play}/api/book`)).json()) as Record<string, Json>;
    const event = state.events.find((e: { status: string }) => e.status === 'open');
    const placed = await fetch(`${play}/api/book-bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: event.id, selection: 'HOME', amount: '12' }),
    });
    expect(placed.status).toBe(200);
    expect((await tcg({ method: 'gb', username: 'sim_judy', product_type: 1102 })).balance).toBe(18);
    sim.tcg.book(1102)?.cancel(event.id);
    expect((await tcg({ method: 'gb', username: 'sim_judy', product_type: 1102 })).balance).toBe(30);
    const report = await tcg({ method: 'bdm', product_type: 1102, ...window(startedAt, Date.now()) });
    expect(report.details).toEqual([
      expect.objectContaining({
        username: 'sim_judy',
        game_code: 'IMES_BOOK',
        bet_amount: 12,
        win_amount: 0,
        bet_status: 'CANCELLED',
      }),
    ]);
  });

  it('pages up to 5000 rows and refuses bad or over-long windows', async () => {
    const now = Date.now();
    const paged = await tcg({
      method: 'bdm',
      product_type: 2,
      ...window(now - 86_400_000, now),
      page: 1,
      page_size: 1,
    });
    expect(paged.page_info).toMatchObject({ current_page: 1, page_size: 1 });
    expect(paged.details.length).toBeLessThanOrEqual(1);
    const big = await tcg({ method: 'bdm', product_type: 2, ...window(now - 60_000, now), page_size: 99_999 });
    expect(big.page_info.page_size).toBe(5000);
    expect((await tcg({ method: 'bdm', product_type: 2, ...window(now - 8 * 86_400_000, now) })).status).toBe(2);
    expect((await tcg({ method: 'bdm', product_type: 2, ...window(now, now - 60_000) })).status).toBe(2);
    expect(
      (await tcg({ method: 'bdm', product_type: 2, start_date: '2026-13-01 00:00:00', end_date: 'x' })).status,
    ).toBe(2);
    expect((await tcg({ method: 'bdm', ...window(now - 60_000, now) })).status).toBe(2);
  });

  it('fails a report call on demand: status 1, or no answer and a dropped connection', async () => {
    const now = Date.now();
    sim.faults.reportUnavailable(1, 'error');
    expect(await tcg({ method: 'bdm', product_type: 2, ...window(now - 60_000, now) })).toMatchObject({ status: 1 });
    expect((await tcg({ method: 'bdm', product_type: 2, ...window(now - 60_000, now) })).status).toBe(0);
    sim.faults.reportUnavailable(1, 'slow', 300);
    const started = Date.now();
    await expect(tcg({ method: 'bdm', product_type: 2, ...window(now - 60_000, now) })).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect((await tcg({ method: 'bdm', product_type: 2, ...window(now - 60_000, now) })).status).toBe(0);
  });
});
