import { and, asc, count, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db';
import { walletAccounts, walletEntries, walletIdempotencyKeys, walletTransfers } from './wallet.tables';

export type AccountRow = typeof walletAccounts.$inferSelect;
export type TransferRow = typeof walletTransfers.$inferSelect;
export type NewTransferRow = typeof walletTransfers.$inferInsert;
export type EntryRow = typeof walletEntries.$inferSelect;
export type IdempotencyKeyRow = typeof walletIdempotencyKeys.$inferSelect;

// ---------------------------------------------------------------------------------------------- accounts

export type AccountOwnerKey = {
  merchantCode: string;
  ownerType: string;
  ownerId: number | null;
  kind: string;
  currency: string;
};

function ownerCondition(owner: AccountOwnerKey) {
  return and(
    eq(walletAccounts.merchantCode, owner.merchantCode),
    eq(walletAccounts.ownerType, owner.ownerType),
    owner.ownerId === null ? isNull(walletAccounts.ownerId) : eq(walletAccounts.ownerId, owner.ownerId),
    eq(walletAccounts.kind, owner.kind),
    eq(walletAccounts.currency, owner.currency),
  );
}

export async function findAccountByOwner(db: DbOrTx, owner: AccountOwnerKey): Promise<AccountRow | null> {
  const [row] = await db.select().from(walletAccounts).where(ownerCondition(owner));
  return row ?? null;
}

/**
 * Reads the account, creating it first when it does not exist yet (two concurrent creators both succeed). Accounts
 * exist after a member's first use, so the read comes first: one statement on the common path, and no sequence
 * value spent by a conflicting insert.
 */
export async function ensureAccount(
  db: DbOrTx,
  owner: AccountOwnerKey & { allowNegative: boolean },
): Promise<AccountRow> {
  const existing = await findAccountByOwner(db, owner);
  if (existing) return existing;
  await db.insert(walletAccounts).values(owner).onConflictDoNothing();
  const row = await findAccountByOwner(db, owner);
  if (!row) throw new Error('wallet account insert returned nothing');
  return row;
}

export async function findAccount(db: DbOrTx, accountId: number): Promise<AccountRow | null> {
  const [row] = await db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId));
  return row ?? null;
}

/** House and system accounts: shared by every member's money movements, so the hot rows of the ledger. */
export const sharedOwnerTypes: readonly string[] = ['house', 'system'];

/**
 * Locks the accounts (`FOR NO KEY UPDATE`) in the ledger's one global order and returns them: members' accounts before
 * shared (house and system) ones, ascending id within each. PostgreSQL locks rows as the sorted result is
 * produced, so every writer takes its locks in the same order and two transfers A→B and B→A cannot deadlock
 * (Nakama core_wallet.go, pgledger). Shared accounts come last so that a writer may also take a shared account's
 * lock late, by updating it as its last step (see `postTransfer`), without breaking the order.
 *
 * With `idempotencyKey`, each row also tells whether a transfer holds that key already (`keyUsed`), so the writer
 * learns of a replay without a second round trip. The transfers are read from the statement's snapshot: a twin
 * with the same key that commits while this statement waits for a lock is not seen here, and its insert then fails
 * on the key's unique constraint, which the wallet's write loop treats as a lost race (the rerun replays it).
 */
export async function lockAccounts(
  db: DbOrTx,
  accountIds: number[],
  idempotencyKey?: string,
): Promise<Array<AccountRow & { keyUsed: boolean }>> {
  const rows = await db
    .select({ account: walletAccounts, usedBy: walletTransfers.id })
    .from(walletAccounts)
    .leftJoin(walletTransfers, eq(walletTransfers.idempotencyKey, idempotencyKey ?? sql`null`))
    .where(inArray(walletAccounts.id, accountIds))
    .orderBy(sql`${walletAccounts.ownerType} in ('house', 'system')`, asc(walletAccounts.id))
    // NO KEY UPDATE: what a balance change needs, and it lets other transfers' foreign keys to the row (KEY SHARE)
    // through instead of queueing them behind this transaction. Only the accounts are locked, not the transfer.
    .for('no key update', { of: walletAccounts });
  return rows.map(({ account, usedBy }) => ({ ...account, keyUsed: usedBy !== null }));
}

