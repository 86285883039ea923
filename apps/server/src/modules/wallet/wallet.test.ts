import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db';
import { createWalletService, type Transfer, type TransferOptions } from './wallet.service';
import { countOutcomes, currency, type Ledger, merchantCode, openLedger } from './wallet.test-helpers';

describe('wallet ledger', () => {
  let ledger: Ledger;
  beforeAll(async () => {
    ledger = await openLedger();
  });
  afterAll(() => ledger.close());

  const deposit = (key: string, credit: number, amountMinor: bigint) =>
    ledger.wallet.transfer({
      idempotencyKey: key,
      debit: ledger.clearing,
      credit,
      amountMinor,
      currency,
      kind: 'DEPOSIT',
    });

  describe('accounts', () => {
    it('creates an account once per owner, kind and currency', async () => {
      const [a, b] = await Promise.all([
        ledger.wallet.ensureAccount({ type: 'player', id: 9001 }, 'PLAYER_CASH', currency),
        ledger.wallet.ensureAccount({ type: 'player', id: 9001 }, 'PLAYER_CASH', currency),
      ]);
      expect(a.id).toBe(b.id);
      expect(a).toMatchObject({ ownerType: 'player', ownerId: 9001, balanceMinor: 0n, allowNegative: false });
      const bonus = await ledger.wallet.ensureAccount({ type: 'player', id: 9001 }, 'PLAYER_BONUS', currency);
      expect(bonus.id).not.toBe(a.id);
      const house1 = await ledger.wallet.ensureAccount({ type: 'house' }, 'HOUSE_GAMING', currency);
      const house2 = await ledger.wallet.ensureAccount({ type: 'house' }, 'HOUSE_GAMING', currency);
      expect(house1.id).toBe(house2.id);
      expect(house1.allowNegative).toBe(true);
    });

    it('answers an unknown account as not found', async () => {
      await expect(ledger.wallet.getBalance(987654)).rejects.toMatchObject({
        code: 'WALLET_ACCOUNT_NOT_FOUND',
        params: { accountId: 987654 },
      });
    });

    it('hides accounts of another merchant', async () => {
      const other = createWalletService({ db: ledger.database.db, merchantCode: 'OTHER' });
      const foreign = await other.ensureAccount({ type: 'player', id: 1 }, 'PLAYER_CASH', currency);
      await expect(ledger.wallet.getBalance(foreign.id)).rejects.toMatchObject({ code: 'WALLET_ACCOUNT_NOT_FOUND' });
      const mine = await ledger.player(100n);
      await expect(
        ledger.wallet.transfer({
          idempotencyKey: 'cross-merchant',
          debit: mine,
          credit: foreign.id,
          amountMinor: 1n,
          currency,
          kind: 'TRANSFER',
        }),
      ).rejects.toMatchObject({ code: 'WALLET_ACCOUNT_NOT_FOUND', params: { accountId: foreign.id } });
    });
  });

  describe('transfers', () => {
    it('moves money with two entries and keeps the balances', async () => {
      const player = await ledger.player();
      const transfer = await deposit('dep-1', player, 12_345n);
      expect(transfer).toMatchObject({
        state: 'posted',
        amountMinor: 12_345n,
        debitAccountId: ledger.clearing,
        creditAccountId: player,
        replayed: false,
      });
      expect(transfer.entries).toEqual([
        { accountId: ledger.clearing, amountMinor: -12_345n, balanceAfterMinor: expect.any(BigInt) },
        { accountId: player, amountMinor: 12_345n, balanceAfterMinor: 12_345n },
      ]);
      expect(await ledger.wallet.getBalance(player)).toEqual({
        accountId: player,
        currency,
        balanceMinor: '12345',
        pendingDebitsMinor: '0',
        availableMinor: '12345',
      });
      const history = await ledger.wallet.history(player);
      expect(history).toMatchObject({ total: 1, totalPages: 1, pageNo: 1 });
      expect(history.items[0]).toMatchObject({
        transferId: transfer.id,
        kind: 'DEPOSIT',
        amountMinor: '12345',
        balanceAfterMinor: '12345',
        counterpartyAccountId: ledger.clearing,
      });
      await ledger.expectReconciled();
    });

    it('replays a repeated key with the same request without moving money again', async () => {
      const player = await ledger.player();
      const first = await deposit('dep-replay', player, 500n);
      const again = await deposit('dep-replay', player, 500n);
      expect(again).toMatchObject({ id: first.id, replayed: true, entries: first.entries });
      expect((await ledger.wallet.getBalance(player)).balanceMinor).toBe('500');
    });

    it("commits the caller's rows with a transfer (beforeMoving), rolls both back together, and skips them on a replay", async () => {
      const db = ledger.database.db;
      await db.execute(sql`create table if not exists wallet_test_marks (key text primary key)`);
      const mark = (key: string) => async (tx: Parameters<NonNullable<TransferOptions['beforeMoving']>>[0]) => {
        await tx.execute(sql`insert into wallet_test_marks (key) values (${key})`);
      };
      const marks = async (key: string) =>
        (
          (await db.execute(sql`select count(*)::int as n from wallet_test_marks where key = ${key}`)) as unknown as {
            rows: Array<{ n: number }>;
          }
        ).rows[0]?.n;
      const member = await ledger.player(1_000n);
      const other = await ledger.player();
      for (const [debit, credit, label] of [
        [ledger.clearing, member, 'shared'],
        [member, other, 'pair'],
      ] as const) {
        const input = {
          idempotencyKey: `before-${label}`,
          debit,
          credit,
          amountMinor: 10n,
          currency,
          kind: 'TRANSFER' as const,
        };
        // The caller's work fails after it wrote its row: nothing moves, its row is gone, and the key stays free.
        await expect(
          ledger.wallet.transfer(input, {
            beforeMoving: async (tx) => {
              await mark(input.idempotencyKey)(tx);
              throw new Error('caller refuses');
            },
          }),
        ).rejects.toThrow('caller refuses');
        expect(await marks(input.idempotencyKey)).toBe(0);
        expect(await ledger.wallet.getTransferByKey(input.idempotencyKey)).toBeNull();
        // It succeeds: both commit. A replay runs neither hook.
        const first = await ledger.wallet.transfer(input, { beforeMoving: mark(input.idempotencyKey) });
        let ran = 0;
        const again = await ledger.wallet.transfer(input, {
          beforeMoving: async () => {
            ran += 1;
          },
          within: async () => {
            ran += 1;
          },
        });
        expect(again).toMatchObject({ id: first.id, replayed: true });
        expect(ran).toBe(0);
        expect(await marks(input.idempotencyKey)).toBe(1);
      }
      expect((await ledger.wallet.getBalance(member)).balanceMinor).toBe('1000');
      expect((await ledger.wallet.getBalance(other)).balanceMinor).toBe('10');
      await ledger.expectReconciled();
    });

    it('tells what each account can spend right after a posted transfer, and nothing on a replay', async () => {
      const player = await ledger.player();
      await deposit('avail-1', player, 1_000n);
      await ledger.wallet.hold({
        idempotencyKey: 'avail-hold',
        debit: player,
        credit: ledger.clearing,
        amountMinor: 300n,
        currency,
        kind: 'WITHDRAWAL',
      });
      const bet = {
        idempotencyKey: 'avail-2',
        debit: player,
        credit: ledger.clearing,
        amountMinor: 200n,
        currency,
        kind: 'TRANSFER',
      } as const;
      const moved = await ledger.wallet.transfer(bet);
      const clearing = await ledger.wallet.getBalance(ledger.clearing);
      expect(moved.availableAfter).toEqual({ debitMinor: 500n, creditMinor: BigInt(clearing.availableMinor) });
      expect((await ledger.wallet.transfer(bet)).availableAfter).toBeUndefined();
    });

    it('refuses a used key with different parameters', async () => {
      const player = await ledger.player();
      const first = await deposit('dep-conflict', player, 500n);
      await expect(deposit('dep-conflict', player, 501n)).rejects.toMatchObject({
        code: 'WALLET_IDEMPOTENCY_CONFLICT',
        params: { idempotencyKey: 'dep-conflict', transferId: first.id },
      });
      const other = await ledger.player();
      await expect(deposit('dep-conflict', other, 500n)).rejects.toMatchObject({ code: 'WALLET_IDEMPOTENCY_CONFLICT' });
      await expect(
        ledger.wallet.hold({
          idempotencyKey: 'dep-conflict',
          debit: ledger.clearing,
          credit: player,
          amountMinor: 500n,
          currency,
          kind: 'DEPOSIT',
        }),
      ).rejects.toMatchObject({ code: 'WALLET_IDEMPOTENCY_CONFLICT' });
      expect((await ledger.wallet.getBalance(player)).balanceMinor).toBe('500');
      expect((await ledger.wallet.getBalance(other)).balanceMinor).toBe('0');
    });

    it('refuses a transfer larger than the balance, saying what is available', async () => {
      const player = await ledger.player(1_000n);
      await expect(
        ledger.wallet.transfer({
          idempotencyKey: 'too-much',
          debit: player,
          credit: ledger.clearing,
          amountMinor: 1_001n,
          currency,
          kind: 'WITHDRAWAL',
        }),
      ).rejects.toMatchObject({
        code: 'WALLET_INSUFFICIENT_FUNDS',
        params: { accountId: player, availableMinor: '1000', requestedMinor: '1001' },
      });
      // The refused key is not consumed: once the funds are there, the same request goes through.
      await deposit('top-up', player, 1n);
      const retried = await ledger.wallet.transfer({
        idempotencyKey: 'too-much',
        debit: player,
        credit: ledger.clearing,
        amountMinor: 1_001n,
        currency,
        kind: 'WITHDRAWAL',
      });
      expect(retried.replayed).toBe(false);
      expect((await ledger.wallet.getBalance(player)).balanceMinor).toBe('0');
    });

    it('refuses invalid amounts, the same account on both sides and another currency', async () => {
      const player = await ledger.player(100n);
      const base = { debit: ledger.clearing, credit: player, currency, kind: 'DEPOSIT' as const };
      for (const amountMinor of [0n, -5n, 10n ** 18n]) {
        await expect(
          ledger.wallet.transfer({ ...base, idempotencyKey: `bad-amount-${amountMinor}`, amountMinor }),
        ).rejects.toMatchObject({ code: 'WALLET_AMOUNT_INVALID', params: { amountMinor: String(amountMinor) } });
      }
      await expect(
        ledger.wallet.transfer({ ...base, idempotencyKey: 'float', amountMinor: 1.5 as unknown as bigint }),
      ).rejects.toMatchObject({ code: 'WALLET_AMOUNT_INVALID' });
      await expect(
        ledger.wallet.transfer({ ...base, idempotencyKey: 'self', credit: ledger.clearing, amountMinor: 1n }),
      ).rejects.toMatchObject({ code: 'WALLET_SAME_ACCOUNT' });
      const usd = await ledger.wallet.ensureAccount({ type: 'player', id: 777 }, 'PLAYER_CASH', 'USD');
      await expect(
        ledger.wallet.transfer({ ...base, idempotencyKey: 'usd', credit: usd.id, amountMinor: 1n }),
      ).rejects.toMatchObject({
        code: 'WALLET_CURRENCY_MISMATCH',
        params: { accountId: usd.id, accountCurrency: 'USD', currency },
      });
      await expect(
        ledger.wallet.transfer({ ...base, idempotencyKey: 'has space', amountMinor: 1n }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(
        ledger.wallet.transfer({ ...base, idempotencyKey: 'ghost', credit: 99_999_999, amountMinor: 1n }),
      ).rejects.toMatchObject({ code: 'WALLET_ACCOUNT_NOT_FOUND', params: { accountId: 99_999_999 } });
    });
  });

  describe('holds', () => {
    const withdrawal = (key: string, player: number, amountMinor: bigint) =>
      ledger.wallet.hold({
        idempotencyKey: key,
        debit: player,
        credit: ledger.clearing,
        amountMinor,
        currency,
        kind: 'WITHDRAWAL',
        metadata: { reference: key },
      });

    it('reserves on hold and moves the money on post', async () => {
      const player = await ledger.player(1_000n);
      const hold = await withdrawal('wd-post', player, 400n);
      expect(hold).toMatchObject({ state: 'pending', entries: [] });
      expect(await ledger.wallet.getBalance(player)).toMatchObject({
        balanceMinor: '1000',
        pendingDebitsMinor: '400',
        availableMinor: '600',
      });
      await expect(withdrawal('wd-post-2', player, 601n)).rejects.toMatchObject({
        code: 'WALLET_INSUFFICIENT_FUNDS',
        params: { availableMinor: '600', requestedMinor: '601' },
      });
      const posted = await ledger.wallet.post(hold.id, 'wd-post:post');
      expect(posted).toMatchObject({ state: 'posted', pendingId: hold.id, kind: 'WITHDRAWAL', amountMinor: 400n });
      expect(posted.metadata).toEqual({ reference: 'wd-post' });
      expect(await ledger.wallet.getBalance(player)).toMatchObject({
        balanceMinor: '600',
        pendingDebitsMinor: '0',
        availableMinor: '600',
      });
      await ledger.expectReconciled();
    });

    it('releases the reservation on void, and the money is available again', async () => {
      const player = await ledger.player(1_000n);
      const hold = await withdrawal('wd-void', player, 1_000n);
      expect((await ledger.wallet.getBalance(player)).availableMinor).toBe('0');
      const voided = await ledger.wallet.void(hold.id, 'wd-void:void', { metadata: { reason: 'rejected' } });
      expect(voided).toMatchObject({ state: 'voided', pendingId: hold.id, entries: [] });
      expect(await ledger.wallet.getBalance(player)).toMatchObject({
        balanceMinor: '1000',
        pendingDebitsMinor: '0',
        availableMinor: '1000',
      });
      const spent = await withdrawal('wd-void-again', player, 1_000n);
      expect(spent.state).toBe('pending');
      await ledger.expectReconciled();
    });

    it('resolves a hold at most once', async () => {
      const player = await ledger.player(1_000n);
      const hold = await withdrawal('wd-once', player, 300n);
      const posted = await ledger.wallet.post(hold.id, 'wd-once:post');
      await expect(ledger.wallet.post(hold.id, 'wd-once:post-again')).rejects.toMatchObject({
        code: 'WALLET_PENDING_ALREADY_RESOLVED',
        params: { pendingId: hold.id, resolution: 'posted', resolvedByTransferId: posted.id },
      });
      await expect(ledger.wallet.void(hold.id, 'wd-once:void')).rejects.toMatchObject({
        code: 'WALLET_PENDING_ALREADY_RESOLVED',
      });
      // The original key replays the first answer, even after the hold is resolved.
      expect(await ledger.wallet.post(hold.id, 'wd-once:post')).toMatchObject({ id: posted.id, replayed: true });
      await expect(ledger.wallet.void(hold.id, 'wd-once:post')).rejects.toMatchObject({
        code: 'WALLET_IDEMPOTENCY_CONFLICT',
      });

      const other = await withdrawal('wd-once-2', player, 100n);
      await ledger.wallet.void(other.id, 'wd-once-2:void');
      await expect(ledger.wallet.post(other.id, 'wd-once-2:post')).rejects.toMatchObject({
        code: 'WALLET_PENDING_ALREADY_RESOLVED',
        params: { resolution: 'voided' },
      });
      expect((await ledger.wallet.getBalance(player)).balanceMinor).toBe('700');
      await ledger.expectReconciled();
    });

    it('resolves a hold once when posts and voids race for it', async () => {
      const player = await ledger.player(1_000n);
      const hold = await withdrawal('wd-race', player, 250n);
      const results = await Promise.allSettled(
        Array.from({ length: 16 }, (_, i) =>
          i % 2 === 0
            ? ledger.wallet.post(hold.id, `wd-race:post:${i}`)
            : ledger.wallet.void(hold.id, `wd-race:void:${i}`),
        ),
      );
      expect(countOutcomes(results)).toEqual({ ok: 1, WALLET_PENDING_ALREADY_RESOLVED: 15 });
      const winner = results.find((result) => result.status === 'fulfilled');
      const expected = winner?.status === 'fulfilled' && winner.value.state === 'posted' ? '750' : '1000';
      expect(await ledger.wallet.getBalance(player)).toMatchObject({ balanceMinor: expected, pendingDebitsMinor: '0' });
      await ledger.expectReconciled();
    });

    it('answers a write repeated under its key while the first is still committing with that first result', async () => {
      // The twin passes the lock-free key check before the first has committed, then queues on the account locks.
      // Once they are granted it sees the first one's effect (hold resolved, funds held, transfer reversed); it must
      // replay the first result, not refuse the request as resolved, unaffordable or reversed.
      const player = await ledger.player(1_000n);
      const racing = async (
        first: (within: () => Promise<void>) => Promise<Transfer>,
        again: () => Promise<Transfer>,
      ) => {
        let twin: Promise<Transfer> | undefined;
        const answer = await first(async () => {
          twin = again();
          twin.catch(() => undefined);
          await sleep(200);
        });
        await expect(twin).resolves.toMatchObject({ id: answer.id, replayed: true });
      };
      for (const action of ['post', 'void'] as const) {
        const hold = await withdrawal(`wd-twins-${action}`, player, 300n);
        const key = `wd-twins-${action}:${action}`;
        await racing(
          (within) => ledger.wallet[action](hold.id, key, { within }),
          () => ledger.wallet[action](hold.id, key),
        );
      }
      expect(await ledger.wallet.getBalance(player)).toMatchObject({ balanceMinor: '700', pendingDebitsMinor: '0' });
      const all = {
        idempotencyKey: 'wd-twins-all',
        debit: player,
        credit: ledger.clearing,
        amountMinor: 700n,
        currency,
        kind: 'WITHDRAWAL',
      } as const;
      await racing(
        (within) => ledger.wallet.hold(all, { within }),
        () => ledger.wallet.hold(all),
      );
      const payout = await ledger.wallet.transfer({
        ...all,
        idempotencyKey: 'wd-twins-refund',
        debit: ledger.clearing,
        credit: player,
        kind: 'DEPOSIT',
      });
      await racing(
        (within) => ledger.wallet.reverse(payout.id, 'wd-twins-refund:reverse', { within }),
        () => ledger.wallet.reverse(payout.id, 'wd-twins-refund:reverse'),
      );
      expect(await ledger.wallet.getBalance(player)).toMatchObject({ balanceMinor: '700', pendingDebitsMinor: '700' });
      await ledger.expectReconciled();
    });

    it('refuses to post what is not a hold, or nothing at all', async () => {
      const player = await ledger.player(100n);
      const transfer = await deposit('not-a-hold', player, 5n);
      await expect(ledger.wallet.post(transfer.id, 'nah:post')).rejects.toMatchObject({
        code: 'WALLET_TRANSFER_NOT_PENDING',
      });
      await expect(ledger.wallet.void(424242, 'nah:void')).rejects.toMatchObject({ code: 'WALLET_TRANSFER_NOT_FOUND' });
    });
  });

  describe('reversals', () => {
    it('corrects a transfer with its mirror image, once', async () => {
      const player = await ledger.player();
      const wrong = await deposit('rev-1', player, 700n);
      const reversal = await ledger.wallet.reverse(wrong.id, 'rev-1:reverse', { metadata: { reason: 'duplicate' } });
      expect(reversal).toMatchObject({
        kind: 'REVERSAL',
        reversesTransferId: wrong.id,
        debitAccountId: player,
        creditAccountId: ledger.clearing,
        amountMinor: 700n,
      });
      expect((await ledger.wallet.getBalance(player)).balanceMinor).toBe('0');
      await expect(ledger.wallet.reverse(wrong.id, 'rev-1:reverse-2')).rejects.toMatchObject({
        code: 'WALLET_ALREADY_REVERSED',
        params: { transferId: wrong.id, reversalTransferId: reversal.id },
      });
      expect(
        await ledger.wallet.reverse(wrong.id, 'rev-1:reverse', { metadata: { reason: 'duplicate' } }),
      ).toMatchObject({ id: reversal.id, replayed: true });
      await ledger.expectReconciled();
    });

    it('refuses to reverse money the player has already spent, and holds', async () => {
      const player = await ledger.player();
      const credited = await deposit('rev-2', player, 300n);
      await ledger.wallet.transfer({
        idempotencyKey: 'rev-2:spend',
        debit: player,
        credit: ledger.clearing,
        amountMinor: 200n,
        currency,
        kind: 'BET',
      });
      await expect(ledger.wallet.reverse(credited.id, 'rev-2:reverse')).rejects.toMatchObject({
        code: 'WALLET_INSUFFICIENT_FUNDS',
        params: { availableMinor: '100', requestedMinor: '300' },
      });
      const hold = await ledger.wallet.hold({
        idempotencyKey: 'rev-2:hold',
        debit: player,
        credit: ledger.clearing,
        amountMinor: 50n,
        currency,
        kind: 'WITHDRAWAL',
      });
      await expect(ledger.wallet.reverse(hold.id, 'rev-2:reverse-hold')).rejects.toMatchObject({
        code: 'WALLET_TRANSFER_NOT_REVERSIBLE',
      });
    });

    it('reverses one transfer once when reversals race', async () => {
      const player = await ledger.player();
      const wrong = await deposit('rev-race', player, 90n);
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) => ledger.wallet.reverse(wrong.id, `rev-race:${i}`)),
      );
      expect(countOutcomes(results)).toEqual({ ok: 1, WALLET_ALREADY_REVERSED: 11 });
      expect((await ledger.wallet.getBalance(player)).balanceMinor).toBe('0');
      await ledger.expectReconciled();
    });
  });

  describe('under concurrency', () => {
    it('lets exactly 10 of 64 concurrent withdrawals through when the balance covers 10', async () => {
      const player = await ledger.player(1_000n);
      const results = await Promise.allSettled(
        Array.from({ length: 64 }, (_, i) =>
          ledger.wallet.hold({
            idempotencyKey: `hot-hold-${i}`,
            debit: player,
            credit: ledger.clearing,
            amountMinor: 100n,
            currency,
            kind: 'WITHDRAWAL',
          }),
        ),
      );
      expect(countOutcomes(results)).toEqual({ ok: 10, WALLET_INSUFFICIENT_FUNDS: 54 });
      expect(await ledger.wallet.getBalance(player)).toMatchObject({
        balanceMinor: '1000',
        pendingDebitsMinor: '1000',
        availableMinor: '0',
      });
      await ledger.expectReconciled();
    });

    it('lets exactly 10 of 64 concurrent transfers through when the balance covers 10', async () => {
      const player = await ledger.player(1_000n);
      const results = await Promise.allSettled(
        Array.from({ length: 64 }, (_, i) =>
          ledger.wallet.transfer({
            idempotencyKey: `hot-transfer-${i}`,
            debit: player,
            credit: ledger.clearing,
            amountMinor: 100n,
            currency,
            kind: 'BET',
          }),
        ),
      );
      expect(countOutcomes(results)).toEqual({ ok: 10, WALLET_INSUFFICIENT_FUNDS: 54 });
      expect((await ledger.wallet.getBalance(player)).balanceMinor).toBe('0');
      const history = await ledger.wallet.history(player, { pageSize: 100 });
      expect(history.total).toBe(11);
      await ledger.expectReconciled();
    });

    it('keeps many accounts exact when they are drained in parallel', async () => {
      const players = await Promise.all(Array.from({ length: 12 }, () => ledger.player(500n)));
      const results = await Promise.allSettled(
        players.flatMap((player) =>
          Array.from({ length: 8 }, (_, i) =>
            ledger.wallet.transfer({
              idempotencyKey: `many-${player}-${i}`,
              debit: player,
              credit: ledger.clearing,
              amountMinor: 100n,
              currency,
              kind: 'BET',
            }),
          ),
        ),
      );
      expect(countOutcomes(results)).toEqual({ ok: 60, WALLET_INSUFFICIENT_FUNDS: 36 });
      for (const player of players) expect((await ledger.wallet.getBalance(player)).balanceMinor).toBe('0');
      await ledger.expectReconciled();
    });

    it('moves money A→B and B→A at the same time without deadlock failures', async () => {
      const a = await ledger.player(10_000n);
      const b = await ledger.player(10_000n);
      const results = await Promise.allSettled(
        Array.from({ length: 60 }, (_, i) =>
          ledger.wallet.transfer({
            idempotencyKey: `ab-${i}`,
            debit: i % 2 === 0 ? a : b,
            credit: i % 2 === 0 ? b : a,
            amountMinor: BigInt(10 + (i % 2)),
            currency,
            kind: 'TRANSFER',
          }),
        ),
      );
      expect(countOutcomes(results)).toEqual({ ok: 60 });
      // 30 transfers of 10 from A to B, 30 of 11 from B to A.
      expect((await ledger.wallet.getBalance(a)).balanceMinor).toBe(String(10_000 - 300 + 330));
      expect((await ledger.wallet.getBalance(b)).balanceMinor).toBe(String(10_000 + 300 - 330));
      await ledger.expectReconciled();
    });

    it('moves money once when the same key is retried 20 times at once', async () => {
      const player = await ledger.player();
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => deposit('storm', player, 250n)));
      expect(countOutcomes(results)).toEqual({ ok: 20 });
      const transfers = results.map((result) => (result.status === 'fulfilled' ? result.value : null));
      expect(new Set(transfers.map((transfer) => transfer?.id)).size).toBe(1);
      expect(transfers.filter((transfer) => transfer?.replayed === false)).toHaveLength(1);
      expect((await ledger.wallet.getBalance(player)).balanceMinor).toBe('250');

      const conflicting = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => deposit('storm-2', player, BigInt(100 + (i % 2)))),
      );
      const outcomes = countOutcomes(conflicting);
      expect(outcomes.ok).toBe(5);
      expect(outcomes.WALLET_IDEMPOTENCY_CONFLICT).toBe(5);
      expect(['350', '351']).toContain((await ledger.wallet.getBalance(player)).balanceMinor);

      // The same key for different accounts: the requests take different locks and meet at the unique key.
      const players = await Promise.all(Array.from({ length: 10 }, () => ledger.player()));
      const spread = await Promise.allSettled(players.map((credit) => deposit('storm-3', credit, 10n)));
      expect(countOutcomes(spread)).toEqual({ ok: 1, WALLET_IDEMPOTENCY_CONFLICT: 9 });
      const balances = await Promise.all(players.map(async (id) => (await ledger.wallet.getBalance(id)).balanceMinor));
      expect(balances.filter((balance) => balance === '10')).toHaveLength(1);
      await ledger.expectReconciled();
    });
  });

  describe('database guards', () => {
    it('refuses UPDATE and DELETE of transfers and entries', async () => {
      const player = await ledger.player(100n);
      const { db } = ledger.database;
      const refused = { cause: expect.objectContaining({ message: expect.stringContaining('append-only') }) };
      await expect(db.execute(sql`update wallet_transfers set amount = amount + 1`)).rejects.toMatchObject(refused);
      await expect(db.execute(sql`delete from wallet_transfers`)).rejects.toMatchObject(refused);
      await expect(db.execute(sql`update wallet_entries set amount = amount * 2`)).rejects.toMatchObject(refused);
      await expect(db.execute(sql`delete from wallet_entries where account_id = ${player}`)).rejects.toMatchObject(
        refused,
      );
      await expect(db.execute(sql`truncate wallet_entries, wallet_transfers cascade`)).rejects.toMatchObject(refused);
      expect((await ledger.wallet.getBalance(player)).balanceMinor).toBe('100');
      await ledger.expectReconciled();
    });

    it('refuses a negative player balance even when the service check is bypassed', async () => {
      const player = await ledger.player(100n);
      const { db } = ledger.database;
      const check = (name: string) => ({ cause: expect.objectContaining({ code: '23514', constraint: name }) });
      await expect(db.execute(sql`update wallet_accounts set balance = -1 where id = ${player}`)).rejects.toMatchObject(
        check('wallet_accounts_never_negative_ck'),
      );
      await expect(
        db.execute(sql`update wallet_accounts set pending_debits = 101 where id = ${player}`),
      ).rejects.toMatchObject(check('wallet_accounts_never_negative_ck'));
      await expect(
        db.execute(sql`update wallet_accounts set allow_negative = true where id = ${player}`),
      ).rejects.toMatchObject(check('wallet_accounts_members_never_negative_ck'));
      expect((await ledger.wallet.getBalance(player)).balanceMinor).toBe('100');
    });
  });
});

