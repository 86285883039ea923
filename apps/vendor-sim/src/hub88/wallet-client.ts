import { setTimeout as sleep } from 'node:timers/promises';
import type { Faults } from '../faults';
import { uuid } from '../rng';
import { SIGNATURE_HEADER, signBody } from './signature';

/** A Wallet API answer: HTTP 200 with a JSON body that carries `status` (RS_OK or RS_ERROR_*). */
export type WalletAnswer = {
  status: string;
  request_uuid?: string;
  user?: string;
  currency?: string;
  balance?: number;
  [field: string]: unknown;
};

/** A call either got a definite JSON answer, or its outcome is unknown (timeout, connection error, 5xx, not JSON). */
export type CallOutcome = { kind: 'answer'; answer: WalletAnswer } | { kind: 'ambiguous'; reason: string };

export type RetryPolicy = {
  /** Time allowed for one callback. Hub88 reportedly uses about 1 s; the default is 2 s for slow test machines. */
  timeoutMs: number;
  /** Attempts of a bet (same transaction_uuid, fresh request_uuid) before it is given up and rolled back. */
  betAttempts: number;
  /** Attempts of a win, and of a rollback, before the simulator gives up and reports the callback as stuck. */
  winMaxAttempts: number;
  rollbackMaxAttempts: number;
  /** Exponential backoff between win/rollback attempts: base × 2^(attempt − 1), capped. */
  baseDelayMs: number;
  maxDelayMs: number;
};

/** @see /work/shared/protocols/hub88-wallet.md section 7 (bets/wins ~3 tries at ~1 s; rollbacks up to ~500 with backoff) */
export const DEFAULT_RETRY: RetryPolicy = {
  timeoutMs: 2000,
  betAttempts: 3,
  winMaxAttempts: 30,
  rollbackMaxAttempts: 500,
  baseDelayMs: 500,
  maxDelayMs: 60_000,
};

/** Statuses after which a win or rollback is tried again: the operator's internal error is not a definite answer. */
const RETRYABLE = new Set(['RS_ERROR_UNKNOWN']);

export type CallLogEntry = {
  path: string;
  body: Record<string, unknown>;
  outcome: CallOutcome;
  at: string;
  ms: number;
};

export type WalletCaller = { user: string; token: string; gameCode: string; currency: string };

export type BetResult =
  | { ok: true; transactionUuid: string; answer: WalletAnswer }
  | { ok: false; transactionUuid: string; status: string; answer?: WalletAnswer; rolledBack: boolean };

export type SettleResult =
  | { ok: true; transactionUuid: string; answer: WalletAnswer; attempts: number }
  | { ok: false; transactionUuid: string; status: string; answer?: WalletAnswer; attempts: number };

/**
 * Calls the operator's Wallet API (`<portal>/gateway/hub88/...`) the way Hub88 does: signed raw JSON body,
 * a fresh `request_uuid` per HTTP attempt, the same `transaction_uuid` on every retry of one transaction.
 */
export class Hub88WalletClient {
  /** The last 2,000 callbacks (tests and the round-details page read it). */
  readonly log: CallLogEntry[] = [];
  /** Wins and rollbacks still being retried in the background. */
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;
  private readonly stop = new AbortController();

  constructor(
    readonly options: {
      walletBaseUrl: string;
      privateKeyPem: string;
      retry: RetryPolicy;
      faults: Faults;
    },
  ) {}

