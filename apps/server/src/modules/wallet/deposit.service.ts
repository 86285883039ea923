import {
  type DepositChannel,
  type DepositChannelConfig,
  type DepositChannelList,
  type DepositInput,
  type DepositMethod,
  type DepositPayee,
  type Deposit as DepositView,
  type ManualDepositForm,
  type OperatorDeposit,
  parseMinor,
  type UpdateDepositChannelInput,
} from '@portal/contract';
import { type Db, isUniqueViolation, type Tx } from '../../platform/db';
import { AppError, isAppError } from '../../platform/http/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { requestHash } from '../../platform/idempotency';
import {
  type CashierContext,
  type OperatorPage,
  type OperatorRef,
  type PageInput,
  pageOf,
  totalPages,
} from './cashier.context';
import { parseAmountInput } from './cashier.money';
import * as repo from './cashier.repository';
import type { PayeeDetails } from './cashier.tables';
import type { UploadedImage } from './cashier.uploads';
import {
  type CallbackRefusal,
  type GatewayAnswer,
  GatewayCallbackRefused,
  type GatewayOutcome,
} from './payment-gateway';
import { gatewayAmountMinor, simulatorGatewayCode } from './payment-simulator';

/**
 * The channels seeded for a new merchant (amounts in major units): an e-wallet and a QR channel through the
 * simulator gateway, and a manual bank transfer that an operator checks against the member's receipt.
 */
const seededChannels: Array<{
  code: string;
  type: 'gateway' | 'manual';
  gateway: string | null;
  method: DepositMethod;
  nameEn: string;
  nameBn: string;
  min: string;
  max: string;
  presets: string[];
  payee: PayeeDetails | null;
}> = [
  {
    code: 'SIM_EWALLET',
    type: 'gateway',
    gateway: simulatorGatewayCode,
    method: 'ewallet',
    nameEn: 'E-wallet (Simulator Pay)',
    nameBn: 'ই-ওয়ালেট (সিমুলেটর পে)',
    min: '200',
    max: '25000',
    presets: ['500', '1000', '2000', '5000', '10000', '25000'],
    payee: null,
  },
  {
    code: 'SIM_QR',
    type: 'gateway',
    gateway: simulatorGatewayCode,
    method: 'qr',
    nameEn: 'QR payment (Simulator Pay)',
    nameBn: 'কিউআর পেমেন্ট (সিমুলেটর পে)',
    min: '100',
    max: '50000',
    presets: ['300', '1000', '3000', '10000'],
    payee: null,
  },
  {
    code: 'MANUAL_BANK',
    type: 'manual',
    gateway: null,
    method: 'bank_transfer',
    nameEn: 'Bank transfer (manual)',
    nameBn: 'ব্যাংক ট্রান্সফার (ম্যানুয়াল)',
    min: '500',
    max: '500000',
    presets: ['1000', '5000', '20000', '50000'],
    payee: { bankName: 'Dutch-Bangla Bank', accountNumber: '1051100012345', holderName: 'BDX88 Payments Ltd' },
  },
];

/** Thrown inside the ledger's transaction when the deposit was finished by another caller: nothing moves. */
class DepositNoLongerPending extends Error {}
/** A callback's nonce turned out to be remembered already (a replay) while its deposit was being finished. */
class NonceSeen extends Error {}

/**
 * The ledger key of a deposit's credit: gateway and gateway transaction id for gateway deposits (so even two
 * deposit rows for one gateway payment could not credit it twice), the deposit id for manual ones.
 */
export function depositCreditKey(row: {
  type: string;
  gateway: string | null;
  gatewayTxnId: string | null;
  id: number;
}) {
  return row.type === 'gateway' ? `deposit:${row.gateway}:${row.gatewayTxnId}` : `deposit:manual:${row.id}`;
}

