import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db';

/**
 * SQL of the member's money reports (personal profit and loss, bonus details): ledger entries of the member's
 * own wallets (PLAYER_CASH and PLAYER_BONUS), read only.
 */

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** The member's own wallets in the currency. */
const memberAccounts = (accountId: number, currency: string) =>
  sql`select a.id from wallet_accounts a
      where a.owner_type = 'player' and a.owner_id = ${accountId} and a.currency = ${currency}
        and a.kind in ('PLAYER_CASH', 'PLAYER_BONUS')`;

export type KindTotalRow = { kind: string; transfers: number | string; total: string };

/**
 * Per transfer kind, the net of the member's entries in [from, to) (signed from the member's side) and how many
 * transfers they came from. Transfers between two of the member's own wallets net to zero.
 */
export async function ledgerTotalsByKind(
  db: DbOrTx,
  input: { accountId: number; currency: string; from: Date; to: Date; kinds: readonly string[] },
): Promise<KindTotalRow[]> {
  return rowsOf<KindTotalRow>(
    db,
    sql`select t.kind as kind, count(distinct t.id)::int as transfers, coalesce(sum(e.amount), 0)::text as total
        from wallet_entries e join wallet_transfers t on t.id = e.transfer_id
        where e.account_id in (${memberAccounts(input.accountId, input.currency)})
          and e.created_at >= ${iso(input.from)}::timestamptz and e.created_at < ${iso(input.to)}::timestamptz
          and t.kind in (${sql.join(
            input.kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
        group by t.kind`,
  );
}

export type BonusEntryRow = {
  id: string;
  kind: string;
  account_kind: string;
  amount: string;
  balance_after: string;
  created_at: string | Date;
  total: string;
  credited: string;
  debited: string;
};

/** Bonus, commission and adjustment entries of the member's wallets, newest first, with the filter's totals. */
export async function listBonusEntries(
  db: DbOrTx,
  input: {
    accountId: number;
    currency: string;
    kinds: readonly string[];
    from: Date | null;
    to: Date | null;
    offset: number;
    limit: number;
  },
): Promise<BonusEntryRow[]> {
  return rowsOf<BonusEntryRow>(
    db,
    sql`select 'L' || e.id as id, t.kind as kind, a.kind as account_kind, e.amount::text as amount,
               e.balance_after::text as balance_after, e.created_at as created_at,
               count(*) over ()::text as total,
               coalesce(sum(case when e.amount > 0 then e.amount else 0 end) over (), 0)::text as credited,
               coalesce(sum(case when e.amount < 0 then -e.amount else 0 end) over (), 0)::text as debited
        from wallet_entries e
          join wallet_transfers t on t.id = e.transfer_id
          join wallet_accounts a on a.id = e.account_id
        where e.account_id in (${memberAccounts(input.accountId, input.currency)})
          and t.kind in (${sql.join(
            input.kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
          and (${iso(input.from)}::timestamptz is null or e.created_at >= ${iso(input.from)}::timestamptz)
          and (${iso(input.to)}::timestamptz is null or e.created_at < ${iso(input.to)}::timestamptz)
        order by e.created_at desc, e.id desc
        limit ${input.limit} offset ${input.offset}`,
  );
}
