import {
  backofficePaths,
  cashierChannelParamsSchema,
  cashierDepositQuerySchema,
  cashierQueuePaths,
  cashierReceiptParamsSchema,
  cashierRejectInputSchema,
  cashierReviewParamsSchema,
  cashierWithdrawalQuerySchema,
  type DepositChannelConfig,
  depositChannelConfigListSchema,
  depositChannelConfigSchema,
  type OperatorDeposit,
  type OperatorWithdrawal,
  okEnvelope,
  operatorDepositPageSchema,
  operatorDepositSchema,
  operatorWithdrawalPageSchema,
  operatorWithdrawalSchema,
  updateDepositChannelInputSchema,
} from '@portal/contract';
import type { WebSocket } from 'ws';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import type { CashierService } from '../wallet';
import { isSameHost } from './backoffice.origin';
import { auditedChanges, emptyBody, type RequestContext, type RouteApp, tags } from './backoffice.route-helpers';
import type { BackofficeService } from './backoffice.service';

/** What the back office uses of the cashier: its operator functions. */
export type BackofficeCashier = {
  deposits: Pick<
    CashierService['deposits'],
    | 'listPendingDeposits'
    | 'listDeposits'
    | 'getOperatorDeposit'
    | 'approveDeposit'
    | 'rejectDeposit'
    | 'listDepositChannels'
    | 'updateDepositChannel'
  >;
  withdrawals: Pick<
    CashierService['withdrawals'],
    | 'listPendingWithdrawals'
    | 'listDisputedWithdrawals'
    | 'listWithdrawals'
    | 'getOperatorWithdrawal'
    | 'approveWithdrawal'
    | 'rejectWithdrawal'
  >;
  readUpload: CashierService['readUpload'];
};

/** The live cashier queues (the realtime module's feed): an authorised operator socket is handed to `attach`. */
export type BackofficeCashierEvents = {
  /** Registers the socket; it gets `ready` with the queue sizes, then every queue event of every instance. */
  attach(socket: WebSocket): Promise<void>;
};

export type CashierRouteDeps = {
  cashier: BackofficeCashier;
  /** The live queues' feed: `GET /cashier/events` (WebSocket) is served when given. */
  events?: BackofficeCashierEvents;
  backoffice: BackofficeService;
} & RequestContext;

/** What the audit log keeps of a deposit: its state, not the member's receipts. */
function depositState(deposit: OperatorDeposit) {
  return {
    status: deposit.status,
    type: deposit.type,
    channelCode: deposit.channelCode,
    amount: deposit.amount.amount,
    currency: deposit.currency,
    memberId: deposit.member.id,
    reference: deposit.reference,
    rejectReason: deposit.rejectReason,
    reviewedBy: deposit.reviewedBy,
    ledgerTransferId: deposit.ledgerTransferId,
  };
}

/** What the audit log keeps of a withdrawal: its state and where the money goes. */
function withdrawalState(withdrawal: OperatorWithdrawal) {
  return {
    status: withdrawal.status,
    amount: withdrawal.amount.amount,
    currency: withdrawal.currency,
    memberId: withdrawal.member.id,
    payTo: { bankCode: withdrawal.payTo.bankCode, accountNumber: withdrawal.payTo.accountNumber },
    rejectReason: withdrawal.rejectReason,
    reviewedBy: withdrawal.reviewedBy,
    holdTransferId: withdrawal.holdTransferId,
    resolutionTransferId: withdrawal.resolutionTransferId,
  };
}

function channelState(channel: DepositChannelConfig) {
  const { updatedAt: _updatedAt, updatedBy: _updatedBy, ...state } = channel;
  return { ...state, min: channel.min.amount, max: channel.max.amount, presets: channel.presets.map((p) => p.amount) };
}

/**
 * The cashier's operator functions under `/bo/api/cashier/…`: registered inside the back-office plugin, so the
 * session and permission hook guards them like every other operator route. Each decision is audited with the
 * state before and after it.
 */
