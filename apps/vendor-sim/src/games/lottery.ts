import { type Rng, secureRng } from '../rng';
import { payout } from './payout';

/*
 * Scheduled five-digit draws (the SSC family TCG's `series` examples name): every draw opens five digits 0–9.
 * Bets on the next draw: a digit at a position (pays 9.6×), the last two digits (96×), big/small of the sum
 * (23–45 big, 0–22 small; 1.92×) and odd/even of the sum (1.92×). Each pays 96% of a fair price.
 */
export type LotteryGame = { code: string; name: string; productType: number; intervalMs: number };
export type LotteryBetType = 'POS' | '2D' | 'BS' | 'OE';
export const LOTTERY_BET_TYPES: LotteryBetType[] = ['POS', '2D', 'BS', 'OE'];

/** Return (stake included) in hundredths of the stake when the bet wins. */
const WIN_RETURN_HUNDREDTHS: Record<LotteryBetType, number> = { POS: 960, '2D': 9600, BS: 192, OE: 192 };

/** Valid selections: POS "<position 1-5>:<digit>", 2D "00"–"99", BS "BIG"/"SMALL", OE "ODD"/"EVEN". */
export function isValidSelection(betType: LotteryBetType, selection: string): boolean {
  switch (betType) {
    case 'POS':
      return /^[1-5]:[0-9]$/.test(selection);
    case '2D':
      return /^[0-9]{2}$/.test(selection);
    case 'BS':
      return selection === 'BIG' || selection === 'SMALL';
    case 'OE':
      return selection === 'ODD' || selection === 'EVEN';
    default:
      return false;
  }
}

export function lotteryReturnHundredths(betType: LotteryBetType, selection: string, numbers: number[]): number {
  const sum = numbers.reduce((total, digit) => total + digit, 0);
  let won = false;
  if (betType === 'POS') {
    const [position, digit] = selection.split(':').map(Number);
    won = numbers[(position as number) - 1] === digit;
  } else if (betType === '2D') won = `${numbers[3]}${numbers[4]}` === selection;
  else if (betType === 'BS') won = (sum >= 23 ? 'BIG' : 'SMALL') === selection;
  else won = (sum % 2 === 1 ? 'ODD' : 'EVEN') === selection;
  return won ? WIN_RETURN_HUNDREDTHS[betType] : 0;
}

export type Draw = { gameCode: string; numero: string; drawnAt: string; numbers: number[] };
export type LotteryBet = {
  id: string;
  username: string;
  productType: number;
  gameCode: string;
  numero: string;
  betType: LotteryBetType;
  selection: string;
  /** Stake in the TCG wallet's units (1/10000). */
  amount: number;
  status: 'open' | 'won' | 'lost';
  returned?: number;
  placedAt: string;
};

type Open = { slot: number; numero: string; drawAt: number };

/** Bets close this long before the draw. */
export const LOTTERY_CLOSE_MS = 3000;

const numeroOf = (slot: number, intervalMs: number): string => {
  const nominal = new Date(slot * intervalMs);
  const day = nominal.toISOString().slice(0, 10).replace(/-/g, '');
  const midnight = Date.UTC(nominal.getUTCFullYear(), nominal.getUTCMonth(), nominal.getUTCDate());
  const index = Math.floor((slot * intervalMs - midnight) / intervalMs) + 1;
  return `${day}${String(index).padStart(4, '0')}`;
};

export class LotteryDraws {
  private readonly open = new Map<string, Open>();
  private readonly drawn = new Map<string, Draw[]>();
  private readonly bets = new Map<string, LotteryBet[]>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private started = false;
  private nextBetId = 1;

  constructor(
    readonly games: LotteryGame[],
    private readonly deps: { settle: (bet: LotteryBet, returned: number) => void; rng?: Rng; autoDraw: boolean },
  ) {}

  game(code: string): LotteryGame | undefined {
    return this.games.find((game) => game.code === code);
  }