  async post(path: string, fields: Record<string, unknown>): Promise<CallOutcome> {
    const body = { ...fields, request_uuid: uuid() };
    const raw = JSON.stringify(body);
    const started = performance.now();
    let outcome: CallOutcome;
    try {
      const response = await fetch(`${this.options.walletBaseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(raw, this.options.privateKeyPem) },
        body: raw,
        signal: AbortSignal.timeout(this.options.retry.timeoutMs),
      });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (response.status >= 500) outcome = { kind: 'ambiguous', reason: `HTTP ${response.status}` };
      else if (!parsed || typeof parsed !== 'object' || typeof (parsed as WalletAnswer).status !== 'string')
        outcome = { kind: 'ambiguous', reason: `HTTP ${response.status} without a status` };
      else outcome = { kind: 'answer', answer: parsed as WalletAnswer };
    } catch (error) {
      const name = (error as Error).name;
      outcome = {
        kind: 'ambiguous',
        reason: name === 'TimeoutError' ? 'timeout' : `network: ${(error as Error).message}`,
      };
    }
    this.log.push({ path, body, outcome, at: new Date().toISOString(), ms: Math.round(performance.now() - started) });
    if (this.log.length > 2000) this.log.splice(0, this.log.length - 2000);
    return outcome;
  }

  userInfo(user: string): Promise<CallOutcome> {
    return this.post('/user/info', { user });
  }

  balance(caller: WalletCaller): Promise<CallOutcome> {
    return this.post('/user/balance', { user: caller.user, token: caller.token, game_code: caller.gameCode });
  }

  private transactionFields(caller: WalletCaller, round: string, roundClosed: boolean) {
    return {
      user: caller.user,
      token: caller.token,
      game_code: caller.gameCode,
      currency: caller.currency,
      round,
      round_closed: roundClosed,
      supplier_user: `sim-${caller.user}`,
      is_free: false,
    };
  }

  /** Builds a bet body; send it with `sendBet` (split so a fault can send the win first). */
  betBody(
    caller: WalletCaller,
    bet: { round: string; amount: number; description?: string; meta?: Record<string, unknown>; roundClosed?: boolean },
  ): Record<string, unknown> {
    const transactionUuid = uuid();
    return {
      ...this.transactionFields(caller, bet.round, bet.roundClosed ?? false),
      transaction_uuid: transactionUuid,
      supplier_transaction_id: `sup-${transactionUuid.slice(0, 8)}`,
      amount: bet.amount,
      ...(bet.description ? { bet: bet.description } : {}),
      ...(bet.meta ? { meta: bet.meta } : {}),
    };
  }

  /**
   * Debits a bet. Retried on an unknown outcome with the same transaction_uuid; when no definite answer comes (or
   * the timeout fault fires) the bet is rolled back and reported as not placed.
   */
  async sendBet(body: Record<string, unknown>): Promise<BetResult> {
    const transactionUuid = body.transaction_uuid as string;
    const round = body.round as string;
    const caller = this.callerOf(body);
    if (this.options.faults.take('rollbackBeforeBet', transactionUuid)) {
      await this.rollback(caller, { round, referenceTransactionUuid: transactionUuid });
      const late = await this.post('/transaction/bet', body);
      const answer = late.kind === 'answer' ? late.answer : undefined;
      return { ok: false, transactionUuid, status: answer?.status ?? 'TIMEOUT', answer, rolledBack: true };
    }
    const duplicate = this.options.faults.isArmed('duplicateCallbacks');
    for (let attempt = 1; attempt <= this.options.retry.betAttempts; attempt += 1) {
      const outcome = await this.post('/transaction/bet', body);
      if (this.options.faults.take('timeoutNextBet', transactionUuid)) break;
      if (outcome.kind === 'ambiguous') continue;
      if (duplicate) await this.post('/transaction/bet', body);
      if (outcome.answer.status === 'RS_OK') return { ok: true, transactionUuid, answer: outcome.answer };
      return { ok: false, transactionUuid, status: outcome.answer.status, answer: outcome.answer, rolledBack: false };
    }
    await this.rollback(caller, { round, referenceTransactionUuid: transactionUuid });
    return { ok: false, transactionUuid, status: 'TIMEOUT', rolledBack: true };
  }

  winBody(
    caller: WalletCaller,
    win: {
      round: string;
      betTransactionUuid: string;
      amount: number;
      roundClosed: boolean;
      meta?: Record<string, unknown>;
    },
  ): Record<string, unknown> {
    const transactionUuid = uuid();
    return {
      ...this.transactionFields(caller, win.round, win.roundClosed),
      transaction_uuid: transactionUuid,
      reference_transaction_uuid: win.betTransactionUuid,
      supplier_transaction_id: `sup-${transactionUuid.slice(0, 8)}`,
      amount: win.amount,
      ...(win.meta ? { meta: win.meta } : {}),
    };
  }

  /** Credits a win, retrying with exponential backoff until a definite answer (or the attempt limit). */
  sendWin(body: Record<string, unknown>): Promise<SettleResult> {
    return this.track(this.untilDefinite('/transaction/win', body, this.options.retry.winMaxAttempts, true));
  }

  /** Reverses a transaction (no amount), retrying with exponential backoff until a definite answer. */
  rollback(caller: WalletCaller, rollback: { round: string; referenceTransactionUuid: string }): Promise<SettleResult> {
    const transactionUuid = uuid();
    const body = {
      ...this.transactionFields(caller, rollback.round, true),
      transaction_uuid: transactionUuid,
      reference_transaction_uuid: rollback.referenceTransactionUuid,
      supplier_transaction_id: `sup-${transactionUuid.slice(0, 8)}`,
    };
    return this.track(this.untilDefinite('/transaction/rollback', body, this.options.retry.rollbackMaxAttempts, false));
  }

  private async untilDefinite(
    path: string,
    body: Record<string, unknown>,
    maxAttempts: number,
    duplicatable: boolean,
  ): Promise<SettleResult> {
    const transactionUuid = body.transaction_uuid as string;
    let last: WalletAnswer | undefined;
    for (let attempt = 1; attempt <= maxAttempts && !this.closed; attempt += 1) {
      const outcome = await this.post(path, body);
      if (outcome.kind === 'answer' && !RETRYABLE.has(outcome.answer.status)) {
        if (duplicatable && this.options.faults.take('duplicateCallbacks', transactionUuid))
          await this.post(path, body);
        if (outcome.answer.status === 'RS_OK')
          return { ok: true, transactionUuid, answer: outcome.answer, attempts: attempt };
        return { ok: false, transactionUuid, status: outcome.answer.status, answer: outcome.answer, attempts: attempt };
      }
      if (outcome.kind === 'answer') last = outcome.answer;
      if (attempt < maxAttempts)
        await sleep(this.backoffMs(attempt), undefined, { signal: this.stop.signal }).catch(() => {});
    }
    return { ok: false, transactionUuid, status: last?.status ?? 'TIMEOUT', answer: last, attempts: maxAttempts };
  }

  backoffMs(attempt: number): number {
    const { baseDelayMs, maxDelayMs } = this.options.retry;
    return Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
  }

  private callerOf(body: Record<string, unknown>): WalletCaller {
    return {
      user: body.user as string,
      token: body.token as string,
      gameCode: body.game_code as string,
      currency: body.currency as string,
    };
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
    return promise;
  }

  /** Callbacks still being retried. */
  get pending(): number {
    return this.inFlight.size;
  }

  /** Stops retrying (in-flight attempts finish) and waits for the loops to end. */
  async close(): Promise<void> {
    this.closed = true;
    this.stop.abort();
    await Promise.allSettled([...this.inFlight]);
  }
}