export function registerCashierRoutes(app: RouteApp, deps: CashierRouteDeps): void {
  const { cashier, backoffice, caller, requireOperator } = deps;
  const audited = auditedChanges(deps);

  // ---------------------------------------------------------------- deposits

  app.get(
    backofficePaths.cashierDeposits,
    {
      config: { permission: 'cashier.read' },
      schema: {
        tags,
        summary:
          'Deposits, oldest first unless sorted otherwise: manual deposits waiting for review (view=pending, the default), or all of them by status and type',
        querystring: cashierDepositQuerySchema,
        response: { 200: okEnvelope(operatorDepositPageSchema) },
      },
    },
    async (request) => {
      const { view, status, type, pageNo, pageSize, sort, order } = request.query;
      const page = { pageNo, pageSize, sorting: { sort, order } };
      if ((view ?? (status || type ? 'all' : 'pending')) === 'pending') {
        return ok(await cashier.deposits.listPendingDeposits(page));
      }
      return ok(await cashier.deposits.listDeposits({ status, type }, page));
    },
  );

  app.post(
    backofficePaths.cashierDepositApprove,
    {
      config: { permission: 'cashier.approve' },
      schema: {
        tags,
        summary: 'Approves a pending manual deposit: the member is credited (once)',
        params: cashierReviewParamsSchema,
        body: emptyBody,
        response: { 200: okEnvelope(operatorDepositSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(
        await audited.update(request, {
          action: 'cashier.deposit.approved',
          target: `deposit:${id}`,
          read: () => cashier.deposits.getOperatorDeposit(id),
          update: (operator) => cashier.deposits.approveDeposit(id, operator),
          state: depositState,
        }),
      );
    },
  );

  app.post(
    backofficePaths.cashierDepositReject,
    {
      config: { permission: 'cashier.approve' },
      schema: {
        tags,
        summary: 'Rejects a pending manual deposit with a reason shown to the member; nothing moves',
        params: cashierReviewParamsSchema,
        body: cashierRejectInputSchema,
        response: { 200: okEnvelope(operatorDepositSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(
        await audited.update(request, {
          action: 'cashier.deposit.rejected',
          target: `deposit:${id}`,
          read: () => cashier.deposits.getOperatorDeposit(id),
          update: (operator) => cashier.deposits.rejectDeposit(id, request.body.reason, operator),
          state: depositState,
        }),
      );
    },
  );

  app.get(
    backofficePaths.cashierDepositReceipt,
    {
      config: { permission: 'cashier.read' },
      schema: {
        tags,
        summary: "One of a deposit's receipt images (PNG or JPEG), by its stored name",
        params: cashierReceiptParamsSchema,
      },
    },
    async (request, reply) => {
      const { id, name } = request.params;
      const deposit = await cashier.deposits.getOperatorDeposit(id);
      // Only the deposit's own files: the name never reaches the store unless the deposit lists it.
      if (!deposit.receipts.some((file) => file.name === name)) {
        throw new AppError('NOT_FOUND', { depositId: id, receipt: name });
      }
      const upload = await cashier.readUpload(name);
      return reply
        .type(upload.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(upload.bytes);
    },
  );

  // ---------------------------------------------------------------- withdrawals

  app.get(
    backofficePaths.cashierWithdrawals,
    {
      config: { permission: 'cashier.read' },
      schema: {
        tags,
        summary:
          'Withdrawals, oldest first unless sorted otherwise: waiting for review (view=pending, the default), disputed by the member (view=disputed), or all of them by status and confirmation',
        querystring: cashierWithdrawalQuerySchema,
        response: { 200: okEnvelope(operatorWithdrawalPageSchema) },
      },
    },
    async (request) => {
      const { view, status, confirmation, pageNo, pageSize, sort, order } = request.query;
      const page = { pageNo, pageSize, sorting: { sort, order } };
      const chosen = view ?? (status || confirmation ? 'all' : 'pending');
      if (chosen === 'pending') return ok(await cashier.withdrawals.listPendingWithdrawals(page));
      if (chosen === 'disputed') return ok(await cashier.withdrawals.listDisputedWithdrawals(page));
      return ok(
        await cashier.withdrawals.listWithdrawals(
          { status, ...(confirmation ? { confirmations: [confirmation] } : {}) },
          page,
        ),
      );
    },
  );

  app.post(
    backofficePaths.cashierWithdrawalApprove,
    {
      config: { permission: 'cashier.approve' },
      schema: {
        tags,
        summary: 'Approves a pending withdrawal (the operator has paid it): the hold is posted',
        params: cashierReviewParamsSchema,
        body: emptyBody,
        response: { 200: okEnvelope(operatorWithdrawalSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(
        await audited.update(request, {
          action: 'cashier.withdrawal.approved',
          target: `withdrawal:${id}`,
          read: () => cashier.withdrawals.getOperatorWithdrawal(id),
          update: (operator) => cashier.withdrawals.approveWithdrawal(id, operator),
          state: withdrawalState,
        }),
      );
    },
  );

  app.post(
    backofficePaths.cashierWithdrawalReject,
    {
      config: { permission: 'cashier.approve' },
      schema: {
        tags,
        summary: 'Rejects a pending withdrawal with a reason shown to the member: the hold is voided',
        params: cashierReviewParamsSchema,
        body: cashierRejectInputSchema,
        response: { 200: okEnvelope(operatorWithdrawalSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(
        await audited.update(request, {
          action: 'cashier.withdrawal.rejected',
          target: `withdrawal:${id}`,
          read: () => cashier.withdrawals.getOperatorWithdrawal(id),
          update: (operator) => cashier.withdrawals.rejectWithdrawal(id, request.body.reason, operator),
          state: withdrawalState,
        }),
      );
    },
  );

  // ---------------------------------------------------------------- live queues

  const { events } = deps;
  if (events) {
    app.get(
      cashierQueuePaths.socket,
      {
        websocket: true,
        config: { permission: 'cashier.read' },
        schema: { hide: true },
        // Browsers send cookies on a WebSocket upgrade from any page: accept only the console's own origin.
        preValidation: async (request) => {
          const origin = request.headers.origin;
          if (origin && !isSameHost(origin, request.host)) {
            throw new AppError('BO_FORBIDDEN', { reason: 'cross-origin' });
          }
        },
      },
      (socket, request) => {
        const operator = requireOperator(request);
        socket.on('error', (error) => request.log.warn({ err: error }, 'cashier queue socket error'));
        // The socket lives no longer than the session it was opened with; the console reconnects (and signs in
        // again). A session ended earlier (sign-out, disabled operator) keeps its socket until then, as the live
        // chat's does: it hears queue events only, and every action still checks the session.
        const remainingMs = Math.max(0, operator.expiresAt.getTime() - Date.now());
        const timer = setTimeout(() => socket.close(1008, 'session ended'), Math.min(remainingMs, 2 ** 31 - 1));
        socket.on('close', () => clearTimeout(timer));
        events.attach(socket).catch((error: unknown) => {
          request.log.error({ err: error }, 'cashier queue socket failed');
          if (socket.readyState === socket.OPEN) socket.close(1011, 'internal error');
        });
      },
    );
  }

  // ---------------------------------------------------------------- deposit channels

  app.get(
    backofficePaths.cashierDepositChannels,
    {
      config: { permission: 'cashier.read' },
      schema: {
        tags,
        summary: 'Every deposit channel with its settings, enabled or not',
        response: { 200: okEnvelope(depositChannelConfigListSchema) },
      },
    },
    async () => ok({ items: await cashier.deposits.listDepositChannels() }),
  );

  app.put(
    backofficePaths.cashierDepositChannel,
    {
      config: { permission: 'cashier.channels' },
      schema: {
        tags,
        summary: 'Changes a deposit channel: switch, limits and presets (major units), names, order, payee',
        params: cashierChannelParamsSchema,
        body: updateDepositChannelInputSchema,
        response: { 200: okEnvelope(depositChannelConfigSchema) },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const { code } = request.params;
      const before = (await cashier.deposits.listDepositChannels()).find((channel) => channel.code === code);
      if (!before) throw new AppError('CASHIER_CHANNEL_NOT_FOUND', { channelCode: code });
      const after = await cashier.deposits.updateDepositChannel(code, request.body, operator);
      await backoffice.recordChange(operator, caller(request), {
        action: 'cashier.channel.updated',
        target: `deposit-channel:${code}`,
        before: channelState(before),
        after: channelState(after),
      });
      return ok(after);
    },
  );
}
