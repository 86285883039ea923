import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../platform/http/app-error';
import { createWalletService, type Transfer } from './wallet.service';
import { countOutcomes, currency, type Ledger, merchantCode, openLedger } from './wallet.test-helpers';

/**
 * Review of the ledger's global lock order (members' accounts, then shared ones) and of `transfer`'s fast path for
 * member↔house transfers (the house row taken only by its balance update): every kind of write the other modules
 * make, on the same few accounts at once, must end without a deadlock, with every account's entries in balance
 * order (the verifier's running sum by entry id), and with the fast path's key, currency and merchant checks intact.
 * Real lock races need PostgreSQL (TEST_DATABASE_URL); on PGlite the same scenarios run one transaction at a time.
 */

/** The SQLSTATE of a database error, looked for through the ORM's wrapping. */
function dbErrorCode(error: unknown): string {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return 'unknown';
}

/** A small deterministic generator, so that a failing mix can be run again as it was. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('ledger lock order: every write path on the same accounts at once', () => {
  const lost: string[] = [];
  let ledger: Ledger;
  beforeAll(async () => {
    ledger = await openLedger({ onRaceLost: (error) => lost.push(dbErrorCode(error)) });
  });
  afterAll(() => ledger.close());

  it('mixes bets, wins, deposits, holds both ways, posts, voids, reversals, house↔house and member↔member transfers without a deadlock', async () => {
    const { wallet } = ledger;
    const players = await Promise.all(Array.from({ length: 5 }, () => ledger.player(50_000n)));
    const gaming = (await wallet.ensureAccount({ type: 'house' }, 'HOUSE_GAMING', currency)).id;
    const promotions = (await wallet.ensureAccount({ type: 'house' }, 'HOUSE_PROMOTIONS', currency)).id;
    const system = (await wallet.ensureAccount({ type: 'system' }, 'VENDOR_CLEARING', currency)).id;
    const shared = [ledger.clearing, gaming, promotions, system];
    const next = random(20261124);
    const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)] as T;
    const posted: Transfer[] = [];
    const rounds = 600;

    const step = async (i: number): Promise<void> => {
      const player = pick(players);
      const other = pick(players.filter((id) => id !== player));
      const house = pick(shared);
      const amountMinor = BigInt(1 + Math.floor(next() * 200));
      const choice = next();
      const move = (debit: number, credit: number, kind: 'BET' | 'WIN' | 'DEPOSIT' | 'TRANSFER') =>
        wallet.transfer({ idempotencyKey: `mix-${i}`, debit, credit, amountMinor, currency, kind });
      if (choice < 0.2) {
        posted.push(await move(player, house, 'BET')); // fast path, member debit
      } else if (choice < 0.4) {
        posted.push(await move(house, player, 'WIN')); // fast path, member credit
      } else if (choice < 0.47) {
        posted.push(await move(house, pick(shared.filter((id) => id !== house)), 'TRANSFER')); // two shared rows
      } else if (choice < 0.55) {
        posted.push(await move(player, other, 'TRANSFER')); // two members
      } else if (choice < 0.75) {
        // A member's hold towards the house (withdrawal, points), then posted or voided.
        const hold = await wallet.hold({
          idempotencyKey: `mix-${i}`,
          debit: player,
          credit: house,
          amountMinor,
          currency,
          kind: 'WITHDRAWAL',
        });
        if (next() < 0.5) posted.push(await wallet.post(hold.id, `mix-${i}-post`));
        else await wallet.void(hold.id, `mix-${i}-void`);
      } else if (choice < 0.85) {
        // A hold of the house's money towards a member (a bonus held until it is released).
        const hold = await wallet.hold({
          idempotencyKey: `mix-${i}`,
          debit: house,
          credit: player,
          amountMinor,
          currency,
          kind: 'BONUS',
        });
        if (next() < 0.5) posted.push(await wallet.post(hold.id, `mix-${i}-post`));
        else await wallet.void(hold.id, `mix-${i}-void`);
      } else {
        // The reversal of an earlier posting (a vendor rollback, a correction): both rows locked up front.
        const target = posted.length > 0 ? pick(posted) : null;
        if (!target) return;
        try {
          await wallet.reverse(target.id, `mix-${i}-reverse`);
        } catch (error) {
          if (isAppError(error) && error.code === 'WALLET_ALREADY_REVERSED') return;
          throw error;
        }
      }
    };
    const results = await Promise.allSettled(Array.from({ length: rounds }, (_, i) => step(i)));
    const outcomes = countOutcomes(results);
    // Only answers: members running out of money is one; a lost race that was given up on is not.
    expect(Object.keys(outcomes).filter((code) => code !== 'ok' && code !== 'WALLET_INSUFFICIENT_FUNDS')).toEqual([]);
    expect(lost.filter((code) => code === '40P01')).toEqual([]);
    // Cached balances against entries, each account's balance_after against its running sum by entry id, holds.
    await ledger.expectReconciled();
  }, 120_000);

  it('replays one transfer for a key raced on the fast path and refuses the key with another amount', async () => {
    const { wallet } = ledger;
    const player = await ledger.player(10_000n);
    const gaming = (await wallet.ensureAccount({ type: 'house' }, 'HOUSE_GAMING', currency)).id;
    const bet = (amountMinor: bigint) =>
      wallet.transfer({
        idempotencyKey: `twin-bet-${player}`,
        debit: player,
        credit: gaming,
        amountMinor,
        currency,
        kind: 'BET',
      });
    const results = await Promise.allSettled([
      ...Array.from({ length: 12 }, () => bet(700n)),
      ...Array.from({ length: 4 }, () => bet(800n)),
    ]);
    const transfers = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    // The first of either amount wins; every other call under the key is a replay of it or a conflict.
    const winners = transfers.filter((transfer) => !transfer.replayed);
    expect(winners).toHaveLength(1);
    const winner = winners[0] as Transfer;
    for (const transfer of transfers) expect(transfer.id).toBe(winner.id);
    const refused = countOutcomes(results.filter((result) => result.status === 'rejected'));
    expect(Object.keys(refused).filter((code) => code !== 'WALLET_IDEMPOTENCY_CONFLICT')).toEqual([]);
    expect(transfers).toHaveLength(winner.amountMinor === 700n ? 12 : 4);
    expect(BigInt((await wallet.getBalance(player)).balanceMinor)).toBe(10_000n - winner.amountMinor);
    await ledger.expectReconciled();
  });

  it('takes exactly what the balance covers when bets race on the fast path', async () => {
    const { wallet } = ledger;
    const player = await ledger.player(1_000n);
    const gaming = (await wallet.ensureAccount({ type: 'house' }, 'HOUSE_GAMING', currency)).id;
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        wallet.transfer({
          idempotencyKey: `race-bet-${player}-${i}`,
          debit: player,
          credit: gaming,
          amountMinor: 100n,
          currency,
          kind: 'BET',
        }),
      ),
    );
    expect(countOutcomes(results)).toEqual({ ok: 10, WALLET_INSUFFICIENT_FUNDS: 20 });
    expect(await wallet.getBalance(player)).toMatchObject({ balanceMinor: '0', availableMinor: '0' });
    await ledger.expectReconciled();
  });

  it("checks currency and merchant on the fast path's remembered account facts", async () => {
    const { wallet } = ledger;
    const player = await ledger.player(5_000n);
    const usdHouse = (await wallet.ensureAccount({ type: 'house' }, 'HOUSE_GAMING', 'USD')).id;
    // Facts read once (cached), then a mismatch either way is refused before anything moves.
    for (const [debit, credit] of [
      [player, usdHouse],
      [usdHouse, player],
      [player, usdHouse],
    ] as const) {
      await expect(
        wallet.transfer({
          idempotencyKey: `cur-${debit}-${credit}-${Math.random()}`,
          debit,
          credit,
          amountMinor: 10n,
          currency,
          kind: 'BET',
        }),
      ).rejects.toMatchObject({ code: 'WALLET_CURRENCY_MISMATCH' });
    }
    // Another merchant's service on the same database sees neither this merchant's member nor its house.
    const other = createWalletService({ db: ledger.database.db, merchantCode: `${merchantCode}X` });
    const otherHouse = (await other.ensureAccount({ type: 'house' }, 'HOUSE_GAMING', currency)).id;
    await expect(
      other.transfer({
        idempotencyKey: 'xm-1',
        debit: player,
        credit: otherHouse,
        amountMinor: 10n,
        currency,
        kind: 'BET',
      }),
    ).rejects.toMatchObject({ code: 'WALLET_ACCOUNT_NOT_FOUND' });
    await expect(
      wallet.transfer({
        idempotencyKey: 'xm-2',
        debit: otherHouse,
        credit: player,
        amountMinor: 10n,
        currency,
        kind: 'WIN',
      }),
    ).rejects.toMatchObject({ code: 'WALLET_ACCOUNT_NOT_FOUND' });
    await expect(
      wallet.transfer({
        idempotencyKey: 'xm-3',
        debit: player,
        credit: otherHouse,
        amountMinor: 10n,
        currency,
        kind: 'BET',
      }),
    ).rejects.toMatchObject({ code: 'WALLET_ACCOUNT_NOT_FOUND' });
    expect((await wallet.getBalance(player)).balanceMinor).toBe('5000');
    await ledger.expectReconciled();
  });
});