/** An account's unchanging facts (owner, currency, negative allowance), read without a lock. */
export async function findAccountFacts(
  db: DbOrTx,
  accountIds: number[],
): Promise<Pick<AccountRow, 'id' | 'merchantCode' | 'ownerType' | 'currency' | 'allowNegative'>[]> {
  return db
    .select({
      id: walletAccounts.id,
      merchantCode: walletAccounts.merchantCode,
      ownerType: walletAccounts.ownerType,
      currency: walletAccounts.currency,
      allowNegative: walletAccounts.allowNegative,
    })
    .from(walletAccounts)
    .where(inArray(walletAccounts.id, accountIds));
}

/** Moves an account's cached balance and reservation by the given deltas; returns the new values. */
export async function applyToAccount(
  db: DbOrTx,
  accountId: number,
  change: { balanceDelta: bigint; pendingDelta: bigint },
): Promise<{ balance: bigint; pendingDebits: bigint }> {
  const [row] = await db
    .update(walletAccounts)
    .set({
      balance: sql`${walletAccounts.balance} + ${change.balanceDelta.toString()}::bigint`,
      pendingDebits: sql`${walletAccounts.pendingDebits} + ${change.pendingDelta.toString()}::bigint`,
    })
    .where(eq(walletAccounts.id, accountId))
    .returning({ balance: walletAccounts.balance, pendingDebits: walletAccounts.pendingDebits });
  if (!row) throw new Error(`wallet account ${accountId} vanished while locked`);
  return row;
}

/** A further write of the caller's, given the new transfer's id as an SQL expression (see `postTransfer`). */
export type TransferIdRecord = (transferId: SQL) => SQL;

/** A posted transfer as `postTransfer` writes it. */
export type PostedTransfer = {
  transfer: TransferRow;
  debitBalanceAfter: bigint;
  creditBalanceAfter: bigint;
  /** Each account's pending debits right after the transfer (its balance minus these is what it can spend). */
  debitPendingAfter: bigint;
  creditPendingAfter: bigint;
};

/**
 * Writes a posted transfer in one statement: moves both accounts' cached balances (and releases the debit
 * account's reservation by `releasePending`), appends the transfer and its two entries (debit minus, credit plus,
 * each with the balance after). The caller holds the lock of every member account involved already; a shared
 * account not locked yet is locked by its update here, the last lock this transaction takes, and held only for
 * this statement and the commit. The CHECK constraints still refuse a member account going negative.
 */
export async function postTransfer(
  db: DbOrTx,
  values: {
    idempotencyKey: string;
    requestHash: string;
    debitAccountId: number;
    creditAccountId: number;
    amount: bigint;
    currency: string;
    kind: string;
    pendingId?: number | null;
    reversesTransferId?: number | null;
    metadata: Record<string, unknown>;
    releasePending: boolean;
    /** A further write given the new transfer's id, run by this same statement (see TransferOptions). */
    recordTransferId?: TransferIdRecord | undefined;
  },
): Promise<PostedTransfer> {
  const amount = values.amount.toString();
  const pendingDelta = values.releasePending ? `-${amount}` : '0';
  const result = await rowsOf<{
    id: string;
    created_ms: string;
    metadata: string;
    debit_balance: string;
    credit_balance: string;
    debit_pending: string;
    credit_pending: string;
  }>(
    db,
    sql`with d as (
          update wallet_accounts set balance = balance - ${amount}::bigint,
                 pending_debits = pending_debits + ${pendingDelta}::bigint
          where id = ${values.debitAccountId} returning balance, pending_debits
        ), c as (
          update wallet_accounts set balance = balance + ${amount}::bigint
          where id = ${values.creditAccountId} returning balance, pending_debits
        ), t as (
          insert into wallet_transfers (idempotency_key, request_hash, debit_account_id, credit_account_id, amount,
                                        currency, kind, state, pending_id, reverses_transfer_id, metadata)
          values (${values.idempotencyKey}, ${values.requestHash}, ${values.debitAccountId}, ${values.creditAccountId},
                  ${amount}::bigint, ${values.currency}, ${values.kind}, 'posted', ${values.pendingId ?? null}::bigint,
                  ${values.reversesTransferId ?? null}::bigint, ${JSON.stringify(values.metadata)}::jsonb)
          returning id, created_at, metadata
        ), e as (
          insert into wallet_entries (transfer_id, account_id, amount, balance_after)
          select t.id, ${values.debitAccountId}::bigint, -${amount}::bigint, d.balance from t, d
          union all
          select t.id, ${values.creditAccountId}::bigint, ${amount}::bigint, c.balance from t, c
        )${values.recordTransferId ? sql`, r as (${values.recordTransferId(sql`(select t.id from t)`)})` : sql``}
        select t.id::text as id, floor(extract(epoch from t.created_at) * 1000)::bigint::text as created_ms,
               t.metadata::text as metadata, d.balance::text as debit_balance, c.balance::text as credit_balance,
               d.pending_debits::text as debit_pending, c.pending_debits::text as credit_pending
        from t, d, c`,
  );
  const [row] = result;
  if (!row) throw new Error('wallet transfer: an account vanished while locked');
  return postedFromRow(values, row);
}

