import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transfer } from './wallet.service';
import { currency, type Ledger, openLedger } from './wallet.test-helpers';

/**
 * Random sequences of deposits, withdrawals, transfers, holds with posts and voids, reversals, retries with
 * the same key and reuses of a key for another request, run against the real ledger and against a plain
 * in-memory model of what each call must answer. After every sequence the balances match the model and the
 * ledger reconciles. (pgledger go/propertytest does the same for its SQL ledger.)
 */

type MoveCall = {
  op: 'transfer' | 'hold';
  key: string;
  debit: number;
  credit: number;
  amount: bigint;
  kind: 'DEPOSIT' | 'WITHDRAWAL' | 'TRANSFER';
};
type TargetCall = { op: 'post' | 'void' | 'reverse'; key: string; target: number };
type Call = MoveCall | TargetCall;

const isMove = (call: Call): call is MoveCall => call.op === 'transfer' || call.op === 'hold';

type ModelTransfer = {
  state: 'posted' | 'pending' | 'voided';
  debit: number;
  credit: number;
  amount: bigint;
  resolved: boolean;
  reversed: boolean;
};

/** What the ledger must do, written as simply as possible: no SQL, no concurrency, no caching. */
class Model {
  readonly balance = new Map<number, bigint>();
  readonly pending = new Map<number, bigint>();
  readonly transfers = new Map<number, ModelTransfer>();
  readonly keys = new Map<string, { descriptor: string; id: number }>();

  constructor(readonly house: number) {}

  private available(account: number): bigint {
    return (this.balance.get(account) ?? 0n) - (this.pending.get(account) ?? 0n);
  }

  private add(map: Map<number, bigint>, account: number, delta: bigint): void {
    map.set(account, (map.get(account) ?? 0n) + delta);
  }

  private covers(account: number, amount: bigint): boolean {
    return account === this.house || this.available(account) >= amount;
  }

  /** The answer the ledger must give: 'ok', 'replay:<id>' or an error code. */
  predict(call: Call): string {
    const { key, ...request } = call;
    // Validation comes before the key is looked at.
    if (isMove(call) && call.debit === call.credit) return 'WALLET_SAME_ACCOUNT';
    const used = this.keys.get(key);
    if (used) return used.descriptor === descriptorOf(request) ? `replay:${used.id}` : 'WALLET_IDEMPOTENCY_CONFLICT';
    if (isMove(call)) return this.covers(call.debit, call.amount) ? 'ok' : 'WALLET_INSUFFICIENT_FUNDS';
    const target = this.transfers.get(call.target);
    if (!target) return 'WALLET_TRANSFER_NOT_FOUND';
    if (call.op === 'reverse') {
      if (target.state !== 'posted') return 'WALLET_TRANSFER_NOT_REVERSIBLE';
      if (target.reversed) return 'WALLET_ALREADY_REVERSED';
      return this.covers(target.credit, target.amount) ? 'ok' : 'WALLET_INSUFFICIENT_FUNDS';
    }
    if (target.state !== 'pending') return 'WALLET_TRANSFER_NOT_PENDING';
    return target.resolved ? 'WALLET_PENDING_ALREADY_RESOLVED' : 'ok';
  }

  /** Applies a call the ledger accepted as new, under the id the ledger gave it. */
  apply(call: Call, id: number): void {
    const { key, ...request } = call;
    this.keys.set(key, { descriptor: descriptorOf(request), id });
    const move = (debit: number, credit: number, amount: bigint) => {
      this.add(this.balance, debit, -amount);
      this.add(this.balance, credit, amount);
      this.transfers.set(id, { state: 'posted', debit, credit, amount, resolved: false, reversed: false });
    };
    if (isMove(call)) {
      if (call.op === 'transfer') {
        move(call.debit, call.credit, call.amount);
      } else {
        this.add(this.pending, call.debit, call.amount);
        this.transfers.set(id, {
          state: 'pending',
          debit: call.debit,
          credit: call.credit,
          amount: call.amount,
          resolved: false,
          reversed: false,
        });
      }
      return;
    }
    const target = this.transfers.get(call.target);
    if (!target) throw new Error('model: applied a call on an unknown target');
    if (call.op === 'reverse') {
      target.reversed = true;
      move(target.credit, target.debit, target.amount);
      return;
    }
    target.resolved = true;
    this.add(this.pending, target.debit, -target.amount);
    if (call.op === 'post') move(target.debit, target.credit, target.amount);
    else this.transfers.set(id, { ...target, state: 'voided', resolved: false });
  }

  ids(filter: (transfer: ModelTransfer) => boolean): number[] {
    return [...this.transfers.entries()].filter(([, transfer]) => filter(transfer)).map(([id]) => id);
  }
}

function descriptorOf(request: object): string {
  return JSON.stringify(request, (_key, value) => (typeof value === 'bigint' ? `${value}n` : value));
}