/** The member's view of a deposit. */
function depositView(row: repo.DepositRow, scale: number, ctx: CashierContext): DepositView {
  return {
    id: row.id,
    channelCode: row.channelCode,
    type: row.type as DepositView['type'],
    amount: ctx.money(row.amount, scale),
    status: row.status as DepositView['status'],
    redirectUrl: row.status === 'pending' ? row.redirectUrl : null,
    reference: row.reference,
    receiptCount: row.receipts.length,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/**
 * Deposits: channels and their limits, gateway deposits (intent, signed callback, status query), manual
 * deposits with receipts, and the operator's review of manual ones. Money moves only when a deposit becomes
 * approved: one ledger credit from PAYMENT_CLEARING to the member's PLAYER_CASH, keyed by gateway and gateway
 * transaction id (manual: by deposit id), so repeated, late or concurrent callbacks credit it once.
 */
export function createDepositService(ctx: CashierContext) {
  const { deps } = ctx;
  const { db, merchantCode } = deps;

  function gatewayEnabled(code: string | null): boolean {
    return code !== null && deps.gateways.has(code) && (deps.isGatewayEnabled?.(code) ?? true);
  }

  function offered(row: repo.ChannelRow): boolean {
    return row.enabled && (row.type === 'manual' || gatewayEnabled(row.gateway));
  }

  async function channelFor(code: string, type: 'gateway' | 'manual'): Promise<repo.ChannelRow> {
    const row = await repo.findDepositChannel(db, merchantCode, code);
    if (!row || row.type !== type || !offered(row))
      throw new AppError('CASHIER_CHANNEL_NOT_FOUND', { channelCode: code });
    return row;
  }

  function checkLimits(row: repo.ChannelRow, amount: bigint, scale: number): void {
    if (amount < row.minAmount)
      throw new AppError('CASHIER_AMOUNT_BELOW_MIN', { min: ctx.money(row.minAmount, scale).amount });
    if (amount > row.maxAmount)
      throw new AppError('CASHIER_AMOUNT_ABOVE_MAX', { max: ctx.money(row.maxAmount, scale).amount });
  }

  /** A deposit already made under the member's key: the same request gets it again, another is refused. */
  function existingFor(row: repo.DepositRow | null, hash: string): repo.DepositRow | null {
    if (!row) return null;
    if (row.requestHash !== hash) throw new AppError('WALLET_IDEMPOTENCY_CONFLICT', { depositId: row.id });
    return row;
  }

  /** The ledger transfer that credits a deposit: PAYMENT_CLEARING to the member's main wallet, keyed per payment. */
  async function creditInput(row: repo.DepositRow) {
    const [cash, clearing] = await Promise.all([
      ctx.cashAccountId(row.accountId, row.currency),
      ctx.houseAccount('PAYMENT_CLEARING', row.currency),
    ]);
    return {
      idempotencyKey: depositCreditKey(row),
      debit: clearing.id,
      credit: cash,
      amountMinor: row.amount,
      currency: row.currency,
      kind: 'DEPOSIT',
      metadata: { depositId: row.id, channel: row.channelCode },
    } as const;
  }

  /** Credits an approved deposit (again, harmlessly, when it already was) and records the transfer. */
  async function credit(row: repo.DepositRow): Promise<number> {
    const transfer = await deps.wallet.transfer(await creditInput(row));
    await repo.setDepositTransfer(db, row.id, transfer.id);
    return transfer.id;
  }

  /**
   * Moves a pending deposit to its final state and, for an approval, credits it. The state change, the member's
   * notice, its inbox message and the credit commit together (the state change runs inside the ledger's transaction,
   * after the member's account is locked and before the money moves), so an approved deposit is credited and a
   * deposit that another caller finished first is not. A credit key that was used already (a deposit approved and credited
   * before this rule, or a second deposit row for one payment) settles the state on its own, as before.
   */
  async function finish(
    row: repo.DepositRow,
    outcome: 'approved' | 'rejected' | 'failed',
    details: { reason?: string; operator?: OperatorRef; gatewayTxnId?: string; nonce?: repo.GatewayNonce } = {},
  ): Promise<repo.DepositRow | null> {
    const scale = (await ctx.currency()).scale;
    const kind = outcome === 'approved' ? 'deposit_arrived' : 'deposit_failed';
    const notice = {
      accountId: row.accountId,
      kind,
      params: { depositId: row.id, amount: ctx.money(row.amount, scale).amount, currency: row.currency },
    } as const;
    const changes = {
      status: outcome,
      completedAt: ctx.now(),
      ...(details.reason ? { rejectReason: details.reason } : {}),
      ...(details.operator
        ? { reviewedById: details.operator.operatorId, reviewedByName: ctx.operatorName(details.operator) }
        : {}),
      ...(details.gatewayTxnId && !row.gatewayTxnId ? { gatewayTxnId: details.gatewayTxnId } : {}),
    };
    // The state change stores the member's notice and its inbox message in the same statement (only when the state
    // did change), so a crash after the commit cannot lose the message.
    const settle = (tx: Tx): Promise<repo.DepositRow | null> =>
      repo.finishDeposit(tx, row.id, changes, ctx.noticeRow(notice));
    // A gateway callback's nonce, remembered in the same transaction as the state change (a replay changes nothing).
    const remember = async (tx: Tx) => {
      if (details.nonce && !(await repo.rememberNonce(tx, details.nonce))) throw new NonceSeen();
    };
    let finished: repo.DepositRow | null;
    if (outcome === 'approved') {
      let settled: repo.DepositRow | null = null;
      try {
        const transfer = await deps.wallet.transfer(await creditInput(row), {
          beforeMoving: async (tx) => {
            await remember(tx);
            settled = await settle(tx);
            if (!settled) throw new DepositNoLongerPending();
          },
          // The deposit row, updated just above in this transaction, records the transfer in the transfer's own
          // statement; a replay records it below.
          recordTransferId: repo.depositTransferRecord(row.id),
          // The same state change, notice and inbox message as `settle`, for the ledger's one-statement path: lock
          // the member, finish the deposit, store both, move the money and record the transfer in one round trip.
          guard: {
            ...repo.finishDepositGuard(row.id, changes, ctx.noticeRow(notice), details.nonce),
            guarded: (raw) => {
              settled = repo.depositFromDriver(raw);
            },
          },
        });
        finished = transfer.replayed
          ? await db.transaction(async (tx) => {
              await remember(tx);
              const done = await settle(tx);
              // The nonce is kept only with the state change: the caller's whole way remembers it otherwise.
              if (!done && details.nonce) throw new DepositNoLongerPending();
              return done;
            })
          : settled;
        if (finished) {
          if (transfer.replayed) await repo.setDepositTransfer(db, finished.id, transfer.id);
          finished.transferId ??= transfer.id;
        }
      } catch (error) {
        if (!(error instanceof DepositNoLongerPending)) throw error;
        finished = null;
      }
    } else {
      finished = await db.transaction(settle);
    }
    if (!finished) return null;
    ctx.published(notice);
    // Only manual deposits wait in an operator queue; gateway ones are decided by the gateway.
    if (row.type === 'manual' && outcome !== 'failed') {
      ctx.queueChanged({
        queue: 'deposits',
        action: outcome,
        depositId: row.id,
        accountId: row.accountId,
        amount: notice.params.amount,
        currency: row.currency,
        by: details.operator ? ctx.operatorName(details.operator) : null,
      });
    }
    return finished;
  }

  /** Applies what the gateway says about a deposit; a final state never changes, a contradiction is kept. */
  async function applyGatewayOutcome(row: repo.DepositRow, outcome: GatewayOutcome, gatewayTxnId: string) {
    if (row.status === 'pending') {
      const finished = await finish(row, outcome === 'approved' ? 'approved' : 'failed', { gatewayTxnId });
      if (finished) return finished;
      const current = await repo.findDeposit(db, merchantCode, row.id);
      if (!current) return row;
      row = current;
    }
    if (row.status === 'approved' && outcome === 'approved') {
      // A repeated approval: make sure the credit happened (it replays when it did).
      if (row.transferId === null) row.transferId = await credit(row);
      return row;
    }
    const contradicts = (row.status === 'approved') !== (outcome === 'approved');
    if (contradicts) {
      deps.log.warn(
        { depositId: row.id, status: row.status, gatewayOutcome: outcome },
        'gateway contradicts a final deposit state; kept the state, flagged for reconciliation',
      );
      await repo.setDepositLateGatewayStatus(db, row.id, outcome);
    }
    return row;
  }

  async function mine(auth: AuthContext, id: number): Promise<repo.DepositRow> {
    const row = await repo.findDeposit(db, merchantCode, id);
    if (!row || row.accountId !== auth.accountId) throw new AppError('CASHIER_DEPOSIT_NOT_FOUND', { depositId: id });
    return row;
  }

  async function operatorView(row: repo.DepositRow, scale: number): Promise<OperatorDeposit> {
    const member = await deps.identity.getAccount(row.accountId);
    return {
      ...depositView(row, scale, ctx),
      member: { id: row.accountId, username: member?.username ?? null },
      currency: row.currency,
      gateway: row.gateway,
      gatewayTxnId: row.gatewayTxnId,
      receipts: row.receipts.map(({ name, type, size }) => ({ name, type, size })),
      lateGatewayStatus: row.lateGatewayStatus,
      reviewedBy: row.reviewedByName,
      ledgerTransferId: row.transferId,
    };
  }

  function channelConfig(row: repo.ChannelRow, scale: number): DepositChannelConfig {
    return {
      code: row.code,
      type: row.type as DepositChannelConfig['type'],
      gateway: row.gateway,
      method: row.method as DepositMethod,
      nameEn: row.nameEn,
      nameBn: row.nameBn,
      min: ctx.money(row.minAmount, scale),
      max: ctx.money(row.maxAmount, scale),
      presets: row.presets.map((preset) => ctx.money(BigInt(preset), scale)),
      enabled: row.enabled,
      sortOrder: row.sortOrder,
      payee: row.payee ?? null,
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: row.updatedBy,
    };
  }

  async function listDeposits(
    filter: { status?: DepositView['status']; type?: DepositView['type'] },
    page: PageInput = {},
  ): Promise<OperatorPage<OperatorDeposit>> {
    const { scale } = await ctx.currency();
    const paging = pageOf(page);
    const { rows, total } = await repo.listDeposits(db, merchantCode, filter, paging, page.sorting);
    return {
      items: await Promise.all(rows.map((row) => operatorView(row, scale))),
      pageNo: paging.pageNo,
      pageSize: paging.pageSize,
      total,
      totalPages: totalPages(total, paging.pageSize),
    };
  }

  async function loadPendingManual(id: number): Promise<repo.DepositRow> {
    const row = await repo.findDeposit(db, merchantCode, id);
    if (row?.type !== 'manual') throw new AppError('CASHIER_DEPOSIT_NOT_FOUND', { depositId: id });
    if (row.status !== 'pending')
      throw new AppError('CASHIER_DEPOSIT_NOT_PENDING', { depositId: id, status: row.status });
    return row;
  }

  return {
    /** Seeds the default channels for the merchant unless they exist (start-up). */
    async seed(): Promise<void> {
      const { scale } = await ctx.currency();
      await repo.seedDepositChannels(
        db,
        seededChannels.map((channel, index) => ({
          merchantCode,
          code: channel.code,
          type: channel.type,
          gateway: channel.gateway,
          method: channel.method,
          nameEn: channel.nameEn,
          nameBn: channel.nameBn,
          minAmount: parseMinor(channel.min, scale),
          maxAmount: parseMinor(channel.max, scale),
          presets: channel.presets.map((preset) => parseMinor(preset, scale).toString()),
          payee: channel.payee,
          sortOrder: (index + 1) * 10,
        })),
      );
    },

    /** The channels a member may use now, with limits and presets, named in the member's language. */
    async channels(language: string | undefined): Promise<DepositChannelList> {
      const { code, scale } = await ctx.currency();
      const rows = (await repo.listDepositChannels(db, merchantCode)).filter(offered);
      return {
        currency: code,
        scale,
        channels: rows.map(
          (row): DepositChannel => ({
            code: row.code,
            type: row.type as DepositChannel['type'],
            method: row.method as DepositMethod,
            name: language === 'bn' ? row.nameBn : row.nameEn,
            min: ctx.money(row.minAmount, scale),
            max: ctx.money(row.maxAmount, scale),
            presets: row.presets.map((preset) => ctx.money(BigInt(preset), scale)),
            payee: row.type === 'manual' ? (row.payee ?? null) : null,
          }),
        ),
      };
    },

    /**
     * Opens a gateway deposit: the answer's `redirectUrl` is the gateway's pay page. Nothing is credited until
     * the gateway confirms. The member's Idempotency-Key makes a retried request return the same deposit.
     * @throws WALLET_AMOUNT_INVALID, WALLET_AMOUNT_TOO_PRECISE, WALLET_AMOUNT_TOO_LARGE, CASHIER_CHANNEL_NOT_FOUND,
     *   CASHIER_AMOUNT_BELOW_MIN, CASHIER_AMOUNT_ABOVE_MAX, WALLET_IDEMPOTENCY_CONFLICT, CASHIER_GATEWAY_UNAVAILABLE
     */
    async createGatewayDeposit(
      auth: AuthContext,
      input: DepositInput,
      clientKey: string,
      options: { language?: string | undefined } = {},
    ): Promise<DepositView> {
      const { code, scale } = await ctx.currency();
      const amount = parseAmountInput(input.amount, scale);
      const channel = await channelFor(input.channelCode, 'gateway');
      checkLimits(channel, amount, scale);
      const hash = requestHash({ channelCode: channel.code, amount: amount.toString() });
      let row = existingFor(await repo.findDepositByClientKey(db, merchantCode, auth.accountId, clientKey), hash);
      if (!row) {
        try {
          row = await repo.insertDeposit(db, {
            merchantCode,
            accountId: auth.accountId,
            channelCode: channel.code,
            type: 'gateway',
            gateway: channel.gateway,
            amount,
            currency: code,
            status: 'pending',
            clientKey,
            requestHash: hash,
            createdAt: ctx.now(),
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          row = existingFor(await repo.findDepositByClientKey(db, merchantCode, auth.accountId, clientKey), hash);
          if (!row) throw error;
        }
      }
      if (row.gatewayIntentId || row.status !== 'pending') return depositView(row, scale, ctx);
      const gateway = deps.gateways.get(row.gateway ?? '');
      if (!gateway) throw new AppError('CASHIER_GATEWAY_UNAVAILABLE');
      try {
        const intent = await gateway.createDepositIntent({
          orderId: String(row.id),
          amountMinor: row.amount,
          currency: row.currency,
          scale,
          method: channel.method as DepositMethod,
          // The member centre's deposit page, which shows the deposit's state (spec route /member, page depositv2).
          returnUrl: `/member?page=depositv2&depositId=${row.id}`,
          language: options.language ?? 'en',
        });
        row =
          (await repo.setDepositIntent(db, row.id, {
            gatewayIntentId: intent.intentId,
            gatewayTxnId: intent.gatewayTxnId,
            redirectUrl: intent.redirectUrl,
          })) ?? row;
      } catch (error) {
        deps.log.error({ err: error, depositId: row.id }, 'payment gateway refused or failed to open a payment');
        await finish(row, 'failed', { reason: 'gateway_unavailable' });
        throw new AppError('CASHIER_GATEWAY_UNAVAILABLE');
      }
      return depositView(row, scale, ctx);
    },

    /**
     * Files a manual deposit (bank transfer) with 1–3 receipt images, for an operator to approve or reject.
     * @throws as createGatewayDeposit, and CASHIER_REFERENCE_INVALID, CASHIER_RECEIPT_REQUIRED
     */
    async submitManualDeposit(
      auth: AuthContext,
      form: ManualDepositForm,
      images: readonly UploadedImage[],
      clientKey: string,
    ): Promise<DepositView> {
      const { code, scale } = await ctx.currency();
      const amount = parseAmountInput(form.amount, scale);
      const channel = await channelFor(form.channelCode, 'manual');
      checkLimits(channel, amount, scale);
      const reference = form.reference.trim();
      if (reference.length < 1 || reference.length > 64) throw new AppError('CASHIER_REFERENCE_INVALID');
      if (images.length === 0) throw new AppError('CASHIER_RECEIPT_REQUIRED');
      const hash = requestHash({
        channelCode: channel.code,
        amount: amount.toString(),
        reference,
        receipts: images.map((image) => image.sha256),
      });
      const existing = existingFor(
        await repo.findDepositByClientKey(db, merchantCode, auth.accountId, clientKey),
        hash,
      );
      if (existing) return depositView(existing, scale, ctx);
      const receipts = await deps.uploads.save(images);
      try {
        const row = await repo.insertDeposit(db, {
          merchantCode,
          accountId: auth.accountId,
          channelCode: channel.code,
          type: 'manual',
          gateway: null,
          amount,
          currency: code,
          status: 'pending',
          clientKey,
          requestHash: hash,
          reference,
          receipts,
          createdAt: ctx.now(),
        });
        ctx.queueChanged({
          queue: 'deposits',
          action: 'submitted',
          depositId: row.id,
          accountId: row.accountId,
          amount: ctx.money(row.amount, scale).amount,
          currency: row.currency,
          by: null,
        });
        return depositView(row, scale, ctx);
      } catch (error) {
        await deps.uploads.remove(receipts);
        if (!isUniqueViolation(error)) throw error;
        const raced = existingFor(await repo.findDepositByClientKey(db, merchantCode, auth.accountId, clientKey), hash);
        if (!raced) throw error;
        return depositView(raced, scale, ctx);
      }
    },

    /**
     * A deposit of the member. A pending gateway deposit is checked with the gateway first, so a lost or late
     * callback does not leave the member waiting.
     * @throws CASHIER_DEPOSIT_NOT_FOUND (also for another member's deposit)
     */
    async getDeposit(auth: AuthContext, id: number): Promise<DepositView> {
      const { scale } = await ctx.currency();
      let row = await mine(auth, id);
      const gateway = row.gateway ? deps.gateways.get(row.gateway) : undefined;
      if (row.status === 'pending' && gateway && row.gatewayIntentId) {
        try {
          const status = await gateway.queryStatus({ intentId: row.gatewayIntentId, orderId: String(row.id) });
          if (status.state !== 'pending' && gatewayAmountMinor(status.amount, scale) === row.amount) {
            row = await applyGatewayOutcome(row, status.state, status.gatewayTxnId);
          }
        } catch (error) {
          deps.log.warn({ err: error, depositId: row.id }, 'payment gateway status query failed');
        }
      }
      return depositView(row, scale, ctx);
    },

    /**
     * A gateway's server-to-server callback, on its raw body: verified by the gateway adapter (signature,
     * timestamp), its nonce remembered (a reused one is refused: by the credit's own statement for a pending
     * deposit approved as expected, else by the statement that reads the deposit), matched to the deposit (amount
     * and currency must agree), then applied. Answers in the gateway's format; a refused callback changes nothing
     * but its nonce.
     */
    async handleGatewayCallback(
      gatewayCode: string,
      headers: Record<string, string | undefined>,
      rawBody: string,
    ): Promise<GatewayAnswer> {
      const gateway = deps.gateways.get(gatewayCode);
      if (!gateway || !gatewayEnabled(gatewayCode)) {
        return {
          statusCode: 404,
          contentType: 'application/json',
          body: '{"code":"FAIL","message":"unknown gateway"}',
        };
      }
      const refuse = (reason: CallbackRefusal) => {
        deps.log.warn({ gateway: gatewayCode, reason }, 'gateway callback refused');
        const statusCode = reason === 'nonce' ? 409 : reason === 'payload' ? 400 : 401;
        return gateway.answer({ ok: false, reason: `invalid ${reason}`, statusCode });
      };
      let event: Awaited<ReturnType<typeof gateway.verifyCallback>>;
      try {
        event = await gateway.verifyCallback({ headers, rawBody });
      } catch (error) {
        if (!(error instanceof GatewayCallbackRefused)) throw error;
        return refuse(error.reason);
      }
      const id = /^\d{1,15}$/.test(event.orderId) ? Number(event.orderId) : 0;
      const { scale } = await ctx.currency();
      const matches = (row: repo.DepositRow) =>
        event.currency === row.currency &&
        gatewayAmountMinor(event.amount, scale) === row.amount &&
        (row.gatewayTxnId === null || row.gatewayTxnId === event.gatewayTxnId);
      const nonce = { gateway: gatewayCode, nonce: event.nonce, receivedAt: ctx.now() };
      // The usual callback, a pending deposit approved as it was asked: a read, then one statement that remembers
      // the nonce, finishes the deposit and credits it (one commit). Anything else, or a deposit that changed in
      // between, goes the whole way below, which remembers the nonce first.
      const peek = (target: Db) => repo.peekNonceAndDeposit(target, nonce, merchantCode, id);
      const peeked = await (deps.reads ? deps.reads.run(peek) : peek(db));
      if (peeked.seen) return refuse('nonce');
      const pending = peeked.deposit;
      if (
        pending?.gateway === gatewayCode &&
        pending.status === 'pending' &&
        event.outcome === 'approved' &&
        matches(pending)
      ) {
        try {
          if (await finish(pending, 'approved', { gatewayTxnId: event.gatewayTxnId, nonce })) {
            return gateway.answer({ ok: true });
          }
        } catch (error) {
          if (!(error instanceof NonceSeen)) throw error;
          return refuse('nonce');
        }
      }
      const { fresh, deposit: row } = await repo.rememberNonceAndFindDeposit(db, nonce, merchantCode, id);
      if (!fresh) return refuse('nonce');
      if (!row || row.gateway !== gatewayCode) {
        return gateway.answer({ ok: false, reason: 'unknown order', statusCode: 404 });
      }
      if (!matches(row)) {
        deps.log.error(
          { depositId: row.id, event, expected: { amount: row.amount.toString(), txn: row.gatewayTxnId } },
          'gateway callback does not match its deposit; nothing credited',
        );
        return gateway.answer({ ok: false, reason: 'order mismatch', statusCode: 400 });
      }
      await applyGatewayOutcome(row, event.outcome, event.gatewayTxnId);
      return gateway.answer({ ok: true });
    },

    // ------------------------------------------------------------------------------------------- operators

    /** Manual deposits waiting for an operator, oldest first. */
    listPendingDeposits: (page: PageInput = {}) => listDeposits({ status: 'pending', type: 'manual' }, page),

    /** Deposits by state and type, oldest first (operator views). */
    listDeposits,

    /** One deposit as operators see it. @throws CASHIER_DEPOSIT_NOT_FOUND */
    async getOperatorDeposit(id: number): Promise<OperatorDeposit> {
      const row = await repo.findDeposit(db, merchantCode, id);
      if (!row) throw new AppError('CASHIER_DEPOSIT_NOT_FOUND', { depositId: id });
      return operatorView(row, (await ctx.currency()).scale);
    },

    /**
     * Approves a manual deposit and credits it (once: the ledger key is the deposit id).
     * @throws CASHIER_DEPOSIT_NOT_FOUND, CASHIER_DEPOSIT_NOT_PENDING
     */
    async approveDeposit(id: number, operator: OperatorRef): Promise<OperatorDeposit> {
      const row = await loadPendingManual(id);
      const finished = await finish(row, 'approved', { operator });
      if (!finished) throw new AppError('CASHIER_DEPOSIT_NOT_PENDING', { depositId: id });
      return operatorView(finished, (await ctx.currency()).scale);
    },

    /**
     * Rejects a manual deposit with a reason shown to the member; nothing moves.
     * @throws CASHIER_REASON_REQUIRED, CASHIER_DEPOSIT_NOT_FOUND, CASHIER_DEPOSIT_NOT_PENDING
     */
    async rejectDeposit(id: number, reason: string, operator: OperatorRef): Promise<OperatorDeposit> {
      const text = typeof reason === 'string' ? reason.trim() : '';
      if (text.length < 1 || text.length > 200) throw new AppError('CASHIER_REASON_REQUIRED');
      const row = await loadPendingManual(id);
      const finished = await finish(row, 'rejected', { reason: text, operator });
      if (!finished) throw new AppError('CASHIER_DEPOSIT_NOT_PENDING', { depositId: id });
      return operatorView(finished, (await ctx.currency()).scale);
    },

    /** Every channel with its settings, enabled or not. */
    async listDepositChannels(): Promise<DepositChannelConfig[]> {
      const { scale } = await ctx.currency();
      return (await repo.listDepositChannels(db, merchantCode)).map((row) => channelConfig(row, scale));
    },

    /**
     * Changes a channel: switch, limits and presets (decimal strings in major units), names, order, payee.
     * @throws CASHIER_CHANNEL_NOT_FOUND, CASHIER_CHANNEL_LIMITS_INVALID, WALLET_AMOUNT_* for a bad amount
     */
    async updateDepositChannel(
      code: string,
      input: UpdateDepositChannelInput,
      operator: OperatorRef,
    ): Promise<DepositChannelConfig> {
      const { scale } = await ctx.currency();
      const current = await repo.findDepositChannel(db, merchantCode, code);
      if (!current) throw new AppError('CASHIER_CHANNEL_NOT_FOUND', { channelCode: code });
      const minAmount = input.minAmount === undefined ? current.minAmount : parseAmountInput(input.minAmount, scale);
      const maxAmount = input.maxAmount === undefined ? current.maxAmount : parseAmountInput(input.maxAmount, scale);
      const presets =
        input.presets === undefined
          ? current.presets.map((preset) => BigInt(preset))
          : input.presets.map((preset) => parseAmountInput(preset, scale));
      if (minAmount > maxAmount || presets.some((preset) => preset < minAmount || preset > maxAmount)) {
        throw new AppError('CASHIER_CHANNEL_LIMITS_INVALID');
      }
      const updated = await repo.updateDepositChannel(db, merchantCode, code, {
        minAmount,
        maxAmount,
        presets: presets.map((preset) => preset.toString()),
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        ...(input.nameEn === undefined ? {} : { nameEn: input.nameEn }),
        ...(input.nameBn === undefined ? {} : { nameBn: input.nameBn }),
        ...(input.sortOrder === undefined ? {} : { sortOrder: input.sortOrder }),
        ...(input.payee === undefined ? {} : { payee: input.payee as DepositPayee | null }),
        updatedAt: ctx.now(),
        updatedBy: ctx.operatorName(operator),
      });
      if (!updated) throw new AppError('CASHIER_CHANNEL_NOT_FOUND', { channelCode: code });
      return channelConfig(updated, scale);
    },

    /**
     * Finishes what a crash interrupted: approved deposits whose credit was not recorded are credited (the
     * ledger key makes this safe to run any time). For the job scheduler.
     */
    async reconcile(limit = 100): Promise<{ credited: number }> {
      let credited = 0;
      for (const row of await repo.listUncreditedDeposits(db, merchantCode, limit)) {
        try {
          await credit(row);
          credited += 1;
        } catch (error) {
          if (!isAppError(error)) throw error;
          deps.log.error({ err: error, depositId: row.id }, 'deposit credit failed during reconciliation');
        }
      }
      return { credited };
    },
  };
}

export type DepositService = ReturnType<typeof createDepositService>;
