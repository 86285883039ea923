import {
  type CallEntry,
  calls,
  favoriteGameInputSchema,
  favoriteGamesListInputSchema,
  favoriteIdsSchema,
  gameListInputSchema,
  gameMenusQuerySchema,
  gameMenusSchema,
  gamePageSchema,
  hotGamesInputSchema,
  hotGamesSchema,
  newGameVendorInputSchema,
  newGameVendorSchema,
  okEnvelope,
  recentGamesInputSchema,
  removeFavoriteGameQuerySchema,
  requestHeaders,
  roomListInputSchema,
  roomListSchema,
  vassGameTypeInputSchema,
  vassGameTypeSchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest, LogLevel } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { bearerToken, requireAuth } from '../../platform/http/auth-context';
import { ok } from '../../platform/http/envelope';
import { createPrecompressedJson, type JsonBody, jsonBody, sendJsonBody } from '../../platform/http/precompressed';
import { gameListValidatorCompiler } from './catalogue.list-input';
import { type CatalogueService, isEmptyPageJson } from './catalogue.service';

/** Request bodies longer than this are never remembered (a list request is a few dozen bytes). */
const MAX_REMEMBERED_BODY = 512;

/** What a JSON body needs to name `__proto__` or `constructor` (literally or escaped): without it, no poisoning. */
const couldPoison = /\\|__proto__|constructor/;

type PublicPage = { epoch: string; body: JsonBody };
/** Per request: its key when it may be remembered, its raw body, and the remembered page when it was found. */
type PublicPageState = { key: string; raw: string; page: PublicPage | undefined };

declare module 'fastify' {
  interface FastifyRequest {
    /** The game list's remembered-answer state of this request (catalogue.routes.ts); null elsewhere. */
    publicPage: PublicPageState | null;
  }
}

/**
 * Finished `GCSGAME_gameList` answers for visitors (no bearer token; ALL, NEW or HOT), keyed by the request's language
 * header and its raw body text, each with the catalogue epoch it was built under. A repeated request is recognised by
 * the scope's JSON parser, before the body is parsed and validated, and answered by the route's preValidation hook
 * once the epoch is checked. Held as bytes (with their compressed forms once asked for), so a hit encodes nothing.
 * Bounded (LRU). A member's request (any bearer token) is never looked up nor remembered. A search (a keyword) is
 * remembered from its second request on: a one-off keyword (typing, bots) would otherwise evict the pages players
 * repeat. The keys seen once are kept in two generations of sets (the older dropped when the newer fills), which
 * costs a one-off keyword two set operations instead of an LRU's bookkeeping.
 */
export function createPublicPages(options: { max?: number; maxBytes?: number } = {}) {
  const max = options.max ?? 2_000;
  // Bounded by count and by bytes held (a page of 100 games is ~40 KB): 2,000 pages of 20 fit in 16 MB.
  const cache = new LRUCache<string, PublicPage>({
    max,
    maxSize: options.maxBytes ?? 16_000_000,
    sizeCalculation: (page, key) => page.body.identity.length + key.length,
  });
  let seenOnce = new Set<string>();
  let seenBefore = new Set<string>();
  /** True when the key was seen once already (and forgets it); else notes it. */
  const seenAgain = (key: string): boolean => {
    if (seenOnce.delete(key) || seenBefore.delete(key)) return true;
    if (seenOnce.size >= max) {
      seenBefore = seenOnce;
      seenOnce = new Set();
    }
    seenOnce.add(key);
    return false;
  };

  return {
    /** Called by the parser: true when the request's page is remembered (the body need not be parsed). */
    recognise(request: FastifyRequest, raw: string): boolean {
      if (raw.length > MAX_REMEMBERED_BODY || request.headers[requestHeaders.authorization] !== undefined) return false;
      const key = `${requestLanguage(request) ?? ''}\n${raw}`;
      const page = cache.get(key);
      request.publicPage = { key, raw, page };
      return page !== undefined;
    },
    hit(request: FastifyRequest): { raw: string; page: PublicPage } | undefined {
      const found = request.publicPage;
      return found?.page ? (found as { raw: string; page: PublicPage }) : undefined;
    },
    forget(request: FastifyRequest): void {
      const found = request.publicPage;
      if (!found) return;
      cache.delete(found.key);
      found.page = undefined;
    },
    /** Whether this request's answer may be remembered (a visitor's request with a short body). */
    candidate(request: FastifyRequest): boolean {
      return request.publicPage !== null;
    },
    /**
     * Remembers the answer of a candidate request and returns it as held, or returns undefined when it is not
     * remembered (not a candidate, or a search asked for the first time).
     */
    remember(request: FastifyRequest, epoch: string, json: string, search: boolean): JsonBody | undefined {
      const found = request.publicPage;
      if (!found) return undefined;
      if (search && !seenAgain(found.key)) return undefined;
      const body = jsonBody(json);
      cache.set(found.key, { epoch, body });
      return body;
    },
    get size(): number {
      return cache.size;
    },
  };
}

