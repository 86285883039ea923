import type { CashierSort, ListSort } from '@portal/contract';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db';
import {
  walletBankAccounts,
  walletDepositChannels,
  walletDeposits,
  walletGatewayNonces,
  walletMemberNotices,
  walletPaymentPasswordGuards,
  walletSimGatewayIntents,
  walletWithdrawals,
} from './cashier.tables';
import type { TransferGuard } from './wallet.repository';

export type ChannelRow = typeof walletDepositChannels.$inferSelect;
export type NewChannelRow = typeof walletDepositChannels.$inferInsert;
export type DepositRow = typeof walletDeposits.$inferSelect;
export type NewDepositRow = typeof walletDeposits.$inferInsert;
export type WithdrawalRow = typeof walletWithdrawals.$inferSelect;
export type NewWithdrawalRow = typeof walletWithdrawals.$inferInsert;
export type BankAccountRow = typeof walletBankAccounts.$inferSelect;
export type NewBankAccountRow = typeof walletBankAccounts.$inferInsert;
export type SimIntentRow = typeof walletSimGatewayIntents.$inferSelect;
export type NoticeRow = typeof walletMemberNotices.$inferSelect;

type Page = { offset: number; limit: number };

const oldestFirst: ListSort<CashierSort> = { sort: 'createdAt', order: 'asc' };

/** The ORDER BY of an operator list of deposits or withdrawals: the chosen column, then the id. */
function cashierOrder(table: typeof walletDeposits | typeof walletWithdrawals, { sort, order }: ListSort<CashierSort>) {
  const direction = order === 'desc' ? desc : asc;
  const primary = { createdAt: table.createdAt, amount: table.amount, status: table.status }[sort];
  return [direction(primary), direction(table.id)];
}
type Totals = { count: number; sumMinor: bigint };

function totalsOf(row: { n: string | number; total: string | null } | undefined): Totals {
  return { count: Number(row?.n ?? 0), sumMinor: BigInt(row?.total ?? '0') };
}

/**
 * Serialises a member's cashier writes that check a limit before they insert (bank accounts per member, daily
 * withdrawals): a transaction-scoped advisory lock on the member, released at commit. The first key names
 * the cashier, so other modules' advisory locks on the same ids never collide with it.
 */
export async function lockMember(tx: DbOrTx, accountId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('wallet_cashier_member'), ${accountId}::int)`);
}

// ---------------------------------------------------------------------------------------- deposit channels

export async function seedDepositChannels(db: DbOrTx, rows: NewChannelRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(walletDepositChannels).values(rows).onConflictDoNothing();
}

export async function listDepositChannels(db: DbOrTx, merchantCode: string): Promise<ChannelRow[]> {
  return db
    .select()
    .from(walletDepositChannels)
    .where(eq(walletDepositChannels.merchantCode, merchantCode))
    .orderBy(asc(walletDepositChannels.sortOrder), asc(walletDepositChannels.id));
}

export async function findDepositChannel(db: DbOrTx, merchantCode: string, code: string): Promise<ChannelRow | null> {
  const [row] = await db
    .select()
    .from(walletDepositChannels)
    .where(and(eq(walletDepositChannels.merchantCode, merchantCode), eq(walletDepositChannels.code, code)));
  return row ?? null;
}

export async function updateDepositChannel(
  db: DbOrTx,
  merchantCode: string,
  code: string,
  changes: Partial<Omit<NewChannelRow, 'id' | 'merchantCode' | 'code' | 'type' | 'gateway'>>,
): Promise<ChannelRow | null> {
  const [row] = await db
    .update(walletDepositChannels)
    .set(changes)
    .where(and(eq(walletDepositChannels.merchantCode, merchantCode), eq(walletDepositChannels.code, code)))
    .returning();
  return row ?? null;
}

// ------------------------------------------------------------------------------------------------ deposits

export async function insertDeposit(db: DbOrTx, values: NewDepositRow): Promise<DepositRow> {
  const [row] = await db.insert(walletDeposits).values(values).returning();
  if (!row) throw new Error('deposit insert returned nothing');
  return row;
}

export async function findDepositByClientKey(
  db: DbOrTx,
  merchantCode: string,
  accountId: number,
  clientKey: string,
): Promise<DepositRow | null> {
  const [row] = await db
    .select()
    .from(walletDeposits)
    .where(
      and(
        eq(walletDeposits.merchantCode, merchantCode),
        eq(walletDeposits.accountId, accountId),
        eq(walletDeposits.clientKey, clientKey),
      ),
    );
  return row ?? null;
}

/**
 * A deposit by id. Written as text and decoded by the table's columns (`depositFromDriver`), as drizzle's select
 * decodes it: every gateway callback reads its deposit, and building drizzle's select of 23 columns cost more Node
 * CPU than sending it.
 */
export async function findDeposit(db: DbOrTx, merchantCode: string, id: number): Promise<DepositRow | null> {
  const [raw] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select * from wallet_deposits where merchant_code = ${merchantCode} and id = ${id}::bigint`,
  );
  return raw ? depositFromDriver(raw) : null;
}