  /** Opens the first draw of every game; with autoDraw, schedules the draws. Idempotent. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const game of this.games) {
      const slot = Math.floor(Date.now() / game.intervalMs) + 1;
      this.openSlot(game, slot);
    }
  }

  private openSlot(game: LotteryGame, slot: number): void {
    const drawAt = Math.max(slot * game.intervalMs, Date.now() + LOTTERY_CLOSE_MS + 1000);
    this.open.set(game.code, { slot, numero: numeroOf(slot, game.intervalMs), drawAt });
    if (!this.deps.autoDraw) return;
    const timer = setTimeout(() => this.drawNow(game.code), drawAt - Date.now());
    timer.unref();
    this.timers.set(game.code, timer);
  }

  current(code: string): { numero: string; drawAt: string; closesAt: string } | undefined {
    this.start();
    const open = this.open.get(code);
    if (!open) return undefined;
    return {
      numero: open.numero,
      drawAt: new Date(open.drawAt).toISOString(),
      closesAt: new Date(open.drawAt - LOTTERY_CLOSE_MS).toISOString(),
    };
  }

  /** Opened (drawn) numbers, newest first. */
  history(code: string, limit = 50, offset = 0): { draws: Draw[]; total: number } {
    const draws = this.drawn.get(code) ?? [];
    const newestFirst = [...draws].reverse();
    return { draws: newestFirst.slice(offset, offset + limit), total: draws.length };
  }

  betsOf(username: string, productType: number): LotteryBet[] {
    return [...this.bets.values()].flat().filter((bet) => bet.username === username && bet.productType === productType);
  }

  /** Checks that a bet can be taken on the open draw now; returns its numero. Throws with a player-facing reason. */
  checkBet(gameCode: string, betType: LotteryBetType, selection: string): string {
    this.start();
    const open = this.open.get(gameCode);
    if (!open) throw new Error('Unknown lottery game');
    if (!LOTTERY_BET_TYPES.includes(betType) || !isValidSelection(betType, selection))
      throw new Error('Invalid bet selection');
    if (Date.now() > open.drawAt - LOTTERY_CLOSE_MS) throw new Error('Betting on this draw has closed');
    return open.numero;
  }

  /** Records a bet whose stake the caller has already taken from the player's wallet. */
  addBet(bet: Omit<LotteryBet, 'id' | 'status' | 'placedAt'>): LotteryBet {
    const placed: LotteryBet = {
      ...bet,
      id: `LB${this.nextBetId++}`,
      status: 'open',
      placedAt: new Date().toISOString(),
    };
    const key = `${bet.gameCode}:${bet.numero}`;
    this.bets.set(key, [...(this.bets.get(key) ?? []), placed]);
    return placed;
  }

  /** Draws the open numero now (scheduled, or by a test), settles its bets and opens the next one. */
  drawNow(code: string): Draw {
    this.start();
    const game = this.game(code);
    const open = this.open.get(code);
    if (!game || !open) throw new Error('Unknown lottery game');
    const timer = this.timers.get(code);
    if (timer) clearTimeout(timer);
    const rng = this.deps.rng ?? secureRng;
    const draw: Draw = {
      gameCode: code,
      numero: open.numero,
      drawnAt: new Date().toISOString(),
      numbers: Array.from({ length: 5 }, () => rng.int(10)),
    };
    const history = this.drawn.get(code) ?? [];
    history.push(draw);
    if (history.length > 500) history.shift();
    this.drawn.set(code, history);
    const key = `${code}:${open.numero}`;
    for (const bet of this.bets.get(key) ?? []) {
      const returned = payout(bet.amount, lotteryReturnHundredths(bet.betType, bet.selection, draw.numbers));
      bet.status = returned > 0 ? 'won' : 'lost';
      bet.returned = returned;
      this.deps.settle(bet, returned);
    }
    // Settled bets stay readable for the player's history; keep the last 200 draws' worth.
    if (this.bets.size > 2000) {
      const oldest = this.bets.keys().next().value;
      if (oldest) this.bets.delete(oldest);
    }
    // The next open draw is the next time slot (a draw made early, by a test, moves to the following slot).
    this.openSlot(game, Math.max(open.slot + 1, Math.floor(Date.now() / game.intervalMs) + 1));
    return draw;
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
