import {
  type Adjustment,
  type AdjustmentApprovalReason,
  type AdjustmentPage,
  type AdjustmentPolicy,
  type AdjustmentQuery,
  type CreateAdjustmentInput,
  minorToDecimal,
  parseMinor,
} from '@portal/contract';
import type { Db, Tx } from '../../platform/db';
import { AppError, isAppError } from '../../platform/http/app-error';
import { requestHash } from '../../platform/idempotency';
import type { IdentityService } from '../identity';
import type { SystemService } from '../system';
import type { WalletService } from '../wallet';
import * as repo from './backoffice.adjustments.repository';
import type { BackofficeService, CallerContext, OperatorContext } from './backoffice.service';

export type AdjustmentServiceDeps = {
  db: Db;
  wallet: Pick<WalletService, 'ensureAccount' | 'transfer' | 'getTransferByKey'>;
  identity: Pick<IdentityService, 'getAccount'>;
  system: Pick<SystemService, 'currency'>;
  backoffice: Pick<BackofficeService, 'recordChange'>;
  /**
   * BO_ADJUSTMENT_APPROVAL_THRESHOLD_MINOR: adjustments above it wait for a second operator; at or below it the
   * proposer's adjustment is applied at once. 0 (the default): every adjustment waits.
   */
  approvalThresholdMinor?: bigint;
  /**
   * BO_ADJUSTMENT_DIRECT_WINDOW_HOURS: a direct adjustment that would take the player's direct adjustments of
   * this many hours (absolute amounts, every operator) above the threshold waits for a second operator too.
   * Default 24.
   */
  directWindowHours?: number;
  /** Tells the player's sockets their balance changed (as deposits do); fire-and-forget. */
  onBalanceChanged?: (accountId: number) => void;
  now?: () => Date;
  /** An `approving` claim older than this may be approved again (its request died mid-way). Default 2 minutes. */
  staleClaimMs?: number;
};

/** The ledger key of an adjustment's transfer: chosen before it is submitted, so it moves money once. */
export const adjustmentTransferKey = (id: number) => `bo-adjustment:${id}`;

/** What the audit log keeps of an adjustment. */
function auditState(row: repo.AdjustmentRow) {
  return {
    playerId: row.playerId,
    direction: row.direction,
    amountMinor: row.amountMinor.toString(),
    currency: row.currency,
    reason: row.reason,
    note: row.note,
    status: row.status,
    proposedBy: row.proposedBy,
    decidedBy: row.decidedBy,
    rejectReason: row.rejectReason,
    ledgerTransferId: row.ledgerTransferId,
    direct: isDirect(row),
    approvalReason: approvalReasonOf(row),
  };
}

/** Applied (or being applied, or refused by the ledger) without a second operator: never decided by anyone. */
// Whether it went the direct way is fixed when it is proposed (`approval_reason` null): an operator who finishes a
// stale direct one (the stale-claim approve) becomes its decider, and it is still a direct adjustment.
const isDirect = (row: repo.AdjustmentRow) => row.approvalReason === null;

/** Why an adjustment needs a second operator; null for one applied at once. Rows from before the column: amount. */
const approvalReasonOf = (row: repo.AdjustmentRow): AdjustmentApprovalReason | null =>
  isDirect(row) ? null : ((row.approvalReason as AdjustmentApprovalReason | null) ?? 'amount');

/** A direct adjustment whose money may not have moved yet: its request died, or is still running. */
const isDirectUnderWay = (row: repo.AdjustmentRow) => row.status === 'approving' && row.decidedBy === null;

/**
 * Manual balance adjustments with two-operator approval (maker-checker) above a configured amount. A proposal
 * above it moves nothing; approval by another operator moves the money through the wallet service between the
 * player's main wallet and the house adjustment account, with the adjustment id as idempotency key; rejection
 * closes it. At or below the threshold the proposer's adjustment moves the money at once, the same way. Each step
 * is audited.
 */