export async function setDepositIntent(
  db: DbOrTx,
  id: number,
  intent: { gatewayIntentId: string; gatewayTxnId: string; redirectUrl: string },
): Promise<DepositRow | null> {
  const [row] = await db.update(walletDeposits).set(intent).where(eq(walletDeposits.id, id)).returning();
  return row ?? null;
}

/**
 * Another module's insert that a cashier statement runs as one of its own data-modifying CTEs, given the relation
 * whose rows it inserts for (`source`, the name of a CTE of that statement): the content module's inbox message of a
 * notice, which so commits with the notice and exists only when the notice does.
 */
export type InsertFrom = (source: SQL) => SQL;

export type NewNotice = {
  merchantCode: string;
  accountId: number;
  kind: string;
  params: Record<string, unknown>;
  createdAt: Date;
  /** The notice's inbox message, stored by the statement that stores the notice (null: the inbox does not show it). */
  inbox?: InsertFrom | null;
};

/** The insert of a notice, one for each row of `source` (the row whose change it reports). */
function noticeInsertFrom(source: SQL, notice: NewNotice): SQL {
  return sql`insert into wallet_member_notices (merchant_code, account_id, kind, params, created_at)
          select ${notice.merchantCode}, ${notice.accountId}::integer, ${notice.kind}, ${JSON.stringify(notice.params)}::jsonb,
                 ${notice.createdAt.toISOString()}::timestamptz
          from ${source}`;
}

/**
 * Moves a pending deposit to a final state; null when it is not pending any more (someone else decided). With
 * `notice`, the member's notice and its inbox message are stored by the same statement (data-modifying CTEs), and
 * only when the deposit did change: one round trip and one commit for all three.
 */
export async function finishDeposit(
  db: DbOrTx,
  id: number,
  changes: Pick<NewDepositRow, 'status' | 'completedAt'> &
    Partial<Pick<NewDepositRow, 'rejectReason' | 'reviewedById' | 'reviewedByName' | 'gatewayTxnId'>>,
  notice?: NewNotice,
): Promise<DepositRow | null> {
  const update = db
    .update(walletDeposits)
    .set(changes)
    .where(and(eq(walletDeposits.id, id), eq(walletDeposits.status, 'pending')));
  if (!notice) {
    const [row] = await update.returning();
    return row ?? null;
  }
  // Written as text around the update (not drizzle's select from a CTE, whose building cost more Node CPU than
  // the round trip it saves); the row is decoded as drizzle decodes it.
  const [raw] = await rowsOf<Record<string, unknown>>(
    db,
    sql`with finished as (${update.returning().getSQL()}), stored as (${noticeInsertFrom(sql`finished`, notice)})${
      notice.inbox ? sql`, inbox as (${notice.inbox(sql`finished`)})` : sql``
    }
        select * from finished`,
  );
  return raw ? depositFromDriver(raw) : null;
}

/**
 * `finishDeposit` with its notice as the ledger's guard (TransferGuard): the same update, notice and inbox message,
 * written as text for the transfer's own statement, which runs them only once the member's account is locked and
 * checked, and credits the deposit only when the update returned it (it was still pending). The update also records
 * the new transfer's id (as `depositTransferRecord` does, only where none is recorded). Decode the row with
 * `depositFromDriver`.
 */
