import type {
  LedgerVerifyReport,
  WalletAccountKind,
  WalletBalance,
  WalletHistoryPage,
  WalletOwnerType,
  WalletTransferKind,
  WalletTransferState,
} from '@portal/contract';
import { LRUCache } from 'lru-cache';
import {
  type Db,
  type DbOrTx,
  isRetryableDbError,
  isUniqueViolation,
  type PipelinePool,
  type Tx,
} from '../../platform/db';
import { AppError, isAppError } from '../../platform/http/app-error';
import { requestHash } from '../../platform/idempotency';
import { createCommitGroup } from './wallet.commit-group';
import * as repo from './wallet.repository';

type AccountFacts = Awaited<ReturnType<typeof repo.findAccountFacts>>[number];

/** Who owns an account: a player or agent (identity account id), or the house / the system itself. */
export type WalletOwner = { type: 'player' | 'agent'; id: number } | { type: 'house' | 'system' };

export type WalletAccount = {
  id: number;
  ownerType: WalletOwnerType;
  ownerId: number | null;
  kind: string;
  currency: string;
  balanceMinor: bigint;
  pendingDebitsMinor: bigint;
  /** balance minus pending debits: what can be spent now. */
  availableMinor: bigint;
  allowNegative: boolean;
};

export type TransferEntry = { accountId: number; amountMinor: bigint; balanceAfterMinor: bigint };

export type Transfer = {
  id: number;
  idempotencyKey: string;
  debitAccountId: number;
  creditAccountId: number;
  amountMinor: bigint;
  currency: string;
  kind: string;
  state: WalletTransferState;
  /** For a posting or void: the hold it resolves. */
  pendingId: number | null;
  reversesTransferId: number | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
  /** The two entries of a posted transfer (debit first); empty for holds and voids. */
  entries: TransferEntry[];
  /** True when the key had already been used with the same request and this is the first result again. */
  replayed: boolean;
  /**
   * What each account could spend (balance minus pending debits) right after this transfer, as the statement that
   * wrote it read them: callers answer "the balance after" without reading the account again. Only on a transfer
   * this call posted (absent on a replay, and for holds and voids).
   */
  availableAfter?: { debitMinor: bigint; creditMinor: bigint };
};

export type TransferInput = {
  /** Chosen by the caller before it submits, so a retry after a timeout cannot move money twice. */
  idempotencyKey: string;
  debit: number;
  credit: number;
  amountMinor: bigint;
  currency: string;
  kind: WalletTransferKind;
  metadata?: Record<string, unknown>;
};

/**
 * Work of the caller's own module that must commit or roll back with a new hold or resolution (a stock count, a
 * status row): run inside the ledger's transaction after the transfer is written, never for a replay, and again
 * from the start when the transaction is retried. An error it throws undoes the transfer.
 */
export type WithinTransfer = (tx: Tx, transfer: Transfer) => Promise<void>;

export type ResolveOptions = { metadata?: Record<string, unknown>; within?: WithinTransfer };

export type TransferOptions = {
  /**
   * Work of the caller's module that must commit or roll back with the transfer, run inside the ledger's
   * transaction once the member accounts are locked and the key is known to be new, before the money moves (so a
   * shared account's lock, taken by that last statement, is not held through it). Never run for a replay; run
   * again from the start when the transaction is retried. An error it throws means nothing moves.
   */
  beforeMoving?: (tx: Tx) => Promise<void>;
  /** As for holds (see WithinTransfer): run after the transfer is written, never for a replay. */
  within?: WithinTransfer;
  /**
   * One more write of the caller's module, given the new transfer's id as an SQL expression, sent in the same
   * statement that writes the transfer (a data-modifying CTE), so recording the transfer on the caller's row (a
   * deposit's `transfer_id`) costs no round trip of its own. It must only touch rows this transaction holds
   * already (its `beforeMoving` updated them), so that no lock is taken while the shared account is held. Never run
   * for a replay.
   */
  recordTransferId?: repo.TransferIdRecord;
  /**
   * `beforeMoving`'s work written as one UPDATE of the caller's row (see repo.TransferGuard). With it, and without
   * `within`, a member↔shared transfer is first tried as a single statement (one round trip instead of BEGIN, lock,
   * `beforeMoving`, post and COMMIT; written with others in one transaction when several arrive together); when
   * that writes nothing (the key was used, a check failed, the guard matched no row) or loses a race, the ordinary
   * transaction runs with `beforeMoving`, which then gives the answer. So the guard must change exactly what
   * `beforeMoving` changes, and match no row exactly when `beforeMoving` would throw; it records the transfer's id
   * itself (`recordTransferId` is for the ordinary path). `guarded` then receives the row the guard's update
   * returned (as the driver gave it).
   */
  guard?: repo.TransferGuard & { guarded?: (row: Record<string, unknown>) => void };
};

