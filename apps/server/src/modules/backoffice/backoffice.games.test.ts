import type { AuditEntry, CatalogueGameAdmin, CatalogueVendorAdmin } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedGame, VendorFeed } from '../catalogue';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';

// The catalogue as a sync would deliver it (the lint rules keep the gaming module's test helpers out of here).
function feed(): VendorFeed {
  const games: FeedGame[] = [];
  for (let index = 0; index < 12; index += 1) {
    const vendorCode = index % 2 === 0 ? 'PG' : 'JDB';
    games.push({
      vendorCode,
      gameCode: `${vendorCode.toLowerCase()}_slot_${index}`,
      gameType: 'RNG',
      name: index === 3 ? 'Dragon Treasure' : `Lucky Slot ${index}`,
      names: index === 3 ? { bn: 'ড্রাগন ধন' } : {},
      showIcon: null,
      iconUrl: null,
      largeIcon: null,
      trialSupport: true,
      enabled: true,
    });
  }
  games.push({
    vendorCode: 'AG',
    gameCode: 'ag_baccarat_1',
    gameType: 'LIVE',
    name: 'Baccarat Table 1',
    showIcon: null,
    iconUrl: null,
    largeIcon: null,
    trialSupport: true,
    enabled: true,
  });
  return {
    aggregator: 'hub88',
    walletMode: 'seamless',
    vendors: [
      { code: 'PG', name: 'PG Soft', category: 'RNG', iconUrl: null, sortOrder: 10 },
      { code: 'JDB', name: 'JDB', category: 'RNG', iconUrl: null, sortOrder: 20 },
      { code: 'AG', name: 'Asia Gaming', category: 'LIVE', iconUrl: null, sortOrder: 5 },
    ],
    games,
  };
}

type PlayerGame = { nodeId: string; gameCode: string; vassalage: string; maintenance: boolean };

