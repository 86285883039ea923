import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db';
import { createTestDatabase } from '../../testing';
import * as repo from './gaming.repository';

type PlanNode = { 'Relation Name'?: string; 'Index Cond'?: string; Filter?: string; Plans?: PlanNode[] };

function nodesOn(node: PlanNode, relation: string): PlanNode[] {
  const own = node['Relation Name'] === relation ? [node] : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => nodesOn(child, relation))];
}

describe('seamless wallet transaction lookups', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  async function plan(query: SQL): Promise<PlanNode> {
    const result = (await database.db.execute(sql`explain (format json) ${query}`)) as {
      rows: Array<Record<string, unknown>>;
    };
    const cell = Object.values(result.rows[0] ?? {})[0];
    const parsed = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>;
    return parsed[0]?.Plan as PlanNode;
  }

  it('reads each id by an index condition on the whole (merchant, aggregator, id) key, on a table without statistics', async () => {
    // A table never analysed (a new database; autovacuum off in CI) is where `transaction_uuid in (…)` was planned
    // as an index scan on the key's first two columns with the ids as a filter: every row of the aggregator read.
    const root = await plan(repo.walletTxsByUuid('M1', 'hub88', ['win-1', 'bet-1']));
    const scans = nodesOn(root, 'gaming_wallet_transactions');
    expect(scans).toHaveLength(2);
    for (const scan of scans) {
      expect(scan['Index Cond']).toMatch(/transaction_uuid/);
      expect(scan.Filter).toBeUndefined();
    }
  });

  it('finds the rows of the given ids only, once each when an id is given twice', async () => {
    const claim = (transactionUuid: string, merchantCode = 'M1') =>
      repo.claimWalletTx(database.db, {
        merchantCode,
        aggregator: 'hub88',
        transactionUuid,
        kind: 'bet',
        accountId: 1,
        currency: 'BDT',
        amountMinor: 100n,
        amountVendor: '100',
        fingerprint: transactionUuid,
        status: 'RS_OK',
        request: {},
      });
    await claim('bet-1');
    await claim('bet-2');
    await claim('bet-1', 'M2');
    const found = await repo.findWalletTxs(database.db, 'M1', 'hub88', ['bet-1', 'missing', 'bet-1']);
    expect(found.map((row) => [row.merchantCode, row.transactionUuid, row.amountMinor])).toEqual([
      ['M1', 'bet-1', 100n],
    ]);
    const both = await repo.findWalletTxs(database.db, 'M1', 'hub88', ['bet-2', 'bet-1']);
    expect(both.map((row) => row.transactionUuid).sort()).toEqual(['bet-1', 'bet-2']);
    expect(await repo.findWalletTxs(database.db, 'M1', 'hub88', [])).toEqual([]);
  });
});