export function finishDepositGuard(
  id: number,
  changes: Pick<NewDepositRow, 'status'> & { completedAt: Date } & Partial<
      Pick<NewDepositRow, 'rejectReason' | 'reviewedById' | 'reviewedByName' | 'gatewayTxnId'>
    >,
  notice: NewNotice,
  /**
   * A gateway callback's nonce: the deposit is finished only when the nonce is not remembered yet (as the
   * statement's snapshot sees it), and the nonce is remembered by the same statement, only when it finished the
   * deposit. A twin callback that waited for the deposit's row then finds it finished and writes nothing.
   */
  nonce?: GatewayNonce,
): TransferGuard {
  const sets: SQL[] = [
    sql`status = ${changes.status}`,
    sql`completed_at = ${changes.completedAt.toISOString()}::timestamptz`,
  ];
  if (changes.rejectReason !== undefined) sets.push(sql`reject_reason = ${changes.rejectReason}`);
  if (changes.reviewedById !== undefined) sets.push(sql`reviewed_by_id = ${changes.reviewedById}::integer`);
  if (changes.reviewedByName !== undefined) sets.push(sql`reviewed_by_name = ${changes.reviewedByName}`);
  if (changes.gatewayTxnId !== undefined) sets.push(sql`gateway_txn_id = ${changes.gatewayTxnId}`);
  const fresh = nonce
    ? sql` and not exists (select 1 from wallet_gateway_nonces where gateway = ${nonce.gateway} and nonce = ${nonce.nonce})`
    : sql``;
  const remembered = nonce
    ? [
        sql`insert into wallet_gateway_nonces (gateway, nonce, received_at)
            select ${nonce.gateway}, ${nonce.nonce}, ${nonce.receivedAt.toISOString()}::timestamptz from guarded
            on conflict do nothing`,
      ]
    : [];
  return {
    update: (gate, transferId) =>
      sql`update wallet_deposits set ${sql.join(sets, sql`, `)}, transfer_id = coalesce(transfer_id, ${transferId})
          where id = ${id}::bigint and status = 'pending'${fresh} and ${gate} returning *`,
    follow: [
      noticeInsertFrom(sql`guarded`, notice),
      ...(notice.inbox ? [notice.inbox(sql`guarded`)] : []),
      ...remembered,
    ],
  };
}

const depositColumns = Object.entries(getTableColumns(walletDeposits));

/** A wallet_deposits row as the driver gave it (column names), decoded by each column as drizzle's own selects do. */
export function depositFromDriver(raw: Record<string, unknown>): DepositRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of depositColumns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as DepositRow;
}

export async function setDepositTransfer(db: DbOrTx, id: number, transferId: number): Promise<void> {
  await db
    .update(walletDeposits)
    .set({ transferId })
    .where(and(eq(walletDeposits.id, id), isNull(walletDeposits.transferId)));
}

/**
 * `setDepositTransfer` as an SQL statement for the ledger to run inside its transfer's own statement
 * (`TransferOptions.recordTransferId`); the deposit row is the one `finishDeposit` updated in that transaction.
 */
export function depositTransferRecord(id: number): (transferId: SQL) => SQL {
  return (transferId) =>
    sql`update wallet_deposits set transfer_id = ${transferId} where id = ${id}::bigint and transfer_id is null`;
}

export async function setDepositLateGatewayStatus(db: DbOrTx, id: number, status: string): Promise<void> {
  await db.update(walletDeposits).set({ lateGatewayStatus: status }).where(eq(walletDeposits.id, id));
}

export async function listDeposits(
  db: DbOrTx,
  merchantCode: string,
  filter: { status?: string; type?: string },
  page: Page,
  sorting: ListSort<CashierSort> = oldestFirst,
): Promise<{ rows: DepositRow[]; total: number }> {
  const where = and(
    eq(walletDeposits.merchantCode, merchantCode),
    filter.status ? eq(walletDeposits.status, filter.status) : undefined,
    filter.type ? eq(walletDeposits.type, filter.type) : undefined,
  );
  const rows = await db
    .select()
    .from(walletDeposits)
    .where(where)
    .orderBy(...cashierOrder(walletDeposits, sorting))
    .offset(page.offset)
    .limit(page.limit);
  const [totals] = await db.select({ total: count() }).from(walletDeposits).where(where);
  return { rows, total: totals?.total ?? 0 };
}

/** Approved deposits whose ledger credit has not been recorded: a crash between approval and credit. */
export async function listUncreditedDeposits(db: DbOrTx, merchantCode: string, limit: number): Promise<DepositRow[]> {
  return db
    .select()
    .from(walletDeposits)
    .where(
      and(
        eq(walletDeposits.merchantCode, merchantCode),
        eq(walletDeposits.status, 'approved'),
        isNull(walletDeposits.transferId),
      ),
    )
    .limit(limit);
}