async function playerGames(app: FastifyInstance, payload: Record<string, unknown> = {}): Promise<PlayerGame[]> {
  const response = await app.inject({
    method: 'POST',
    url: '/wps/relay/GCSGAME_gameList',
    payload: { pageSize: 100, ...payload },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.content as PlayerGame[];
}

async function hotGames(app: FastifyInstance): Promise<string[]> {
  const response = await app.inject({ method: 'POST', url: '/wps/relay/GCSGAME_hotGamesV2', payload: { limit: 100 } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().value as PlayerGame[]).map((game) => game.gameCode);
}

describe('back office: games management', () => {
  let bo: BackofficeTestApp;
  let owner: string;
  let content: string;
  let support: string;
  let finance: string;
  let token: string;
  const ids = new Map<string, number>();

  /** A real-money launch by the member; its refusal code, or null when it got past the catalogue's checks. */
  async function launchCode(gameCode: string, language = 'en'): Promise<{ code: string | null; message?: string }> {
    const response = await bo.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: { authorization: token, language },
      payload: { nodeId: String(ids.get(gameCode)), mode: 'real' },
    });
    const body = response.json();
    if (body.success) return { code: null };
    return { code: body.code, message: body.message };
  }

  async function patchGame(gameCode: string, body: Record<string, unknown>, cookie = content) {
    return bo.call('PATCH', `/catalogue/games/${ids.get(gameCode)}`, { cookie, body });
  }

  beforeAll(async () => {
    bo = await buildBackofficeTestApp({ config: { rateLimitPerMinute: 100_000 } });
    await bo.app.services.catalogue.applyFeed(feed());
    owner = await bo.signIn('owner');
    content = await createOperatorAndSignIn(bo, owner, 'content.games', 'content');
    support = await createOperatorAndSignIn(bo, owner, 'support.games', 'support');
    finance = await createOperatorAndSignIn(bo, owner, 'finance.games', 'finance');
    await bo.app.services.identity.createAccount({ username: 'gamesplayer', password: 'Secret#2026', type: 0 });
    token = (
      await bo.app.services.identity.login({ username: 'gamesplayer', password: 'Secret#2026' }, { ip: '10.7.0.1' })
    ).token;
    const page = await bo.call('GET', '/catalogue/games?pageSize=100', { cookie: content });
    for (const game of page.json().value.items as CatalogueGameAdmin[]) ids.set(game.gameCode, game.id);
  }, 120_000);
  afterAll(async () => {
    await bo?.app.close();
  });

  it('lists vendors with their switches and game counts, in list order', async () => {
    const response = await bo.call('GET', '/catalogue/vendors', { cookie: content });
    expect(response.statusCode, response.body).toBe(200);
    const vendors = response.json().value.items as CatalogueVendorAdmin[];
    expect(vendors.map((vendor) => vendor.code)).toEqual(['AG', 'PG', 'JDB']);
    expect(vendors[1]).toMatchObject({
      code: 'PG',
      name: 'PG Soft',
      aggregator: 'hub88',
      walletMode: 'seamless',
      enabled: true,
      maintenance: false,
      games: 6,
      listedGames: 6,
    });
  });

  it('pages, filters and sorts games on the server', async () => {
    const first = (await bo.call('GET', '/catalogue/games?pageSize=5', { cookie: content })).json().value;
    expect(first).toMatchObject({ pageNo: 1, pageSize: 5, total: 13, totalPages: 3 });
    expect(first.items).toHaveLength(5);
    const third = (await bo.call('GET', '/catalogue/games?pageSize=5&pageNo=3', { cookie: content })).json().value;
    expect(third.items).toHaveLength(3);

    const pg = (await bo.call('GET', '/catalogue/games?vendor=PG&pageSize=100', { cookie: content })).json().value;
    expect(pg.total).toBe(6);
    expect(pg.items.every((game: CatalogueGameAdmin) => game.vendorCode === 'PG')).toBe(true);

    const live = (await bo.call('GET', '/catalogue/games?category=LIVE', { cookie: content })).json().value;
    expect(live.items.map((game: CatalogueGameAdmin) => game.gameCode)).toEqual(['ag_baccarat_1']);

    // Text matches any language's name and the game code.
    const bengali = (
      await bo.call('GET', `/catalogue/games?q=${encodeURIComponent('ড্রাগন')}`, { cookie: content })
    ).json().value;
    expect(bengali.items.map((game: CatalogueGameAdmin) => game.gameCode)).toEqual(['jdb_slot_3']);
    const byCode = (await bo.call('GET', '/catalogue/games?q=JDB_SLOT_1', { cookie: content })).json().value;
    expect(byCode.items.map((game: CatalogueGameAdmin) => game.gameCode).sort()).toEqual(['jdb_slot_1', 'jdb_slot_11']);

    const byName = (await bo.call('GET', '/catalogue/games?sort=name&dir=desc&pageSize=3', { cookie: content })).json()
      .value;
    expect(byName.items.map((game: CatalogueGameAdmin) => game.name)).toEqual([
      'Lucky Slot 9',
      'Lucky Slot 8',
      'Lucky Slot 7',
    ]);

    const bad = await bo.call('GET', '/catalogue/games?sort=price', { cookie: content });
    expect(bad.statusCode).toBe(400);
  });

  it('hides a disabled game from the players and refuses its launch; enabling brings it back', async () => {
    expect((await playerGames(bo.app)).map((game) => game.gameCode)).toContain('pg_slot_0');
    expect((await launchCode('pg_slot_0')).code).not.toBe('CATALOGUE_GAME_NOT_FOUND');

    const disabled = await patchGame('pg_slot_0', { enabled: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().value).toMatchObject({ gameCode: 'pg_slot_0', enabled: false });
    expect((await playerGames(bo.app)).map((game) => game.gameCode)).not.toContain('pg_slot_0');
    expect((await playerGames(bo.app, { vassalage: 'PG' })).map((game) => game.gameCode)).not.toContain('pg_slot_0');
    expect((await launchCode('pg_slot_0')).code).toBe('CATALOGUE_GAME_NOT_FOUND');
    const filtered = (await bo.call('GET', '/catalogue/games?enabled=false', { cookie: content })).json().value;
    expect(filtered.items.map((game: CatalogueGameAdmin) => game.gameCode)).toEqual(['pg_slot_0']);

    expect((await patchGame('pg_slot_0', { enabled: true })).statusCode).toBe(200);
    expect((await playerGames(bo.app)).map((game) => game.gameCode)).toContain('pg_slot_0');
  });

  it('answers Game Under Maintenance for a game or a vendor in maintenance', async () => {
    const on = await patchGame('pg_slot_2', { maintenance: true });
    expect(on.json().value).toMatchObject({ maintenance: true, enabled: true });
    const listed = (await playerGames(bo.app)).find((game) => game.gameCode === 'pg_slot_2');
    expect(listed?.maintenance).toBe(true);
    expect(await launchCode('pg_slot_2')).toEqual({
      code: 'CATALOGUE_GAME_MAINTENANCE',
      message: 'Game Under Maintenance',
    });
    await patchGame('pg_slot_2', { maintenance: false });
    expect((await launchCode('pg_slot_2')).code).not.toBe('CATALOGUE_GAME_MAINTENANCE');

    const vendor = await bo.call('PATCH', '/catalogue/vendors/JDB', { cookie: content, body: { maintenance: true } });
    expect(vendor.statusCode, vendor.body).toBe(200);
    expect(vendor.json().value).toMatchObject({ code: 'JDB', maintenance: true, enabled: true });
    expect((await launchCode('jdb_slot_1')).code).toBe('CATALOGUE_GAME_MAINTENANCE');
    const jdb = (await playerGames(bo.app)).filter((game) => game.vassalage === 'JDB');
    expect(jdb.length).toBe(6);
    expect(jdb.every((game) => game.maintenance)).toBe(true);
    await bo.call('PATCH', '/catalogue/vendors/JDB', { cookie: content, body: { maintenance: false } });
  });

  it('hides every game of a disabled vendor and refuses their launch', async () => {
    const off = await bo.call('PATCH', '/catalogue/vendors/JDB', { cookie: content, body: { enabled: false } });
    expect(off.json().value).toMatchObject({ enabled: false });
    expect((await playerGames(bo.app)).some((game) => game.vassalage === 'JDB')).toBe(false);
    expect((await launchCode('jdb_slot_1')).code).toBe('CATALOGUE_GAME_NOT_FOUND');
    const menus = (await bo.app.inject({ method: 'GET', url: '/lgw/games/game_menus' })).json().value;
    const vendors = menus.lanes.flatMap((lane: { cards: Array<{ vassalage: string }> }) =>
      lane.cards.map((card) => card.vassalage),
    );
    expect(vendors).not.toContain('JDB');
    await bo.call('PATCH', '/catalogue/vendors/JDB', { cookie: content, body: { enabled: true } });
    expect((await playerGames(bo.app)).some((game) => game.vassalage === 'JDB')).toBe(true);
  });

  it('pins hot flags and sort order, and both survive the next catalogue sync', async () => {
    // No plays yet: the top of the list (by sort order) is hot. Pin one game off and one far down the list on.
    const hot = await patchGame('jdb_slot_11', { hot: true });
    expect(hot.json().value).toMatchObject({ isHot: true, hotPinned: true });
    expect((await hotGames(bo.app))[0]).toBe('jdb_slot_11');
    const off = await patchGame('pg_slot_0', { hot: false });
    expect(off.json().value).toMatchObject({ isHot: false, hotPinned: false });
    expect(await hotGames(bo.app)).not.toContain('pg_slot_0');

    // The feed puts pg_slot_0 first (its position in the feed); the operator moves it to the end.
    const order = async () => (await playerGames(bo.app, { vassalage: 'PG' })).map((game) => game.gameCode);
    expect((await order())[0]).toBe('pg_slot_0');
    const sorted = await patchGame('pg_slot_0', { sortOrder: 500 });
    expect(sorted.json().value).toMatchObject({ sortOrder: 500, sortPinned: true });
    expect((await order()).at(-1)).toBe('pg_slot_0');

    await bo.app.services.catalogue.applyFeed(feed());
    expect((await order()).at(-1)).toBe('pg_slot_0');
    expect((await order())[0]).toBe('pg_slot_2');
    expect((await hotGames(bo.app))[0]).toBe('jdb_slot_11');
    expect(await hotGames(bo.app)).not.toContain('pg_slot_0');
    const after = (await bo.call('GET', '/catalogue/games?q=pg_slot_0', { cookie: content })).json().value;
    expect(after.items[0]).toMatchObject({ sortOrder: 500, sortPinned: true, hotPinned: false });

    // Back to the ranking by plays.
    const released = await patchGame('pg_slot_0', { hot: null });
    expect(released.json().value).toMatchObject({ hotPinned: null });
    expect(await hotGames(bo.app)).toContain('pg_slot_0');
    const onlyHot = (await bo.call('GET', '/catalogue/games?hot=true&pageSize=100', { cookie: content })).json().value;
    expect(onlyHot.items.every((game: CatalogueGameAdmin) => game.isHot)).toBe(true);
  });

  it('writes every change to the audit log with the state before and after', async () => {
    await patchGame('pg_slot_4', { enabled: false, maintenance: true });
    const audit = (await bo.call('GET', '/audit?action=catalogue.&pageSize=100', { cookie: owner })).json().value;
    const entries = audit.items as AuditEntry[];
    const change = entries.find((entry) => entry.target?.startsWith(`game:${ids.get('pg_slot_4')}:`));
    expect(change).toMatchObject({
      operatorUsername: 'content.games',
      action: 'catalogue.game.updated',
      before: { enabled: true, maintenance: false },
      after: { enabled: false, maintenance: true },
    });
    const vendor = entries.find((entry) => entry.target === 'vendor:JDB');
    expect(vendor).toMatchObject({ action: 'catalogue.vendor.updated' });
    expect((await bo.call('GET', '/audit/verify', { cookie: owner })).json().value.ok).toBe(true);
  });

  it('answers not found for unknown games and vendors, and refuses an empty change', async () => {
    expect(
      (await bo.call('PATCH', '/catalogue/games/999999', { cookie: content, body: { enabled: false } })).json(),
    ).toMatchObject({ code: 'CATALOGUE_GAME_NOT_FOUND' });
    const vendor = await bo.call('PATCH', '/catalogue/vendors/NOPE', { cookie: content, body: { enabled: false } });
    expect(vendor.statusCode).toBe(404);
    expect((await patchGame('pg_slot_6', {})).statusCode).toBe(400);
    expect((await patchGame('pg_slot_6', { enabled: 'no' })).statusCode).toBe(400);
  });

  it('refuses operators without games.manage, and callers without a session', async () => {
    for (const cookie of [support, finance]) {
      for (const [method, path, body] of [
        ['GET', '/catalogue/games', undefined],
        ['GET', '/catalogue/vendors', undefined],
        ['PATCH', `/catalogue/games/${ids.get('pg_slot_6')}`, { enabled: false }],
        ['PATCH', '/catalogue/vendors/PG', { enabled: false }],
        ['POST', '/catalogue/sync', {}],
      ] as const) {
        const refused = await bo.call(method, path, { cookie, ...(body ? { body } : {}) });
        expect(refused.statusCode, `${method} ${path}`).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'BO_FORBIDDEN', params: { permission: 'games.manage' } });
      }
    }
    expect((await bo.call('GET', '/catalogue/games')).statusCode).toBe(401);
    expect((await playerGames(bo.app)).map((game) => game.gameCode)).toContain('pg_slot_6');
  });
});
