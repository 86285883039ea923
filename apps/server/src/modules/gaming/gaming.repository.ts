import { and, desc, eq, getTableColumns, gte, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db';
import {
  gamingRounds,
  gamingSessions,
  gamingVendorTransfers,
  gamingVendorWallets,
  gamingWalletTransactions,
} from './gaming.tables';

export type SessionRow = typeof gamingSessions.$inferSelect;
export type WalletTxRow = typeof gamingWalletTransactions.$inferSelect;
export type NewWalletTx = typeof gamingWalletTransactions.$inferInsert;
export type RoundRow = typeof gamingRounds.$inferSelect;
export type VendorTransferRow = typeof gamingVendorTransfers.$inferSelect;

const t = gamingWalletTransactions;
const r = gamingRounds;

// ---------------------------------------------------------------- sessions

export async function insertSession(db: DbOrTx, row: typeof gamingSessions.$inferInsert): Promise<void> {
  await db.insert(gamingSessions).values(row);
}

export async function findSession(db: DbOrTx, token: string): Promise<SessionRow | null> {
  const rows = await db.select().from(gamingSessions).where(eq(gamingSessions.token, token)).limit(1);
  return rows[0] ?? null;
}

// ---------------------------------------------------------------- wallet transactions

export async function findWalletTx(
  db: DbOrTx,
  merchantCode: string,
  aggregator: string,
  transactionUuid: string,
): Promise<WalletTxRow | null> {
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.merchantCode, merchantCode), eq(t.aggregator, aggregator), eq(t.transactionUuid, transactionUuid)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The statement that reads the transactions stored under these ids: one lookup of the unique (merchant, aggregator,
 * id) key per distinct id, joined by UNION ALL. Not `transaction_uuid in (…)`: on a table without statistics (a new
 * database, or autovacuum off) PostgreSQL's generic plan for the IN list used the key's first two columns as the
 * index condition and filtered the ids, reading every transaction of the aggregator (1,900 buffers and 1.8 ms per win
 * after 2,000 rows, growing with the table). An equality on the whole key is one index probe in any plan.
 */
export function walletTxsByUuid(merchantCode: string, aggregator: string, transactionUuids: string[]): SQL {
  return sql.join(
    [...new Set(transactionUuids)].map(
      (uuid) => sql`select * from gaming_wallet_transactions
          where merchant_code = ${merchantCode} and aggregator = ${aggregator} and transaction_uuid = ${uuid}`,
    ),
    sql` union all `,
  );
}

/** The transactions stored under any of these ids (a win reads its own id and its bet's in one statement). */
export async function findWalletTxs(
  db: DbOrTx,
  merchantCode: string,
  aggregator: string,
  transactionUuids: string[],
): Promise<WalletTxRow[]> {
  if (transactionUuids.length === 0) return [];
  const raws = await rowsOf<Record<string, unknown>>(db, walletTxsByUuid(merchantCode, aggregator, transactionUuids));
  return raws.map(walletTxFromDriver);
}

/** What a claim stores; the rest (id, times, transfer, rollback) the database or later statements fill in. */
export type WalletTxClaim = Omit<NewWalletTx, 'id' | 'ledgerTransferId' | 'rolledBackAt' | 'createdAt' | 'updatedAt'>;

/**
 * Inserts a transaction row unless its id is taken; the stored row when it was inserted, else null. Written as text
 * (the same text every call, with the table's defaults spelled out) rather than built by drizzle's insert, which
 * cost ~170 µs of Node CPU per seamless bet to build; the row is decoded as drizzle decodes it.
 */
export async function claimWalletTx(db: DbOrTx, row: WalletTxClaim): Promise<WalletTxRow | null> {
  const [raw] = await rowsOf<Record<string, unknown>>(
    db,
    sql`insert into gaming_wallet_transactions (merchant_code, aggregator, transaction_uuid, kind, account_id,
          vendor_code, game_code, round_id, round_closed, reference_uuid, amount_minor, amount_vendor, currency,
          fingerprint, status, request)
        values (${row.merchantCode}, ${row.aggregator}, ${row.transactionUuid}, ${row.kind},
          ${row.accountId ?? null}::integer, ${row.vendorCode ?? null}::varchar, ${row.gameCode ?? null}::varchar,
          ${row.roundId ?? null}::varchar, ${row.roundClosed ?? false}::boolean, ${row.referenceUuid ?? null}::varchar,
          ${(row.amountMinor ?? 0n).toString()}::bigint, ${row.amountVendor ?? '0'}, ${row.currency ?? null}::varchar,
          ${row.fingerprint}, ${row.status}, ${JSON.stringify(row.request ?? {})}::jsonb)
        on conflict do nothing
        returning *`,
  );
  return raw ? walletTxFromDriver(raw) : null;
}

/** A win to claim against its bet (see claimWinOfBet). */
export type WinClaim = {
  merchantCode: string;
  aggregator: string;
  transactionUuid: string;
  referenceUuid: string;
  accountId: number;
  currency: string;
  /** The call's game and round; null takes the bet's. */
  gameCode: string | null;
  roundId: string | null;
  roundClosed: boolean;
  amountMinor: bigint;
  amountVendor: string;
  fingerprint: string;
  request: Record<string, unknown>;
};

/**
 * A win's own id and its bet's read, and the win claimed (inserted pending, with the bet's vendor, game and round)
 * in the same statement when its id is new and the bet can be won: a bet of this account in this currency, answered
 * RS_OK and not rolled back. `found` holds the rows that were there before (the win's own and the bet), `claimed`
 * the new row or null. Without a claim the caller decides from `found` as `findWalletTxs` would let it; a win id
 * taken meanwhile by a twin leaves `claimed` null and `found` without it.
 */
export async function claimWinOfBet(
  db: DbOrTx,
  win: WinClaim,
): Promise<{ found: WalletTxRow[]; claimed: WalletTxRow | null }> {
  const raws = await rowsOf<Record<string, unknown>>(
    db,
    sql`with found as (${walletTxsByUuid(win.merchantCode, win.aggregator, [win.transactionUuid, win.referenceUuid])}), claimed as (
          insert into gaming_wallet_transactions (merchant_code, aggregator, transaction_uuid, kind, account_id,
            vendor_code, game_code, round_id, round_closed, reference_uuid, amount_minor, amount_vendor, currency,
            fingerprint, status, request)
          select bet.merchant_code, bet.aggregator, ${win.transactionUuid}, 'win', bet.account_id, bet.vendor_code,
                 coalesce(${win.gameCode}::varchar, bet.game_code), coalesce(${win.roundId}::varchar, bet.round_id),
                 ${win.roundClosed}::boolean, bet.transaction_uuid, ${win.amountMinor.toString()}::bigint,
                 ${win.amountVendor}, bet.currency, ${win.fingerprint}, 'pending', ${JSON.stringify(win.request)}::jsonb
          from found bet
          where bet.transaction_uuid = ${win.referenceUuid} and bet.kind = 'bet' and bet.status = 'RS_OK'
            and bet.rolled_back_at is null and bet.account_id = ${win.accountId}::integer
            and bet.currency = ${win.currency}
            and not exists (select 1 from found own where own.transaction_uuid = ${win.transactionUuid})
          on conflict do nothing
          returning *
        )
        select false as claimed_now, * from found
        union all
        select true as claimed_now, * from claimed`,
  );
  const found: WalletTxRow[] = [];
  let claimed: WalletTxRow | null = null;
  for (const raw of raws) {
    const row = walletTxFromDriver(raw);
    if (raw.claimed_now === true) claimed = row;
    else found.push(row);
  }
  return { found, claimed };
}

const walletTxColumns = Object.entries(getTableColumns(t));

/** A gaming_wallet_transactions row as the driver gave it (column names), decoded as drizzle's own selects do. */
function walletTxFromDriver(raw: Record<string, unknown>): WalletTxRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of walletTxColumns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as WalletTxRow;
}

