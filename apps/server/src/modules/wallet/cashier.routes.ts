import fastifyMultipart from '@fastify/multipart';
import {
  addBankAccountInputSchema,
  bankAccountListSchema,
  bankAccountSchema,
  bonusRecordsPageSchema,
  bonusRecordsQuerySchema,
  type CallEntry,
  calls,
  changePaymentPasswordInputSchema,
  consolidatedFundsSchema,
  depositChannelListSchema,
  depositInputSchema,
  depositSchema,
  depositStatusQuerySchema,
  manualDepositFormSchema,
  memberTransferResultSchema,
  merchantWalletSchema,
  okEnvelope,
  paymentPasswordResetCodeSchema,
  paymentPasswordResultSchema,
  personalProfitQuerySchema,
  personalProfitSchema,
  recordsPageSchema,
  recordsQuerySchema,
  removeBankAccountQuerySchema,
  removedSchema,
  requestHeaders,
  resetPaymentPasswordInputSchema,
  setPaymentPasswordInputSchema,
  transferDownlineInputSchema,
  transferUplineInputSchema,
  walletBalanceViewSchema,
  withdrawalListSchema,
  withdrawalSchema,
  withdrawConfirmFormSchema,
  withdrawInfoSchema,
  withdrawInputSchema,
} from '@portal/contract';
import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error';
import { requireAuth } from '../../platform/http/auth-context';
import { ok } from '../../platform/http/envelope';
import { idempotencyHeader } from '../../platform/idempotency';
import { requireRealAccount } from '../identity';
import type { CashierService } from './cashier.service';
import { maxUploadBytes, maxUploadFiles, readMultipartForm, type UploadedImage } from './cashier.uploads';

export type CashierRoutesOptions = { cashier: CashierService };

const route = (entry: CallEntry) => ({ method: entry.method, url: entry.path });
const tokenSecurity = [{ token: [] }];
const idempotent = { idempotency: true } as const;
const keyHeaderDoc =
  'Takes an `Idempotency-Key` header: the same key with the same request answers the first result again and moves no money twice; the key also keys the ledger movement.';

function language(request: FastifyRequest): string | undefined {
  const value = request.headers[requestHeaders.language];
  return Array.isArray(value) ? value[0] : value;
}

/** The member's Idempotency-Key (the idempotency plugin has already required and checked it). */
function clientKey(request: FastifyRequest): string {
  const value = request.headers[idempotencyHeader];
  const key = Array.isArray(value) ? value[0] : value;
  if (!key) throw new AppError('VALIDATION_FAILED');
  return key;
}

/**
 * The member's cashier calls: balance, consolidated funds, merchant wallet, payment password, bank accounts,
 * deposits, withdrawals, transfers to the upline or a downline, and the account record. Trial accounts see their
 * balance and nothing else here (spec section 6).
 */