/** The SQLSTATE of a database error, looked for through the ORM's wrapping. */
function dbErrorCode(error: unknown): string {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return 'unknown';
}

describe('wallet ledger lock order', () => {
  // Races the wallet lost, by PostgreSQL error code (40P01 deadlock, 40001 serialization, 23505 unique key).
  const lost: string[] = [];
  let ledger: Ledger;
  beforeAll(async () => {
    ledger = await openLedger({ onRaceLost: (error) => lost.push(dbErrorCode(error)) });
  });
  afterAll(() => ledger.close());

  it('mixes deposits from the house (its row locked last) with holds, posts and voids on the same accounts and never deadlocks', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => ledger.player(1_000_000n)));
    const house = ledger.clearing;
    const rounds = 400;
    const work = Array.from({ length: rounds }, async (_, i) => {
      // Each player gets deposits and holds alike.
      const player = players[Math.floor(i / 2) % players.length] as number;
      if (i % 2 === 0) {
        // House → member: the member's row is locked first, the house row only by its update.
        await ledger.wallet.transfer({
          idempotencyKey: `mix-dep-${i}`,
          debit: house,
          credit: player,
          amountMinor: 100n,
          currency,
          kind: 'DEPOSIT',
        });
        return;
      }
      // Member → house hold then post or void: both rows locked up front, in the global order.
      const hold = await ledger.wallet.hold({
        idempotencyKey: `mix-hold-${i}`,
        debit: player,
        credit: house,
        amountMinor: 40n,
        currency,
        kind: 'WITHDRAWAL',
      });
      if (i % 4 === 1) await ledger.wallet.post(hold.id, `mix-post-${i}`);
      else await ledger.wallet.void(hold.id, `mix-void-${i}`);
    });
    expect(countOutcomes(await Promise.allSettled(work))).toEqual({ ok: rounds });
    // rounds/2 deposits of 100 over 4 players; rounds/4 posted holds of 40.
    const balances = await Promise.all(
      players.map(async (player) => BigInt((await ledger.wallet.getBalance(player)).balanceMinor)),
    );
    expect(balances.reduce((sum, balance) => sum + balance, 0n)).toBe(
      4n * 1_000_000n + BigInt(rounds / 2) * 100n - BigInt(rounds / 4) * 40n,
    );
    // With house-first locking in holds, a deposit holding a member's row and waiting for the house row would meet
    // a hold holding the house row and waiting for that member: PostgreSQL would break the cycle as a deadlock.
    expect(lost.filter((code) => code === '40P01')).toEqual([]);
    await ledger.expectReconciled();
  });
});