/** Sets the final status of a pending transaction; false when it is no longer pending (a rollback overtook it). */
export async function finalizeWalletTx(
  db: DbOrTx,
  id: number,
  status: string,
  ledgerTransferId: number | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(t)
    .set({ status, ledgerTransferId, updatedAt: now })
    .where(and(eq(t.id, id), eq(t.status, 'pending')))
    .returning({ id: t.id });
  return rows.length === 1;
}

/**
 * Sets the final status of a pending transaction and adds its amounts to its round (creating the round on its first
 * transaction), in one statement: atomic without a transaction, and the round moves only when the status did.
 * `round` null leaves the rounds alone. False when the row was no longer pending (a rollback overtook it).
 */
export async function finalizeWalletTxWithRound(
  db: DbOrTx,
  id: number,
  status: string,
  ledgerTransferId: number | null,
  now: Date,
  round: RoundChange | null,
): Promise<boolean> {
  const at = now.toISOString();
  const done = sql`update gaming_wallet_transactions
      set status = ${status}, ledger_transfer_id = ${ledgerTransferId}::bigint, updated_at = ${at}::timestamptz
      where id = ${id}::bigint and status = 'pending' returning id`;
  if (!round) {
    const rows = await rowsOf<{ id: string }>(db, done);
    return rows.length === 1;
  }
  // A data-modifying WITH runs to completion whether or not the main query reads it (PostgreSQL manual, 7.8.4).
  const rows = await rowsOf<{ done: number }>(
    db,
    sql`with done as (${done}), moved as (${roundUpsertFrom(sql`done`, round)})
        select count(*)::int as done from done`,
  );
  return Number(rows[0]?.done ?? 0) === 1;
}

