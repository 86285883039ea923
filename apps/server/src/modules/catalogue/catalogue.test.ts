import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../testing';
import type { FeedGame, VendorFeed } from './catalogue.service';

let clockMs = Date.parse('2026-05-01T10:00:00Z');
const now = () => new Date(clockMs);

function feed(): VendorFeed {
  const games: FeedGame[] = [];
  for (let index = 0; index < 45; index += 1) {
    const vendorCode = index % 3 === 0 ? 'JDB' : 'PG';
    games.push({
      vendorCode,
      gameCode: `${vendorCode}-${index}`,
      gameType: 'RNG',
      name: index === 7 ? 'Dragon Treasure' : `Fortune Wheel ${index}`,
      names: index === 7 ? { bn: 'ড্রাগন ধন' } : {},
      showIcon: index === 8 ? 'art/rel.svg' : `https://img.example/${index}.svg`,
      iconUrl: null,
      largeIcon: null,
      trialSupport: true,
      enabled: index !== 44,
      releasedAt: index < 4 ? new Date('2026-04-25T00:00:00Z') : null,
    });
  }
  const single = (vendorCode: string, gameCode: string, gameType: FeedGame['gameType'], isLobby = false): FeedGame => ({
    vendorCode,
    gameCode,
    gameType,
    isLobby,
    name: gameCode,
    showIcon: null,
    iconUrl: null,
    largeIcon: null,
    trialSupport: false,
    enabled: true,
  });
  games.push(
    single('AG', 'table-1', 'LIVE'),
    single('AG', 'table-2', 'LIVE'),
    single('SBT', 'lobby', 'SPORTS', true),
    single('IMES', 'lobby', 'SPORTS', true),
    single('TCG_LOTTO_VN', 'Lobby', 'ELOTT', true),
  );
  return {
    aggregator: 'hub88',
    walletMode: 'seamless',
    vendors: [
      { code: 'AG', name: 'Asia Gaming', category: 'LIVE', iconUrl: null, sortOrder: 1 },
      { code: 'PG', name: 'PG Soft', category: 'RNG', iconUrl: null, sortOrder: 2 },
      { code: 'JDB', name: 'JDB', category: 'RNG', iconUrl: null, sortOrder: 3 },
      { code: 'SBT', name: 'SBTech', category: 'SPORTS', iconUrl: null, sortOrder: 4 },
      { code: 'IMES', name: 'IM E-sports', category: 'SPORTS', iconUrl: null, sortOrder: 5 },
      { code: 'TCG_LOTTO_VN', name: 'VN Lottery', category: 'ELOTT', iconUrl: null, sortOrder: 6 },
    ],
    games,
  };
}

