import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../../platform/kv';
import { buildTestApp } from '../../testing';
import { type CatalogueService, createCatalogueService, type FeedGame, type VendorFeed } from './catalogue.service';

function feed(): VendorFeed {
  const games: FeedGame[] = Array.from({ length: 6 }, (_, index) => ({
    vendorCode: 'PG',
    gameCode: `pg_${index}`,
    gameType: 'RNG',
    name: `Slot ${index}`,
    showIcon: null,
    iconUrl: null,
    largeIcon: null,
    trialSupport: true,
    enabled: true,
  }));
  return {
    aggregator: 'hub88',
    walletMode: 'seamless',
    vendors: [{ code: 'PG', name: 'PG Soft', category: 'RNG', iconUrl: null, sortOrder: 1 }],
    games,
  };
}

const codes = async (catalogue: CatalogueService) =>
  (await catalogue.gameList({ pageSize: 100 }, 'en', null)).content.map((game) => game.gameCode);

/**
 * Two server instances over one database and one shared cache (Redis in production): an operator's switch made on
 * one reaches the players of the other, because the catalogue version lives in the shared cache and each instance
 * rebuilds its in-process snapshot when the version moves (read at most a second old).
 */
describe('catalogue: operator switches across instances', () => {
  let app: FastifyInstance;
  let first: CatalogueService;
  let second: CatalogueService;

  beforeAll(async () => {
    app = await buildTestApp();
    const shared = new MemoryCache();
    first = createCatalogueService({ db: app.database.db, merchantCode: 'OPS', cache: shared });
    second = createCatalogueService({ db: app.database.db, merchantCode: 'OPS', cache: shared });
    await first.applyFeed(feed());
  });
  afterAll(async () => {
    await app?.close();
  });

  it("drops a disabled game from the other instance's lists within a second, and refuses its launch at once", async () => {
    expect(await codes(second)).toContain('pg_2');
    const id = (await first.gamesForOperators({ q: 'pg_2', sort: 'sortOrder', dir: 'asc', pageNo: 1, pageSize: 5 }))
      .items[0]?.id as number;
    const { before, after } = await first.updateGameForOperator(id, { enabled: false });
    expect(before.enabled).toBe(true);
    expect(after.enabled).toBe(false);
    expect(await codes(first)).not.toContain('pg_2');
    // Launches read the switches from the database: refused on every instance straight away.
    expect((await second.launchTarget({ nodeId: String(id) }, 'en')).playable).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await codes(second)).not.toContain('pg_2');

    await second.updateVendorForOperator('PG', { maintenance: true });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const listed = (await first.gameList({ pageSize: 100 }, 'en', null)).content;
    expect(listed.every((game) => game.maintenance)).toBe(true);
  });
});