describe('ledger verification', () => {
  let ledger: Ledger;
  beforeAll(async () => {
    ledger = await openLedger();
  });
  afterAll(() => ledger.close());

  it('reports a cached balance that differs from its entries', async () => {
    const player = await ledger.player(1_000n);
    const hold = await ledger.wallet.hold({
      idempotencyKey: 'verify-hold',
      debit: player,
      credit: ledger.clearing,
      amountMinor: 100n,
      currency,
      kind: 'WITHDRAWAL',
    });
    await ledger.expectReconciled();
    // Cached balances live on accounts, which the ledger must be able to update; corrupt one directly.
    await ledger.database.db.execute(sql`update wallet_accounts set balance = balance + 1 where id = ${player}`);
    let report = await ledger.wallet.verifyLedger();
    expect(report.ok).toBe(false);
    expect(report.breaches).toEqual([
      { check: 'cached_balance', detail: `account ${player}: cached 1001, entries sum to 1000` },
    ]);
    await ledger.database.db.execute(
      sql`update wallet_accounts set balance = balance - 1, pending_debits = 0 where id = ${player}`,
    );
    report = await ledger.wallet.verifyLedger();
    expect(report.breaches).toEqual([
      { check: 'pending_debits', detail: `account ${player}: pending_debits 0, unresolved holds sum to 100` },
    ]);
    await ledger.database.db.execute(sql`update wallet_accounts set pending_debits = 100 where id = ${player}`);
    await ledger.wallet.void(hold.id, 'verify-hold:void');
    await ledger.expectReconciled();
  });

  it('runs as `npm run ledger:verify`: OK on a sound ledger, FAILED and exit 1 on a breach', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ledger-verify-'));
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      await database.migrate();
      const wallet = createWalletService({ db: database.db, merchantCode });
      const house = await wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', currency);
      const player = await wallet.ensureAccount({ type: 'player', id: 1 }, 'PLAYER_CASH', currency);
      await wallet.transfer({
        idempotencyKey: 'cli-1',
        debit: house.id,
        credit: player.id,
        amountMinor: 5_000n,
        currency,
        kind: 'DEPOSIT',
      });
      await database.close();

      const sound = await runVerifyCli(dataDir);
      expect(sound).toMatchObject({ exitCode: 0 });
      expect(sound.stdout.trim()).toBe('ledger:verify OK accounts=2 transfers=1 entries=2');

      const corrupt = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      await corrupt.db.execute(sql`update wallet_accounts set balance = 4000 where id = ${player.id}`);
      await corrupt.close();

      const broken = await runVerifyCli(dataDir);
      expect(broken.exitCode).toBe(1);
      expect(broken.stderr).toMatch(/^ledger:verify FAILED: 1 breach\(es\) accounts=2 transfers=1 entries=2/);
      expect(broken.stderr).toContain(`cached_balance: account ${player.id}: cached 4000, entries sum to 5000`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** Runs the CLI as `npm run ledger:verify` would, on a PGlite data directory, and returns what it printed. */
async function runVerifyCli(dataDir: string): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  // The child gets this process's environment with the database settings replaced.
  // biome-ignore lint/style/noProcessEnv: passing the environment on to a child process, not reading settings.
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', MERCHANT_CODE: merchantCode };
  try {
    const { stdout, stderr } = await promisify(execFile)(
      path.join(repoRoot, 'node_modules/.bin/tsx'),
      ['apps/server/src/modules/wallet/ledger-verify.cli.ts'],
      { cwd: repoRoot, env },
    );
    return { exitCode: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { exitCode: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