/**
 * The posted transfer a writing statement answered: its columns `<prefix>id`, `<prefix>created_ms`,
 * `<prefix>metadata` and each side's balance and pending debits after (as text), with the request's own values.
 */
function postedFromRow(
  values: Pick<
    TransferRow,
    'idempotencyKey' | 'requestHash' | 'debitAccountId' | 'creditAccountId' | 'amount' | 'currency' | 'kind'
  > & { pendingId?: number | null; reversesTransferId?: number | null },
  row: Record<string, unknown>,
  prefix = '',
): PostedTransfer {
  const column = (name: string) => String(row[`${prefix}${name}`]);
  return {
    transfer: {
      id: Number(column('id')),
      idempotencyKey: values.idempotencyKey,
      requestHash: values.requestHash,
      debitAccountId: values.debitAccountId,
      creditAccountId: values.creditAccountId,
      amount: values.amount,
      currency: values.currency,
      kind: values.kind,
      state: 'posted',
      pendingId: values.pendingId ?? null,
      reversesTransferId: values.reversesTransferId ?? null,
      metadata: JSON.parse(column('metadata')) as Record<string, unknown>,
      createdAt: new Date(Number(column('created_ms'))),
    },
    debitBalanceAfter: BigInt(column('debit_balance')),
    creditBalanceAfter: BigInt(column('credit_balance')),
    debitPendingAfter: BigInt(column('debit_pending')),
    creditPendingAfter: BigInt(column('credit_pending')),
  };
}

/**
 * A write of the caller's module that decides whether a transfer happens, run inside the transfer's own statement
 * (see `postGuardedTransfer`). `update` is one UPDATE … RETURNING * of the caller's row; it must add `gate` to its
 * WHERE clause, so that it changes nothing unless the ledger's checks passed, and the transfer happens only when it
 * returned a row. It is given the new transfer's id as an SQL expression, to record it on the row in that same
 * update (PostgreSQL applies only one change to a row that two parts of one statement update, so a separate
 * `recordTransferId` cannot touch the guarded row). `follow`, when given, is one or more data-modifying statements,
 * each a CTE of its own, that read the updated row from the CTE named `guarded` (a notice and its inbox message,
 * stored only when the row changed).
 */
export type TransferGuard = { update: (gate: SQL, transferId: SQL) => SQL; follow?: SQL | readonly SQL[] };

/** A transfer written by `postGuardedTransfer`, with the row its guard updated (as the driver gave it). */
export type GuardedTransfer = PostedTransfer & { guarded: Record<string, unknown> };