export type WalletServiceDeps = {
  db: Db;
  merchantCode: string;
  /** Attempts of one write when it loses a race (serialization failure, deadlock); default 8. */
  maxAttempts?: number;
  log?: { warn(object: unknown, message: string): void; error(object: unknown, message: string): void };
  /** Told of every write that lost a race and will be tried again, with the database error (for metrics). */
  onRaceLost?: (error: unknown) => void;
  /**
   * Most one-statement transfers written in one transaction (group commit, see wallet.commit-group.ts); default 32,
   * 1 writes each alone.
   */
  maxCommitGroup?: number;
  /** Pipelined connections for the group commit's transactions (PostgreSQL only; see platform/db/pipeline.ts). */
  pipeline?: PipelinePool;
};

/** Amounts above this are refused: far beyond any real transfer, and far from bigint column overflow. */
const maxAmountMinor = 10n ** 17n;
const keyPattern = /^[\x21-\x7e]{1,128}$/;
const currencyPattern = /^[A-Z]{3}$/;
const maxMetadataChars = 4096;
/** Unique constraints a concurrent writer can trip; the rerun then finds the winner and answers from it. */
const raceConstraints = new Set([
  'wallet_transfers_idempotency_key_uq',
  'wallet_transfers_pending_id_uq',
  'wallet_transfers_reverses_uq',
]);

function constraintOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', {}, [{ path, code: 'invalid', message }]);
}

function assertKey(idempotencyKey: string): void {
  if (typeof idempotencyKey !== 'string' || !keyPattern.test(idempotencyKey)) {
    throw invalid('idempotencyKey', 'An idempotency key is 1 to 128 printable characters without spaces');
  }
}

function assertId(path: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1) throw invalid(path, 'Not an id');
}

function assertAmount(amountMinor: bigint): void {
  if (typeof amountMinor !== 'bigint' || amountMinor <= 0n || amountMinor > maxAmountMinor) {
    throw new AppError('WALLET_AMOUNT_INVALID', { amountMinor: String(amountMinor) });
  }
}

function normaliseMetadata(metadata: Record<string, unknown> | undefined): Record<string, unknown> {
  if (metadata === undefined) return {};
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw invalid('metadata', 'Metadata is a JSON object');
  }
  let text: string;
  try {
    text = JSON.stringify(metadata);
  } catch {
    throw invalid('metadata', 'Metadata must be plain JSON (no bigint, no cycles)');
  }
  if (text.length > maxMetadataChars) throw invalid('metadata', `Metadata is at most ${maxMetadataChars} characters`);
  return JSON.parse(text) as Record<string, unknown>;
}

function toAccount(row: repo.AccountRow): WalletAccount {
  return {
    id: row.id,
    ownerType: row.ownerType as WalletOwnerType,
    ownerId: row.ownerId,
    kind: row.kind,
    currency: row.currency,
    balanceMinor: row.balance,
    pendingDebitsMinor: row.pendingDebits,
    availableMinor: row.balance - row.pendingDebits,
    allowNegative: row.allowNegative,
  };
}

type EntryFacts = Pick<repo.EntryRow, 'accountId' | 'amount' | 'balanceAfter'>;