describe('catalogue calls', () => {
  let app: FastifyInstance;
  let token: string;
  let accountId: number;

  beforeAll(async () => {
    app = await buildTestApp({ rateLimitPerMinute: 100_000, loginRateLimitPerMinute: 100_000 }, { now });
    await app.ready();
    await app.services.catalogue.applyFeed(feed());
    const account = await app.services.identity.createAccount({
      username: 'catalogue1',
      password: 'Secret#2026',
      type: 0,
      uplineId: null,
    });
    accountId = account.id;
    token = (await app.services.identity.login({ username: 'catalogue1', password: 'Secret#2026' }, { ip: '10.1.1.1' }))
      .token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const relay = (service: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/wps/relay/${service}`, payload, headers });

  it('answers the reshaped menus: lanes in vendor order, e-sports after SPORTS, elott prize mode', async () => {
    const response = await app.inject({ method: 'GET', url: '/lgw/games/game_menus' });
    expect(response.statusCode).toBe(200);
    const { lanes, prizeMode } = response.json().value;
    expect(lanes.map((lane: { title: string }) => lane.title)).toEqual(['LIVE', 'RNG', 'SPORTS', 'ESPORTS', 'ELOTT']);
    const rng = lanes[1];
    expect(rng.cards.map((card: { vassalage: string }) => card.vassalage)).toEqual(['PG', 'JDB']);
    expect(rng.cards[0]).toMatchObject({ isGame: 'VASSALAGE', gameCount: 29 });
    expect(lanes[3].cards[0]).toMatchObject({ vassalage: 'IMES', isGame: 'LOBBY', gameType: 'ESPORTS' });
    expect(prizeMode).toBe('elott');
    const categories = (await relay('GCSGAME_newGameVendor', {})).json().value;
    expect(categories.map((entry: { gameCategory: string }) => entry.gameCategory)).toEqual([
      'LIVE',
      'RNG',
      'SPORTS',
      'ESPORTS',
      'ELOTT',
    ]);
  });

  it('pages a category 20 at a time by default, vendors interleaved in feed order, without unlisted games', async () => {
    const first = (
      await relay('GCSGAME_gameList', { gameType: 'RNG', clientType: 3, platform: 'html5-desktop' })
    ).json().value;
    expect(first.content).toHaveLength(20);
    expect(first).toMatchObject({ pageNum: 1, pageSize: 20, total: 44, totalPages: 3 });
    expect(first.content[0]).toMatchObject({ gameCode: 'PG-1', vassalage: 'PG', isGame: 'GAME', gameType: 'RNG' });
    expect(first.content[1]).toMatchObject({ gameCode: 'JDB-0', vassalage: 'JDB' });
    const last = (await relay('GCSGAME_gameList', { gameType: 'RNG', pageNo: 3 })).json().value;
    expect(last.content).toHaveLength(4);
    const codes = last.content.map((game: { gameCode: string }) => game.gameCode);
    expect(codes).not.toContain('PG-44');
  });

  it('filters by vendor, NEW and HOT', async () => {
    const jdb = (await relay('GCSGAME_gameList', { gameType: 'RNG', vassalage: 'JDB', pageSize: 100 })).json().value;
    expect(jdb.total).toBe(15);
    expect(jdb.content.every((game: { vassalage: string }) => game.vassalage === 'JDB')).toBe(true);
    const fresh = (await relay('GCSGAME_gameList', { gameType: 'RNG', filter: 'NEW' })).json().value;
    expect(fresh.content.map((game: { gameCode: string }) => game.gameCode)).toEqual([
      'PG-1',
      'JDB-0',
      'PG-2',
      'JDB-3',
    ]);
    const hot = (await relay('GCSGAME_gameList', { filter: 'HOT', pageSize: 100 })).json().value;
    expect(hot.total).toBe(30);
    expect(hot.content.every((game: { isHot: number }) => game.isHot === 1)).toBe(true);
    const hotGames = (await relay('GCSGAME_hotGamesV2', { isPlatform: 2, platform: 'html5-desktop' })).json().value;
    expect(hotGames).toHaveLength(30);
  });

  it('searches names in the requested language (and the default name), any case, wildcards literal', async () => {
    const english = (await relay('GCSGAME_gameList', { keyword: 'dragon' })).json().value;
    expect(english.content.map((game: { gameCode: string }) => game.gameCode)).toEqual(['PG-7']);
    const bengali = (await relay('GCSGAME_gameList', { keyword: 'ড্রাগন', language: 'bn' })).json().value;
    expect(bengali.content).toHaveLength(1);
    expect(bengali.content[0].displayName).toBe('ড্রাগন ধন');
    const notInEnglish = (await relay('GCSGAME_gameList', { keyword: 'ড্রাগন', language: 'en' })).json().value;
    expect(notInEnglish.total).toBe(0);
    const wildcard = (await relay('GCSGAME_gameList', { keyword: '%' })).json().value;
    expect(wildcard.total).toBe(0);
  });

  it('searches within a category, vendor and the HOT filter, in list order, paged like the list', async () => {
    type Tile = { gameCode: string; gameName: string };
    const codes = (tiles: Tile[]) => tiles.map((tile) => tile.gameCode);
    const all = (await relay('GCSGAME_gameList', { gameType: 'RNG', pageSize: 100 })).json().value.content as Tile[];
    // The oracle: the unsearched list, filtered by name as a person would.
    const named = (tiles: Tile[], part: string) => tiles.filter((tile) => tile.gameName.toLowerCase().includes(part));
    const wheel = (await relay('GCSGAME_gameList', { gameType: 'RNG', keyword: 'WHEEL 1', pageSize: 100 })).json()
      .value;
    expect(codes(wheel.content)).toEqual(codes(named(all, 'wheel 1')));
    expect(wheel.total).toBe(11);
    const firstPage = (await relay('GCSGAME_gameList', { keyword: 'ortune whe', pageSize: 5 })).json().value;
    const thirdPage = (await relay('GCSGAME_gameList', { keyword: 'ortune whe', pageSize: 5, pageNo: 3 })).json().value;
    expect(firstPage).toMatchObject({ total: 43, totalPages: 9, pageNum: 1, pageSize: 5 });
    expect(codes([...firstPage.content, ...thirdPage.content])).toEqual(
      codes(named(all, 'ortune whe')).filter((_, index) => index < 5 || (index >= 10 && index < 15)),
    );
    const jdb = (await relay('GCSGAME_gameList', { vassalage: 'JDB', keyword: 'wheel 1', pageSize: 100 })).json().value;
    expect(codes(jdb.content)).toEqual(codes(named(all, 'wheel 1')).filter((code) => code.startsWith('JDB-')));
    const live = (await relay('GCSGAME_gameList', { gameType: 'LIVE', keyword: 'wheel' })).json().value;
    expect(live.total).toBe(0);
    const hot = (await relay('GCSGAME_gameList', { filter: 'HOT', pageSize: 100 })).json().value.content as Tile[];
    const hotWheel = (await relay('GCSGAME_gameList', { filter: 'HOT', keyword: 'wheel 2', pageSize: 100 })).json()
      .value.content;
    expect(codes(hotWheel)).toEqual(codes(named(hot, 'wheel 2')));
  });

  it('answers a repeated page with the same body, and a member with favourites with them marked', async () => {
    const body = { gameType: 'RNG', pageNo: 2, pageSize: 7 };
    const first = await relay('GCSGAME_gameList', body);
    const again = await relay('GCSGAME_gameList', body);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    expect(first.json().value).toMatchObject({ pageNum: 2, pageSize: 7, total: 44 });
    const bengali = await relay('GCSGAME_gameList', { keyword: 'dragon' }, { language: 'bn' });
    expect(bengali.json().value.content[0].displayName).toBe('ড্রাগন ধন');
    expect((await relay('GCSGAME_gameList', { keyword: 'dragon' })).json().value.content[0].displayName).toBe(
      'Dragon Treasure',
    );
  });

  it('lists the in-house lane when asked with vassalage=INHOUSE, and live rooms of a vendor', async () => {
    const rooms = (await relay('GLS2_roomList', { vassalage: 'AG' })).json().value;
    expect(rooms.rooms.map((room: { gameCode: string }) => room.gameCode)).toEqual(['table-1', 'table-2']);
    const unknown = await relay('GLS2_roomList', { vassalage: 'NOPE' });
    expect(unknown.json().code).toBe('CATALOGUE_VENDOR_NOT_FOUND');
    const inhouse = (await relay('GCSGAME_gameList', { vassalage: 'INHOUSE' })).json().value;
    expect(inhouse.total).toBe(0);
  });

  it('needs a session for the FAV and RECENT filters', async () => {
    const response = await relay('GCSGAME_gameList', { filter: 'FAV' });
    expect(response.json().code).toBe('AUTH_REQUIRED');
  });

  it('adds favourites once (duplicates ignored), throttles toggles to one per second, and lists them', async () => {
    const headers = { authorization: token };
    const list = (await relay('GCSGAME_gameList', { gameType: 'RNG' })).json().value;
    const [first, second] = list.content as Array<{ nodeId: string }>;
    const added = await relay(
      'MCSFE_addFavoriteGameV2',
      { nodeId: first?.nodeId, vendor: 'JDB', gameType: 'RNG' },
      headers,
    );
    expect(added.json().value.nodeIds).toEqual([first?.nodeId]);
    // Within the same second: a duplicate is ignored (no error), a real change is throttled.
    const duplicate = await relay('MCSFE_addFavoriteGameV2', { nodeId: first?.nodeId }, headers);
    expect(duplicate.statusCode).toBe(200);
    expect(duplicate.json().value.nodeIds).toEqual([first?.nodeId]);
    const throttled = await relay('MCSFE_addFavoriteGameV2', { nodeId: second?.nodeId }, headers);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe('CATALOGUE_FAVORITE_THROTTLED');
    const bengali = await relay('MCSFE_addFavoriteGameV2', { nodeId: second?.nodeId }, { ...headers, language: 'bn' });
    expect(bengali.json().message).toBe('প্রিয় তালিকা আবার বদলানোর আগে একটু অপেক্ষা করুন');
    clockMs += 1000;
    expect((await relay('MCSFE_addFavoriteGameV2', { nodeId: second?.nodeId }, headers)).statusCode).toBe(200);
    const ids = (await relay('MCSFE_getFavoriteGames', {}, headers)).json().value.nodeIds;
    expect(ids).toEqual([second?.nodeId, first?.nodeId]);
    const favourites = (await relay('MCSFE_getFavoriteGamesList', { pageNo: 1, gameType: 'RNG' }, headers)).json()
      .value;
    expect(favourites).toMatchObject({ pageNum: 1, pageSize: 999, totalPages: 1, total: 2 });
    const marked = (await relay('GCSGAME_gameList', { gameType: 'RNG' }, headers)).json().value.content;
    expect(marked.filter((game: { isFavorite: boolean }) => game.isFavorite)).toHaveLength(2);
    clockMs += 1000;
    const removed = await app.inject({
      method: 'DELETE',
      url: `/wps/relay/MCSFE_removeFavoriteGameV2?nodeId=${first?.nodeId}`,
      headers,
    });
    expect(removed.json().value.nodeIds).toEqual([second?.nodeId]);
    const unknown = await relay('MCSFE_addFavoriteGameV2', { nodeId: '999999' }, headers);
    expect(unknown.json().code).toBe('CATALOGUE_GAME_NOT_FOUND');
  });

  it('lists recently played games newest first', async () => {
    const list = (await relay('GCSGAME_gameList', { gameType: 'RNG' })).json().value.content as Array<{
      gameId: number;
      nodeId: string;
    }>;
    await app.services.catalogue.recordPlay(accountId, list[3]?.gameId as number);
    clockMs += 1000;
    await app.services.catalogue.recordPlay(accountId, list[5]?.gameId as number);
    const recent = (await relay('GCS_recentGame', { pageNo: 1, gameType: 'RNG' }, { authorization: token })).json()
      .value;
    expect(recent.content.map((game: { nodeId: string }) => game.nodeId)).toEqual([list[5]?.nodeId, list[3]?.nodeId]);
  });

  it('refreshes cached lists when an operator switch changes the catalogue', async () => {
    const before = (await relay('GCSGAME_gameList', { gameType: 'LIVE' })).json().value;
    expect(before.total).toBe(2);
    await app.services.catalogue.setVendorFlags('AG', { maintenance: true });
    const after = (await relay('GCSGAME_gameList', { gameType: 'LIVE' })).json().value;
    expect(after.content.every((game: { maintenance: boolean }) => game.maintenance)).toBe(true);
    await app.services.catalogue.setVendorFlags('AG', { enabled: false, maintenance: false });
    const menus = (await app.inject({ method: 'GET', url: '/lgw/games/game_menus' })).json().value;
    expect(menus.lanes.map((lane: { title: string }) => lane.title)).not.toContain('LIVE');
    await app.services.catalogue.setVendorFlags('AG', { enabled: true });
  });

  it('answers remembered searches and pages afresh after an operator switch', async () => {
    const vendors = async (keyword: string) =>
      new Set(
        (
          (await relay('GCSGAME_gameList', { keyword, pageSize: 100 })).json().value.content as Array<{
            vassalage: string;
          }>
        ).map((game) => game.vassalage),
      );
    expect(await vendors('wheel')).toEqual(new Set(['PG', 'JDB']));
    expect((await relay('GCSGAME_gameList', { keyword: 'no such game' })).json().value.total).toBe(0);
    await app.services.catalogue.setVendorFlags('PG', { enabled: false });
    expect(await vendors('wheel')).toEqual(new Set(['JDB']));
    await app.services.catalogue.setVendorFlags('PG', { enabled: true });
    expect(await vendors('wheel')).toEqual(new Set(['PG', 'JDB']));
  });

  it("serves a relative vendor image from the site's image CDN (the seeded '/': this site)", async () => {
    const list = (await relay('GCSGAME_gameList', { gameType: 'RNG', vassalage: 'PG', pageSize: 100 })).json().value
      .content;
    const relative = list.find((game: { gameCode: string }) => game.gameCode === 'PG-8');
    expect(relative.iconUrl).toBe('/art/rel.svg');
    expect(relative.showIcon).toBe('art/rel.svg');
  });

  it("answers a visitor's repeated list request from its finished answer until the catalogue changes", async () => {
    const built = vi.spyOn(app.services.catalogue, 'gameListJson');
    try {
      const raw = JSON.stringify({ gameType: 'RNG', pageNo: 3, pageSize: 5 });
      const send = (headers: Record<string, string> = {}, payload = raw) =>
        app.inject({
          method: 'POST',
          url: '/wps/relay/GCSGAME_gameList',
          payload,
          headers: { 'content-type': 'application/json', ...headers },
        });
      const miss = await send();
      expect(built).toHaveBeenCalledTimes(1);
      const hit = await send();
      expect(built).toHaveBeenCalledTimes(1);
      expect(hit.statusCode).toBe(200);
      expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
      expect(hit.headers['content-type']).toBe(miss.headers['content-type']);
      expect(hit.headers['x-content-type-options']).toBe(miss.headers['x-content-type-options']);
      // Compressed on a hit like on a miss.
      const br = await send({ 'accept-encoding': 'br' });
      expect(built).toHaveBeenCalledTimes(1);
      expect(br.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(miss.json());

      // Another language or another body is another answer.
      const bengali = await send({ language: 'bn' });
      expect(built).toHaveBeenCalledTimes(2);
      expect(bengali.json().value).toMatchObject({ pageNum: 3, pageSize: 5 });
      await send({}, JSON.stringify({ gameType: 'RNG', pageNo: 2, pageSize: 5 }));
      expect(built).toHaveBeenCalledTimes(3);

      // A member's request is built every time (favourites are marked for them).
      await send({ authorization: `Bearer ${token}` });
      await send({ authorization: `Bearer ${token}` });
      expect(built).toHaveBeenCalledTimes(5);

      // A catalogue change invalidates the remembered answer.
      await app.services.catalogue.setVendorFlags('PG', { maintenance: true });
      try {
        const changed = await send();
        expect(built).toHaveBeenCalledTimes(6);
        expect(changed.rawPayload.equals(miss.rawPayload)).toBe(false);
        expect(
          changed
            .json()
            .value.content.filter((game: { vassalage: string }) => game.vassalage === 'PG')
            .every((game: { maintenance: boolean }) => game.maintenance),
        ).toBe(true);
        await send();
        expect(built).toHaveBeenCalledTimes(6);
      } finally {
        await app.services.catalogue.setVendorFlags('PG', { maintenance: false });
      }

      // The call guard still runs on a remembered answer.
      await send();
      await app.services.system.setFeature('GAME', false);
      try {
        const off = await send();
        expect(off.json().code).toBe('SYSTEM_FUNCTION_NOT_ENABLED');
      } finally {
        await app.services.system.setFeature('GAME', true);
      }

      // An invalid body is refused every time, never remembered; malformed JSON too.
      const invalid = JSON.stringify({ filter: 'EVERYTHING' });
      for (let index = 0; index < 2; index += 1) {
        expect((await send({}, invalid)).json().code).toBe('VALIDATION_FAILED');
        expect((await send({}, '{"pageNo":')).statusCode).toBe(400);
      }
      // FAV without a session is refused every time.
      const fav = JSON.stringify({ filter: 'FAV' });
      expect((await send({}, fav)).json().code).toBe('AUTH_REQUIRED');
      expect((await send({}, fav)).json().code).toBe('AUTH_REQUIRED');
    } finally {
      built.mockRestore();
    }
  });

  it('refuses prototype-poisoning game-list bodies, plain or escaped, and parses ordinary ones', async () => {
    const send = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/wps/relay/GCSGAME_gameList',
        payload,
        headers: { 'content-type': 'application/json' },
      });
    for (const payload of [
      '{"pageNo":1,"__proto__":{"polluted":true}}',
      '{"pageNo":1,"\\u005f_proto__":{"polluted":true}}',
      '{"pageNo":1,"constructor":{"prototype":{"polluted":true}}}',
    ]) {
      expect((await send(payload)).statusCode).toBe(400);
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect((await send('{"pageNo":2,"pageSize":3,"keyword":"wheel"}')).json().value).toMatchObject({
      pageNum: 2,
      pageSize: 3,
    });
    expect((await send('\ufeff{"pageNo":2,"pageSize":3}')).json().value).toMatchObject({ pageNum: 2 });
    expect((await send('{"pageNo":')).statusCode).toBe(400);
  });

  it('reads the list epoch once per turn of the event loop, afresh on the next turn and after a change', async () => {
    const { catalogue } = app.services;
    const first = catalogue.listEpoch();
    expect(catalogue.listEpoch()).toBe(first);
    const before = await first;
    await new Promise((resolve) => setImmediate(resolve));
    const next = catalogue.listEpoch();
    expect(next).not.toBe(first);
    expect(await next).toBe(before);
    const held = catalogue.listEpoch();
    await catalogue.setVendorFlags('JDB', { maintenance: true });
    try {
      const changed = catalogue.listEpoch();
      expect(changed).not.toBe(held);
      expect(await changed).not.toBe(before);
    } finally {
      await catalogue.setVendorFlags('JDB', { maintenance: false });
    }
  });

  it('remembers a visitor search from its second request on, so one-off keywords are not held', async () => {
    const built = vi.spyOn(app.services.catalogue, 'gameListJson');
    try {
      const search = () => relay('GCSGAME_gameList', { keyword: 'wheel 3', pageSize: 5 });
      const first = await search();
      expect(built).toHaveBeenCalledTimes(1);
      const second = await search();
      expect(built).toHaveBeenCalledTimes(2);
      const third = await search();
      expect(built).toHaveBeenCalledTimes(2);
      expect(third.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      // A list without a keyword is remembered at once.
      await relay('GCSGAME_gameList', { gameType: 'RNG', pageNo: 4, pageSize: 5 });
      await relay('GCSGAME_gameList', { gameType: 'RNG', pageNo: 4, pageSize: 5 });
      expect(built).toHaveBeenCalledTimes(3);
    } finally {
      built.mockRestore();
    }
  });

  it('answers a search that finds nothing with the empty page, built each time and never remembered', async () => {
    const built = vi.spyOn(app.services.catalogue, 'gameListJson');
    try {
      const search = () => relay('GCSGAME_gameList', { keyword: 'zq no such name', pageNo: 2, pageSize: 7 });
      const first = await search();
      const second = await search();
      const third = await search();
      expect(built).toHaveBeenCalledTimes(3);
      const page = { content: [], pageNum: 2, pageSize: 7, totalPages: 0, total: 0 };
      expect(first.rawPayload.toString('utf8')).toBe(JSON.stringify({ success: true, value: page }));
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(third.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(third.headers['content-type']).toBe('application/json; charset=utf-8');
      // A member's search that finds nothing is the same page.
      const member = await relay(
        'GCSGAME_gameList',
        { keyword: 'zq no such name', pageNo: 2, pageSize: 7 },
        {
          authorization: `Bearer ${token}`,
        },
      );
      expect(member.rawPayload.equals(first.rawPayload)).toBe(true);
    } finally {
      built.mockRestore();
    }
  });

  it('answers requests of one turn from a remembered page with the epoch that turn read, until a change', async () => {
    const { catalogue } = app.services;
    const built = vi.spyOn(catalogue, 'gameListJson');
    try {
      const body = { gameType: 'RNG', pageNo: 2, pageSize: 4 };
      const first = await relay('GCSGAME_gameList', body);
      expect(built).toHaveBeenCalledTimes(1);
      // Many at once, as a busy server sees them: the first reads the epoch, the others compare with what it read.
      const together = await Promise.all(Array.from({ length: 6 }, () => relay('GCSGAME_gameList', body)));
      expect(built).toHaveBeenCalledTimes(1);
      for (const answer of together) {
        expect(answer.rawPayload.equals(first.rawPayload)).toBe(true);
        expect(answer.headers['x-content-type-options']).toBe(first.headers['x-content-type-options']);
      }
      const epoch = await catalogue.listEpoch();
      expect(catalogue.listEpochNow()).toBe(epoch);
      await catalogue.setVendorFlags('PG', { maintenance: true });
      try {
        expect(catalogue.listEpochNow()).toBeUndefined();
        const changed = await Promise.all(Array.from({ length: 3 }, () => relay('GCSGAME_gameList', body)));
        expect(changed[0]?.rawPayload.equals(first.rawPayload)).toBe(false);
        expect(built.mock.calls.length).toBeGreaterThan(1);
      } finally {
        await catalogue.setVendorFlags('PG', { maintenance: false });
      }
      await new Promise((resolve) => setImmediate(resolve));
      expect(catalogue.listEpochNow()).toBeUndefined();
    } finally {
      built.mockRestore();
    }
  });
});