export async function approvedDepositTotalsSince(db: DbOrTx, accountId: number, since: Date): Promise<Totals> {
  const [row] = await rowsOf<{ n: string; total: string | null }>(
    db,
    sql`select count(*)::text as n, sum(amount)::text as total from wallet_deposits
        where account_id = ${accountId} and status = 'approved' and completed_at >= ${since.toISOString()}::timestamptz`,
  );
  return totalsOf(row);
}

// --------------------------------------------------------------------------------------------- withdrawals

export async function insertWithdrawal(db: DbOrTx, values: NewWithdrawalRow): Promise<WithdrawalRow> {
  const [row] = await db.insert(walletWithdrawals).values(values).returning();
  if (!row) throw new Error('withdrawal insert returned nothing');
  return row;
}

export async function findWithdrawalByClientKey(
  db: DbOrTx,
  merchantCode: string,
  accountId: number,
  clientKey: string,
): Promise<WithdrawalRow | null> {
  const [row] = await db
    .select()
    .from(walletWithdrawals)
    .where(
      and(
        eq(walletWithdrawals.merchantCode, merchantCode),
        eq(walletWithdrawals.accountId, accountId),
        eq(walletWithdrawals.clientKey, clientKey),
      ),
    );
  return row ?? null;
}

export async function findWithdrawal(db: DbOrTx, merchantCode: string, id: number): Promise<WithdrawalRow | null> {
  const [row] = await db
    .select()
    .from(walletWithdrawals)
    .where(and(eq(walletWithdrawals.merchantCode, merchantCode), eq(walletWithdrawals.id, id)));
  return row ?? null;
}

/** Withdrawals that count against the daily limits (asked for since `since`, not rejected). */
export async function withdrawalTotalsSince(db: DbOrTx, accountId: number, since: Date): Promise<Totals> {
  const [row] = await rowsOf<{ n: string; total: string | null }>(
    db,
    sql`select count(*)::text as n, sum(amount)::text as total from wallet_withdrawals
        where account_id = ${accountId} and status in ('opening', 'pending', 'approved')
          and created_at >= ${since.toISOString()}::timestamptz`,
  );
  return totalsOf(row);
}

export async function pendingWithdrawalTotals(db: DbOrTx, accountId: number): Promise<Totals> {
  const [row] = await rowsOf<{ n: string; total: string | null }>(
    db,
    sql`select count(*)::text as n, sum(amount)::text as total from wallet_withdrawals
        where account_id = ${accountId} and status = 'pending'`,
  );
  return totalsOf(row);
}

export async function approvedWithdrawalTotalsSince(db: DbOrTx, accountId: number, since: Date): Promise<Totals> {
  const [row] = await rowsOf<{ n: string; total: string | null }>(
    db,
    sql`select count(*)::text as n, sum(amount)::text as total from wallet_withdrawals
        where account_id = ${accountId} and status = 'approved' and reviewed_at >= ${since.toISOString()}::timestamptz`,
  );
  return totalsOf(row);
}

export async function markWithdrawalPending(db: DbOrTx, id: number, holdTransferId: number): Promise<void> {
  await db
    .update(walletWithdrawals)
    .set({ status: 'pending', holdTransferId })
    .where(and(eq(walletWithdrawals.id, id), eq(walletWithdrawals.status, 'opening')));
}

export async function deleteOpeningWithdrawal(db: DbOrTx, id: number): Promise<void> {
  await db.delete(walletWithdrawals).where(and(eq(walletWithdrawals.id, id), eq(walletWithdrawals.status, 'opening')));
}

