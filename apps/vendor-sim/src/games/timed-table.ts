import type { Hub88Session, SessionStore } from '../hub88/sessions';
import type { Hub88WalletClient, SettleResult } from '../hub88/wallet-client';
import { payout } from './payout';
import { callerOf } from './slot-play';

/*
 * Tables with timed rounds shared by every player seated at them (live-style baccarat, cockfight arenas): betting
 * window → dealing/fight → result. Stakes are debited as they are placed; at the result every bet gets its win
 * callback (0 for a losing bet), the last one of a player closing their round.
 */
export type TableTimings = { bettingMs: number; dealingMs: number; resultMs: number };
export const DEFAULT_TABLE_TIMINGS: TableTimings = { bettingMs: 15_000, dealingMs: 5_000, resultMs: 5_000 };

/** What makes a timed table a particular game: its sides, limits, how a result is drawn and what each side returns. */
export type TableRules<R extends { winner: string }> = {
  kind: string;
  sides: string[];
  minBetUnits: number;
  maxBetUnits: number;
  draw(): R;
  /** Return (stake included) in hundredths of the stake of a bet on `side`. */
  returnHundredths(side: string, result: R): number;
  /** Result details sent in the win callback's `meta` and kept in the history. */
  meta(result: R): Record<string, unknown>;
};

type PlacedBet = {
  sessionId: string;
  user: string;
  side: string;
  amount: number;
  transactionUuid: string;
  walletRound: string;
  returned?: number;
  settlement?: SettleResult;
};

export class TableError extends Error {}

/**
 * One table: rounds shared by every player seated at it, looping betting → dealing → result. Each player's stakes
 * are debited as they are placed; at the result every bet gets its win callback (0 for a losing bet), the last
 * one of a player closing their round.
 */
export class TimedTable<R extends { winner: string } = { winner: string }> {
  roundNo = 0;
  phase: 'betting' | 'dealing' | 'result' = 'betting';
  phaseEndsAt = 0;
  result: R | undefined;
  readonly history: Array<{ round: number; winner: string } & Record<string, unknown>> = [];
  private bets: PlacedBet[] = [];
  private timer: NodeJS.Timeout | undefined;
  private lastSettlement: Promise<unknown> = Promise.resolve();

  constructor(
    readonly gameCode: string,
    private readonly rules: TableRules<R>,
    private readonly deps: { wallet: Hub88WalletClient; sessions: SessionStore; timings: TableTimings },
  ) {}

  get roundId(): string {
    return `${this.gameCode}-${this.roundNo}`;
  }

