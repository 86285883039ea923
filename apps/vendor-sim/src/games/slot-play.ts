import type { Faults } from '../faults';
import type { Hub88Session, RoundRecord, SessionStore } from '../hub88/sessions';
import type { BetResult, Hub88WalletClient, SettleResult, WalletCaller } from '../hub88/wallet-client';
import { type Rng, secureRng, uuid } from '../rng';
import {
  BET_STEP_UNITS,
  evaluate,
  PAYLINES,
  type PayTable,
  payTableFor,
  type SpinOutcome,
  STRIPS,
  spin,
  winAmount,
} from './slot-math';

/** Total-bet choices offered on the reels page, in protocol units (1.00 = 100000). */
export const SLOT_BET_LEVELS = [0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200].map((major) => Math.round(major * 100_000));
export const SLOT_MAX_BET_UNITS = 1000 * 100_000;

export type SpinResult = {
  round: string;
  status: RoundRecord['status'];
  bet: number;
  win: number;
  outcome: SpinOutcome;
  /** Balance after the spin as the operator reported it (protocol units); absent when no answer carried one. */
  balance?: number;
  currency: string;
  betResult?: BetResult;
  winResult?: SettleResult;
  /** The RS_* status or TIMEOUT that stopped the round, when it did not settle. */
  error?: string;
};

export class SlotPlayError extends Error {}

export function callerOf(session: Hub88Session): WalletCaller {
  return {
    user: session.user as string,
    token: session.token as string,
    gameCode: session.game.code,
    currency: session.currency,
  };
}

/**
 * Plays slot rounds for a session: the outcome is drawn here (CSPRNG), the stake is debited through the operator's
 * `/transaction/bet`, the win (possibly 0) credited through `/transaction/win` with `round_closed: true`.
 */
export class SlotPlay {
  readonly table: PayTable;

  constructor(
    private readonly deps: {
      wallet: Hub88WalletClient;
      sessions: SessionStore;
      faults: Faults;
      rtp: number;
      rng?: Rng;
    },
  ) {
    this.table = payTableFor(deps.rtp);
  }

  validateBet(betUnits: number): void {
    if (!Number.isSafeInteger(betUnits) || betUnits <= 0 || betUnits % BET_STEP_UNITS !== 0)
      throw new SlotPlayError(`bet must be a positive multiple of ${BET_STEP_UNITS} protocol units`);
    if (betUnits > SLOT_MAX_BET_UNITS) throw new SlotPlayError('bet above the table maximum');
  }

  /**
   * One spin. `waitMs` bounds how long the caller waits for the win to be confirmed (the retries go on in the
   * background); `stops` fixes the reel stops (tests only, through the programmatic API).
   */
  async spin(
    session: Hub88Session,
    betUnits: number,
    options: { waitMs?: number; stops?: number[] } = {},
  ): Promise<SpinResult> {
    if (session.game.kind !== 'slot') throw new SlotPlayError('not a slot game');
    this.validateBet(betUnits);
    if (
      options.stops &&
      (options.stops.length !== STRIPS.length ||
        options.stops.some((stop, reel) => !Number.isInteger(stop) || stop < 0 || stop >= (STRIPS[reel]?.length ?? 0)))
    )
      throw new SlotPlayError('stops must give one valid stop per reel');
    const outcome = options.stops ? evaluate(options.stops, this.table) : spin(this.deps.rng ?? secureRng, this.table);
    const win = winAmount(outcome, betUnits);
    const round = `slot-${uuid()}`;
    const record: RoundRecord = {
      round,
      user: session.user,
      gameCode: session.game.code,
      gameName: session.game.name,
      kind: 'slot',
      currency: session.currency,
      stake: betUnits,
      win,
      status: 'open',
      transactions: [],
      detail: {
        grid: outcome.grid,
        lineWins: outcome.lineWins,
        scatterCount: outcome.scatterCount,
        lines: PAYLINES.length,
      },
      createdAt: new Date().toISOString(),
    };
    this.deps.sessions.saveRound(record);

    if (!session.user || !session.token) {
      // DEMO: play money kept by the simulator, no wallet calls.
      if (session.demoBalance < betUnits) {
        record.status = 'refused';
        return {
          round,
          status: 'refused',
          bet: betUnits,
          win: 0,
          outcome,
          balance: session.demoBalance,
          currency: session.currency,
          error: 'RS_ERROR_NOT_ENOUGH_MONEY',
        };
      }
      session.demoBalance += win - betUnits;
      record.status = 'settled';
      return {
        round,
        status: 'settled',
        bet: betUnits,
        win,
        outcome,
        balance: session.demoBalance,
        currency: session.currency,
      };
    }

    const { wallet, faults } = this.deps;
    const caller = callerOf(session);
    const betBody = wallet.betBody(caller, {
      round,
      amount: betUnits,
      description: 'spin',
      meta: { lines: PAYLINES.length },
    });
    const betTransactionUuid = betBody.transaction_uuid as string;
    const winBody = wallet.winBody(caller, { round, betTransactionUuid, amount: win, roundClosed: true });

    let earlyWin: Awaited<ReturnType<Hub88WalletClient['post']>> | undefined;
    if (faults.take('outOfOrderWin', round)) earlyWin = await wallet.post('/transaction/win', winBody);

    const betResult = await wallet.sendBet(betBody);
    record.transactions.push({
      type: 'bet',
      transactionUuid: betTransactionUuid,
      amount: betUnits,
      status: betResult.ok ? 'RS_OK' : betResult.status,
    });
    if (!betResult.ok) {
      record.status = betResult.rolledBack ? 'rolled_back' : 'refused';
      return {
        round,
        status: record.status,
        bet: betUnits,
        win: 0,
        outcome,
        balance: betResult.answer?.balance,
        currency: session.currency,
        betResult,
        error: betResult.status,
      };
    }

    const settle =
      earlyWin?.kind === 'answer' && earlyWin.answer.status === 'RS_OK'
        ? Promise.resolve<SettleResult>({
            ok: true,
            transactionUuid: winBody.transaction_uuid as string,
            answer: earlyWin.answer,
            attempts: 1,
          })
        : wallet.sendWin(winBody);
    const settled = settle.then((winResult) => {
      record.transactions.push({
        type: 'win',
        transactionUuid: winResult.transactionUuid,
        amount: win,
        status: winResult.ok ? 'RS_OK' : winResult.status,
      });
      record.status = winResult.ok ? 'settled' : 'pending';
      return winResult;
    });
    const winResult =
      options.waitMs === undefined ? await settled : await Promise.race([settled, delay(options.waitMs)]);
    if (!winResult) {
      record.status = 'pending';
      return {
        round,
        status: 'pending',
        bet: betUnits,
        win,
        outcome,
        balance: betResult.answer.balance,
        currency: session.currency,
        betResult,
      };
    }
    return {
      round,
      status: winResult.ok ? 'settled' : 'pending',
      bet: betUnits,
      win,
      outcome,
      balance: winResult.answer?.balance ?? betResult.answer.balance,
      currency: session.currency,
      betResult,
      winResult,
      ...(winResult.ok ? {} : { error: winResult.status }),
    };
  }
}

function delay(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms).unref());
}
