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