/**
 * `finalizeWalletTxWithRound` as the guard of the ledger transfer that moves the transaction's money
 * (wallet TransferOptions.guard): the row is finished, with the new transfer's id, and its round moved in the
 * transfer's own statement, which writes nothing unless the row was still pending. One round trip instead of the
 * transfer's transaction (BEGIN, lock, post, COMMIT) and the finishing statement after it.
 */
export function finishWalletTxGuard(
  id: number,
  status: string,
  now: Date,
  round: RoundChange | null,
): { update: (gate: SQL, transferId: SQL) => SQL; follow?: SQL } {
  const at = now.toISOString();
  return {
    update: (gate, transferId) => sql`update gaming_wallet_transactions
        set status = ${status}, ledger_transfer_id = ${transferId}, updated_at = ${at}::timestamptz
        where id = ${id}::bigint and status = 'pending' and ${gate} returning *`,
    ...(round ? { follow: roundUpsertFrom(sql`guarded`, round) } : {}),
  };
}

/** Adds a round change to its round (creating it on its first transaction) once for each row of `source`. */
function roundUpsertFrom(source: SQL, round: RoundChange): SQL {
  const changedAt = round.now.toISOString();
  const closedAt = round.status === 'closed' ? changedAt : null;
  return sql`insert into gaming_rounds (merchant_code, aggregator, round_id, account_id, vendor_code, game_code, currency,
                                     stake_minor, win_minor, status, started_at, updated_at, closed_at)
          select ${round.merchantCode}, ${round.aggregator}, ${round.roundId}, ${round.accountId}::integer,
                 ${round.vendorCode}, ${round.gameCode}, ${round.currency}, ${round.stakeDeltaMinor.toString()}::bigint,
                 ${round.winDeltaMinor.toString()}::bigint, coalesce(${round.status}::varchar, 'open'),
                 ${changedAt}::timestamptz, ${changedAt}::timestamptz, ${closedAt}::timestamptz
          from ${source}
          on conflict (merchant_code, aggregator, vendor_code, round_id, account_id) do update set
            stake_minor = gaming_rounds.stake_minor + excluded.stake_minor,
            win_minor = gaming_rounds.win_minor + excluded.win_minor,
            status = coalesce(${round.status}::varchar, gaming_rounds.status),
            updated_at = excluded.updated_at,
            closed_at = coalesce(gaming_rounds.closed_at, excluded.closed_at)
          returning 1`;
}

/** Marks a pending bet cancelled (a rollback came while it was in flight); false when it was no longer pending. */
export async function cancelPendingWalletTx(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(t)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(t.id, id), eq(t.status, 'pending')))
    .returning({ id: t.id });
  return rows.length === 1;
}

