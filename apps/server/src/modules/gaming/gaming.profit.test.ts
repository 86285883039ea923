import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayFromCashierDayTurn } from '../../testing';
import {
  buildGamesApp,
  expectLedgerReconciled,
  type GamesApp,
  hub88Feed,
  newPlayer,
  type Player,
  sessionToken,
  uuid,
  walletCall,
} from './gaming.test-helpers';

/** 1 BDT at Hub88's scale (1/100000 of the currency). */
const BDT = 100_000;

/**
 * Personal profit and loss (member-centre page personalProfit): the gaming module's rounds summed per vendor and
 * category, beside the ledger's deposits, bonuses and adjustments, served by the cashier's report call.
 */
describe('personal profit and loss', () => {
  let games: GamesApp;

  beforeAll(async () => {
    games = await buildGamesApp();
    // Ledger entries carry the database's clock; put the app's clock on the same day.
    games.clock.advance(Date.now() - games.clock.now().getTime());
    await games.app.services.catalogue.applyFeed(hub88Feed(4));
  });
  afterAll(async () => {
    await games?.app.close();
  });

  async function play(player: Player, game: { vendorCode: string; gameCode: string }, bet: number, win: number) {
    const token = await sessionToken(games, player, game);
    const base = { user: player.user, token, round: uuid(), game_code: game.gameCode, currency: 'BDT' };
    const betBody = { ...base, request_uuid: uuid(), transaction_uuid: uuid(), round_closed: false, amount: bet };
    expect((await walletCall(games, 'transaction/bet', betBody)).status).toBe('RS_OK');
    const winBody = {
      ...base,
      request_uuid: uuid(),
      transaction_uuid: uuid(),
      reference_transaction_uuid: betBody.transaction_uuid,
      round_closed: true,
      amount: win,
    };
    expect((await walletCall(games, 'transaction/win', winBody)).status).toBe('RS_OK');
    return betBody;
  }

  async function credit(player: Player, houseKind: 'HOUSE_PROMOTIONS' | 'HOUSE_ADJUSTMENTS', minor: bigint) {
    const { wallet } = games.app.services;
    const [house, cash] = await Promise.all([
      wallet.ensureAccount({ type: 'house' }, houseKind, 'BDT'),
      wallet.ensureAccount({ type: 'player', id: player.id }, 'PLAYER_CASH', 'BDT'),
    ]);
    await wallet.transfer({
      idempotencyKey: `test-credit:${randomBytes(8).toString('hex')}`,
      debit: house.id,
      credit: cash.id,
      amountMinor: minor,
      currency: 'BDT',
      kind: houseKind === 'HOUSE_PROMOTIONS' ? 'BONUS' : 'ADJUSTMENT',
    });
  }

  const report = (player: Player, query: string) =>
    games.app.inject({
      method: 'GET',
      url: `/wps/report/personal/profit?${query}`,
      headers: { authorization: player.token },
    });

  it('sums the rounds the member played, per category and vendor, with deposits, bonuses and adjustments', async () => {
    // Across the cashier day's turn (18:00 UTC) part of the play would be the next day's.
    await awayFromCashierDayTurn();
    const player = await newPlayer(games.app, '100');
    const other = await newPlayer(games.app, '100');
    const slot = { vendorCode: 'PG', gameCode: 'pg_slot_0' };
    const live = { vendorCode: 'AG', gameCode: 'ag_baccarat_1' };
    await play(player, slot, 2 * BDT, 5 * BDT);
    await play(player, slot, 3 * BDT, 0);
    await play(player, live, 10 * BDT, 4 * BDT);
    // A round whose bet was rolled back is neither played nor lost.
    const token = await sessionToken(games, player, slot);
    const rolled = {
      user: player.user,
      token,
      request_uuid: uuid(),
      transaction_uuid: uuid(),
      round: uuid(),
      round_closed: false,
      game_code: 'pg_slot_0',
      currency: 'BDT',
      amount: 7 * BDT,
    };
    expect((await walletCall(games, 'transaction/bet', rolled)).status).toBe('RS_OK');
    expect(
      (
        await walletCall(games, 'transaction/rollback', {
          user: player.user,
          token,
          request_uuid: uuid(),
          transaction_uuid: uuid(),
          reference_transaction_uuid: rolled.transaction_uuid,
          round: rolled.round,
          round_closed: true,
          game_code: 'pg_slot_0',
        })
      ).status,
    ).toBe('RS_OK');
    // Someone else's play is not the member's.
    await play(other, slot, 50 * BDT, 0);
    await credit(player, 'HOUSE_PROMOTIONS', 400n);
    await credit(player, 'HOUSE_ADJUSTMENTS', 100n);

    const response = await report(player, 'period=today');
    expect(response.statusCode).toBe(200);
    const value = response.json().value;
    expect(value).toMatchObject({
      currency: 'BDT',
      period: 'today',
      games: { rounds: 3, bet: { amount: '15.00' }, win: { amount: '9.00' }, profit: { amount: '-6.00' } },
      deposit: { amount: '100.00', minor: '10000' },
      depositCount: 1,
      withdrawal: { amount: '0.00' },
      withdrawalCount: 0,
      bonus: { amount: '4.00' },
      bonusCount: 1,
      adjustment: { amount: '1.00' },
      adjustmentCount: 1,
      netProfit: { amount: '-1.00', minor: '-100' },
    });
    expect(value.byCategory).toEqual([
      expect.objectContaining({ category: 'LIVE', rounds: 1, bet: expect.objectContaining({ amount: '10.00' }) }),
      expect.objectContaining({ category: 'RNG', rounds: 2, profit: expect.objectContaining({ amount: '0.00' }) }),
    ]);
    expect(value.byVendor).toEqual([
      expect.objectContaining({ vendor: 'AG', category: 'LIVE', profit: expect.objectContaining({ minor: '-600' }) }),
      expect.objectContaining({ vendor: 'PG', category: 'RNG', win: expect.objectContaining({ minor: '500' }) }),
    ]);
    // The sums equal the rounds the gaming module recorded for the member.
    const bets = value.byVendor.reduce(
      (sum: bigint, row: { bet: { minor: string } }) => sum + BigInt(row.bet.minor),
      0n,
    );
    expect(bets.toString()).toBe(value.games.bet.minor);

    const yesterday = (await report(player, 'period=yesterday')).json().value;
    expect(yesterday.games).toMatchObject({ rounds: 0, bet: { minor: '0' } });
    expect(yesterday.depositCount).toBe(0);
    expect(yesterday.byVendor).toEqual([]);

    const custom = (await report(player, `period=custom&startDate=${value.startDate}&endDate=${value.endDate}`)).json();
    expect(custom.value.games).toEqual(value.games);
    await expectLedgerReconciled(games.app);
  }, 120_000);

  it('refuses a custom range that is missing, reversed or too long, translated', async () => {
    const player = await newPlayer(games.app);
    for (const query of [
      'period=custom',
      'period=custom&startDate=2026-05-10&endDate=2026-05-01',
      'period=custom&startDate=2026-01-01&endDate=2026-05-01',
    ]) {
      const response = await games.app.inject({
        method: 'GET',
        url: `/wps/report/personal/profit?${query}`,
        headers: { authorization: player.token, language: 'bn' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('CASHIER_DATE_RANGE_INVALID');
      expect(response.json().message).toContain('93');
    }
    const visitor = await games.app.inject({ method: 'GET', url: '/wps/report/personal/profit' });
    expect(visitor.statusCode).toBe(401);
  });
});
