import { ledgerVerifyReportSchema, okEnvelope } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope';
import type { WalletService } from './wallet.service';

export type WalletRoutesOptions = {
  wallet: WalletService;
  /**
   * The back office's operator check, run before every route here (it throws AUTH_REQUIRED / AUTH_FORBIDDEN).
   * Required: the ledger's operator routes are never open.
   */
  authorizeOperator: (request: FastifyRequest) => Promise<void>;
};

/**
 * Operator routes of the ledger; register with `prefix: '/bo/api'`. Player wallet calls come with the cashier.
 */
export const walletRoutes: FastifyPluginAsyncZod<WalletRoutesOptions> = async (app, { wallet, authorizeOperator }) => {
  app.route({
    method: 'GET',
    url: '/ledger/verify',
    preHandler: async (request) => authorizeOperator(request),
    schema: {
      tags: ['backoffice'],
      summary: 'Reconciles the ledger: cached balances, debits equal credits, holds, reversals (ledger:verify)',
      response: { 200: okEnvelope(ledgerVerifyReportSchema) },
    },
    handler: async () => ok(await wallet.verifyLedger()),
  });
};
