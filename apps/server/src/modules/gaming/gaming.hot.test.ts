import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildGamesApp,
  type GamesApp,
  hub88Feed,
  newPlayer,
  type Player,
  sessionToken,
  uuid,
  walletCall,
} from './gaming.test-helpers';

/** 1 BDT at Hub88's scale (1/100000 of the currency). */
const BDT = 100_000;

/**
 * The hot list follows real play: bets and stakes over the last week from the rounds (Hub88 seamless wallet calls
 * and in-house games here; transfer vendors' pulled reports in tcg.bets.test.ts), ranked by the `hot-games` job
 * into the games' stored rank, with the operator's pins on top. Launches only break ties among games without bets.
 */
describe('hot games rank by real play', () => {
  let games: GamesApp;
  const nodeIds = new Map<string, number>();

  beforeAll(async () => {
    games = await buildGamesApp({ inhouseGames: true });
    // The in-house games come from their own adapter; Hub88's game list is not reachable here, so its feed is given.
    await games.app.services.gaming.syncCatalogue();
    await games.app.services.catalogue.applyFeed(hub88Feed(10));
    const list = await games.app.inject({
      method: 'POST',
      url: '/wps/relay/GCSGAME_gameList',
      payload: { pageSize: 100 },
    });
    for (const game of list.json().value.content as Array<{ gameCode: string; gameId: number }>) {
      nodeIds.set(game.gameCode, game.gameId);
    }
    expect(nodeIds.has('BGS_LIMBO')).toBe(true);
  }, 60_000);

  afterAll(async () => {
    await games?.app.close();
  });

  const id = (gameCode: string) => nodeIds.get(gameCode) as number;

  async function hotList(): Promise<string[]> {
    const response = await games.app.inject({
      method: 'POST',
      url: '/wps/relay/GCSGAME_hotGamesV2',
      payload: { limit: 100, refresh: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().value as Array<{ gameCode: string }>).map((game) => game.gameCode);
  }

  /** A Hub88 bet (and, unless told, the win that closes its round) on a game of the feed. */
  async function hub88Bet(player: Player, gameCode: string, amount: number, options: { rollback?: boolean } = {}) {
    const vendorCode = gameCode.startsWith('pg_') ? 'PG' : 'JDB';
    const token = await sessionToken(games, player, { gameCode, vendorCode });
    const bet = {
      user: player.user,
      token,
      request_uuid: uuid(),
      transaction_uuid: uuid(),
      round: uuid(),
      round_closed: false,
      game_code: gameCode,
      currency: 'BDT',
      amount,
    };
    expect((await walletCall(games, 'transaction/bet', bet)).status).toBe('RS_OK');
    const follow = options.rollback
      ? { endpoint: 'transaction/rollback', amount: undefined }
      : { endpoint: 'transaction/win', amount: 0 };
    const answer = await walletCall(games, follow.endpoint, {
      user: player.user,
      token,
      request_uuid: uuid(),
      transaction_uuid: uuid(),
      reference_transaction_uuid: bet.transaction_uuid,
      round: bet.round,
      round_closed: true,
      game_code: gameCode,
      currency: 'BDT',
      ...(follow.amount === undefined ? {} : { amount: follow.amount }),
    });
    expect(answer.status).toBe('RS_OK');
  }

  async function limboBets(player: Player, count: number) {
    const launched = await games.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: { authorization: player.token },
      payload: { gameCode: 'BGS_LIMBO', vassalage: 'BGS' },
    });
    expect(launched.statusCode, launched.body).toBe(200);
    const gameToken = new URL(launched.json().value.url as string).searchParams.get('gameToken') ?? '';
    for (let index = 0; index < count; index += 1) {
      const played = await games.app.inject({
        method: 'POST',
        url: '/inhouse/api/play',
        headers: { 'x-game-token': gameToken, 'idempotency-key': randomUUID() },
        payload: { gameCode: 'BGS_LIMBO', stakeMinor: '100', params: { targetHundredths: 200 } },
      });
      expect(played.statusCode, played.body).toBe(200);
    }
  }

  it('puts the games with the most bets, then the most staked, first; launches only break ties', async () => {
    const before = await hotList();
    expect(before.length).toBeGreaterThan(8);

    const player = await newPlayer(games.app, '500');
    // Opened often, never bet on: ranking by launches would put it first.
    for (let index = 0; index < 5; index += 1)
      await games.app.services.catalogue.recordPlay(player.id, id('jdb_slot_9'));
    for (let index = 0; index < 3; index += 1) await hub88Bet(player, 'pg_slot_4', BDT);
    await limboBets(player, 2);
    await hub88Bet(player, 'pg_slot_6', 20 * BDT);
    await hub88Bet(player, 'pg_slot_8', 2 * BDT);
    // A bet rolled back is no play.
    await hub88Bet(player, 'jdb_slot_3', 50 * BDT, { rollback: true });

    // The ranking is computed by the job into the stored rank, never by a list request.
    expect(await hotList()).toEqual(before);
    expect(await games.app.jobs.tick('hot-games')).toBe('ran');
    const ranked = await hotList();
    // 3 bets; 2 bets; 1 bet of 20 before 1 bet of 2; then the most launched game without bets.
    expect(ranked.slice(0, 5)).toEqual(['pg_slot_4', 'BGS_LIMBO', 'pg_slot_6', 'pg_slot_8', 'jdb_slot_9']);
    expect(ranked.indexOf('jdb_slot_3')).toBeGreaterThan(4);
    expect(new Set(ranked)).toEqual(new Set(before));

    // A second run with nothing new changes nothing.
    expect(await games.app.services.catalogue.refreshHot()).toEqual({ changed: 0 });
  }, 60_000);

  it("keeps the operator's pins on top (always hot, never hot) and the play order below them", async () => {
    const { catalogue } = games.app.services;
    await catalogue.updateGameForOperator(id('jdb_slot_7'), { hot: true });
    await catalogue.updateGameForOperator(id('pg_slot_4'), { hot: false });
    const pinned = await hotList();
    expect(pinned.slice(0, 5)).toEqual(['jdb_slot_7', 'BGS_LIMBO', 'pg_slot_6', 'pg_slot_8', 'jdb_slot_9']);
    expect(pinned).not.toContain('pg_slot_4');
    expect(await games.app.jobs.tick('hot-games')).toBe('ran');
    expect(await hotList()).toEqual(pinned);
  });

  it('forgets play older than the window: the launches order the games again', async () => {
    games.clock.advance(8 * 86_400_000);
    expect(await games.app.jobs.tick('hot-games')).toBe('ran');
    const ranked = await hotList();
    // The pin stays; jdb_slot_9 was opened five times, BGS_LIMBO once.
    expect(ranked.slice(0, 3)).toEqual(['jdb_slot_7', 'jdb_slot_9', 'BGS_LIMBO']);
    expect(ranked).not.toContain('pg_slot_4');
  });
});