/** Marks a bet or win rolled back, once; false when it already was. */
export async function markRolledBack(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(t)
    .set({ rolledBackAt: now, updatedAt: now })
    .where(and(eq(t.id, id), isNull(t.rolledBackAt)))
    .returning({ id: t.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------- rounds

export type RoundChange = {
  merchantCode: string;
  aggregator: string;
  roundId: string;
  accountId: number;
  vendorCode: string;
  gameCode: string;
  currency: string;
  stakeDeltaMinor: bigint;
  winDeltaMinor: bigint;
  /** Set the round's status (closed on `round_closed`, rolled_back when its stake is reversed); null keeps it. */
  status: 'open' | 'closed' | 'rolled_back' | null;
  now: Date;
};

/** Adds a transaction's stake or win to its round, creating the round on its first transaction. */
export async function applyToRound(db: DbOrTx, change: RoundChange): Promise<void> {
  const closedAt = change.status === 'closed' ? change.now : null;
  await db
    .insert(r)
    .values({
      merchantCode: change.merchantCode,
      aggregator: change.aggregator,
      roundId: change.roundId,
      accountId: change.accountId,
      vendorCode: change.vendorCode,
      gameCode: change.gameCode,
      currency: change.currency,
      stakeMinor: change.stakeDeltaMinor,
      winMinor: change.winDeltaMinor,
      status: change.status ?? 'open',
      startedAt: change.now,
      updatedAt: change.now,
      closedAt,
    })
    .onConflictDoUpdate({
      target: [r.merchantCode, r.aggregator, r.vendorCode, r.roundId, r.accountId],
      set: {
        stakeMinor: sql`${r.stakeMinor} + ${change.stakeDeltaMinor}`,
        winMinor: sql`${r.winMinor} + ${change.winDeltaMinor}`,
        status: change.status ? sql`${change.status}` : sql`${r.status}`,
        updatedAt: change.now,
        closedAt: closedAt ? sql`coalesce(${r.closedAt}, ${closedAt})` : sql`${r.closedAt}`,
      },
    });
}

/** A round as a transfer-mode vendor's report states it: the whole round, not a delta. */
export type PulledRound = {
  merchantCode: string;
  aggregator: string;
  roundId: string;
  accountId: number;
  vendorCode: string;
  gameCode: string;
  currency: string;
  stakeMinor: bigint;
  winMinor: bigint;
  status: 'open' | 'closed' | 'rolled_back';
  startedAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
};

/**
 * Inserts pulled rounds, or overwrites a stored one with what the vendor now reports (stake, win, status, times):
 * a "set", never an addition, so the same report read twice changes nothing. An `open` row never replaces a
 * closed or rolled-back round (an older report page read late). Returns how many rows were inserted or changed.
 */
export async function putPulledRounds(db: DbOrTx, rows: PulledRound[]): Promise<number> {
  if (rows.length === 0) return 0;
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const changed = await db
    .insert(r)
    .values(rows)
    .onConflictDoUpdate({
      target: [r.merchantCode, r.aggregator, r.vendorCode, r.roundId, r.accountId],
      set: {
        gameCode: excluded('game_code'),
        stakeMinor: excluded('stake_minor'),
        winMinor: excluded('win_minor'),
        status: excluded('status'),
        startedAt: excluded('started_at'),
        updatedAt: excluded('updated_at'),
        closedAt: excluded('closed_at'),
      },
      setWhere: sql`not (${r.status} <> 'open' and ${excluded('status')} = 'open')
        and (${r.stakeMinor}, ${r.winMinor}, ${r.status}, ${r.closedAt}, ${r.gameCode})
          is distinct from (${excluded('stake_minor')}, ${excluded('win_minor')}, ${excluded('status')}, ${excluded('closed_at')}, ${excluded('game_code')})`,
    })
    .returning({ id: r.id });
  return changed.length;
}

/** The newest settle time among the rounds pulled from one vendor (where the next report pull starts from). */
export async function latestPulledRoundTime(
  db: DbOrTx,
  merchantCode: string,
  aggregator: string,
  vendorCode: string,
): Promise<Date | null> {
  const rows = await db
    .select({ ms: sql<number | null>`(extract(epoch from max(${r.closedAt})) * 1000)::float8`.mapWith(Number) })
    .from(r)
    .where(and(eq(r.merchantCode, merchantCode), eq(r.aggregator, aggregator), eq(r.vendorCode, vendorCode)));
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined || Number.isNaN(ms) ? null : new Date(Math.floor(ms));
}

/**
 * When the oldest round pulled from one vendor that is still open was placed, among those placed since `since` (a
 * report cannot be read further back). Where the next pull must start to see how those bets ended.
 */
export async function oldestOpenPulledRoundTime(
  db: DbOrTx,
  merchantCode: string,
  aggregator: string,
  vendorCode: string,
  since: Date,
): Promise<Date | null> {
  const rows = await db
    .select({ ms: sql<number | null>`(extract(epoch from min(${r.startedAt})) * 1000)::float8`.mapWith(Number) })
    .from(r)
    .where(
      and(
        eq(r.merchantCode, merchantCode),
        eq(r.aggregator, aggregator),
        eq(r.vendorCode, vendorCode),
        eq(r.status, 'open'),
        gte(r.startedAt, since),
      ),
    );
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined || Number.isNaN(ms) ? null : new Date(Math.floor(ms));
}

/**
 * Real play per game since `since`, from every kind of bet record the rounds hold (seamless wallet calls, in-house
 * games, transfer vendors' pulled reports): the rounds not rolled back, and their stakes. The hot ranking's input.
 */
export async function playActivity(
  db: DbOrTx,
  merchantCode: string,
  since: Date,
): Promise<Array<{ vendorCode: string; gameCode: string; bets: number; turnoverMinor: bigint }>> {
  const rows = await db
    .select({
      vendorCode: r.vendorCode,
      gameCode: r.gameCode,
      bets: sql<number>`count(*)`.mapWith(Number),
      turnoverMinor: sql<string>`coalesce(sum(${r.stakeMinor}), 0)::text`,
    })
    .from(r)
    .where(and(eq(r.merchantCode, merchantCode), gte(r.startedAt, since), sql`${r.status} <> 'rolled_back'`))
    .groupBy(r.vendorCode, r.gameCode);
  return rows.map((row) => ({ ...row, turnoverMinor: BigInt(row.turnoverMinor) }));
}

/** Rounds of a merchant after an id, in id order (the primary key's index): the points mall's earning job. */
export async function roundsAfter(
  db: DbOrTx,
  merchantCode: string,
  afterId: number,
  limit: number,
): Promise<
  Array<{
    id: number;
    accountId: number;
    vendorCode: string;
    currency: string;
    stakeMinor: bigint;
    status: string;
    startedAt: Date;
  }>
> {
  return db
    .select({
      id: r.id,
      accountId: r.accountId,
      vendorCode: r.vendorCode,
      currency: r.currency,
      stakeMinor: r.stakeMinor,
      status: r.status,
      startedAt: r.startedAt,
    })
    .from(r)
    .where(and(eq(r.merchantCode, merchantCode), sql`${r.id} > ${afterId}`))
    .orderBy(r.id)
    .limit(limit);
}

/** The first transaction of a member's round at an aggregator (the id a round-details page is asked by). */
export async function firstTransactionOfRound(
  db: DbOrTx,
  merchantCode: string,
  aggregator: string,
  accountId: number,
  roundId: string,
): Promise<WalletTxRow | null> {
  const rows = await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.merchantCode, merchantCode),
        eq(t.aggregator, aggregator),
        eq(t.accountId, accountId),
        eq(t.roundId, roundId),
        eq(t.kind, 'bet'),
      ),
    )
    .orderBy(t.id)
    .limit(1);
  return rows[0] ?? null;
}