/**
 * A member↔shared transfer with its caller's deciding write, as one statement and so one round trip, alone in its
 * own implicit transaction (no BEGIN, no COMMIT) or as one of a group's statements (wallet.commit-group.ts, which
 * has locked the group's accounts already, in the same order): it locks the member's account (`FOR NO KEY UPDATE`), checks it (this
 * merchant, the currency, the key not used yet, and, when the member pays, the funds), runs the guard's update
 * gated by those checks, and only when that returned a row moves both cached balances, appends the transfer and
 * its entries under an id taken from the transfers' sequence first (so the guard can record it). Each step reads the one before it, so PostgreSQL runs them in that
 * order: the member's row first, then the caller's row, then the shared row, locked by its update as the last lock
 * (the ledger's global order; alone, the shared row is held only for the rest of this statement and its commit;
 * in a group, until the group's commit).
 *
 * Null when nothing was written: a check failed, the key was used already, or the guard matched no row. The caller
 * then takes the ordinary transactional path, which explains each of those (replay, refusal, the guard's own
 * answer). The key's check reads the statement's snapshot; a twin with the key that commits while this statement
 * waits for the member's lock makes the transfer's insert fail on the key's unique constraint (a lost race).
 */
export async function postGuardedTransfer(
  db: DbOrTx,
  values: {
    merchantCode: string;
    memberAccountId: number;
    /** True when the member's account is the debit side (it must cover the amount unless it may go negative). */
    memberPays: boolean;
    idempotencyKey: string;
    requestHash: string;
    debitAccountId: number;
    creditAccountId: number;
    amount: bigint;
    currency: string;
    kind: string;
    metadata: Record<string, unknown>;
    guard: TransferGuard;
  },
): Promise<GuardedTransfer | null> {
  const amount = values.amount.toString();
  const funds = values.memberPays
    ? sql` and (m.allow_negative or m.balance - m.pending_debits >= ${amount}::bigint)`
    : sql``;
  const gate = sql`exists (select 1 from ok)`;
  const moved = sql`exists (select 1 from guarded)`;
  const follows = ([] as SQL[])
    .concat(values.guard.follow ?? [])
    .map((follow, index) => sql`, ${sql.raw(`follow_${index}`)} as (${follow})`);
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`with n as (
          select nextval(pg_get_serial_sequence('wallet_transfers', 'id')) as id
        ), m as (
          select id, merchant_code, currency, balance, pending_debits, allow_negative from wallet_accounts
          where id = ${values.memberAccountId} for no key update
        ), ok as (
          select 1 from m
          where m.merchant_code = ${values.merchantCode} and m.currency = ${values.currency}${funds}
            and not exists (select 1 from wallet_transfers where idempotency_key = ${values.idempotencyKey})
        ), guarded as (${values.guard.update(gate, sql`(select id from n)`)})${sql.join(follows)}, d as (
          update wallet_accounts set balance = balance - ${amount}::bigint
          where id = ${values.debitAccountId} and ${moved} returning balance, pending_debits
        ), c as (
          update wallet_accounts set balance = balance + ${amount}::bigint
          where id = ${values.creditAccountId} and ${moved} returning balance, pending_debits
        ), t as (
          insert into wallet_transfers (id, idempotency_key, request_hash, debit_account_id, credit_account_id,
                                        amount, currency, kind, state, metadata)
          select (select id from n), ${values.idempotencyKey}, ${values.requestHash}, ${values.debitAccountId}, ${values.creditAccountId},
                 ${amount}::bigint, ${values.currency}, ${values.kind}, 'posted', ${JSON.stringify(values.metadata)}::jsonb
          where ${moved}
          returning id, created_at, metadata
        ), e as (
          insert into wallet_entries (transfer_id, account_id, amount, balance_after)
          select t.id, ${values.debitAccountId}::bigint, -${amount}::bigint, d.balance from t, d
          union all
          select t.id, ${values.creditAccountId}::bigint, ${amount}::bigint, c.balance from t, c
        )
        select guarded.*, t.id::text as ledger_id,
               floor(extract(epoch from t.created_at) * 1000)::bigint::text as ledger_created_ms,
               t.metadata::text as ledger_metadata, d.balance::text as ledger_debit_balance,
               c.balance::text as ledger_credit_balance, d.pending_debits::text as ledger_debit_pending,
               c.pending_debits::text as ledger_credit_pending
        from guarded, t, d, c`,
  );
  if (!row) return null;
  return { ...postedFromRow(values, row, 'ledger_'), guarded: row };
}