function toTransfer(row: repo.TransferRow, entries: EntryFacts[], replayed: boolean): Transfer {
  const ordered = [...entries].sort((a, b) => (a.amount < b.amount ? -1 : 1));
  return {
    id: row.id,
    idempotencyKey: row.idempotencyKey,
    debitAccountId: row.debitAccountId,
    creditAccountId: row.creditAccountId,
    amountMinor: row.amount,
    currency: row.currency,
    kind: row.kind,
    state: row.state as WalletTransferState,
    pendingId: row.pendingId,
    reversesTransferId: row.reversesTransferId,
    metadata: row.metadata,
    createdAt: row.createdAt,
    entries: ordered.map((entry) => ({
      accountId: entry.accountId,
      amountMinor: entry.amount,
      balanceAfterMinor: entry.balanceAfter,
    })),
    replayed,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The wallet ledger: the one write path for money (ARCHITECTURE.md section 4). Every write is one transaction
 * that locks the touched accounts in one global order (members' before shared ones, ascending id; a shared account
 * of a member↔house transfer is locked last, by its update), replays or refuses a used idempotency key,
 * checks funds, appends the transfer and its entries and moves the cached balances; it is retried from the
 * start when PostgreSQL reports a serialization failure or deadlock.
 *
 * Player and agent accounts never go negative: checked here, and by CHECK constraints in the database.
 * Transfers and entries are append-only (a trigger refuses UPDATE and DELETE); corrections are reversals.
 * @see https://docs.tigerbeetle.com/coding/two-phase-transfers/ (holds: pending, post, void)
 */
export function createWalletService(deps: WalletServiceDeps) {
  const commitGroup = createCommitGroup({
    db: deps.db,
    pipeline: deps.pipeline,
    maxGroup: deps.maxCommitGroup ?? 32,
    onGroupFailed: (error, size) =>
      deps.log?.warn({ err: error, size }, 'ledger commit group failed; its transfers are written one by one'),
  });
  const maxAttempts = deps.maxAttempts ?? 8;

  /**
   * Runs one write transaction, again from the start when it lost a race. Domain errors (AppError) are
   * answers, not races, and leave at once.
   */
  async function write(
    idempotencyKey: string,
    hash: string,
    work: (tx: Tx) => Promise<Transfer>,
    options: { precheck: boolean } = { precheck: true },
  ): Promise<Transfer> {
    // A used key is answered from its stored transfer without a lock, so retries never queue behind a hot account.
    // The work checks the key again once it holds the locks, for a twin that committed in between. Writes that
    // lock no shared account before that check skip this read: they can queue only behind their own member.
    if (options.precheck) {
      const earlier = await replayOrConflict(deps.db, idempotencyKey, hash);
      if (earlier) return earlier;
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await deps.db.transaction(work);
      } catch (error) {
        if (isAppError(error)) {
          // A twin with this key may have committed while this one queued for the locks: the locking read's key
          // check ran on the snapshot from before the wait (PostgreSQL re-reads only the locked rows), so the work
          // saw the twin's effect (hold resolved, transfer reversed, funds spent) but not its key. Ask again, as any
          // retry is answered: with the first result. Only refusals pay for this read.
          const twin = await replayOrConflict(deps.db, idempotencyKey, hash);
          if (twin) return twin;
          throw error;
        }
        const race =
          isRetryableDbError(error) || (isUniqueViolation(error) && raceConstraints.has(constraintOf(error) ?? ''));
        if (!race) throw error;
        deps.onRaceLost?.(error);
        if (attempt >= maxAttempts) {
          deps.log?.error({ err: error, attempts: attempt }, 'wallet write kept losing races; giving up');
          throw new AppError('SERVICE_UNAVAILABLE');
        }
        // Exponential backoff with jitter, capped: contenders spread out instead of colliding again.
        await sleep(Math.min(200, 2 * 2 ** attempt) * (0.5 + Math.random() / 2));
      }
    }
  }

  /**
   * Locks both accounts (the global order) and returns those of this merchant by id, with the first result of
   * `idempotencyKey` when a transfer holds it already (read in the same statement once the locks are granted).
   * @throws WALLET_IDEMPOTENCY_CONFLICT when the key was used for another request.
   */
  async function lockPair(
    tx: Tx,
    first: number,
    second: number,
    key: { idempotencyKey: string; hash: string },
  ): Promise<{ accounts: Map<number, repo.AccountRow>; replay: Transfer | null }> {
    const rows = await repo.lockAccounts(tx, [first, second], key.idempotencyKey);
    const accounts = new Map(
      rows.filter((row) => row.merchantCode === deps.merchantCode).map((row) => [row.id, row] as const),
    );
    // No row, no answer about the key: ask for it on its own (a used key wins over a missing account).
    const used = rows.length === 0 || rows.some((row) => row.keyUsed);
    const replay = used ? await replayOrConflict(tx, key.idempotencyKey, key.hash) : null;
    return { accounts, replay };
  }

  function need(accounts: Map<number, repo.AccountRow>, accountId: number): repo.AccountRow {
    const row = accounts.get(accountId);
    if (!row) throw new AppError('WALLET_ACCOUNT_NOT_FOUND', { accountId });
    return row;
  }

  /** The first result for a used key with the same request; a refusal for the same key with another request. */
  async function replayOrConflict(tx: DbOrTx, idempotencyKey: string, hash: string): Promise<Transfer | null> {
    const existing = await repo.findTransferByKey(tx, idempotencyKey);
    if (!existing) return null;
    if (existing.requestHash !== hash) {
      throw new AppError('WALLET_IDEMPOTENCY_CONFLICT', { idempotencyKey, transferId: existing.id });
    }
    const entries = existing.state === 'posted' ? await repo.findEntriesOfTransfer(tx, existing.id) : [];
    return toTransfer(existing, entries, true);
  }

  function assertCurrency(account: Pick<repo.AccountRow, 'id' | 'currency'>, currency: string): void {
    if (account.currency !== currency) {
      throw new AppError('WALLET_CURRENCY_MISMATCH', {
        accountId: account.id,
        accountCurrency: account.currency,
        currency,
      });
    }
  }

  /** The service's half of "never negative"; the CHECK constraint is the database's half. */
  function assertAvailable(account: repo.AccountRow, amountMinor: bigint): void {
    if (account.allowNegative) return;
    const available = account.balance - account.pendingDebits;
    if (available < amountMinor) {
      throw new AppError('WALLET_INSUFFICIENT_FUNDS', {
        accountId: account.id,
        availableMinor: available.toString(),
        requestedMinor: amountMinor.toString(),
      });
    }
  }

  /** Owner, currency and negative allowance never change after an account is made: read once, then remembered. */
  const factsCache = new LRUCache<number, AccountFacts>({ max: 20_000 });

  async function accountFacts(ids: [number, number]): Promise<[AccountFacts | undefined, AccountFacts | undefined]> {
    const missing = ids.filter((id) => !factsCache.has(id));
    if (missing.length > 0) {
      for (const row of await repo.findAccountFacts(deps.db, missing)) {
        if (row.merchantCode === deps.merchantCode) factsCache.set(row.id, row);
      }
    }
    return [factsCache.get(ids[0]), factsCache.get(ids[1])];
  }

  /**
   * A transfer between a member's account and a shared (house or system) one, which may go negative: the member's
   * account is locked first, the key, currency and funds are checked and the transfer appended, and the shared
   * account's row is taken only by its balance update, the last write before the entries and the commit. Every
   * deposit, bet and win touches one of a few shared rows; holding each for one statement and the commit instead
   * of the whole transaction is what lets many members' writes go through at once (pgbench's TPC-B holds its one
   * branch row the same way). The lock order stays the global one of `repo.lockAccounts`: members, then shared.
   */
  async function transferLockingSharedLast(
    tx: Tx,
    input: TransferInput,
    prepared: { hash: string; metadata: Record<string, unknown> },
    shared: AccountFacts,
    options: Pick<TransferOptions, 'beforeMoving' | 'recordTransferId'>,
  ): Promise<Transfer> {
    const memberIsDebit = shared.id === input.credit;
    const memberId = memberIsDebit ? input.debit : input.credit;
    const [row] = await repo.lockAccounts(tx, [memberId], input.idempotencyKey);
    if (!row || row.keyUsed) {
      const replay = await replayOrConflict(tx, input.idempotencyKey, prepared.hash);
      if (replay) return replay;
    }
    if (!row || row.merchantCode !== deps.merchantCode) {
      throw new AppError('WALLET_ACCOUNT_NOT_FOUND', { accountId: memberId });
    }
    assertCurrency(memberIsDebit ? row : shared, input.currency);
    assertCurrency(memberIsDebit ? shared : row, input.currency);
    if (memberIsDebit) assertAvailable(row, input.amountMinor);
    await options.beforeMoving?.(tx);
    return post(tx, {
      idempotencyKey: input.idempotencyKey,
      requestHash: prepared.hash,
      debitAccountId: input.debit,
      creditAccountId: input.credit,
      amount: input.amountMinor,
      currency: input.currency,
      kind: input.kind,
      metadata: prepared.metadata,
      releasePending: false,
      recordTransferId: options.recordTransferId,
    });
  }

  /**
   * `transferLockingSharedLast` with the caller's guard, as one statement (`repo.postGuardedTransfer`), alone in its
   * own implicit transaction or in a group's transaction with the others that arrived meanwhile (`commitGroup`,
   * wallet.commit-group.ts): the same locks in the same order, the same checks, and nothing written unless all
   * pass. Null when it wrote nothing or lost a race (a deadlock, a serialization failure, a twin's key): the caller
   * then runs the ordinary transaction, whose own retries and answers (replay, refusal) apply.
   */
  async function transferInOneStatement(
    input: TransferInput,
    prepared: { hash: string; metadata: Record<string, unknown> },
    shared: AccountFacts,
    guard: NonNullable<TransferOptions['guard']>,
  ): Promise<Transfer | null> {
    // The shared account's facts are remembered (this merchant's only); its currency is checked here, the member's
    // in the statement. A mismatch is left to the ordinary path, which refuses it.
    if (shared.currency !== input.currency) return null;
    const memberPays = shared.id === input.credit;
    let written: repo.GuardedTransfer | null;
    try {
      const values = {
        merchantCode: deps.merchantCode,
        memberAccountId: memberPays ? input.debit : input.credit,
        memberPays,
        idempotencyKey: input.idempotencyKey,
        requestHash: prepared.hash,
        debitAccountId: input.debit,
        creditAccountId: input.credit,
        amount: input.amountMinor,
        currency: input.currency,
        kind: input.kind,
        metadata: prepared.metadata,
        guard,
      };
      written = await commitGroup.run({ memberAccountId: values.memberAccountId, sharedAccountId: shared.id }, (db) =>
        repo.postGuardedTransfer(db, values),
      );
    } catch (error) {
      const race =
        isRetryableDbError(error) || (isUniqueViolation(error) && raceConstraints.has(constraintOf(error) ?? ''));
      if (!race) throw error;
      deps.onRaceLost?.(error);
      return null;
    }
    if (!written) return null;
    guard.guarded?.(written.guarded);
    return postedTransfer(written);
  }

  function postedTransfer(written: repo.PostedTransfer): Transfer {
    const { transfer, debitBalanceAfter, creditBalanceAfter, debitPendingAfter, creditPendingAfter } = written;
    const posted = toTransfer(
      transfer,
      [
        { accountId: transfer.debitAccountId, amount: -transfer.amount, balanceAfter: debitBalanceAfter },
        { accountId: transfer.creditAccountId, amount: transfer.amount, balanceAfter: creditBalanceAfter },
      ],
      false,
    );
    posted.availableAfter = {
      debitMinor: debitBalanceAfter - debitPendingAfter,
      creditMinor: creditBalanceAfter - creditPendingAfter,
    };
    return posted;
  }

  /**
   * Moves posted money and appends the transfer with its two entries, in one statement (`repo.postTransfer`): the
   * member accounts are locked already; a shared account is locked by its update there, last.
   */
  async function post(tx: Tx, values: Parameters<typeof repo.postTransfer>[1]): Promise<Transfer> {
    return postedTransfer(await repo.postTransfer(tx, values));
  }

  /** Validates a transfer or hold request and returns its hash and normalised metadata. */
  function prepare(op: 'transfer' | 'hold', input: TransferInput) {
    assertKey(input.idempotencyKey);
    assertId('debit', input.debit);
    assertId('credit', input.credit);
    assertAmount(input.amountMinor);
    if (!currencyPattern.test(input.currency)) throw invalid('currency', 'An ISO 4217 currency code');
    if (typeof input.kind !== 'string' || !/^[A-Z][A-Z0-9_]{1,39}$/.test(input.kind)) {
      throw invalid('kind', 'A transfer kind');
    }
    if (input.debit === input.credit) throw new AppError('WALLET_SAME_ACCOUNT', { accountId: input.debit });
    const metadata = normaliseMetadata(input.metadata);
    const hash = requestHash({
      op,
      debit: input.debit,
      credit: input.credit,
      amountMinor: input.amountMinor,
      currency: input.currency,
      kind: input.kind,
      metadata,
    });
    return { hash, metadata };
  }

  /**
   * Looks up the hold or transfer that a post, void or reversal names and locks its two accounts. Transfers
   * are immutable, so reading the target before locking is safe; the locks then serialise every writer that
   * resolves or reverses it. `locked` is null when there is no such transfer of this merchant; `replay` is the
   * first result of the key when it was used already (see lockPair).
   */
  async function lockTarget(tx: Tx, transferId: number, key: { idempotencyKey: string; hash: string }) {
    const target = await repo.findTransfer(tx, transferId);
    if (!target) return { locked: null, replay: await replayOrConflict(tx, key.idempotencyKey, key.hash) };
    const { accounts, replay } = await lockPair(tx, target.debitAccountId, target.creditAccountId, key);
    return { locked: accounts.size === 2 ? { target, accounts } : null, replay };
  }

  /**
   * An account with its cached balance.
   * @throws WALLET_ACCOUNT_NOT_FOUND
   */
  async function getAccount(accountId: number): Promise<WalletAccount> {
    const row = await repo.findAccount(deps.db, accountId);
    if (!row || row.merchantCode !== deps.merchantCode) throw new AppError('WALLET_ACCOUNT_NOT_FOUND', { accountId });
    return toAccount(row);
  }

  async function resolveHold(
    action: 'post' | 'void',
    pendingId: number,
    idempotencyKey: string,
    options: ResolveOptions,
  ): Promise<Transfer> {
    assertKey(idempotencyKey);
    assertId('pendingId', pendingId);
    const extra = normaliseMetadata(options.metadata);
    const hash = requestHash({ op: action, pendingId, metadata: extra });
    return write(idempotencyKey, hash, async (tx) => {
      const { locked, replay } = await lockTarget(tx, pendingId, { idempotencyKey, hash });
      if (replay) return replay;
      if (!locked) throw new AppError('WALLET_TRANSFER_NOT_FOUND', { transferId: pendingId });
      const hold = locked.target;
      if (hold.state !== 'pending') throw new AppError('WALLET_TRANSFER_NOT_PENDING', { transferId: pendingId });
      const resolution = await repo.findResolution(tx, hold.id);
      if (resolution) {
        throw new AppError('WALLET_PENDING_ALREADY_RESOLVED', {
          pendingId,
          resolution: resolution.state,
          resolvedByTransferId: resolution.id,
        });
      }
      const values = {
        idempotencyKey,
        requestHash: hash,
        debitAccountId: hold.debitAccountId,
        creditAccountId: hold.creditAccountId,
        amount: hold.amount,
        currency: hold.currency,
        kind: hold.kind,
        pendingId: hold.id,
        metadata: { ...hold.metadata, ...extra },
      };
      let resolved: Transfer;
      if (action === 'post') resolved = await post(tx, { ...values, releasePending: true });
      else {
        await repo.applyToAccount(tx, hold.debitAccountId, { balanceDelta: 0n, pendingDelta: -hold.amount });
        resolved = toTransfer(await repo.insertTransfer(tx, { ...values, state: 'voided' }), [], false);
      }
      await options.within?.(tx, resolved);
      return resolved;
    });
  }

  return {
    /**
     * The account of an owner for a kind and currency, created on first use. House and system accounts may
     * go negative; player and agent accounts never.
     * @throws VALIDATION_FAILED for a malformed owner or currency.
     */
    async ensureAccount(owner: WalletOwner, kind: WalletAccountKind, currency: string): Promise<WalletAccount> {
      const ownerId = owner.type === 'player' || owner.type === 'agent' ? owner.id : null;
      if (ownerId !== null) assertId('owner.id', ownerId);
      if (!['player', 'agent', 'house', 'system'].includes(owner.type))
        throw invalid('owner.type', 'Unknown owner type');
      if (typeof kind !== 'string' || !/^[A-Z][A-Z0-9_]{1,39}$/.test(kind)) throw invalid('kind', 'An account kind');
      if (!currencyPattern.test(currency)) throw invalid('currency', 'An ISO 4217 currency code');
      const row = await repo.ensureAccount(deps.db, {
        merchantCode: deps.merchantCode,
        ownerType: owner.type,
        ownerId,
        kind,
        currency,
        allowNegative: owner.type === 'house' || owner.type === 'system',
      });
      return toAccount(row);
    },

    /**
     * An account with its cached balance.
     * @throws WALLET_ACCOUNT_NOT_FOUND
     */
    getAccount,

    /**
     * Balance, reservations and available amount of an account, as decimal strings of minor units.
     * @throws WALLET_ACCOUNT_NOT_FOUND
     */
    async getBalance(accountId: number): Promise<WalletBalance> {
      const account = await getAccount(accountId);
      return {
        accountId: account.id,
        currency: account.currency,
        balanceMinor: account.balanceMinor.toString(),
        pendingDebitsMinor: account.pendingDebitsMinor.toString(),
        availableMinor: account.availableMinor.toString(),
      };
    },

    /**
     * Moves money from the debit account to the credit account at once. The same key with the same request
     * returns the first transfer (`replayed: true`) and moves nothing.
     * @throws WALLET_INSUFFICIENT_FUNDS with availableMinor and requestedMinor when a player or agent account
     *   would go below zero.
     * @throws WALLET_ACCOUNT_NOT_FOUND, WALLET_CURRENCY_MISMATCH, WALLET_AMOUNT_INVALID, WALLET_SAME_ACCOUNT
     * @throws WALLET_IDEMPOTENCY_CONFLICT when the key was used for another request.
     * @throws SERVICE_UNAVAILABLE when the write kept losing races; retry with the same key.
     * `beforeMoving` and `within` (see TransferOptions) commit the caller's own rows with the transfer (a deposit's
     * state); neither runs for a replay, so the caller sees `replayed: true` and settles its rows on its own.
     */
    async transfer(input: TransferInput, options: TransferOptions = {}): Promise<Transfer> {
      const { hash, metadata } = prepare('transfer', input);
      const [debitFacts, creditFacts] = await accountFacts([input.debit, input.credit]);
      const debitShared = debitFacts !== undefined && repo.sharedOwnerTypes.includes(debitFacts.ownerType);
      const creditShared = creditFacts !== undefined && repo.sharedOwnerTypes.includes(creditFacts.ownerType);
      // One member side and one shared side that may go negative: the shared row is locked last and briefly.
      const shared =
        debitFacts && creditFacts && debitShared !== creditShared
          ? [debitFacts, creditFacts].find(
              (facts) => repo.sharedOwnerTypes.includes(facts.ownerType) && facts.allowNegative,
            )
          : undefined;
      const moved = async (tx: Tx): Promise<Transfer> => {
        if (shared) return transferLockingSharedLast(tx, input, { hash, metadata }, shared, options);
        const { accounts, replay } = await lockPair(tx, input.debit, input.credit, {
          idempotencyKey: input.idempotencyKey,
          hash,
        });
        if (replay) return replay;
        const debit = need(accounts, input.debit);
        const credit = need(accounts, input.credit);
        assertCurrency(debit, input.currency);
        assertCurrency(credit, input.currency);
        assertAvailable(debit, input.amountMinor);
        await options.beforeMoving?.(tx);
        return post(tx, {
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
          debitAccountId: debit.id,
          creditAccountId: credit.id,
          amount: input.amountMinor,
          currency: input.currency,
          kind: input.kind,
          metadata,
          releasePending: false,
          recordTransferId: options.recordTransferId,
        });
      };
      if (shared && options.guard && !options.within) {
        const once = await transferInOneStatement(input, { hash, metadata }, shared, options.guard);
        if (once) return once;
      }
      return write(
        input.idempotencyKey,
        hash,
        async (tx) => {
          const transfer = await moved(tx);
          if (!transfer.replayed) await options.within?.(tx, transfer);
          return transfer;
        },
        // A member↔shared transfer checks its key right after its member's lock, before any shared lock.
        { precheck: shared === undefined },
      );
    },

    /**
     * Reserves money on the debit account (a pending transfer): it stops being available but stays in the
     * balance until `post` moves it to the credit account or `void` releases it. `within` (see WithinTransfer)
     * commits the caller's own rows with the hold, e.g. taking one from a stock count.
     * @throws WALLET_INSUFFICIENT_FUNDS, WALLET_ACCOUNT_NOT_FOUND, WALLET_CURRENCY_MISMATCH, WALLET_AMOUNT_INVALID,
     *   WALLET_SAME_ACCOUNT, WALLET_IDEMPOTENCY_CONFLICT, SERVICE_UNAVAILABLE (as transfer)
     */
    async hold(input: TransferInput, options: { within?: WithinTransfer } = {}): Promise<Transfer> {
      const { hash, metadata } = prepare('hold', input);
      return write(input.idempotencyKey, hash, async (tx) => {
        const { accounts, replay } = await lockPair(tx, input.debit, input.credit, {
          idempotencyKey: input.idempotencyKey,
          hash,
        });
        if (replay) return replay;
        const debit = need(accounts, input.debit);
        const credit = need(accounts, input.credit);
        assertCurrency(debit, input.currency);
        assertCurrency(credit, input.currency);
        assertAvailable(debit, input.amountMinor);
        await repo.applyToAccount(tx, debit.id, { balanceDelta: 0n, pendingDelta: input.amountMinor });
        const transfer = await repo.insertTransfer(tx, {
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
          debitAccountId: debit.id,
          creditAccountId: credit.id,
          amount: input.amountMinor,
          currency: input.currency,
          kind: input.kind,
          state: 'pending',
          metadata,
        });
        const held = toTransfer(transfer, [], false);
        await options.within?.(tx, held);
        return held;
      });
    },

    /**
     * Completes a hold: the reserved amount moves from its debit to its credit account. A hold is resolved
     * at most once (the database holds one resolution per hold).
     * @throws WALLET_TRANSFER_NOT_FOUND, WALLET_TRANSFER_NOT_PENDING (not a hold), WALLET_PENDING_ALREADY_RESOLVED
     * @throws WALLET_IDEMPOTENCY_CONFLICT, SERVICE_UNAVAILABLE
     */
    post(pendingId: number, idempotencyKey: string, options: ResolveOptions = {}): Promise<Transfer> {
      return resolveHold('post', pendingId, idempotencyKey, options);
    },

    /**
     * Cancels a hold: the reserved amount is available again and nothing moves.
     * @throws WALLET_TRANSFER_NOT_FOUND, WALLET_TRANSFER_NOT_PENDING, WALLET_PENDING_ALREADY_RESOLVED
     * @throws WALLET_IDEMPOTENCY_CONFLICT, SERVICE_UNAVAILABLE
     */
    void(pendingId: number, idempotencyKey: string, options: ResolveOptions = {}): Promise<Transfer> {
      return resolveHold('void', pendingId, idempotencyKey, options);
    },

    /**
     * Corrects a posted transfer with its mirror image (kind REVERSAL), at most once per transfer. The account
     * that was credited must still hold the amount unless it may go negative.
     * @throws WALLET_TRANSFER_NOT_FOUND, WALLET_TRANSFER_NOT_REVERSIBLE (a hold or a void), WALLET_ALREADY_REVERSED
     * @throws WALLET_INSUFFICIENT_FUNDS, WALLET_IDEMPOTENCY_CONFLICT, SERVICE_UNAVAILABLE
     */
    async reverse(transferId: number, idempotencyKey: string, options: ResolveOptions = {}): Promise<Transfer> {
      assertKey(idempotencyKey);
      assertId('transferId', transferId);
      const extra = normaliseMetadata(options.metadata);
      const hash = requestHash({ op: 'reverse', transferId, metadata: extra });
      return write(idempotencyKey, hash, async (tx) => {
        const { locked, replay } = await lockTarget(tx, transferId, { idempotencyKey, hash });
        if (replay) return replay;
        if (!locked) throw new AppError('WALLET_TRANSFER_NOT_FOUND', { transferId });
        const { target: original, accounts } = locked;
        if (original.state !== 'posted') throw new AppError('WALLET_TRANSFER_NOT_REVERSIBLE', { transferId });
        const existing = await repo.findReversal(tx, original.id);
        if (existing) {
          throw new AppError('WALLET_ALREADY_REVERSED', { transferId, reversalTransferId: existing.id });
        }
        assertAvailable(need(accounts, original.creditAccountId), original.amount);
        const reversal = await post(tx, {
          idempotencyKey,
          requestHash: hash,
          debitAccountId: original.creditAccountId,
          creditAccountId: original.debitAccountId,
          amount: original.amount,
          currency: original.currency,
          kind: 'REVERSAL',
          reversesTransferId: original.id,
          metadata: extra,
          releasePending: false,
        });
        await options.within?.(tx, reversal);
        return reversal;
      });
    },

    /** A transfer by id (with its entries), or null. */
    async getTransfer(transferId: number): Promise<Transfer | null> {
      const row = await repo.findTransfer(deps.db, transferId);
      return row ? toTransfer(row, await repo.findEntriesOfTransfer(deps.db, row.id), false) : null;
    },

    /** A transfer by the caller's key, or null: how a caller learns the fate of a call that timed out. */
    async getTransferByKey(idempotencyKey: string): Promise<Transfer | null> {
      const row = await repo.findTransferByKey(deps.db, idempotencyKey);
      return row ? toTransfer(row, await repo.findEntriesOfTransfer(deps.db, row.id), false) : null;
    },

    /**
     * An account's posted movements, newest first.
     * @throws WALLET_ACCOUNT_NOT_FOUND
     */
    async history(accountId: number, page: { pageNo?: number; pageSize?: number } = {}): Promise<WalletHistoryPage> {
      await getAccount(accountId);
      const pageNo = Math.max(1, Math.floor(page.pageNo ?? 1));
      const pageSize = Math.min(100, Math.max(1, Math.floor(page.pageSize ?? 20)));
      const { rows, total } = await repo.listEntries(deps.db, accountId, {
        offset: (pageNo - 1) * pageSize,
        limit: pageSize,
      });
      return {
        items: rows.map(({ entry, transfer }) => ({
          entryId: entry.id,
          transferId: transfer.id,
          kind: transfer.kind,
          amountMinor: entry.amount.toString(),
          balanceAfterMinor: entry.balanceAfter.toString(),
          counterpartyAccountId:
            transfer.debitAccountId === accountId ? transfer.creditAccountId : transfer.debitAccountId,
          reversesTransferId: transfer.reversesTransferId,
          metadata: transfer.metadata,
          createdAt: entry.createdAt.toISOString(),
        })),
        pageNo,
        pageSize,
        total,
        totalPages: Math.ceil(total / pageSize),
      };
    },

    /**
     * Reconciles the whole ledger from one consistent snapshot (repeatable read), so it can run beside live
     * traffic: cached balances against entries, each entry's balance_after against the running sum, two
     * matching entries per posted transfer, debits equal credits per currency, no member account negative,
     * pending debits against unresolved holds, holds resolved at most once, reversals at most once.
     */
    async verifyLedger(options: { limitPerCheck?: number } = {}): Promise<LedgerVerifyReport> {
      const limit = options.limitPerCheck ?? 20;
      return deps.db.transaction(
        async (tx) => {
          const q = repo.ledgerBreachQueries;
          const breaches: LedgerVerifyReport['breaches'] = [];
          for (const row of await q.cachedBalance(tx, limit)) {
            breaches.push({
              check: 'cached_balance',
              detail: `account ${row.account_id}: cached ${row.cached}, entries sum to ${row.computed}`,
            });
          }
          for (const row of await q.entryChain(tx, limit)) {
            breaches.push({
              check: 'entry_chain',
              detail: `entry ${row.entry_id} of account ${row.account_id}: balance_after ${row.recorded}, running sum ${row.running}`,
            });
          }
          for (const row of await q.transferEntries(tx, limit)) {
            breaches.push({ check: 'transfer_entries', detail: `transfer ${row.transfer_id}: ${row.problem}` });
          }
          const netByCurrency: Record<string, string> = {};
          for (const row of await q.netByCurrency(tx)) {
            netByCurrency[row.currency] = row.net;
            if (BigInt(row.net) !== 0n) {
              breaches.push({
                check: 'currency_balance',
                detail: `${row.currency}: debits and credits differ by ${row.net}`,
              });
            }
          }
          for (const row of await q.negative(tx, limit)) {
            breaches.push({
              check: 'never_negative',
              detail: `${row.owner_type} account ${row.account_id}: balance ${row.balance}, pending debits ${row.pending_debits}`,
            });
          }
          for (const row of await q.pendingDebits(tx, limit)) {
            breaches.push({
              check: 'pending_debits',
              detail: `account ${row.account_id}: pending_debits ${row.cached}, unresolved holds sum to ${row.computed}`,
            });
          }
          for (const row of await q.pendingResolution(tx, limit)) {
            breaches.push({ check: 'pending_resolution', detail: `transfer ${row.transfer_id}: ${row.problem}` });
          }
          for (const row of await q.reversal(tx, limit)) {
            breaches.push({ check: 'reversal', detail: `transfer ${row.transfer_id}: ${row.problem}` });
          }
          const counts = await repo.ledgerCounts(tx);
          if (breaches.length > 0) deps.log?.error({ breaches }, 'ledger verification found breaches');
          return { ok: breaches.length === 0, ...counts, netByCurrency, breaches, checkedAt: new Date().toISOString() };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
