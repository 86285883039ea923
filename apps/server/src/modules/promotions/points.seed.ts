import type { Db } from '../../platform/db';
import * as repo from './points.repository';
import type { PointsService } from './points.service';

/** Points of the demo member (SEED_DEMO), so the points mall has something to convert on a fresh start. */
export const demoPoints = 12_500n;

/**
 * Credits the demo points to the given member once: the key is fixed, so a restart credits nothing more.
 * Settled play earns points too (points.jobs.ts); these give a fresh demo something to convert and redeem at once.
 */
export async function seedDemoPoints(points: PointsService, accountId: number): Promise<void> {
  await points.award(accountId, demoPoints, `points:demo-seed:${accountId}`, 'Welcome points');
}

/** Goods of the demo mall (SEED_DEMO): added once, while the mall has none, so operators' own goods are never touched. */
export async function seedDemoGoods(deps: { db: Db; merchantCode: string; now?: () => Date }): Promise<void> {
  const existing = await repo.listGoods(deps.db, deps.merchantCode, { enabledOnly: false });
  if (existing.length > 0) return;
  const at = deps.now?.() ?? new Date();
  const goods = [
    { names: { en: 'Team jersey', bn: 'দলের জার্সি' }, points: 3_000n, stock: 20 },
    { names: { en: 'Wireless earbuds', bn: 'ওয়্যারলেস ইয়ারবাড' }, points: 8_000n, stock: 10 },
    { names: { en: 'Smart watch', bn: 'স্মার্ট ঘড়ি' }, points: 25_000n, stock: 3 },
  ];
  for (const [index, item] of goods.entries()) {
    await repo.insertGoods(deps.db, {
      merchantCode: deps.merchantCode,
      ...item,
      imageUrl: null,
      enabled: true,
      sortOrder: index,
      createdAt: at,
      updatedAt: at,
      updatedBy: 'demo-seed',
    });
  }
}