// --------------------------------------------------------------------------------------------- transfers

export async function findTransferByKey(db: DbOrTx, idempotencyKey: string): Promise<TransferRow | null> {
  const [row] = await db.select().from(walletTransfers).where(eq(walletTransfers.idempotencyKey, idempotencyKey));
  return row ?? null;
}

export async function findTransfer(db: DbOrTx, transferId: number): Promise<TransferRow | null> {
  const [row] = await db.select().from(walletTransfers).where(eq(walletTransfers.id, transferId));
  return row ?? null;
}

/** The posting or void of a hold, if it has been resolved. */
export async function findResolution(db: DbOrTx, pendingId: number): Promise<TransferRow | null> {
  const [row] = await db.select().from(walletTransfers).where(eq(walletTransfers.pendingId, pendingId));
  return row ?? null;
}

export async function findReversal(db: DbOrTx, transferId: number): Promise<TransferRow | null> {
  const [row] = await db.select().from(walletTransfers).where(eq(walletTransfers.reversesTransferId, transferId));
  return row ?? null;
}

export async function insertTransfer(db: DbOrTx, values: NewTransferRow): Promise<TransferRow> {
  const [row] = await db.insert(walletTransfers).values(values).returning();
  if (!row) throw new Error('wallet transfer insert returned nothing');
  return row;
}

export async function findEntriesOfTransfer(db: DbOrTx, transferId: number): Promise<EntryRow[]> {
  return db.select().from(walletEntries).where(eq(walletEntries.transferId, transferId)).orderBy(asc(walletEntries.id));
}

export type HistoryRow = {
  entry: EntryRow;
  transfer: TransferRow;
};

/** An account's entries, newest first, with their transfers. */
export async function listEntries(
  db: DbOrTx,
  accountId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: HistoryRow[]; total: number }> {
  const rows = await db
    .select({ entry: walletEntries, transfer: walletTransfers })
    .from(walletEntries)
    .innerJoin(walletTransfers, eq(walletTransfers.id, walletEntries.transferId))
    .where(eq(walletEntries.accountId, accountId))
    .orderBy(desc(walletEntries.id))
    .offset(page.offset)
    .limit(page.limit);
  const [totals] = await db
    .select({ total: count() })
    .from(walletEntries)
    .where(eq(walletEntries.accountId, accountId));
  return { rows, total: totals?.total ?? 0 };
}

// -------------------------------------------------------------------------------------------- reconciliation

export type LedgerCounts = { accounts: number; transfers: number; entries: number };

export async function ledgerCounts(db: DbOrTx): Promise<LedgerCounts> {
  const [row] = await rowsOf<{ accounts: string; transfers: string; entries: string }>(
    db,
    sql`select (select count(*) from wallet_accounts)::text as accounts,
               (select count(*) from wallet_transfers)::text as transfers,
               (select count(*) from wallet_entries)::text as entries`,
  );
  return {
    accounts: Number(row?.accounts ?? 0),
    transfers: Number(row?.transfers ?? 0),
    entries: Number(row?.entries ?? 0),
  };
}

/**
 * The reconciliation queries. Each returns the rows that break one invariant (at most `limit`); an
 * empty result means the invariant holds. Amounts come back as text so no driver turns them into floats.
 */
