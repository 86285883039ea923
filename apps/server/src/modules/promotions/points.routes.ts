import {
  type CallEntry,
  calls,
  convertPointInputSchema,
  convertPointResultSchema,
  okEnvelope,
  pointBalanceSchema,
  pointConfigSchema,
  pointHistoryPageSchema,
  pointHistoryQuerySchema,
  pointRedemptionPageSchema,
  pointRewardListSchema,
  redeemPointRewardInputSchema,
  redeemPointRewardResultSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error';
import { ok, requestLanguage } from '../../platform/http/envelope';
import { idempotencyHeader } from '../../platform/idempotency';
import { requireRealAccount } from '../identity';
import type { PointsService } from './points.service';

export type PointsRoutesOptions = { points: PointsService };

const route = (entry: CallEntry) => ({ method: entry.method, url: entry.path });
const tokenSecurity = [{ token: [] }];
const tags = ['promotions'];

/** The member's Idempotency-Key (the idempotency plugin has already required and checked it). */
function clientKey(request: FastifyRequest): string {
  const value = request.headers[idempotencyHeader];
  const key = Array.isArray(value) ? value[0] : value;
  if (!key) throw new AppError('VALIDATION_FAILED');
  return key;
}

/**
 * The points mall's calls (spec section 7, switched by POINTMALL3): the rate and the exchange-rate table for
 * everyone (with the goods on offer), the member's points and their history, converting points into cash, and
 * redeeming goods (held until an operator approves or rejects the redemption in the back office).
 */
export const pointsRoutes: FastifyPluginAsyncZod<PointsRoutesOptions> = async (app, { points }) => {
  app.route({
    ...route(calls.pointConfig),
    schema: {
      tags,
      summary: 'The conversion rate of points into cash, the minimum and step of a conversion; points never expire',
      response: { 200: okEnvelope(pointConfigSchema) },
    },
    handler: async () => ok(await points.config()),
  });

  app.route({
    ...route(calls.pointRewards),
    schema: {
      tags,
      summary: 'The exchange-rate table (packages of points and the cash each converts into) and the goods on offer',
      response: { 200: okEnvelope(pointRewardListSchema) },
    },
    handler: async (request) => ok(await points.rewards(requestLanguage(request))),
  });

  app.route({
    ...route(calls.pointBalance),
    schema: {
      tags,
      summary: "The member's available points and what they convert into; real accounts only",
      security: tokenSecurity,
      response: { 200: okEnvelope(pointBalanceSchema) },
    },
    handler: async (request) => ok(await points.balance(requireRealAccount(request))),
  });

  app.route({
    ...route(calls.redeemPointList),
    schema: {
      tags,
      summary: "The member's point changes (awards, conversions with the cash they paid), newest first, paged",
      security: tokenSecurity,
      body: pointHistoryQuerySchema.optional(),
      response: { 200: okEnvelope(pointHistoryPageSchema) },
    },
    handler: async (request) =>
      ok(await points.history(requireRealAccount(request), pointHistoryQuerySchema.parse(request.body ?? {}))),
  });

  app.route({
    ...route(calls.convertPoint),
    config: { idempotency: true },
    schema: {
      tags,
      summary: 'Convert points into cash in the main wallet (payment password)',
      description:
        'Takes an `Idempotency-Key` header: the same key with the same request answers the first result again and converts once; the key also keys the ledger movements.',
      security: tokenSecurity,
      body: convertPointInputSchema,
      response: { 200: okEnvelope(convertPointResultSchema) },
    },
    handler: async (request) => ok(await points.convert(requireRealAccount(request), request.body, clientKey(request))),
  });

  app.route({
    ...route(calls.redeemPointReward),
    config: { idempotency: true },
    schema: {
      tags,
      summary: 'Redeem points for goods (payment password, receiving address, mobile): held In Process for an operator',
      description:
        'Takes an `Idempotency-Key` header: the same key with the same request answers the first result again and redeems once.',
      security: tokenSecurity,
      body: redeemPointRewardInputSchema,
      response: { 200: okEnvelope(redeemPointRewardResultSchema) },
    },
    handler: async (request) =>
      ok(await points.redeem(requireRealAccount(request), request.body, clientKey(request), requestLanguage(request))),
  });

  app.route({
    ...route(calls.redeemGoodsList),
    schema: {
      tags,
      summary: "The member's goods redemptions with their status (In Process, Approved, Rejected), newest first",
      security: tokenSecurity,
      body: pointHistoryQuerySchema.optional(),
      response: { 200: okEnvelope(pointRedemptionPageSchema) },
    },
    handler: async (request) =>
      ok(
        await points.redemptions(
          requireRealAccount(request),
          pointHistoryQuerySchema.parse(request.body ?? {}),
          requestLanguage(request),
        ),
      ),
  });
};
