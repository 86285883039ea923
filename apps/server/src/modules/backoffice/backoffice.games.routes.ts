import {
  backofficeGamesPaths,
  catalogueGameAdminPageSchema,
  catalogueGameAdminQuerySchema,
  catalogueGameAdminSchema,
  catalogueGameParamsSchema,
  catalogueGameUpdateInputSchema,
  catalogueVendorAdminListSchema,
  catalogueVendorAdminSchema,
  catalogueVendorParamsSchema,
  catalogueVendorUpdateInputSchema,
  okEnvelope,
} from '@portal/contract';
import { ok } from '../../platform/http/envelope';
import type { CatalogueService } from '../catalogue';
import { type RequestContext, type RouteApp, tags } from './backoffice.route-helpers';
import type { BackofficeService } from './backoffice.service';

/** What the back office uses of the catalogue: the operator's tables and switches. */
export type BackofficeGames = Pick<
  CatalogueService,
  'vendorsForOperators' | 'gamesForOperators' | 'updateVendorForOperator' | 'updateGameForOperator'
>;

export type GamesRouteDeps = {
  games: BackofficeGames;
  backoffice: BackofficeService;
} & RequestContext;

/**
 * Games management under `/catalogue/…` (permission `games.manage`): the vendors and games tables with server-side
 * paging, filters and sorting, and the switches (enabled, maintenance, hot pin, sort order). Each change is written
 * to the audit log with the state before and after; players see it at once (the catalogue invalidates its lists).
 */
export function registerGamesRoutes(app: RouteApp, deps: GamesRouteDeps): void {
  const { games, backoffice, caller, requireOperator } = deps;
  const config = { permission: 'games.manage' as const };

  app.get(
    backofficeGamesPaths.vendors,
    {
      config,
      schema: {
        tags,
        summary: 'Game vendors with their switches and game counts, in list order',
        response: { 200: okEnvelope(catalogueVendorAdminListSchema) },
      },
    },
    async () => ok({ items: await games.vendorsForOperators() }),
  );

  app.patch(
    backofficeGamesPaths.vendor,
    {
      config,
      schema: {
        tags,
        summary: "Changes a vendor's switches: enabled, maintenance, sort order",
        params: catalogueVendorParamsSchema,
        body: catalogueVendorUpdateInputSchema,
        response: { 200: okEnvelope(catalogueVendorAdminSchema) },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const { before, after } = await games.updateVendorForOperator(request.params.code, request.body);
      const pick = (vendor: typeof before) => ({
        enabled: vendor.enabled,
        maintenance: vendor.maintenance,
        sortOrder: vendor.sortOrder,
      });
      await backoffice.recordChange(operator, caller(request), {
        action: 'catalogue.vendor.updated',
        target: `vendor:${after.code}`,
        before: pick(before),
        after: pick(after),
      });
      return ok(after);
    },
  );

  app.get(
    backofficeGamesPaths.games,
    {
      config,
      schema: {
        tags,
        summary: 'Every stored game (listed or not), filtered by vendor, category, text and switches, sorted and paged',
        querystring: catalogueGameAdminQuerySchema,
        response: { 200: okEnvelope(catalogueGameAdminPageSchema) },
      },
    },
    async (request) => ok(await games.gamesForOperators(request.query)),
  );

  app.patch(
    backofficeGamesPaths.game,
    {
      config,
      schema: {
        tags,
        summary: "Changes a game's switches: enabled, maintenance, hot pin (null: by plays), sort order",
        params: catalogueGameParamsSchema,
        body: catalogueGameUpdateInputSchema,
        response: { 200: okEnvelope(catalogueGameAdminSchema) },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const { before, after } = await games.updateGameForOperator(request.params.id, request.body);
      const pick = (game: typeof before) => ({
        enabled: game.enabled,
        maintenance: game.maintenance,
        isHot: game.isHot,
        hotPinned: game.hotPinned,
        sortOrder: game.sortOrder,
      });
      await backoffice.recordChange(operator, caller(request), {
        action: 'catalogue.game.updated',
        target: `game:${after.id}:${after.vendorCode}/${after.gameCode}`.slice(0, 200),
        before: pick(before),
        after: pick(after),
      });
      return ok(after);
    },
  );
}