export const ledgerBreachQueries = {
  /** The cached balance differs from the sum of the account's entries. */
  cachedBalance: (db: DbOrTx, limit: number) =>
    rowsOf<{ account_id: string; cached: string; computed: string }>(
      db,
      sql`select a.id::text as account_id, a.balance::text as cached, coalesce(e.total, 0)::text as computed
          from wallet_accounts a
          left join (select account_id, sum(amount) as total from wallet_entries group by account_id) e
            on e.account_id = a.id
          where a.balance <> coalesce(e.total, 0)
          order by a.id limit ${limit}`,
    ),
  /** An entry's balance_after is not the running sum of the account's entries up to it. */
  entryChain: (db: DbOrTx, limit: number) =>
    rowsOf<{ entry_id: string; account_id: string; recorded: string; running: string }>(
      db,
      sql`select id::text as entry_id, account_id::text, balance_after::text as recorded, running::text
          from (select id, account_id, balance_after,
                       sum(amount) over (partition by account_id order by id) as running
                from wallet_entries) chain
          where balance_after <> running
          order by id limit ${limit}`,
    ),
  /**
   * A posted transfer lacks its two entries (minus the amount on the debit account, plus on the credit
   * account), or a hold or void has entries, or an entry's account has another currency than its transfer.
   */
  transferEntries: (db: DbOrTx, limit: number) =>
    rowsOf<{ transfer_id: string; state: string; problem: string }>(
      db,
      sql`select t.id::text as transfer_id, t.state,
                 case when t.state <> 'posted' then 'entries on a ' || t.state || ' transfer'
                      else 'entries do not match the transfer' end as problem
          from wallet_transfers t
          left join lateral (
            select count(*) as n,
                   count(*) filter (where e.account_id = t.debit_account_id and e.amount = -t.amount) as debit_ok,
                   count(*) filter (where e.account_id = t.credit_account_id and e.amount = t.amount) as credit_ok,
                   count(*) filter (where a.currency <> t.currency) as wrong_currency
            from wallet_entries e join wallet_accounts a on a.id = e.account_id
            where e.transfer_id = t.id
          ) e on true
          where (t.state = 'posted' and (e.n <> 2 or e.debit_ok <> 1 or e.credit_ok <> 1 or e.wrong_currency > 0))
             or (t.state <> 'posted' and e.n <> 0)
          order by t.id limit ${limit}`,
    ),
  /** Net of all entries per currency: zero when debits equal credits. */
  netByCurrency: (db: DbOrTx) =>
    rowsOf<{ currency: string; net: string }>(
      db,
      sql`select a.currency, coalesce(sum(e.amount), 0)::text as net
          from wallet_accounts a join wallet_entries e on e.account_id = a.id
          group by a.currency order by a.currency`,
    ),
  /** An account that may not go negative is negative, or its holds exceed its balance. */
  negative: (db: DbOrTx, limit: number) =>
    rowsOf<{ account_id: string; owner_type: string; balance: string; pending_debits: string }>(
      db,
      sql`select id::text as account_id, owner_type, balance::text, pending_debits::text
          from wallet_accounts
          where (not allow_negative and (balance < 0 or balance - pending_debits < 0))
             or (allow_negative and owner_type in ('player', 'agent'))
             or pending_debits < 0
          order by id limit ${limit}`,
    ),
  /** pending_debits differs from the sum of the account's unresolved holds. */
  pendingDebits: (db: DbOrTx, limit: number) =>
    rowsOf<{ account_id: string; cached: string; computed: string }>(
      db,
      sql`select a.id::text as account_id, a.pending_debits::text as cached, coalesce(h.total, 0)::text as computed
          from wallet_accounts a
          left join (
            select t.debit_account_id, sum(t.amount) as total
            from wallet_transfers t
            where t.state = 'pending'
              and not exists (select 1 from wallet_transfers r where r.pending_id = t.id)
            group by t.debit_account_id
          ) h on h.debit_account_id = a.id
          where a.pending_debits <> coalesce(h.total, 0)
          order by a.id limit ${limit}`,
    ),
  /**
   * A hold resolved more than once, or a resolution that does not match its hold (not a hold, other
   * accounts, another amount or currency).
   */
  pendingResolution: (db: DbOrTx, limit: number) =>
    rowsOf<{ transfer_id: string; problem: string }>(
      db,
      sql`select pending_id::text as transfer_id, 'resolved ' || count(*) || ' times' as problem
          from wallet_transfers where pending_id is not null
          group by pending_id having count(*) > 1
          union all
          select r.id::text, 'resolution does not match hold ' || r.pending_id
          from wallet_transfers r join wallet_transfers h on h.id = r.pending_id
          where h.state <> 'pending' or h.debit_account_id <> r.debit_account_id
             or h.credit_account_id <> r.credit_account_id or h.amount <> r.amount or h.currency <> r.currency
          limit ${limit}`,
    ),
  /** A transfer reversed more than once, or a reversal that does not mirror a posted transfer. */
  reversal: (db: DbOrTx, limit: number) =>
    rowsOf<{ transfer_id: string; problem: string }>(
      db,
      sql`select reverses_transfer_id::text as transfer_id, 'reversed ' || count(*) || ' times' as problem
          from wallet_transfers where reverses_transfer_id is not null
          group by reverses_transfer_id having count(*) > 1
          union all
          select r.id::text, 'reversal does not mirror posted transfer ' || r.reverses_transfer_id
          from wallet_transfers r join wallet_transfers o on o.id = r.reverses_transfer_id
          where r.state <> 'posted' or o.state <> 'posted' or o.debit_account_id <> r.credit_account_id
             or o.credit_account_id <> r.debit_account_id or o.amount <> r.amount or o.currency <> r.currency
          limit ${limit}`,
    ),
};