  start(): void {
    this.openBetting();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(ms: number, next: () => void): void {
    this.phaseEndsAt = Date.now() + ms;
    this.timer = setTimeout(next, ms);
    this.timer.unref();
  }

  private openBetting(): void {
    this.roundNo += 1;
    this.phase = 'betting';
    this.result = undefined;
    this.bets = [];
    this.schedule(this.deps.timings.bettingMs, () => void this.deal());
  }

  /** Closes betting now and deals (tests); resolves when every win callback of the round has an answer. */
  async deal(): Promise<void> {
    if (this.phase !== 'betting') return this.lastSettlement.then(() => undefined);
    if (this.timer) clearTimeout(this.timer);
    this.phase = 'dealing';
    const result = this.rules.draw();
    this.result = result;
    this.history.push({ round: this.roundNo, winner: result.winner, ...this.rules.meta(result) });
    if (this.history.length > 60) this.history.shift();
    const bets = this.bets;
    this.lastSettlement = this.settle(bets, result);
    this.schedule(this.deps.timings.dealingMs, () => {
      this.phase = 'result';
      this.schedule(this.deps.timings.resultMs, () => this.openBetting());
    });
    await this.lastSettlement;
  }

  private async settle(bets: PlacedBet[], result: R): Promise<void> {
    const byUser = new Map<string, PlacedBet[]>();
    for (const bet of bets) byUser.set(bet.sessionId, [...(byUser.get(bet.sessionId) ?? []), bet]);
    await Promise.all(
      [...byUser.entries()].map(async ([sessionId, userBets]) => {
        const session = this.deps.sessions.get(sessionId);
        if (!session) return;
        for (const [index, bet] of userBets.entries()) {
          bet.returned = payout(bet.amount, this.rules.returnHundredths(bet.side, result));
          const body = this.deps.wallet.winBody(callerOf(session), {
            round: bet.walletRound,
            betTransactionUuid: bet.transactionUuid,
            amount: bet.returned,
            roundClosed: index === userBets.length - 1,
            meta: { winner: result.winner, ...this.rules.meta(result) },
          });
          bet.settlement = await this.deps.wallet.sendWin(body);
          const record = this.deps.sessions.round(bet.walletRound);
          if (record) {
            record.win += bet.returned;
            record.transactions.push({
              type: 'win',
              transactionUuid: bet.settlement.transactionUuid,
              amount: bet.returned,
              status: bet.settlement.ok ? 'RS_OK' : bet.settlement.status,
            });
            record.detail = { ...record.detail, result };
            if (index === userBets.length - 1) record.status = bet.settlement.ok ? 'settled' : 'pending';
          }
        }
      }),
    );
  }

  /** Places a bet for the session's player on the open round; the stake is debited at once. */
  async placeBet(
    session: Hub88Session,
    side: string,
    amount: number,
  ): Promise<{ balance?: number; transactionUuid: string }> {
    if (!session.user || !session.token) throw new TableError('Free play is not available at live tables');
    if (!this.rules.sides.includes(side)) throw new TableError(`Choose ${this.rules.sides.join(', ')}`);
    const { minBetUnits, maxBetUnits } = this.rules;
    if (!Number.isSafeInteger(amount) || amount < minBetUnits || amount > maxBetUnits || amount % 1000 !== 0)
      throw new TableError(
        `Bet outside the table limits (${(minBetUnits / 100_000).toFixed(2)} to ${(maxBetUnits / 100_000).toLocaleString('en-US', { minimumFractionDigits: 2 })})`,
      );
    if (this.phase !== 'betting' || this.phaseEndsAt - Date.now() < 300)
      throw new TableError('Betting is closed for this round');
    const roundNo = this.roundNo;
    const walletRound = `${this.roundId}-${session.user}`;
    const body = this.deps.wallet.betBody(callerOf(session), {
      round: walletRound,
      amount,
      description: side.toLowerCase(),
      meta: { side, table: this.gameCode },
    });
    const result = await this.deps.wallet.sendBet(body);
    const record = this.deps.sessions.round(walletRound) ?? {
      round: walletRound,
      user: session.user,
      gameCode: this.gameCode,
      gameName: session.game.name,
      kind: this.rules.kind,
      currency: session.currency,
      stake: 0,
      win: 0,
      status: 'open' as const,
      transactions: [],
      detail: { table: this.gameCode, roundNo },
      createdAt: new Date().toISOString(),
    };
    record.transactions.push({
      type: 'bet',
      transactionUuid: result.transactionUuid,
      amount,
      status: result.ok ? 'RS_OK' : result.status,
    });
    this.deps.sessions.saveRound(record);
    if (!result.ok) throw new TableError(walletMessage(result.status), { cause: result.answer?.balance });
    record.stake += amount;
    if (this.roundNo !== roundNo || this.phase !== 'betting') {
      // The wallet answered after the round closed: the stake cannot play, so it is given back.
      await this.deps.wallet.rollback(callerOf(session), {
        round: walletRound,
        referenceTransactionUuid: result.transactionUuid,
      });
      record.status = 'rolled_back';
      throw new TableError('Betting closed before the bet was confirmed; the stake was returned');
    }
    this.bets.push({
      sessionId: session.id,
      user: session.user,
      side,
      amount,
      transactionUuid: result.transactionUuid,
      walletRound,
    });
    return { balance: result.answer.balance, transactionUuid: result.transactionUuid };
  }

  snapshot(sessionId: string) {
    return {
      table: this.gameCode,
      round: this.roundNo,
      phase: this.phase,
      msLeft: Math.max(0, this.phaseEndsAt - Date.now()),
      result: this.phase === 'betting' ? null : (this.result ?? null),
      history: this.history.slice(-40),
      myBets: this.bets.filter((bet) => bet.sessionId === sessionId).map(({ side, amount }) => ({ side, amount })),
    };
  }
}

export function walletMessage(status: string): string {
  switch (status) {
    case 'RS_ERROR_NOT_ENOUGH_MONEY':
      return 'Not enough balance for this bet';
    case 'RS_ERROR_TOKEN_EXPIRED':
    case 'RS_ERROR_INVALID_TOKEN':
      return 'Your session has ended: reopen the game from the lobby';
    case 'RS_ERROR_USER_DISABLED':
      return 'Your account may not place bets';
    case 'RS_ERROR_LIMIT_REACHED':
      return 'A betting limit stops this bet';
    case 'TIMEOUT':
      return 'The casino did not confirm the bet in time; it was cancelled';
    default:
      return `The casino refused the bet (${status})`;
  }
}

/** The timed tables (baccarat, cockfight arenas), started on first use so importing the simulator starts no timers. */
export class TimedTables {
  private readonly tables = new Map<string, TimedTable>();
  constructor(
    private readonly deps: {
      wallet: Hub88WalletClient;
      sessions: SessionStore;
      timings: TableTimings;
      rulesFor(gameCode: string): TableRules<{ winner: string }>;
    },
  ) {}

  table(gameCode: string): TimedTable {
    let table = this.tables.get(gameCode);
    if (!table) {
      table = new TimedTable(gameCode, this.deps.rulesFor(gameCode), this.deps);
      table.start();
      this.tables.set(gameCode, table);
    }
    return table;
  }

  stopAll(): void {
    for (const table of this.tables.values()) table.stop();
  }
}