type Step =
  | { t: 'deposit' | 'withdraw' | 'hold'; p: number; amount: bigint }
  | { t: 'move'; p: number; q: number; amount: bigint }
  | { t: 'post' | 'void' | 'reverse' | 'retry'; i: number }
  | { t: 'reuse'; i: number; p: number; amount: bigint };

const amount = fc.bigInt({ min: 1n, max: 500n });
const player = fc.nat({ max: 2 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ t: fc.constant('deposit' as const), p: player, amount }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('withdraw' as const), p: player, amount }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('move' as const), p: player, q: player, amount }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('hold' as const), p: player, amount }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('post' as const), i: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('void' as const), i: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('reverse' as const), i: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('retry' as const), i: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('reuse' as const), i: fc.nat(), p: player, amount }) },
);

function pick<T>(items: T[], index: number): T | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}

async function execute(ledger: Ledger, call: Call): Promise<{ outcome: string; transfer?: Transfer }> {
  try {
    const transfer = isMove(call)
      ? await ledger.wallet[call.op]({
          idempotencyKey: call.key,
          debit: call.debit,
          credit: call.credit,
          amountMinor: call.amount,
          currency,
          kind: call.kind,
        })
      : await ledger.wallet[call.op](call.target, call.key);
    return { outcome: transfer.replayed ? `replay:${transfer.id}` : 'ok', transfer };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !code.startsWith('WALLET_')) throw error;
    return { outcome: code };
  }
}

describe('ledger properties', () => {
  let ledger: Ledger;
  let run = 0;
  beforeAll(async () => {
    ledger = await openLedger();
  });
  afterAll(() => ledger.close());

  it('agrees with a simple model over random sequences with retries and reused keys', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 60 }), async (steps) => {
        run += 1;
        const players = [await ledger.player(1_000n), await ledger.player(1_000n), await ledger.player(1_000n)];
        const house = ledger.clearing;
        const model = new Model(house);
        // The house account is shared by every run: compare its movement during this run.
        const houseStart = BigInt((await ledger.wallet.getBalance(house)).balanceMinor);
        model.balance.set(house, houseStart);
        for (const account of players) model.balance.set(account, 1_000n);
        const calls: Call[] = [];
        const playerAt = (index: number) => players[index] as number;
        let seq = 0;
        const key = () => {
          seq += 1;
          return `prop-${run}-${seq}`;
        };

        for (const s of steps) {
          let call: Call | undefined;
          switch (s.t) {
            case 'deposit':
              call = {
                op: 'transfer',
                key: key(),
                debit: house,
                credit: playerAt(s.p),
                amount: s.amount,
                kind: 'DEPOSIT',
              };
              break;
            case 'withdraw':
              call = {
                op: 'transfer',
                key: key(),
                debit: playerAt(s.p),
                credit: house,
                amount: s.amount,
                kind: 'WITHDRAWAL',
              };
              break;
            case 'move':
              call = {
                op: 'transfer',
                key: key(),
                debit: playerAt(s.p),
                credit: playerAt(s.q),
                amount: s.amount,
                kind: 'TRANSFER',
              };
              break;
            case 'hold':
              call = {
                op: 'hold',
                key: key(),
                debit: playerAt(s.p),
                credit: house,
                amount: s.amount,
                kind: 'WITHDRAWAL',
              };
              break;
            case 'post':
            case 'void': {
              // Mostly holds; now and then any transfer, which must be refused as not pending.
              const pool = s.i % 5 === 0 ? model.ids(() => true) : model.ids((t) => t.state === 'pending');
              const target = pick(pool, s.i);
              if (target !== undefined) call = { op: s.t, key: key(), target };
              break;
            }
            case 'reverse': {
              const pool = s.i % 5 === 0 ? model.ids(() => true) : model.ids((t) => t.state === 'posted');
              const target = pick(pool, s.i);
              if (target !== undefined) call = { op: 'reverse', key: key(), target };
              break;
            }
            case 'retry':
              call = pick(calls, s.i);
              break;
            case 'reuse': {
              const earlier = pick(calls, s.i);
              if (earlier) {
                call = {
                  op: 'transfer',
                  key: earlier.key,
                  debit: house,
                  credit: playerAt(s.p),
                  amount: s.amount,
                  kind: 'DEPOSIT',
                };
              }
              break;
            }
          }
          if (!call) continue;
          const expected = model.predict(call);
          const { outcome, transfer } = await execute(ledger, call);
          expect(outcome, `${descriptorOf(call)} after ${calls.length} calls`).toBe(expected);
          if (outcome === 'ok' && transfer) model.apply(call, transfer.id);
          calls.push(call);
        }

        for (const account of [...players, house]) {
          const balance = await ledger.wallet.getBalance(account);
          expect(balance.balanceMinor).toBe(String(model.balance.get(account) ?? 0n));
          expect(balance.pendingDebitsMinor).toBe(String(model.pending.get(account) ?? 0n));
        }
        await ledger.expectReconciled();
      }),
      { numRuns: 50 },
    );
  }, 240_000);
});