// -------------------------------------------------------------------------------------- HTTP idempotency

/**
 * Claims (scope, key) for a request: inserts an in-progress row, or takes over an in-progress row of the same
 * request whose lease has run out (its server died mid-request). Returns the row when this caller holds the
 * claim, null when someone else does or the key is completed.
 */
export async function claimIdempotencyKey(
  db: DbOrTx,
  claim: { scope: string; key: string; requestHash: string; leaseMs: number },
): Promise<IdempotencyKeyRow | null> {
  const lockedUntil = sql`now() + ${`${claim.leaseMs} milliseconds`}::interval`;
  const [row] = await db
    .insert(walletIdempotencyKeys)
    .values({
      scope: claim.scope,
      key: claim.key,
      requestHash: claim.requestHash,
      state: 'in_progress',
      lockedUntil,
    })
    .onConflictDoUpdate({
      target: [walletIdempotencyKeys.scope, walletIdempotencyKeys.key],
      set: { lockedUntil },
      setWhere: and(
        eq(walletIdempotencyKeys.state, 'in_progress'),
        eq(walletIdempotencyKeys.requestHash, claim.requestHash),
        lt(walletIdempotencyKeys.lockedUntil, sql`now()`),
      ),
    })
    .returning();
  return row ?? null;
}

export async function findIdempotencyKey(db: DbOrTx, scope: string, key: string): Promise<IdempotencyKeyRow | null> {
  const [row] = await db
    .select()
    .from(walletIdempotencyKeys)
    .where(and(eq(walletIdempotencyKeys.scope, scope), eq(walletIdempotencyKeys.key, key)));
  return row ?? null;
}

export async function completeIdempotencyKey(
  db: DbOrTx,
  scope: string,
  key: string,
  response: { statusCode: number; contentType: string | null; body: string },
): Promise<void> {
  await db
    .update(walletIdempotencyKeys)
    .set({ state: 'completed', ...response, completedAt: sql`now()` })
    .where(
      and(
        eq(walletIdempotencyKeys.scope, scope),
        eq(walletIdempotencyKeys.key, key),
        eq(walletIdempotencyKeys.state, 'in_progress'),
      ),
    );
}

export async function releaseIdempotencyKey(db: DbOrTx, scope: string, key: string): Promise<void> {
  await db
    .delete(walletIdempotencyKeys)
    .where(
      and(
        eq(walletIdempotencyKeys.scope, scope),
        eq(walletIdempotencyKeys.key, key),
        eq(walletIdempotencyKeys.state, 'in_progress'),
      ),
    );
}

/** Forgets completed keys older than the cut-off, and abandoned claims whose lease ran out before it. */
export async function purgeIdempotencyKeys(db: DbOrTx, olderThan: Date): Promise<number> {
  const rows = await db
    .delete(walletIdempotencyKeys)
    .where(
      or(
        and(eq(walletIdempotencyKeys.state, 'completed'), lt(walletIdempotencyKeys.createdAt, olderThan)),
        and(eq(walletIdempotencyKeys.state, 'in_progress'), lt(walletIdempotencyKeys.lockedUntil, olderThan)),
      ),
    )
    .returning({ key: walletIdempotencyKeys.key });
  return rows.length;
}