export async function lastRounds(db: DbOrTx, merchantCode: string, accountId: number, limit: number) {
  return db
    .select()
    .from(r)
    .where(and(eq(r.merchantCode, merchantCode), eq(r.accountId, accountId)))
    .orderBy(desc(r.updatedAt), desc(r.id))
    .limit(limit);
}

/** The biggest wins (one per round), newest first among equals. */
export async function biggestWins(db: DbOrTx, merchantCode: string, limit: number) {
  return db
    .select()
    .from(r)
    .where(and(eq(r.merchantCode, merchantCode), sql`${r.winMinor} > 0`, sql`${r.status} <> 'rolled_back'`))
    .orderBy(desc(r.winMinor), desc(r.updatedAt))
    .limit(limit);
}

/**
 * A member's rounds started in [from, to), summed per vendor: rollbacks already took their amounts out of the
 * round, so the sums are net; rolled-back rounds are not counted as played.
 */
export async function roundTotalsByVendor(
  db: DbOrTx,
  input: { merchantCode: string; accountId: number; currency: string; from: Date; to: Date },
) {
  return db
    .select({
      vendorCode: r.vendorCode,
      rounds: sql<number>`(count(*) filter (where ${r.status} <> 'rolled_back'))::int`,
      stakeMinor: sql<string>`coalesce(sum(${r.stakeMinor}), 0)::text`,
      winMinor: sql<string>`coalesce(sum(${r.winMinor}), 0)::text`,
    })
    .from(r)
    .where(
      and(
        eq(r.merchantCode, input.merchantCode),
        eq(r.accountId, input.accountId),
        eq(r.currency, input.currency),
        sql`${r.startedAt} >= ${input.from.toISOString()}::timestamptz`,
        sql`${r.startedAt} < ${input.to.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(r.vendorCode)
    .orderBy(r.vendorCode);
}

export type RoundTotalsRow = { key: string; bets: bigint; wins: bigint; rounds: number; players: number };

/**
 * Stakes, wins, rounds and distinct players of the rounds started in [from, to), grouped by cashier day (the start
 * shifted by `dayOffsetMinutes` from UTC), by vendor, or not at all (key ''). Rollbacks are already netted out of
 * the stakes and wins; a round whose stake was rolled back entirely is not counted as a round.
 */
export async function roundTotals(
  db: DbOrTx,
  filter: {
    merchantCode: string;
    currency: string;
    from: Date;
    to: Date;
    groupBy: 'day' | 'vendor' | 'none';
    dayOffsetMinutes: number;
  },
): Promise<RoundTotalsRow[]> {
  const key =
    filter.groupBy === 'day'
      ? sql<string>`to_char((${r.startedAt} at time zone 'UTC') + make_interval(mins => ${filter.dayOffsetMinutes}::int), 'YYYY-MM-DD')`
      : filter.groupBy === 'vendor'
        ? sql<string>`${r.vendorCode}`
        : sql<string>`''`;
  const counted = sql`(${r.status} <> 'rolled_back' or ${r.stakeMinor} <> 0 or ${r.winMinor} <> 0)`;
  const query = db
    .select({
      key,
      bets: sql<string>`coalesce(sum(${r.stakeMinor}), 0)::text`,
      wins: sql<string>`coalesce(sum(${r.winMinor}), 0)::text`,
      rounds: sql<number>`count(*) filter (where ${counted})`.mapWith(Number),
      players: sql<number>`count(distinct ${r.accountId}) filter (where ${counted})`.mapWith(Number),
    })
    .from(r)
    .where(
      and(
        eq(r.merchantCode, filter.merchantCode),
        eq(r.currency, filter.currency),
        gte(r.startedAt, filter.from),
        lt(r.startedAt, filter.to),
      ),
    );
  // By position: the key holds a bound parameter, and PostgreSQL matches GROUP BY expressions by their text.
  const rows = filter.groupBy === 'none' ? await query : await query.groupBy(sql`1`);
  return rows.map((row) => ({
    key: row.key,
    bets: BigInt(row.bets),
    wins: BigInt(row.wins),
    rounds: row.rounds,
    players: row.players,
  }));
}

// ---------------------------------------------------------------- transfer-mode vendors

export async function insertVendorTransfer(
  db: DbOrTx,
  row: typeof gamingVendorTransfers.$inferInsert,
): Promise<VendorTransferRow> {
  const rows = await db.insert(gamingVendorTransfers).values(row).returning();
  const stored = rows[0];
  if (!stored) throw new Error('vendor transfer not stored');
  return stored;
}

export async function findVendorTransfer(db: DbOrTx, reference: string): Promise<VendorTransferRow | null> {
  const rows = await db
    .select()
    .from(gamingVendorTransfers)
    .where(eq(gamingVendorTransfers.reference, reference))
    .limit(1);
  return rows[0] ?? null;
}

/** Resolves a pending transfer once; false when another resolver got there first. */
export async function resolveVendorTransfer(
  db: DbOrTx,
  id: number,
  status: 'success' | 'failed' | 'pending',
  patch: { amountMinor?: bigint; detail?: Record<string, unknown> },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(gamingVendorTransfers)
    .set({
      status,
      ...(patch.amountMinor !== undefined ? { amountMinor: patch.amountMinor } : {}),
      ...(patch.detail ? { detail: patch.detail } : {}),
      checks: sql`${gamingVendorTransfers.checks} + 1`,
      updatedAt: now,
    })
    .where(and(eq(gamingVendorTransfers.id, id), eq(gamingVendorTransfers.status, 'pending')))
    .returning({ id: gamingVendorTransfers.id });
  return rows.length === 1;
}

export async function pendingVendorTransfers(db: DbOrTx, merchantCode: string, olderThan: Date, limit: number) {
  return db
    .select()
    .from(gamingVendorTransfers)
    .where(
      and(
        eq(gamingVendorTransfers.merchantCode, merchantCode),
        eq(gamingVendorTransfers.status, 'pending'),
        lte(gamingVendorTransfers.updatedAt, olderThan),
      ),
    )
    .orderBy(gamingVendorTransfers.id)
    .limit(limit);
}

export async function hasPendingVendorTransfer(db: DbOrTx, accountId: number, vendorCode: string): Promise<boolean> {
  const rows = await db
    .select({ id: gamingVendorTransfers.id })
    .from(gamingVendorTransfers)
    .where(
      and(
        eq(gamingVendorTransfers.accountId, accountId),
        eq(gamingVendorTransfers.vendorCode, vendorCode),
        eq(gamingVendorTransfers.status, 'pending'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function findVendorWallet(db: DbOrTx, accountId: number, vendorCode: string) {
  const rows = await db
    .select()
    .from(gamingVendorWallets)
    .where(and(eq(gamingVendorWallets.accountId, accountId), eq(gamingVendorWallets.vendorCode, vendorCode)))
    .limit(1);
  return rows[0] ?? null;
}

export async function vendorWallets(db: DbOrTx, accountId: number) {
  return db.select().from(gamingVendorWallets).where(eq(gamingVendorWallets.accountId, accountId));
}

export async function ensureVendorWallet(
  db: DbOrTx,
  merchantCode: string,
  accountId: number,
  vendorCode: string,
): Promise<void> {
  await db.insert(gamingVendorWallets).values({ merchantCode, accountId, vendorCode }).onConflictDoNothing();
}

export async function setPlayerCreated(db: DbOrTx, accountId: number, vendorCode: string): Promise<void> {
  await db
    .update(gamingVendorWallets)
    .set({ playerCreated: true })
    .where(and(eq(gamingVendorWallets.accountId, accountId), eq(gamingVendorWallets.vendorCode, vendorCode)));
}

/** Sets what we hold at the vendor (after a sweep, to what came back: zero). */
export async function setVendorBalance(
  db: DbOrTx,
  accountId: number,
  vendorCode: string,
  balanceMinor: bigint,
  now: Date,
): Promise<void> {
  await db
    .update(gamingVendorWallets)
    .set({ balanceMinor, updatedAt: now })
    .where(and(eq(gamingVendorWallets.accountId, accountId), eq(gamingVendorWallets.vendorCode, vendorCode)));
}

export async function addVendorBalance(
  db: DbOrTx,
  accountId: number,
  vendorCode: string,
  deltaMinor: bigint,
  now: Date,
): Promise<void> {
  await db
    .update(gamingVendorWallets)
    .set({ balanceMinor: sql`greatest(${gamingVendorWallets.balanceMinor} + ${deltaMinor}, 0)`, updatedAt: now })
    .where(and(eq(gamingVendorWallets.accountId, accountId), eq(gamingVendorWallets.vendorCode, vendorCode)));
}