export function createAdjustmentService(deps: AdjustmentServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const staleClaimMs = deps.staleClaimMs ?? 120_000;
  const thresholdMinor = deps.approvalThresholdMinor ?? 0n;
  const directWindowHours = deps.directWindowHours ?? 24;

  async function view(row: repo.AdjustmentView, scale: number): Promise<Adjustment> {
    const player = await deps.identity.getAccount(row.playerId);
    return {
      id: row.id,
      player: { id: row.playerId, username: player?.username ?? null },
      direction: row.direction as Adjustment['direction'],
      amount: { amount: minorToDecimal(row.amountMinor, scale), minor: row.amountMinor.toString() },
      currency: row.currency,
      reason: row.reason as Adjustment['reason'],
      note: row.note,
      status: row.status as Adjustment['status'],
      proposedBy: row.proposedByUsername,
      proposedAt: row.proposedAt.toISOString(),
      decidedBy: row.decidedByUsername,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      rejectReason: row.rejectReason,
      ledgerTransferId: row.ledgerTransferId,
      direct: isDirect(row),
      approvalReason: approvalReasonOf(row),
    };
  }

  /** Moves an adjustment's money, once (the ledger key is the adjustment's id). Returns the transfer id. */
  async function moveMoney(row: repo.AdjustmentRow): Promise<number> {
    const player = await deps.wallet.ensureAccount({ type: 'player', id: row.playerId }, 'PLAYER_CASH', row.currency);
    const house = await deps.wallet.ensureAccount({ type: 'house' }, 'HOUSE_ADJUSTMENTS', row.currency);
    const credit = row.direction === 'credit';
    const transfer = await deps.wallet.transfer({
      idempotencyKey: adjustmentTransferKey(row.id),
      debit: credit ? house.id : player.id,
      credit: credit ? player.id : house.id,
      amountMinor: row.amountMinor,
      currency: row.currency,
      kind: 'ADJUSTMENT',
      metadata: { adjustmentId: row.id, direction: row.direction, reason: row.reason },
    });
    return transfer.id;
  }

  /**
   * Applies an adjustment at or below the threshold at once: recorded as `approving` with nobody deciding (so a
   * request that dies mid-way leaves a claim another operator can finish once it is stale, with the same ledger
   * key), then the money moves and it is `approved`. A transfer the ledger refuses (a 4xx such as a debit above the
   * available balance) closes it as rejected with the error code as reason, and the error is answered; a passing
   * failure (5xx: the wallet kept losing races, nothing moved) leaves it under way for the retry the 5xx asks for.
   *
   * A refusal and a retry of the same request that moves the money can race (the retry's transfer under the same
   * ledger key succeeds while the first attempt's was refused). The ledger decides: before refusing, the transfer
   * under the adjustment's key is looked for and, when there, applied; a transfer that lands after a refusal turns
   * the refused row into an applied one when its request finishes; a refusal that finds the row already applied
   * answers it.
   */
  async function applyDirectly(
    actor: OperatorContext,
    row: repo.AdjustmentRow,
    caller: CallerContext,
  ): Promise<repo.AdjustmentRow> {
    let transferId: number;
    try {
      transferId = await moveMoney(row);
    } catch (error) {
      if (!isAppError(error) || error.statusCode >= 500) throw error;
      // A retry of the same request may have moved the money under the adjustment's ledger key meanwhile.
      const moved = await deps.wallet.getTransferByKey(adjustmentTransferKey(row.id));
      if (!moved) {
        const refused = await db.transaction(async (tx) => {
          const closed = await repo.refuseDirect(tx, { id: row.id, reason: error.code, now: now() });
          if (closed) {
            await deps.backoffice.recordChange(
              actor,
              caller,
              {
                action: 'players.adjustment.refused',
                target: `adjustment:${row.id}`,
                before: auditState(row),
                after: auditState(closed),
              },
              tx,
            );
          }
          return closed;
        });
        // Not refused here: a retry applied it first (its transfer landed after the look above); that is the answer.
        const current = refused ? null : await repo.findAdjustment(db, row.id);
        if (current?.status === 'approved') return current;
        throw error;
      }
      transferId = moved.id;
    }
    return db.transaction(async (tx) => {
      const finished =
        (await repo.finishDirect(tx, { id: row.id, transferId, now: now() })) ??
        // Refused by a racing attempt whose own transfer was refused, after this one's moved the money.
        (await repo.correctRefusedDirect(tx, { id: row.id, transferId, now: now() }));
      if (!finished) {
        // A retry of the same request (same key, same transfer) finished it first: that is this request's answer.
        const current = await repo.findAdjustment(tx, row.id);
        if (current?.status === 'approved' && current.ledgerTransferId === transferId) return current;
        throw new AppError('BO_ADJUSTMENT_NOT_PENDING', { id: row.id });
      }
      await recordApplied(actor, caller, row, finished, tx);
      return finished;
    });
  }

  async function recordApplied(
    actor: OperatorContext,
    caller: CallerContext,
    before: repo.AdjustmentRow,
    after: repo.AdjustmentRow,
    tx: Tx,
  ): Promise<void> {
    await deps.backoffice.recordChange(
      actor,
      caller,
      {
        action: 'players.adjustment.applied',
        target: `adjustment:${before.id}`,
        before: auditState(before),
        after: auditState(after),
      },
      tx,
    );
  }

  async function load(id: number): Promise<repo.AdjustmentView> {
    const row = await repo.findAdjustment(db, id);
    if (!row) throw new AppError('BO_ADJUSTMENT_NOT_FOUND', { id });
    return row;
  }

  /** Why a decision on `row` by `actor` is refused; the checks the claim statements repeat atomically. */
  function refuse(row: repo.AdjustmentRow, actor: OperatorContext): never {
    if (row.proposedBy === actor.operatorId) throw new AppError('BO_ADJUSTMENT_SELF_APPROVAL', { id: row.id });
    throw new AppError('BO_ADJUSTMENT_NOT_PENDING', { id: row.id, status: row.status });
  }

  /**
   * A repeated proposal under an idempotency key that already made `row`: the same request goes on where the
   * first attempt stopped (a direct adjustment's transfer, with its ledger key, so the money moves once) and is
   * answered with the adjustment; another request under the key is refused.
   */
  async function resume(
    actor: OperatorContext,
    row: repo.AdjustmentRow,
    hash: string | null,
    caller: CallerContext,
    scale: number,
  ): Promise<Adjustment> {
    if (row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (isDirectUnderWay(row)) {
      await applyDirectly(actor, row, caller);
      deps.onBalanceChanged?.(row.playerId);
    }
    return view(await load(row.id), scale);
  }

  return {
    async list(query: AdjustmentQuery): Promise<AdjustmentPage> {
      const { scale } = await deps.system.currency();
      const { pageNo, pageSize } = query;
      const { rows, total } = await repo.listAdjustments(
        db,
        { ...(query.status ? { status: query.status } : {}), ...(query.playerId ? { playerId: query.playerId } : {}) },
        { offset: (pageNo - 1) * pageSize, limit: pageSize },
        { sort: query.sort, order: query.order },
      );
      return {
        items: await Promise.all(rows.map((row) => view(row, scale))),
        pageNo,
        pageSize,
        total,
        totalPages: Math.ceil(total / pageSize),
      };
    },

    countPending: () => repo.countAdjustments(db, 'pending'),

    /**
     * The amount above which a second operator must approve (0: always), in the merchant currency, and the
     * window over which a player's direct adjustments add up against it; with a player, their total so far in
     * that window (what `propose` counts), so the form can tell whether a new amount will apply at once.
     */
    async policy(playerId?: number): Promise<AdjustmentPolicy> {
      const { code, scale } = await deps.system.currency();
      let windowTotal: AdjustmentPolicy['windowTotal'] = null;
      if (playerId !== undefined) {
        const since = new Date(now().getTime() - directWindowHours * 3_600_000);
        const totalMinor = await repo.sumDirectSince(db, { playerId, currency: code, since });
        windowTotal = { amount: minorToDecimal(totalMinor, scale), minor: totalMinor.toString() };
      }
      return {
        currency: code,
        approvalThreshold: { amount: minorToDecimal(thresholdMinor, scale), minor: thresholdMinor.toString() },
        directWindowHours,
        windowTotal,
      };
    },

    /**
     * Records a proposal; above the approval threshold nothing moves until another operator approves it, at or
     * below it the money moves at once (see `applyDirectly`), unless the player's direct adjustments of the
     * rolling window (`directWindowHours`) would then add up to more than the threshold: then it waits too
     * (`approvalReason` `window_total`), so splitting a large amount does not skip the second operator.
     *
     * With an idempotency key (the request's `Idempotency-Key`, in the proposer's key space) the adjustment is
     * made once per key: a retry, also one the HTTP layer ran again after a 5xx, finds the row of the first
     * attempt and goes on with it (a direct one's transfer under the same ledger key), and answers it.
     * @throws BO_PLAYER_NOT_FOUND (also for free-play accounts, which hold no real money)
     * @throws BO_ADJUSTMENT_AMOUNT_INVALID for zero or more decimals than the currency has
     * @throws IDEMPOTENCY_KEY_REUSED when the key already made an adjustment from another request
     * @throws WALLET_INSUFFICIENT_FUNDS for a direct debit above the available balance (then recorded as rejected)
     */
    async propose(
      actor: OperatorContext,
      input: CreateAdjustmentInput,
      caller: CallerContext,
      idempotencyKey: string | null = null,
    ): Promise<Adjustment> {
      const { code, scale } = await deps.system.currency();
      const hash = idempotencyKey === null ? null : requestHash(input);
      if (idempotencyKey !== null) {
        const earlier = await repo.findByIdempotencyKey(db, { operatorId: actor.operatorId, key: idempotencyKey });
        if (earlier) return resume(actor, earlier, hash, caller, scale);
      }
      const player = await deps.identity.getAccount(input.playerId);
      if (!player || player.playMoney) throw new AppError('BO_PLAYER_NOT_FOUND', { id: input.playerId });
      let amountMinor: bigint;
      try {
        amountMinor = parseMinor(input.amount, scale);
      } catch {
        throw new AppError('BO_ADJUSTMENT_AMOUNT_INVALID', { scale });
      }
      if (amountMinor <= 0n || amountMinor > 10n ** 15n) throw new AppError('BO_ADJUSTMENT_AMOUNT_INVALID', { scale });
      const at = now();
      const row = await db.transaction(async (tx) => {
        // Under the player's lock, so that proposals sent at once add up as if sent one after another.
        await repo.lockPlayerProposals(tx, player.id);
        let approvalReason: AdjustmentApprovalReason | null = null;
        if (amountMinor > thresholdMinor) approvalReason = 'amount';
        else {
          const since = new Date(at.getTime() - directWindowHours * 3_600_000);
          const recentMinor = await repo.sumDirectSince(tx, { playerId: player.id, currency: code, since });
          if (recentMinor + amountMinor > thresholdMinor) approvalReason = 'window_total';
        }
        const direct = approvalReason === null;
        const inserted = await repo.insertAdjustment(tx, {
          playerId: player.id,
          direction: input.direction,
          amountMinor,
          currency: code,
          reason: input.reason,
          note: input.note,
          status: direct ? 'approving' : 'pending',
          proposedBy: actor.operatorId,
          proposedAt: at,
          approvalReason,
          ...(direct ? { claimedAt: at } : {}),
          ...(idempotencyKey !== null && hash !== null ? { idempotencyKey, requestHash: hash } : {}),
        });
        if (!inserted) return null;
        await deps.backoffice.recordChange(
          actor,
          caller,
          {
            action: 'players.adjustment.proposed',
            target: `adjustment:${inserted.id}`,
            before: null,
            after: auditState(inserted),
          },
          tx,
        );
        return inserted;
      });
      if (!row) {
        // The same key's other request committed its row while this one waited on the unique index.
        const earlier =
          idempotencyKey === null
            ? null
            : await repo.findByIdempotencyKey(db, { operatorId: actor.operatorId, key: idempotencyKey });
        if (!earlier) throw new Error('adjustment neither inserted nor found under its idempotency key');
        return resume(actor, earlier, hash, caller, scale);
      }
      if (isDirectUnderWay(row)) {
        await applyDirectly(actor, row, caller);
        deps.onBalanceChanged?.(row.playerId);
      }
      return view(await load(row.id), scale);
    },

    /**
     * Refuses a request under a key that already made an adjustment from another request. The route asks before
     * the Idempotency-Key layer takes the key: after a 5xx the layer has given the key up, and a refusal it kept
     * would take the key over, so that the first request's own retry could no longer finish its adjustment.
     * (`propose` checks again; this only keeps the refusal out of the layer.)
     * @throws IDEMPOTENCY_KEY_REUSED
     */
    async refuseReusedKey(actor: OperatorContext, idempotencyKey: string, input: CreateAdjustmentInput): Promise<void> {
      const earlier = await repo.findByIdempotencyKey(db, { operatorId: actor.operatorId, key: idempotencyKey });
      if (earlier && earlier.requestHash !== requestHash(input)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    },

    /**
     * Approves: claims the adjustment, moves the money (once, key `bo-adjustment:<id>`), marks it approved.
     * A refused transfer (a debit larger than the player's available balance) gives the claim back: nothing
     * moved and the adjustment stays pending.
     * @throws BO_ADJUSTMENT_NOT_FOUND, BO_ADJUSTMENT_SELF_APPROVAL, BO_ADJUSTMENT_NOT_PENDING
     * @throws WALLET_INSUFFICIENT_FUNDS with availableMinor and requestedMinor
     */
    async approve(actor: OperatorContext, id: number, caller: CallerContext): Promise<Adjustment> {
      const before = await load(id);
      const at = now();
      const claimed = await repo.claimForApproval(db, {
        id,
        operatorId: actor.operatorId,
        now: at,
        staleBefore: new Date(at.getTime() - staleClaimMs),
      });
      if (!claimed) refuse(await load(id), actor);
      let transferId: number;
      try {
        transferId = await moveMoney(claimed);
      } catch (error) {
        // A refusal is an answer: nothing moved, so the adjustment is pending again. Anything else (a crash, a
        // lost connection) leaves the claim; it goes stale and the transfer's key makes a retry safe.
        if (isAppError(error)) await repo.releaseClaim(db, { id, operatorId: actor.operatorId });
        throw error;
      }
      await db.transaction(async (tx) => {
        const finished = await repo.finishApproval(tx, {
          id,
          operatorId: actor.operatorId,
          transferId,
          now: now(),
        });
        if (!finished) throw new AppError('BO_ADJUSTMENT_NOT_PENDING', { id });
        await deps.backoffice.recordChange(
          actor,
          caller,
          {
            action: 'players.adjustment.approved',
            target: `adjustment:${id}`,
            before: auditState(before),
            after: auditState(finished),
          },
          tx,
        );
      });
      deps.onBalanceChanged?.(claimed.playerId);
      return view(await load(id), (await deps.system.currency()).scale);
    },

    /**
     * Rejects a pending adjustment with a reason; nothing moves.
     * @throws BO_ADJUSTMENT_NOT_FOUND, BO_ADJUSTMENT_SELF_APPROVAL, BO_ADJUSTMENT_NOT_PENDING
     */
    async reject(actor: OperatorContext, id: number, reason: string, caller: CallerContext): Promise<Adjustment> {
      const before = await load(id);
      await db.transaction(async (tx) => {
        const rejected = await repo.rejectAdjustment(tx, { id, operatorId: actor.operatorId, reason, now: now() });
        if (!rejected) refuse(before, actor);
        await deps.backoffice.recordChange(
          actor,
          caller,
          {
            action: 'players.adjustment.rejected',
            target: `adjustment:${id}`,
            before: auditState(before),
            after: auditState(rejected),
          },
          tx,
        );
      });
      return view(await load(id), (await deps.system.currency()).scale);
    },
  };
}

export type AdjustmentService = ReturnType<typeof createAdjustmentService>;