/** Moves a pending withdrawal to approved or rejected; null when it is not pending any more. */
export async function reviewWithdrawal(
  db: DbOrTx,
  id: number,
  changes: Pick<NewWithdrawalRow, 'status' | 'reviewedAt' | 'reviewedById' | 'reviewedByName'> &
    Partial<Pick<NewWithdrawalRow, 'rejectReason'>>,
): Promise<WithdrawalRow | null> {
  const [row] = await db
    .update(walletWithdrawals)
    .set(changes)
    .where(and(eq(walletWithdrawals.id, id), eq(walletWithdrawals.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function setWithdrawalResolution(db: DbOrTx, id: number, transferId: number): Promise<void> {
  await db
    .update(walletWithdrawals)
    .set({ resolutionTransferId: transferId })
    .where(and(eq(walletWithdrawals.id, id), isNull(walletWithdrawals.resolutionTransferId)));
}

/** Records the member's confirmation once; null when it is not an approved, unconfirmed withdrawal of theirs. */
export async function confirmWithdrawal(
  db: DbOrTx,
  id: number,
  accountId: number,
  changes: Pick<NewWithdrawalRow, 'confirmation' | 'confirmedAt' | 'receivedAmount' | 'confirmationNote' | 'proofs'>,
): Promise<WithdrawalRow | null> {
  const [row] = await db
    .update(walletWithdrawals)
    .set(changes)
    .where(
      and(
        eq(walletWithdrawals.id, id),
        eq(walletWithdrawals.accountId, accountId),
        eq(walletWithdrawals.status, 'approved'),
        isNull(walletWithdrawals.confirmation),
      ),
    )
    .returning();
  return row ?? null;
}

/** Paid withdrawals approved before the cut-off and never confirmed count as received. */
export async function autoConfirmWithdrawals(
  db: DbOrTx,
  merchantCode: string,
  approvedBefore: Date,
  now: Date,
): Promise<number[]> {
  const rows = await db
    .update(walletWithdrawals)
    .set({ confirmation: 'auto_received', confirmedAt: now })
    .where(
      and(
        eq(walletWithdrawals.merchantCode, merchantCode),
        eq(walletWithdrawals.status, 'approved'),
        isNull(walletWithdrawals.confirmation),
        lte(walletWithdrawals.reviewedAt, approvedBefore),
      ),
    )
    .returning({ id: walletWithdrawals.id });
  return rows.map((row) => row.id);
}

export async function listWithdrawals(
  db: DbOrTx,
  merchantCode: string,
  filter: { status?: string; confirmations?: string[] },
  page: Page,
  sorting: ListSort<CashierSort> = oldestFirst,
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const where = and(
    eq(walletWithdrawals.merchantCode, merchantCode),
    filter.status ? eq(walletWithdrawals.status, filter.status) : undefined,
    filter.confirmations ? inArray(walletWithdrawals.confirmation, filter.confirmations) : undefined,
  );
  const rows = await db
    .select()
    .from(walletWithdrawals)
    .where(where)
    .orderBy(...cashierOrder(walletWithdrawals, sorting))
    .offset(page.offset)
    .limit(page.limit);
  const [totals] = await db.select({ total: count() }).from(walletWithdrawals).where(where);
  return { rows, total: totals?.total ?? 0 };
}

export async function listMemberWithdrawals(db: DbOrTx, accountId: number, limit: number): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(walletWithdrawals)
    .where(
      and(
        eq(walletWithdrawals.accountId, accountId),
        inArray(walletWithdrawals.status, ['pending', 'approved', 'rejected']),
      ),
    )
    .orderBy(desc(walletWithdrawals.id))
    .limit(limit);
}

/** Withdrawals left `opening` by a request that died between writing the row and placing the hold. */
export async function listStaleOpeningWithdrawals(
  db: DbOrTx,
  merchantCode: string,
  before: Date,
  limit: number,
): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(walletWithdrawals)
    .where(
      and(
        eq(walletWithdrawals.merchantCode, merchantCode),
        eq(walletWithdrawals.status, 'opening'),
        lt(walletWithdrawals.createdAt, before),
      ),
    )
    .limit(limit);
}

/** Reviewed withdrawals whose ledger post or void has not been recorded. */
export async function listUnresolvedWithdrawals(
  db: DbOrTx,
  merchantCode: string,
  limit: number,
): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(walletWithdrawals)
    .where(
      and(
        eq(walletWithdrawals.merchantCode, merchantCode),
        inArray(walletWithdrawals.status, ['approved', 'rejected']),
        isNull(walletWithdrawals.resolutionTransferId),
      ),
    )
    .limit(limit);
}

// ------------------------------------------------------------------------------------------- bank accounts

export async function countActiveBankAccounts(db: DbOrTx, accountId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(walletBankAccounts)
    .where(and(eq(walletBankAccounts.accountId, accountId), isNull(walletBankAccounts.removedAt)));
  return row?.total ?? 0;
}

export async function findActiveBankAccountByNumber(
  db: DbOrTx,
  accountId: number,
  bankCode: string,
  accountNumber: string,
): Promise<BankAccountRow | null> {
  const [row] = await db
    .select()
    .from(walletBankAccounts)
    .where(
      and(
        eq(walletBankAccounts.accountId, accountId),
        eq(walletBankAccounts.bankCode, bankCode),
        eq(walletBankAccounts.accountNumber, accountNumber),
        isNull(walletBankAccounts.removedAt),
      ),
    );
  return row ?? null;
}

export async function insertBankAccount(db: DbOrTx, values: NewBankAccountRow): Promise<BankAccountRow> {
  const [row] = await db.insert(walletBankAccounts).values(values).returning();
  if (!row) throw new Error('bank account insert returned nothing');
  return row;
}

export async function listActiveBankAccounts(db: DbOrTx, accountId: number): Promise<BankAccountRow[]> {
  return db
    .select()
    .from(walletBankAccounts)
    .where(and(eq(walletBankAccounts.accountId, accountId), isNull(walletBankAccounts.removedAt)))
    .orderBy(asc(walletBankAccounts.id));
}

export async function findActiveBankAccount(db: DbOrTx, accountId: number, id: number): Promise<BankAccountRow | null> {
  const [row] = await db
    .select()
    .from(walletBankAccounts)
    .where(
      and(
        eq(walletBankAccounts.id, id),
        eq(walletBankAccounts.accountId, accountId),
        isNull(walletBankAccounts.removedAt),
      ),
    );
  return row ?? null;
}

export async function removeBankAccount(db: DbOrTx, accountId: number, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(walletBankAccounts)
    .set({ removedAt: now })
    .where(
      and(
        eq(walletBankAccounts.id, id),
        eq(walletBankAccounts.accountId, accountId),
        isNull(walletBankAccounts.removedAt),
      ),
    )
    .returning({ id: walletBankAccounts.id });
  return rows.length > 0;
}

// -------------------------------------------------------------------------------------- payment passwords

export async function findPaymentPasswordGuard(
  db: DbOrTx,
  accountId: number,
): Promise<{ failedCount: number; lockedUntil: Date | null } | null> {
  const [row] = await db
    .select()
    .from(walletPaymentPasswordGuards)
    .where(eq(walletPaymentPasswordGuards.accountId, accountId));
  return row ?? null;
}

/**
 * Counts one wrong payment password in a single statement, so concurrent wrong guesses all count. A lock that
 * has run out starts the count again; reaching `maxFailures` sets the lock.
 */
export async function recordPaymentPasswordFailure(
  db: DbOrTx,
  accountId: number,
  input: { now: Date; maxFailures: number; lockUntil: Date },
): Promise<{ failedCount: number; lockedUntil: Date | null }> {
  const now = input.now.toISOString();
  const lockUntil = input.lockUntil.toISOString();
  const [row] = await rowsOf<{ failed_count: number; locked_until: string | Date | null }>(
    db,
    sql`insert into wallet_payment_password_guards as g (account_id, failed_count, locked_until, updated_at)
        values (${accountId}, 1, case when 1 >= ${input.maxFailures} then ${lockUntil}::timestamptz end, ${now}::timestamptz)
        on conflict (account_id) do update set
          failed_count = case when g.locked_until is not null and g.locked_until <= ${now}::timestamptz then 1
                              else g.failed_count + 1 end,
          locked_until = case when (case when g.locked_until is not null and g.locked_until <= ${now}::timestamptz then 1
                                         else g.failed_count + 1 end) >= ${input.maxFailures}
                              then ${lockUntil}::timestamptz end,
          updated_at = ${now}::timestamptz
        returning failed_count, locked_until`,
  );
  if (!row) throw new Error('payment password guard upsert returned nothing');
  return {
    failedCount: Number(row.failed_count),
    lockedUntil: row.locked_until === null ? null : new Date(row.locked_until),
  };
}

export async function clearPaymentPasswordGuard(db: DbOrTx, accountId: number): Promise<void> {
  await db.delete(walletPaymentPasswordGuards).where(eq(walletPaymentPasswordGuards.accountId, accountId));
}

// ---------------------------------------------------------------------------------------- gateway nonces

export type GatewayNonce = { gateway: string; nonce: string; receivedAt: Date };

/**
 * Reads a gateway callback's deposit and whether its nonce was seen already, writing nothing (no commit to wait
 * for): the first step of a callback that will most likely credit its deposit, whose credit statement then
 * remembers the nonce (`finishDepositGuard`). Written as text, as `rememberNonceAndFindDeposit`.
 */
export async function peekNonceAndDeposit(
  db: DbOrTx,
  nonce: Pick<GatewayNonce, 'gateway' | 'nonce'>,
  merchantCode: string,
  depositId: number,
): Promise<{ seen: boolean; deposit: DepositRow | null }> {
  const [raw] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select exists (select 1 from wallet_gateway_nonces where gateway = ${nonce.gateway} and nonce = ${nonce.nonce})
                 as nonce_seen, d.*
        from (select 1) as one
        left join wallet_deposits d on d.merchant_code = ${merchantCode} and d.id = ${depositId}::bigint`,
  );
  return {
    seen: raw?.nonce_seen === true,
    deposit: raw && raw.id !== null && raw.id !== undefined ? depositFromDriver(raw) : null,
  };
}

/**
 * Remembers a gateway callback's nonce; false when it was remembered already (a replay). (A callback whose group's
 * COMMIT answer was lost with its connection, and whose credit did commit, finds its own nonce here when it is
 * written again, and is answered as a replay; the gateway's retry, with a new nonce, is then answered OK.)
 */
export async function rememberNonce(db: DbOrTx, nonce: GatewayNonce): Promise<boolean> {
  const rows = await rowsOf<{ nonce: string }>(
    db,
    sql`insert into wallet_gateway_nonces (gateway, nonce, received_at)
        values (${nonce.gateway}, ${nonce.nonce}, ${nonce.receivedAt.toISOString()}::timestamptz)
        on conflict do nothing returning nonce`,
  );
  return rows.length === 1;
}

/**
 * Remembers a gateway callback's nonce and reads the deposit the callback names, in one statement (a
 * data-modifying CTE): `fresh` is false when the nonce was seen already, and the caller then refuses the callback
 * whatever the deposit. A nonce is remembered even when no such deposit exists, so a refused callback cannot be
 * replayed either. Written as text (the same text every call); the deposit is decoded as `findDeposit` decodes it.
 */
export async function rememberNonceAndFindDeposit(
  db: DbOrTx,
  nonce: GatewayNonce,
  merchantCode: string,
  depositId: number,
): Promise<{ fresh: boolean; deposit: DepositRow | null }> {
  const [raw] = await rowsOf<Record<string, unknown>>(
    db,
    sql`with remembered as (
          insert into wallet_gateway_nonces (gateway, nonce, received_at)
          values (${nonce.gateway}, ${nonce.nonce}, ${nonce.receivedAt.toISOString()}::timestamptz)
          on conflict do nothing returning nonce
        )
        select exists (select 1 from remembered) as nonce_fresh, d.*
        from (select 1) as one
        left join wallet_deposits d on d.merchant_code = ${merchantCode} and d.id = ${depositId}::bigint`,
  );
  return {
    fresh: raw?.nonce_fresh === true,
    deposit: raw && raw.id !== null && raw.id !== undefined ? depositFromDriver(raw) : null,
  };
}

export async function purgeGatewayNonces(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(walletGatewayNonces)
    .where(lt(walletGatewayNonces.receivedAt, before))
    .returning({ nonce: walletGatewayNonces.nonce });
  return rows.length;
}

// ------------------------------------------------------------------------------------- simulator gateway

export async function insertSimIntent(db: DbOrTx, values: typeof walletSimGatewayIntents.$inferInsert) {
  const [row] = await db.insert(walletSimGatewayIntents).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findSimIntent(db: DbOrTx, id: string): Promise<SimIntentRow | null> {
  const [row] = await db.select().from(walletSimGatewayIntents).where(eq(walletSimGatewayIntents.id, id));
  return row ?? null;
}

export async function findSimIntentByOrder(
  db: DbOrTx,
  merchantCode: string,
  merchantOrderId: string,
): Promise<SimIntentRow | null> {
  const [row] = await db
    .select()
    .from(walletSimGatewayIntents)
    .where(
      and(
        eq(walletSimGatewayIntents.merchantCode, merchantCode),
        eq(walletSimGatewayIntents.merchantOrderId, merchantOrderId),
      ),
    );
  return row ?? null;
}

export async function decideSimIntent(
  db: DbOrTx,
  id: string,
  status: 'approved' | 'declined',
  now: Date,
): Promise<SimIntentRow | null> {
  const [row] = await db
    .update(walletSimGatewayIntents)
    .set({ status, decidedAt: now })
    .where(and(eq(walletSimGatewayIntents.id, id), eq(walletSimGatewayIntents.status, 'created')))
    .returning();
  return row ?? null;
}

// ------------------------------------------------------------------------------------------ member notices

/** Stores a notice and its inbox message (when it has one) with one statement, so they commit together. */
export async function insertNotice(db: DbOrTx, notice: NewNotice): Promise<void> {
  const one = sql`(select 1) as one`;
  await db.execute(
    notice.inbox
      ? sql`with stored as (${noticeInsertFrom(one, notice)} returning 1) ${notice.inbox(sql`stored`)}`
      : noticeInsertFrom(one, notice),
  );
}

export async function listNotices(
  db: DbOrTx,
  accountId: number,
  options: { unreadOnly: boolean; limit: number },
): Promise<NoticeRow[]> {
  return db
    .select()
    .from(walletMemberNotices)
    .where(
      and(
        eq(walletMemberNotices.accountId, accountId),
        options.unreadOnly ? isNull(walletMemberNotices.readAt) : undefined,
      ),
    )
    .orderBy(desc(walletMemberNotices.id))
    .limit(options.limit);
}

export async function markNoticesRead(db: DbOrTx, accountId: number, ids: number[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(walletMemberNotices)
    .set({ readAt: now })
    .where(
      and(
        eq(walletMemberNotices.accountId, accountId),
        inArray(walletMemberNotices.id, ids),
        isNull(walletMemberNotices.readAt),
      ),
    )
    .returning({ id: walletMemberNotices.id });
  return rows.length;
}

// ------------------------------------------------------------------------------------------ account record

export type RecordRow = {
  id: string;
  type: string;
  detail: string;
  status: string;
  amount: string;
  balance_after: string | null;
  created_at: string | Date;
  total: string;
};

/**
 * The member's account record: deposit and withdrawal requests (with their states) and every other movement
 * of the member's cash account in the ledger (transfers, games, bonuses, corrections), newest first, one page
 * of it with the total. Ledger deposits and withdrawals are left out: their requests stand for them.
 */
export async function listRecords(
  db: DbOrTx,
  input: {
    accountId: number;
    cashAccountId: number | null;
    from: Date | null;
    to: Date | null;
    type: string | null;
    status: string | null;
  } & Page,
): Promise<RecordRow[]> {
  const ledger =
    input.cashAccountId === null
      ? sql``
      : sql`union all
        select 'L' || e.id, case
                 when t.kind = 'TRANSFER' then 'TRANSFER'
                 when t.kind in ('BET', 'WIN', 'ROLLBACK', 'VENDOR_TRANSFER') then 'GAME'
                 when t.kind in ('BONUS', 'COMMISSION') then 'BONUS'
                 else 'ADJUSTMENT' end,
               t.kind, 'completed', e.amount, e.balance_after, e.created_at, e.id
        from wallet_entries e join wallet_transfers t on t.id = e.transfer_id
        where e.account_id = ${input.cashAccountId} and t.kind not in ('DEPOSIT', 'WITHDRAWAL')`;
  return rowsOf<RecordRow>(
    db,
    sql`select id, type, detail, status, amount::text as amount, balance_after::text as balance_after, created_at,
               count(*) over ()::text as total
        from (
          select 'D' || d.id as id, 'DEPOSIT' as type, d.channel_code as detail,
                 case d.status when 'approved' then 'completed' else d.status end as status,
                 d.amount as amount, null::bigint as balance_after, d.created_at as created_at, d.id as seq
          from wallet_deposits d where d.account_id = ${input.accountId}
          union all
          select 'W' || w.id, 'WITHDRAWAL', w.pay_to ->> 'bankName',
                 case w.status when 'approved' then 'completed' else w.status end,
                 -w.amount, null::bigint, w.created_at, w.id
          from wallet_withdrawals w where w.account_id = ${input.accountId} and w.status <> 'opening'
          ${ledger}
        ) r
        where (${input.from === null ? null : input.from.toISOString()}::timestamptz is null or r.created_at >= ${input.from === null ? null : input.from.toISOString()}::timestamptz)
          and (${input.to === null ? null : input.to.toISOString()}::timestamptz is null or r.created_at < ${input.to === null ? null : input.to.toISOString()}::timestamptz)
          and (${input.type}::text is null or r.type = ${input.type}::text)
          and (${input.status}::text is null or r.status = ${input.status}::text)
        order by r.created_at desc, r.id desc
        limit ${input.limit} offset ${input.offset}`,
  );
}