export const cashierRoutes: FastifyPluginAsyncZod<CashierRoutesOptions> = async (app, { cashier }) => {
  // Multipart only for this plugin's upload calls; files are read by `readMultipartForm` after the call guard.
  await app.register(fastifyMultipart, { limits: { fileSize: maxUploadBytes, files: maxUploadFiles } });
  const uploads = new WeakMap<FastifyRequest, UploadedImage[]>();

  /** Reads a multipart form into `request.body` (fields plus the files' type, size and hash) before validation. */
  const multipartBody =
    (fileField: string, options: { allowJson: boolean }): preValidationHookHandler =>
    async (request) => {
      if (!request.isMultipart()) {
        if (options.allowJson) return;
        throw new AppError('REQUEST_UNSUPPORTED_MEDIA_TYPE');
      }
      const form = await readMultipartForm(request, [fileField]);
      uploads.set(request, form.files);
      request.body = {
        ...form.fields,
        [fileField]: form.files.map(({ type, size, sha256 }) => ({ type, size, sha256 })),
      };
    };

  app.route({
    ...route(calls.walletBalance),
    schema: {
      tags: ['cashier'],
      summary: 'Main wallet balance (what can be spent), amounts on hold, vendor wallets and the total',
      security: tokenSecurity,
      response: { 200: okEnvelope(walletBalanceViewSchema) },
    },
    handler: async (request) => ok(await cashier.balance(requireAuth(request))),
  });

  app.route({
    ...route(calls.merchantWallet),
    schema: {
      tags: ['cashier'],
      summary: 'Single wallet (isSingle) while no vendor keeps its own transfer-mode wallet',
      response: { 200: okEnvelope(merchantWalletSchema) },
    },
    handler: async () => ok(await cashier.merchantWallet()),
  });

  app.route({
    ...route(calls.fundsConsolidated),
    schema: {
      tags: ['cashier'],
      summary: "Balance, pending withdrawals and today's deposits and withdrawals (AGENTPOLICY3; not for trial users)",
      security: tokenSecurity,
      response: { 200: okEnvelope(consolidatedFundsSchema) },
    },
    handler: async (request) => ok(await cashier.consolidatedFunds(requireRealAccount(request))),
  });

  app.route({
    ...route(calls.paymentPasswordSet),
    schema: {
      tags: ['cashier'],
      summary: 'Set the first payment (withdrawal) password, proven with the login password',
      security: tokenSecurity,
      body: setPaymentPasswordInputSchema,
      response: { 200: okEnvelope(paymentPasswordResultSchema) },
    },
    handler: async (request) => ok(await cashier.setPaymentPassword(requireRealAccount(request), request.body)),
  });

  app.route({
    ...route(calls.paymentPasswordChange),
    schema: {
      tags: ['cashier'],
      summary: 'Change the payment password (old one first; wrong ones count towards the lock)',
      security: tokenSecurity,
      body: changePaymentPasswordInputSchema,
      response: { 200: okEnvelope(paymentPasswordResultSchema) },
    },
    handler: async (request) => ok(await cashier.changePaymentPassword(requireRealAccount(request), request.body)),
  });

  app.route({
    ...route(calls.bankAccounts),
    schema: {
      tags: ['cashier'],
      summary: 'Bound bank accounts and e-wallets (masked), the payee name, the limit and the supported banks',
      security: tokenSecurity,
      response: { 200: okEnvelope(bankAccountListSchema) },
    },
    handler: async (request) => ok(await cashier.listBankAccounts(requireRealAccount(request))),
  });

  app.route({
    ...route(calls.addBankAccount),
    schema: {
      tags: ['cashier'],
      summary: 'Bind a bank account or e-wallet; the holder must be the payee (real) name, set by the first one',
      security: tokenSecurity,
      body: addBankAccountInputSchema,
      response: { 200: okEnvelope(bankAccountSchema) },
    },
    handler: async (request) => ok(await cashier.addBankAccount(requireRealAccount(request), request.body)),
  });

  app.route({
    ...route(calls.removeBankAccount),
    schema: {
      tags: ['cashier'],
      summary: 'Unbind a bank account or e-wallet',
      security: tokenSecurity,
      querystring: removeBankAccountQuerySchema,
      response: { 200: okEnvelope(removedSchema) },
    },
    handler: async (request) => ok(await cashier.removeBankAccount(requireRealAccount(request), request.query.id)),
  });

  app.route({
    ...route(calls.depositChannels),
    schema: {
      tags: ['cashier'],
      summary: 'Deposit channels with their limits and amount presets, named in the request language',
      security: tokenSecurity,
      response: { 200: okEnvelope(depositChannelListSchema) },
    },
    handler: async (request) => {
      requireRealAccount(request);
      return ok(await cashier.deposits.channels(language(request)));
    },
  });

  app.route({
    ...route(calls.deposit),
    config: idempotent,
    schema: {
      tags: ['cashier'],
      summary: 'Start a deposit through a payment gateway; send the member to `redirectUrl` to pay',
      description: `Nothing is credited until the gateway confirms (signed callback or status query). ${keyHeaderDoc}`,
      security: tokenSecurity,
      body: depositInputSchema,
      response: { 200: okEnvelope(depositSchema) },
    },
    handler: async (request) =>
      ok(
        await cashier.deposits.createGatewayDeposit(requireRealAccount(request), request.body, clientKey(request), {
          language: language(request),
        }),
      ),
  });

  app.route({
    ...route(calls.manualDeposit),
    config: idempotent,
    preValidation: multipartBody('receipts', { allowJson: false }),
    schema: {
      tags: ['cashier'],
      summary: 'Report a manual bank-transfer deposit with 1 to 3 receipt images (multipart/form-data)',
      description: `Fields \`channelCode\`, \`amount\`, \`reference\` and files \`receipts\` (PNG or JPEG by content, at most 5 MB each). An operator approves or rejects it. ${keyHeaderDoc}`,
      security: tokenSecurity,
      consumes: ['multipart/form-data'],
      body: manualDepositFormSchema,
      response: { 200: okEnvelope(depositSchema) },
    },
    handler: async (request) =>
      ok(
        await cashier.deposits.submitManualDeposit(
          requireRealAccount(request),
          request.body,
          uploads.get(request) ?? [],
          clientKey(request),
        ),
      ),
  });

  app.route({
    ...route(calls.depositStatus),
    schema: {
      tags: ['cashier'],
      summary: "A deposit's state; a pending gateway deposit is checked with the gateway",
      security: tokenSecurity,
      querystring: depositStatusQuerySchema,
      response: { 200: okEnvelope(depositSchema) },
    },
    handler: async (request) => ok(await cashier.deposits.getDeposit(requireRealAccount(request), request.query.id)),
  });

  app.route({
    ...route(calls.withdrawInfo),
    schema: {
      tags: ['cashier'],
      summary: "Withdrawal limits, today's usage, the available balance and the bound accounts",
      security: tokenSecurity,
      response: { 200: okEnvelope(withdrawInfoSchema) },
    },
    handler: async (request) => ok(await cashier.withdrawals.info(requireRealAccount(request))),
  });

  app.route({
    ...route(calls.withdraw),
    config: idempotent,
    schema: {
      tags: ['cashier'],
      summary: 'Ask for a withdrawal to a bound account; the amount is held until an operator decides',
      description: `Needs the payment password. Per-request and daily limits apply. ${keyHeaderDoc}`,
      security: tokenSecurity,
      body: withdrawInputSchema,
      response: { 200: okEnvelope(withdrawalSchema) },
    },
    handler: async (request) =>
      ok(await cashier.withdrawals.requestWithdrawal(requireRealAccount(request), request.body, clientKey(request))),
  });

  app.route({
    ...route(calls.withdrawals),
    schema: {
      tags: ['cashier'],
      summary: "The member's latest withdrawals",
      security: tokenSecurity,
      response: { 200: okEnvelope(withdrawalListSchema) },
    },
    handler: async (request) => ok(await cashier.withdrawals.listMine(requireRealAccount(request))),
  });

  app.route({
    ...route(calls.withdrawConfirm),
    preValidation: multipartBody('proofs', { allowJson: true }),
    schema: {
      tags: ['cashier'],
      summary: 'Confirm a paid withdrawal: received, not received, or partially received (with proof images)',
      description:
        'JSON, or multipart/form-data with the same fields and files `proofs` (PNG or JPEG, 5 MB, at most 3), which `partial` needs.',
      security: tokenSecurity,
      body: withdrawConfirmFormSchema,
      response: { 200: okEnvelope(withdrawalSchema) },
    },
    handler: async (request) =>
      ok(
        await cashier.withdrawals.confirmWithdrawal(
          requireRealAccount(request),
          request.body,
          uploads.get(request) ?? [],
        ),
      ),
  });

  app.route({
    ...route(calls.transferUpline),
    config: idempotent,
    schema: {
      tags: ['cashier'],
      summary: "Pay the member's upline agent from the main wallet (payment password)",
      description: keyHeaderDoc,
      security: tokenSecurity,
      body: transferUplineInputSchema,
      response: { 200: okEnvelope(memberTransferResultSchema) },
    },
    handler: async (request) =>
      ok(await cashier.transferToUpline(requireRealAccount(request), request.body, clientKey(request))),
  });

  app.route({
    ...route(calls.transferDownline),
    config: idempotent,
    schema: {
      tags: ['cashier'],
      summary: "An agent pays one of its own downline members (payment password); others' are not found",
      description: keyHeaderDoc,
      security: tokenSecurity,
      body: transferDownlineInputSchema,
      response: { 200: okEnvelope(memberTransferResultSchema) },
    },
    handler: async (request) =>
      ok(await cashier.transferToDownline(requireRealAccount(request), request.body, clientKey(request))),
  });

  app.route({
    ...route(calls.cashierRecords),
    schema: {
      tags: ['cashier'],
      summary: 'Account record: deposits, withdrawals and other main-wallet movements, filtered and paged',
      security: tokenSecurity,
      querystring: recordsQuerySchema,
      response: { 200: okEnvelope(recordsPageSchema) },
    },
    handler: async (request) => ok(await cashier.records(requireRealAccount(request), request.query)),
  });

  app.route({
    ...route(calls.memberTransactionDetails),
    schema: {
      tags: ['cashier'],
      summary: 'Account record (the spec relay ODSFE2_MemTransDet): the same as GET /wps/cashier/records',
      security: tokenSecurity,
      body: recordsQuerySchema.optional(),
      response: { 200: okEnvelope(recordsPageSchema) },
    },
    handler: async (request) =>
      ok(await cashier.records(requireRealAccount(request), request.body ?? recordsQuerySchema.parse({}))),
  });
  app.route({
    ...route(calls.paymentPasswordResetCode),
    schema: {
      tags: ['cashier'],
      summary: "Send the code that resets a forgotten payment password to the member's bound mobile",
      description:
        'Answers IDENTITY_VERIFICATION_METHOD_UNAVAILABLE when no mobile is bound: the reset then takes the login password. SMS throttles and quota apply.',
      security: tokenSecurity,
      response: { 200: okEnvelope(paymentPasswordResetCodeSchema) },
    },
    handler: async (request) =>
      ok(
        await cashier.sendPaymentPasswordResetCode(requireRealAccount(request), {
          ip: request.ip,
          language: language(request),
        }),
      ),
  });

  app.route({
    ...route(calls.paymentPasswordReset),
    schema: {
      tags: ['cashier'],
      summary: 'Reset a forgotten payment password with the SMS code (or the login password when no mobile is bound)',
      description: 'Clears the payment-password lock; sessions are not affected.',
      security: tokenSecurity,
      body: resetPaymentPasswordInputSchema,
      response: { 200: okEnvelope(paymentPasswordResultSchema) },
    },
    handler: async (request) => ok(await cashier.resetPaymentPassword(requireRealAccount(request), request.body)),
  });

  app.route({
    ...route(calls.personalProfit),
    schema: {
      tags: ['cashier'],
      summary:
        'Personal profit and loss over a period: bets, wins and P/L per game category and vendor, deposits, withdrawals, bonuses and adjustments',
      security: tokenSecurity,
      querystring: personalProfitQuerySchema,
      response: { 200: okEnvelope(personalProfitSchema) },
    },
    handler: async (request) => ok(await cashier.personalProfit(requireRealAccount(request), request.query)),
  });

  app.route({
    ...route(calls.bonusDetails),
    schema: {
      tags: ['cashier'],
      summary: "Bonus details: bonus, commission and adjustment entries of the member's wallets, filtered and paged",
      security: tokenSecurity,
      querystring: bonusRecordsQuerySchema,
      response: { 200: okEnvelope(bonusRecordsPageSchema) },
    },
    handler: async (request) => ok(await cashier.bonusDetails(requireRealAccount(request), request.query)),
  });
};
