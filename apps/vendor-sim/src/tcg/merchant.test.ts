import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LotteryDraws } from '../games/lottery';
import { parseAmount, TcgMerchant } from './merchant';
import { lotteryGames } from './products';

const dir = mkdtempSync(path.join(tmpdir(), 'vendor-sim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const merchant = (stateFile: string) =>
  new TcgMerchant({
    currency: 'BDT',
    lottery: new LotteryDraws(lotteryGames(), { autoDraw: false, settle: () => {} }),
    books: new Map(),
    stateFile,
  });

describe('TCG merchant state', () => {
  it('keeps players, wallets and used references in the state file across restarts', () => {
    const file = path.join(dir, 'tcg-state.json');
    const first = merchant(file);
    expect(first.handle({ method: 'cm', username: 'keep_me', password: 'secret1' }).answer.status).toBe(0);
    expect(
      first.handle({
        method: 'ft',
        username: 'keep_me',
        product_type: 420,
        fund_type: 1,
        amount: '12.5',
        reference_no: 'K1',
      }).answer.status,
    ).toBe(0);
    const second = merchant(file);
    expect(second.balance('keep_me', 420)).toBe(125_000);
    expect(
      second.handle({
        method: 'ft',
        username: 'keep_me',
        product_type: 420,
        fund_type: 1,
        amount: '1',
        reference_no: 'K1',
      }).answer.status,
    ).toBe(12);
  });

  it('parses decimal amounts exactly into 1/10000 units', () => {
    expect(parseAmount('0.0001')).toBe(1);
    expect(parseAmount(100.25)).toBe(1_002_500);
    expect(parseAmount('12.34', 2)).toBe(123_400);
    expect(parseAmount('12.345', 2)).toBeUndefined();
    expect(parseAmount('0')).toBeUndefined();
    expect(parseAmount('1e3')).toBeUndefined();
  });
});

describe('TCG bet records', () => {
  it('keeps bets across restarts and cancels (refunds) the ones a restart left open', () => {
    const file = path.join(dir, 'tcg-bets.json');
    const first = merchant(file);
    first.handle({ method: 'cm', username: 'bettor_1', password: 'secret1' });
    first.handle({
      method: 'ft',
      username: 'bettor_1',
      product_type: 2,
      fund_type: 1,
      amount: '10',
      reference_no: 'B1',
    });
    expect(first.debitForBet('bettor_1', 2, 40_000)).toBe(true);
    const settled = first.recordBet({
      username: 'bettor_1',
      productType: 2,
      gameCode: 'SSC1',
      gameBetId: 'LB1',
      amount: 40_000,
    });
    first.settleGameBet({ id: 'LB1', username: 'bettor_1', productType: 2, status: 'won' }, 76_800);
    expect(first.debitForBet('bettor_1', 2, 20_000)).toBe(true);
    first.recordBet({ username: 'bettor_1', productType: 2, gameCode: 'SSC1', gameBetId: 'LB2', amount: 20_000 });
    // Trial bettors are never recorded.
    expect(
      first.recordBet({ username: 'trial:abc', productType: 2, gameCode: 'SSC1', gameBetId: 'LB3', amount: 1 }),
    ).toBeUndefined();
    expect(first.balance('bettor_1', 2)).toBe(116_800);

    const second = merchant(file);
    const bets = second.betRecords();
    expect(bets.map((bet) => bet.status)).toEqual(['SETTLED', 'CANCELLED']);
    expect(bets[0]).toMatchObject({ orderNo: settled?.orderNo, returned: 76_800 });
    expect(bets[1]?.settleTime).not.toBeNull();
    expect(second.balance('bettor_1', 2)).toBe(136_800);
    // A new bet after the restart gets a new order number even though the game's id (LB1) repeats.
    const again = second.recordBet({
      username: 'bettor_1',
      productType: 2,
      gameCode: 'SSC1',
      gameBetId: 'LB1',
      amount: 1,
    });
    expect(new Set(second.betRecords().map((bet) => bet.orderNo)).size).toBe(3);
    expect(again?.status).toBe('UNSETTLED');
  });
});