export type CatalogueRoutesOptions = {
  catalogue: CatalogueService;
  /**
   * The identity module's session check (the call guard's `authenticate`). Calls without the token flag use it
   * when a token is sent anyway, so that a member's lists mark favourites and may filter FAV and RECENT.
   */
  authenticate(request: FastifyRequest): Promise<void>;
};

const route = (entry: CallEntry) => ({ method: entry.method, url: entry.path });

/** The app's log level, raised to `warn` when it would log every request (it is never lowered). */
export function quietLogLevel(level: LogLevel): LogLevel {
  return level === 'trace' || level === 'debug' || level === 'info' ? 'warn' : level;
}
const tokenSecurity = [{ token: [] }];
const tags = ['games'];

export function requestLanguage(request: FastifyRequest): string | undefined {
  const value = request.headers[requestHeaders.language];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The catalogue's calls (spec section 7 "Games"): menus, lists with filters and search, hot games, vendor
 * categories, favourites, recent games and live rooms.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (app, options) => {
  const { catalogue } = options;
  // Pages of the lists and searches players repeat most (a snapshot's first pages, popular keywords).
  const precompressed = createPrecompressedJson({ maxBodies: 500 });

  /** The caller's account when a valid token came with a call that does not need one; null otherwise. */
  async function optionalAccount(request: FastifyRequest): Promise<number | null> {
    if (request.auth) return request.auth.accountId;
    if (!bearerToken(request)) return null;
    try {
      await options.authenticate(request);
    } catch {
      return null;
    }
    return request.auth ? (request.auth as { accountId: number }).accountId : null;
  }

  app.route({
    ...route(calls.gameMenus),
    schema: {
      tags,
      summary:
        'Categories with at least one enabled vendor, vendors in sort order, reshaped once here (e-sports and cockfight after SPORTS, in-house vendors under INHOUSE), and the lottery prize mode',
      querystring: gameMenusQuerySchema,
      response: { 200: okEnvelope(gameMenusSchema) },
    },
    handler: async (request) =>
      ok(await catalogue.menus(request.query.language ?? requestLanguage(request), request.query.refresh === 'true')),
  });

  app.route({
    ...route(calls.newGameVendor),
    schema: {
      tags,
      summary: 'The category list: each game category with its vendors (reshaped like the menus)',
      body: newGameVendorInputSchema.optional(),
      response: { 200: okEnvelope(newGameVendorSchema) },
    },
    handler: async (request) =>
      ok(
        await catalogue.categoryVendors(
          request.body?.language ?? requestLanguage(request),
          request.body?.refresh ?? false,
        ),
      ),
  });

  app.route({
    ...route(calls.vassalageGameTypes),
    schema: {
      tags,
      summary: 'The game categories of each vendor (or of one vendor)',
      body: vassGameTypeInputSchema.optional(),
      response: { 200: okEnvelope(vassGameTypeSchema) },
    },
    handler: async (request) =>
      ok(await catalogue.vassGameTypes(request.body?.vassalage, request.body?.language ?? requestLanguage(request))),
  });

  // The game list in a scope of its own, whose JSON parser can answer a repeated visitor's request before the body
  // is parsed and validated (see createPublicPages). The call guard, rate limit, security headers, request id and
  // metrics hooks still run for every request: they are the app's, not this scope's.
  await app.register(async (scope) => {
    const publicPages = createPublicPages();
    scope.decorateRequest('publicPage', null);
    // The list body is checked by hand before the schema (same answers, same errors; see catalogue.list-input.ts).
    scope.setValidatorCompiler(gameListValidatorCompiler);
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
      const text = raw as string;
      if (publicPages.recognise(request, text)) {
        done(null, {});
        return;
      }
      // A body that cannot spell a prototype-poisoning key (no such word, no escape, no BOM) is parsed as it is;
      // anything else, and any body JSON.parse refuses, goes through the guarded parser and its errors.
      if (text.length > 0 && text.charCodeAt(0) !== 0xfeff && !couldPoison.test(text)) {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          parseJson(request, text, done);
          return;
        }
        done(null, body);
        return;
      }
      parseJson(request, text, done);
    });

    /** A remembered page whose epoch is still the catalogue's is sent; a stale one is forgotten and parsed now. */
    async function answerRemembered(
      request: FastifyRequest,
      reply: FastifyReply,
      hit: { raw: string; page: PublicPage },
    ): Promise<void> {
      if (hit.page.epoch === (await catalogue.listEpoch())) {
        sendJsonBody(request, reply, hit.page.body);
        return;
      }
      publicPages.forget(request);
      request.body = await new Promise((resolve, reject) =>
        parseJson(request, hit.raw, (error, body) => (error ? reject(error) : resolve(body))),
      );
    }

    scope.withTypeProvider<ZodTypeProvider>().route({
      ...route(calls.gameList),
      schema: {
        tags,
        summary:
          'One page of games (pageSize 20 by default) of a category and/or vendor, filtered (ALL, NEW, HOT, FAV, RECENT; FAV and RECENT need the token) and searched by name in the requested language',
        security: tokenSecurity,
        body: gameListInputSchema,
        response: { 200: okEnvelope(gamePageSchema) },
      },
      // Every answer of this route goes through `sendJsonBody` / `precompressed`, which compress a body once, not
      // per request, so the compression plugin's per-request hooks are left off (request bodies are still inflated).
      compress: false,
      // The most frequent call of all is logged only when something is wrong, like the probes: at LOG_LEVEL=info
      // (the default) Fastify's two lines per request took about a fifth of the server CPU of a remembered page.
      // The metrics count every answer by status; warnings and errors are logged as before.
      logLevel: quietLogLevel(app.log.level as LogLevel),
      // After the call guard (which the guard puts first): a visitor's request whose page is remembered under the
      // current catalogue epoch is answered here, before validation and the handler. A callback hook, so a request
      // with nothing remembered goes on without a promise, and so does a hit once this turn has read the epoch (a
      // hook that answers need not call `done`).
      preValidation: (request, reply, done) => {
        const hit = publicPages.hit(request);
        if (!hit) {
          done();
          return;
        }
        if (hit.page.epoch === catalogue.listEpochNow()) {
          sendJsonBody(request, reply, hit.page.body);
          return;
        }
        answerRemembered(request, reply, hit).then(() => done(), done);
      },
      // The page comes serialised from the service (pages the same for everyone are serialised once per catalogue
      // snapshot), so the response schema's per-request pass is skipped; the schema above still documents it. Bodies
      // that repeat are compressed once, not once per request.
      handler: async (request, reply) => {
        // A visitor's request (no token) knows it has no account without a promise.
        const accountId = request.auth || bearerToken(request) ? await optionalAccount(request) : null;
        const filter = request.body.filter;
        const remember =
          accountId === null && filter !== 'FAV' && filter !== 'RECENT' && publicPages.candidate(request);
        const epoch = remember ? (catalogue.listEpochNow() ?? (await catalogue.listEpoch())) : '';
        const page = await catalogue.gameListJson(request.body, requestLanguage(request), accountId);
        const json = `{"success":true,"value":${page}}`;
        const search = Boolean(request.body.keyword);
        // A search that found nothing is not remembered: the name index answers it again in microseconds, and one-off
        // keywords (typing, bots) would only fill the seen-once sets.
        const held =
          remember && !(search && isEmptyPageJson(page))
            ? publicPages.remember(request, epoch, json, search)
            : undefined;
        return held ? sendJsonBody(request, reply, held) : precompressed.send(request, reply, json);
      },
    });
  });

  app.route({
    ...route(calls.hotGames),
    schema: {
      tags,
      summary: 'Hot games in rank order (cached; refresh reloads)',
      body: hotGamesInputSchema.optional(),
      response: { 200: okEnvelope(hotGamesSchema) },
    },
    handler: async (request) =>
      ok(
        await catalogue.hotGames(
          hotGamesInputSchema.parse(request.body ?? {}),
          requestLanguage(request),
          await optionalAccount(request),
        ),
      ),
  });

  app.route({
    ...route(calls.favoriteGames),
    schema: {
      tags,
      summary: "The member's favourite node ids, newest first",
      security: tokenSecurity,
      response: { 200: okEnvelope(favoriteIdsSchema) },
    },
    handler: async (request) => ok(await catalogue.favoriteIds(requireAuth(request).accountId)),
  });

  app.route({
    ...route(calls.favoriteGamesList),
    schema: {
      tags,
      summary: "The member's favourite games (pageSize 999 by default)",
      security: tokenSecurity,
      body: favoriteGamesListInputSchema.optional(),
      response: { 200: okEnvelope(gamePageSchema) },
    },
    handler: async (request) =>
      ok(
        await catalogue.favoriteList(
          favoriteGamesListInputSchema.parse(request.body ?? {}),
          requestLanguage(request),
          requireAuth(request).accountId,
        ),
      ),
  });

  app.route({
    ...route(calls.addFavoriteGame),
    schema: {
      tags,
      summary: 'Adds a favourite (a duplicate is ignored); one favourite change per second per member',
      security: tokenSecurity,
      body: favoriteGameInputSchema,
      response: { 200: okEnvelope(favoriteIdsSchema) },
    },
    handler: async (request) => ok(await catalogue.addFavorite(requireAuth(request).accountId, request.body)),
  });

  app.route({
    ...route(calls.removeFavoriteGame),
    schema: {
      tags,
      summary: 'Removes a favourite (payload as query parameters); one favourite change per second per member',
      security: tokenSecurity,
      querystring: removeFavoriteGameQuerySchema,
      response: { 200: okEnvelope(favoriteIdsSchema) },
    },
    handler: async (request) => ok(await catalogue.removeFavorite(requireAuth(request).accountId, request.query)),
  });

  app.route({
    ...route(calls.recentGames),
    schema: {
      tags,
      summary: "The member's recently launched games, newest first (pageSize 20)",
      security: tokenSecurity,
      body: recentGamesInputSchema.optional(),
      response: { 200: okEnvelope(gamePageSchema) },
    },
    handler: async (request) =>
      ok(
        await catalogue.recentGames(
          recentGamesInputSchema.parse(request.body ?? {}),
          requestLanguage(request),
          requireAuth(request).accountId,
        ),
      ),
  });

  app.route({
    ...route(calls.roomList),
    schema: {
      tags,
      summary: "A vendor's live tables (its LIVE games from the catalogue sync)",
      body: roomListInputSchema,
      response: { 200: okEnvelope(roomListSchema) },
    },
    handler: async (request) =>
      ok(await catalogue.roomList(request.body.vassalage, request.body.language ?? requestLanguage(request))),
  });
};
