import { generateVendorKeys, startVendorSim, type VendorSim } from '@portal/vendor-sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing';
import { putPulledRounds } from './gaming.repository';
import { cashOf, expectLedgerReconciled, newPlayer, type Player, uuid } from './gaming.test-helpers';

const desKey = 'b3tRep0s';
const signKey = 'sim-sign-key-for-bet-reports';
const series = [
  {
    game_group_code: 'SSC',
    prize_mode_id: 1,
    max_series: 1980,
    min_series: 1700,
    max_bet_series: 1980,
    default_series: 1700,
  },
];

/**
 * Play at the TCG transfer-wallet aggregator (the vendor simulator, over real HTTP) reaches the rounds only through
 * its bet-details report: the `vendor-bet-records` job pulls it into game recall, personal P/L and the winners
 * board, idempotently, without moving money.
 */
describe('TCG bet records pulled from the bet-details report', () => {
  let sim: VendorSim;
  let app: FastifyInstance;
  const nodeIds = new Map<string, string>();
  /** How far the portal's clock runs ahead of the vendor's (the last test moves it to play a report filed late). */
  let clockAheadMs = 0;

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
      lottery: { autoDraw: false },
    });
    app = await buildTestApp(
      {
        rateLimitPerMinute: 1_000_000,
        loginRateLimitPerMinute: 100_000,
        tcg: {
          apiUrl: sim.tcgApiUrl,
          merchantCode: 'SIMMC',
          desKey,
          signKey,
          products: [
            { productType: 2, code: 'LOTT', category: 'LOTT' },
            { productType: 1102, code: 'IMES', category: 'ESPORTS' },
          ],
        },
        tcgTimeoutMs: 1_500,
        sessionIdleMinutes: 24 * 60,
      },
      { now: () => new Date(Date.now() + clockAheadMs) },
    );
    await app.ready();
    const synced = await app.services.gaming.syncCatalogue();
    expect(synced.runs.filter((run) => !run.ok)).toEqual([]);
    const list = await app.inject({ method: 'POST', url: '/wps/relay/GCSGAME_gameList', payload: { pageSize: 100 } });
    for (const game of list.json().value.content as Array<{ gameCode: string; nodeId: string }>) {
      nodeIds.set(game.gameCode, game.nodeId);
    }
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  const pull = () => app.services.gaming.pullBetRecords();

  async function moveIn(player: Player, vendor: string, amount: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      headers: { authorization: player.token, 'idempotency-key': uuid() },
      payload: { vassalage: vendor, direction: 'in', amount },
    });
    expect(response.json().value).toMatchObject({ status: 'SUCCESS' });
  }

  /** Launches a game through the portal; the vendor's play URL. */
  async function launch(player: Player, gameCode: string): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: { authorization: player.token },
      payload: { nodeId: nodeIds.get(gameCode), mode: 'real', launchMode: 'LOTT', lottoView: 'betting' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.url as string;
  }

  async function lotteryBet(play: string, selection: 'ODD' | 'EVEN', amount: string) {
    const response = await fetch(`${play}/api/bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'SSC5', betType: 'OE', selection, amount }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }

  const recall = async (player: Player) =>
    (await app.inject({ method: 'GET', url: '/wps/game/recall', headers: { authorization: player.token } })).json()
      .value.rounds as Array<Record<string, unknown> & { stake: { amount: string }; win: { amount: string } }>;

  // The last 7 days, not today: the tests move the server's clock up to 110 minutes ahead of the rounds' times, and
  // the report's days are the site's (UTC+6), so from 16:10 UTC "today" was already the rounds' tomorrow.
  const profit = async (player: Player) =>
    (
      await app.inject({
        method: 'GET',
        url: '/wps/report/personal/profit?period=last7days',
        headers: { authorization: player.token },
      })
    ).json().value;

  it('records lottery bets as open, then settled, in recall, P/L and the winners board; a second run changes nothing', async () => {
    const player = await newPlayer(app, '200');
    await moveIn(player, 'LOTT', '100');
    const play = await launch(player, 'SSC5');
    await lotteryBet(play, 'ODD', '10');
    await lotteryBet(play, 'EVEN', '10');
    const cashBefore = await cashOf(app, player.id);

    // The job is registered with the scheduler; before the draw the bets show as open rounds.
    expect(await app.jobs.tick('vendor-bet-records')).toBe('ran');
    const open = await recall(player);
    expect(open).toHaveLength(2);
    expect(open.every((round) => round.status === 'open' && round.vassalage === 'LOTT')).toBe(true);
    expect(open.map((round) => round.stake.amount)).toEqual(['10.00', '10.00']);

    sim.lottery.drawNow('SSC5');
    const first = await pull();
    expect(first.vendors.find((vendor) => vendor.vendor === 'LOTT')).toMatchObject({ ok: true, changed: 2 });
    const rounds = await recall(player);
    expect(rounds).toHaveLength(2);
    for (const round of rounds) {
      expect(round).toMatchObject({
        vassalage: 'LOTT',
        gameCode: 'SSC5',
        gameName: 'Super SSC 5 Minutes',
        gameType: 'LOTT',
        stake: { amount: '10.00' },
        status: 'closed',
      });
    }
    // One of ODD and EVEN wins 1.92×.
    expect(rounds.map((round) => round.win.amount).sort()).toEqual(['0.00', '19.20']);
    const record = sim.tcg.betRecords().find((bet) => bet.username.endsWith(`${player.id}`) && bet.returned > 0);
    expect(rounds.find((round) => round.win.amount === '19.20')?.roundId).toBe(record?.orderNo);

    const report = await profit(player);
    expect(report.byVendor).toEqual([
      expect.objectContaining({
        vendor: 'LOTT',
        category: 'LOTT',
        rounds: 2,
        bet: expect.objectContaining({ amount: '20.00' }),
        win: expect.objectContaining({ amount: '19.20' }),
      }),
    ]);
    const board = await app.inject({
      method: 'POST',
      url: '/wps/relay/GCSGAME_getRankList',
      payload: { gameCategory: 'ALL', language: 'en', limitNum: 20 },
    });
    expect(board.json().value[0]).toMatchObject({
      winAmount: { amount: '19.20' },
      gameCode: 'SSC5',
      vassalage: 'LOTT',
    });

    // Hot games follow the pulled bets: SSC5 (two bets) ranks above SSC1, opened three times but never bet on.
    for (let index = 0; index < 3; index += 1) await launch(player, 'SSC1');
    expect(await app.jobs.tick('hot-games')).toBe('ran');
    const hot = await app.inject({
      method: 'POST',
      url: '/wps/relay/GCSGAME_hotGamesV2',
      payload: { gameType: 'LOTT', limit: 100, refresh: true },
    });
    const hotCodes = (hot.json().value as Array<{ gameCode: string }>).map((game) => game.gameCode);
    expect(hotCodes.indexOf('SSC5')).toBeGreaterThanOrEqual(0);
    expect(hotCodes.indexOf('SSC5')).toBeLessThan(hotCodes.indexOf('SSC1'));

    // Read again (the windows overlap): nothing doubles, nothing changes.
    const second = await pull();
    expect(second.vendors.find((vendor) => vendor.vendor === 'LOTT')).toMatchObject({ ok: true, changed: 0 });
    expect(second.vendors.find((vendor) => vendor.vendor === 'LOTT')?.fetched).toBeGreaterThanOrEqual(2);
    expect(await recall(player)).toEqual(rounds);
    expect((await profit(player)).byVendor).toEqual(report.byVendor);
    // Records only: the money moved with the transfers.
    expect(await cashOf(app, player.id)).toBe(cashBefore);
    await expectLedgerReconciled(app);
  }, 60_000);

  it('shows a bet on a called-off event as cancelled and counts nothing for it', async () => {
    const player = await newPlayer(app, '50');
    await moveIn(player, 'IMES', '30');
    const play = await launch(player, 'IMES_BOOK');
    const state = (await (await fetch(`${play}/api/book`)).json()) as {
      events: Array<{ id: string; status: string }>;
    };
    const event = state.events.find((item) => item.status === 'open');
    const placed = await fetch(`${play}/api/book-bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: event?.id, selection: 'HOME', amount: '12' }),
    });
    expect(placed.status).toBe(200);
    await pull();
    expect((await recall(player))[0]).toMatchObject({ vassalage: 'IMES', status: 'open', stake: { amount: '12.00' } });

    sim.tcg.book(1102)?.cancel(event?.id as string);
    await pull();
    const [round] = await recall(player);
    expect(round).toMatchObject({
      vassalage: 'IMES',
      gameCode: 'IMES_BOOK',
      status: 'rolled_back',
      stake: { amount: '0.00' },
      win: { amount: '0.00' },
      profit: { amount: '0.00' },
    });
    const report = await profit(player);
    expect(report.games).toMatchObject({ rounds: 0, bet: { amount: '0.00' }, win: { amount: '0.00' } });
    await pull();
    expect((await recall(player))[0]).toEqual(round);
  }, 60_000);

  it("keeps two vendors' rounds with the same round id apart (a round id is unique only per vendor)", async () => {
    const player = await newPlayer(app, '10');
    const at = new Date();
    const round = (vendorCode: string, gameCode: string, stakeMinor: bigint) => ({
      merchantCode: 'DEMO',
      aggregator: 'tcg',
      roundId: 'SAME-ORDER-1',
      accountId: player.id,
      vendorCode,
      gameCode,
      currency: 'BDT',
      stakeMinor,
      winMinor: 0n,
      status: 'closed' as const,
      startedAt: at,
      updatedAt: at,
      closedAt: at,
    });
    const db = app.database.db;
    expect(await putPulledRounds(db, [round('LOTT', 'SSC5', 300n)])).toBe(1);
    expect(await putPulledRounds(db, [round('IMES', 'IMES_BOOK', 700n)])).toBe(1);
    // Each vendor's report read again changes nothing.
    expect(await putPulledRounds(db, [round('LOTT', 'SSC5', 300n), round('IMES', 'IMES_BOOK', 700n)])).toBe(0);
    const rounds = await recall(player);
    expect(rounds.map((item) => [item.vassalage, item.roundId, item.stake.amount]).sort()).toEqual([
      ['IMES', 'SAME-ORDER-1', '7.00'],
      ['LOTT', 'SAME-ORDER-1', '3.00'],
    ]);
  });

  it("ignores bets of another site's players and of unknown accounts", async () => {
    const player = await newPlayer(app, '10');
    // Same merchant account at TCG, another site prefix (and one of ours with an account id we never had).
    for (const name of [`othersite${player.id}`, 'simmc99999999']) {
      expect(sim.tcg.handle({ method: 'cm', username: name, password: 'secret99' }).answer.status).toBe(0);
      sim.tcg.handle({
        method: 'ft',
        username: name,
        product_type: 2,
        fund_type: 1,
        amount: '50',
        reference_no: uuid(),
      });
      const launched = sim.tcg.handle({
        method: 'lg',
        username: name,
        product_type: 2,
        game_mode: 1,
        game_code: 'SSC5',
        platform: 'html5',
        ip_address: '127.0.0.1',
        series,
      });
      await lotteryBet(new URL(String(launched.answer.game_url), sim.tcgApiUrl).toString(), 'ODD', '5');
    }
    sim.lottery.drawNow('SSC5');
    const result = await pull();
    expect(result.vendors.find((vendor) => vendor.vendor === 'LOTT')?.ignored).toBeGreaterThanOrEqual(2);
    expect(await recall(player)).toEqual([]);
    expect((await profit(player)).byVendor).toEqual([]);
  }, 60_000);

  it('leaves everything as it was when the report fails or times out, and catches up at the next run', async () => {
    const player = await newPlayer(app, '100');
    await moveIn(player, 'LOTT', '50');
    const play = await launch(player, 'SSC5');
    for (const mode of ['error', 'slow'] as const) {
      await lotteryBet(play, 'ODD', '4');
      sim.lottery.drawNow('SSC5');
      const before = await recall(player);
      // LOTT is read first: its report call is the one that fails (status 1, or an answer after our 1.5 s timeout).
      sim.faults.reportUnavailable(1, mode, 3_000);
      const failed = await pull();
      expect(failed.vendors.find((vendor) => vendor.vendor === 'LOTT')).toMatchObject({ ok: false, changed: 0 });
      expect(await recall(player)).toEqual(before);
      const caughtUp = await pull();
      expect(caughtUp.vendors.find((vendor) => vendor.vendor === 'LOTT')).toMatchObject({ ok: true, changed: 1 });
      const rounds = await recall(player);
      expect(rounds).toHaveLength(before.length + 1);
      expect(rounds[0]).toMatchObject({ stake: { amount: '4.00' }, status: 'closed' });
    }
    const report = await profit(player);
    expect(report.byVendor).toEqual([
      expect.objectContaining({ vendor: 'LOTT', rounds: 2, bet: expect.objectContaining({ amount: '8.00' }) }),
    ]);
    await expectLedgerReconciled(app);
  }, 60_000);

  it('reads a bet that was open at an earlier pull again until its settlement shows, even one filed late, once', async () => {
    const player = await newPlayer(app, '100');
    await moveIn(player, 'LOTT', '50');
    const play = await launch(player, 'SSC5');
    await lotteryBet(play, 'ODD', '10');
    await pull();
    expect(await recall(player)).toMatchObject([{ status: 'open', stake: { amount: '10.00' } }]);
    // 45 minutes on, still open: the usual window (from 30 minutes before the last pull) still holds the bet.
    clockAheadMs += 45 * 60_000;
    await pull();
    expect((await recall(player))[0]).toMatchObject({ status: 'open' });
    // The draw settles it now, by the vendor's clock; the portal reads the report 45 minutes later, as if the
    // vendor had filed the settlement late. The usual window starts after the settle time: only a read reaching
    // back to the open bet finds it.
    sim.lottery.drawNow('SSC5');
    const cashBefore = await cashOf(app, player.id);
    clockAheadMs += 45 * 60_000;
    const settled = await pull();
    expect(settled.vendors.find((vendor) => vendor.vendor === 'LOTT')).toMatchObject({ ok: true, changed: 1 });
    const [round] = await recall(player);
    expect(round).toMatchObject({ status: 'closed', stake: { amount: '10.00' } });
    expect(['0.00', '19.20']).toContain(round?.win.amount);

    // Read again from the same place (the clock moved past the re-read interval): the closed round changes once only.
    clockAheadMs += 20 * 60_000;
    const again = await pull();
    expect(again.vendors.find((vendor) => vendor.vendor === 'LOTT')).toMatchObject({ ok: true, changed: 0 });
    expect(await recall(player)).toEqual([round]);
    const report = await profit(player);
    expect(report.byVendor).toEqual([
      expect.objectContaining({
        vendor: 'LOTT',
        rounds: 1,
        bet: expect.objectContaining({ amount: '10.00' }),
        win: expect.objectContaining({ amount: round?.win.amount }),
      }),
    ]);
    // Records only: the win stays in the vendor wallet until it is moved out, the main wallet is untouched.
    expect(await cashOf(app, player.id)).toBe(cashBefore);
    await expectLedgerReconciled(app);
  }, 60_000);
});
