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
