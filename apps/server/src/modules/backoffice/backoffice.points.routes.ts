import {
  contentDeletedSchema,
  okEnvelope,
  operatorPointGoodsInputSchema,
  operatorPointGoodsListSchema,
  operatorPointGoodsSchema,
  operatorRedemptionPageSchema,
  operatorRedemptionQuerySchema,
  operatorRedemptionSchema,
  pointSettingsSchema,
  pointsBackofficePaths,
  pointsIdParamsSchema,
  redemptionDecisionInputSchema,
  redemptionRejectInputSchema,
} from '@portal/contract';
import { z } from 'zod';
import { ok, requestLanguage } from '../../platform/http/envelope';
import type { PointsOperator } from '../promotions';
import { auditedChanges, authorOf, type RequestContext, type RouteApp, tags } from './backoffice.route-helpers';
import type { BackofficeService } from './backoffice.service';

/** What the back office uses of the points mall (promotions module): its operator functions. */
export type BackofficePoints = PointsOperator;

export type PointsRouteDeps = {
  points: BackofficePoints;
  backoffice: BackofficeService;
} & RequestContext;

/**
 * The points mall's operator routes under `/bo/api/points/…`: goods (points.goods), the redemption queue
 * (points.redemptions) and the settings (points.settings). Registered inside the back-office plugin, so the session
 * and permission hook guard every call; every change is audited.
 */
export function registerPointsRoutes(app: RouteApp, deps: PointsRouteDeps): void {
  const { points, backoffice, caller, requireOperator } = deps;
  const audited = auditedChanges(deps);

  app.get(
    pointsBackofficePaths.goods,
    {
      config: { permission: 'points.goods' },
      schema: {
        tags,
        summary: 'Every goods of the points mall (disabled too), with stock and redemptions in process',
        response: { 200: okEnvelope(operatorPointGoodsListSchema) },
      },
    },
    async () => ok(await points.listGoods()),
  );

  app.post(
    pointsBackofficePaths.goods,
    {
      config: { permission: 'points.goods' },
      schema: {
        tags,
        summary: 'Adds goods',
        body: operatorPointGoodsInputSchema,
        response: { 200: okEnvelope(operatorPointGoodsSchema) },
      },
    },
    async (request) =>
      ok(
        await audited.create(request, {
          action: 'points.goods.created',
          target: (created) => `points-goods:${created.id}`,
          create: (operator) => points.createGoods(request.body, authorOf(operator)),
        }),
      ),
  );

  app.put(
    pointsBackofficePaths.goodsItem,
    {
      config: { permission: 'points.goods' },
      schema: {
        tags,
        summary: 'Replaces goods (a new price applies to new redemptions only)',
        params: pointsIdParamsSchema,
        body: operatorPointGoodsInputSchema,
        response: { 200: okEnvelope(operatorPointGoodsSchema) },
      },
    },
    async (request) =>
      ok(
        await audited.update(request, {
          action: 'points.goods.updated',
          target: `points-goods:${request.params.id}`,
          read: () => points.getGoods(request.params.id),
          update: (operator) => points.updateGoods(request.params.id, request.body, authorOf(operator)),
        }),
      ),
  );

  app.delete(
    pointsBackofficePaths.goodsItem,
    {
      config: { permission: 'points.goods' },
      schema: {
        tags,
        summary: 'Takes goods off the mall (kept for the redemptions that name them)',
        params: pointsIdParamsSchema,
        response: { 200: okEnvelope(contentDeletedSchema) },
      },
    },
    async (request) =>
      ok(
        await audited.remove(request, {
          action: 'points.goods.deleted',
          target: `points-goods:${request.params.id}`,
          read: () => points.getGoods(request.params.id),
          remove: (operator) => points.deleteGoods(request.params.id, authorOf(operator)),
        }),
      ),
  );

  app.get(
    pointsBackofficePaths.redemptions,
    {
      config: { permission: 'points.redemptions' },
      schema: {
        tags,
        summary: 'Goods redemptions (optionally of one status), newest first',
        querystring: operatorRedemptionQuerySchema,
        response: { 200: okEnvelope(operatorRedemptionPageSchema) },
      },
    },
    async (request) => ok(await points.listRedemptions(request.query, requestLanguage(request))),
  );

  for (const action of ['approve', 'reject'] as const) {
    app.post(
      action === 'approve' ? pointsBackofficePaths.redemptionApprove : pointsBackofficePaths.redemptionReject,
      {
        config: { permission: 'points.redemptions' },
        schema: {
          tags,
          summary:
            action === 'approve'
              ? 'Approves an In Process redemption: the held points are spent; the member is told in the inbox'
              : 'Rejects an In Process redemption with a reason: the points come back, the goods go back to stock',
          params: pointsIdParamsSchema,
          body: action === 'approve' ? redemptionDecisionInputSchema : redemptionRejectInputSchema,
          response: { 200: okEnvelope(operatorRedemptionSchema) },
        },
      },
      async (request) => {
        const operator = requireOperator(request);
        const { remark } = z.object({ remark: z.string().default('') }).parse(request.body ?? {});
        const before = await points.getRedemption(request.params.id);
        const after = await points.decide(
          request.params.id,
          action,
          authorOf(operator),
          remark,
          requestLanguage(request),
        );
        await backoffice.recordChange(operator, caller(request), {
          action: action === 'approve' ? 'points.redemption.approved' : 'points.redemption.rejected',
          target: `points-redemption:${after.id}`,
          before: { status: before.status },
          after: {
            status: after.status,
            remark: after.remark,
            points: after.points,
            holdTransferId: after.holdTransferId,
          },
        });
        return ok(after);
      },
    );
  }

  app.get(
    pointsBackofficePaths.settings,
    {
      config: { permission: 'points.settings' },
      schema: {
        tags,
        summary: 'The point settings: cash rate, minimum conversion, packages and earning rules',
        response: { 200: okEnvelope(pointSettingsSchema) },
      },
    },
    async () => ok(await points.getSettings()),
  );

  app.put(
    pointsBackofficePaths.settings,
    {
      config: { permission: 'points.settings' },
      schema: {
        tags,
        summary: 'Replaces the point settings (every instance reads the new ones at once)',
        body: pointSettingsSchema,
        response: { 200: okEnvelope(pointSettingsSchema) },
      },
    },
    async (request) =>
      ok(
        await audited.update(request, {
          action: 'points.settings.updated',
          target: 'points-settings',
          read: () => points.getSettings(),
          update: (operator) => points.setSettings(request.body, authorOf(operator)),
        }),
      ),
  );
}
