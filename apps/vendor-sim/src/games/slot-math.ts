import type { Rng } from '../rng';
import { payout } from './payout';

/**
 * The slot engine every slot game shares: 5 reels × 3 rows, 20 fixed paylines, a wild (reels 2–4, substitutes for
 * every symbol but the scatter) and a scatter that pays on the total bet wherever it lands. The base pay table is
 * scaled once so that the exact return to player equals the configured RTP (pays are kept to 2 decimals, so the
 * exact RTP lands within a few hundredths of a percent of the target).
 */
export const SYMBOLS = ['WILD', 'SCATTER', 'H1', 'H2', 'H3', 'H4', 'A', 'K', 'Q', 'J', 'T'] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];
export const REELS = 5;
export const ROWS = 3;

/** Row index (0 = top) on each reel for each of the 20 paylines. */
export const PAYLINES: number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 0, 1, 0, 1],
  [1, 2, 1, 2, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
];

/** Base line pays (× line bet) for 3, 4 and 5 of a kind, before scaling to the RTP. */
const BASE_LINE_PAYS: Partial<Record<SlotSymbol, [number, number, number]>> = {
  H1: [80, 400, 2000],
  H2: [60, 250, 1200],
  H3: [50, 200, 800],
  H4: [40, 160, 650],
  A: [25, 80, 320],
  K: [25, 65, 250],
  Q: [16, 50, 200],
  J: [16, 40, 160],
  T: [16, 40, 160],
};
/** Base scatter pays (× total bet) for 3, 4 and 5 scatters anywhere. */
const BASE_SCATTER_PAYS: [number, number, number] = [1, 5, 20];

/** Symbol counts on each reel strip; reels 1 and 5 carry no wild. */
const STRIP_COUNTS: Array<Partial<Record<SlotSymbol, number>>> = [
  { SCATTER: 1, H1: 2, H2: 3, H3: 3, H4: 4, A: 6, K: 6, Q: 7, J: 8, T: 9 },
  { WILD: 2, SCATTER: 1, H1: 2, H2: 3, H3: 3, H4: 4, A: 6, K: 6, Q: 7, J: 7, T: 8 },
  { WILD: 2, SCATTER: 1, H1: 2, H2: 3, H3: 3, H4: 4, A: 6, K: 6, Q: 7, J: 7, T: 8 },
  { WILD: 2, SCATTER: 1, H1: 2, H2: 3, H3: 3, H4: 4, A: 6, K: 6, Q: 7, J: 7, T: 8 },
  { SCATTER: 1, H1: 2, H2: 3, H3: 3, H4: 4, A: 6, K: 6, Q: 7, J: 8, T: 9 },
];

/** Lays the counts out on a strip, spreading each symbol evenly (one fixed interleaving per reel). */
function buildStrip(counts: Partial<Record<SlotSymbol, number>>, reel: number): SlotSymbol[] {
  const slots: Array<{ symbol: SlotSymbol; position: number }> = [];
  for (const [symbol, count] of Object.entries(counts) as Array<[SlotSymbol, number]>) {
    for (let i = 0; i < count; i += 1) {
      slots.push({ symbol, position: (i + 0.5 + reel * 0.13 + SYMBOLS.indexOf(symbol) * 0.071) / count });
    }
  }
  return slots.sort((a, b) => a.position - b.position).map((slot) => slot.symbol);
}

export const STRIPS: SlotSymbol[][] = STRIP_COUNTS.map((counts, reel) => buildStrip(counts, reel));

export type PayTable = {
  /** Pays in hundredths of the line bet, for 3/4/5 of a kind. */
  line: Partial<Record<SlotSymbol, [number, number, number]>>;
  /** Pays in hundredths of the total bet, for 3/4/5 scatters. */
  scatter: [number, number, number];
};

function probabilities(): Array<Map<SlotSymbol, number>> {
  return STRIPS.map((strip) => {
    const counts = new Map<SlotSymbol, number>();
    for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    return new Map([...counts].map(([symbol, count]) => [symbol, count / strip.length]));
  });
}

/** The exact expected return per unit of total bet of a pay table on these strips (lines + scatter). */
export function exactRtp(table: PayTable): number {
  const p = probabilities();
  const prob = (reel: number, symbol: SlotSymbol): number => p[reel]?.get(symbol) ?? 0;
  let lines = 0;
  for (const [symbol, pays] of Object.entries(table.line) as Array<[SlotSymbol, [number, number, number]]>) {
    // Reel 1 never shows a wild, so every paying line starts with its own symbol.
    let run = prob(0, symbol);
    for (let reel = 1; reel < REELS; reel += 1) {
      const matches = prob(reel, symbol) + prob(reel, 'WILD');
      const count = reel; // symbols matched so far
      if (count >= 3) lines += run * (1 - matches) * (pays[count - 3] as number);
      run *= matches;
    }
    lines += run * pays[2];
  }
  // Every line has the same distribution, so the line return per total bet equals the expected pay of one line.
  lines /= 100;
  // At most one scatter per reel window: the chance a reel shows it is (windows containing it) / strip length.
  const shows = STRIPS.map((strip) => {
    let windows = 0;
    for (let stop = 0; stop < strip.length; stop += 1) {
      for (let row = 0; row < ROWS; row += 1) {
        if (strip[(stop + row) % strip.length] === 'SCATTER') {
          windows += 1;
          break;
        }
      }
    }
    return windows / strip.length;
  });
  let counts = [1];
  for (const chance of shows) {
    const next = new Array<number>(counts.length + 1).fill(0);
    counts.forEach((value, k) => {
      next[k] = (next[k] ?? 0) + value * (1 - chance);
      next[k + 1] = (next[k + 1] ?? 0) + value * chance;
    });
    counts = next;
  }
  const scatter = [3, 4, 5].reduce((sum, k) => sum + (counts[k] ?? 0) * (table.scatter[k - 3] as number), 0) / 100;
  return lines + scatter;
}

const tableCache = new Map<number, PayTable>();

/** The pay table scaled so that its exact RTP is the target (e.g. 0.96), pays rounded to hundredths. */
export function payTableFor(targetRtp: number): PayTable {
  const cachedTable = tableCache.get(targetRtp);
  if (cachedTable) return cachedTable;
  const base: PayTable = {
    line: Object.fromEntries(
      Object.entries(BASE_LINE_PAYS).map(([symbol, pays]) => [symbol, pays.map((pay) => pay * 100)]),
    ) as PayTable['line'],
    scatter: BASE_SCATTER_PAYS.map((pay) => pay * 100) as [number, number, number],
  };
  const factor = targetRtp / exactRtp(base);
  const scale = (pay: number): number => Math.max(1, Math.round(pay * factor));
  const table: PayTable = {
    line: Object.fromEntries(
      Object.entries(base.line).map(([symbol, pays]) => [symbol, pays.map(scale)]),
    ) as PayTable['line'],
    scatter: base.scatter.map(scale) as [number, number, number],
  };
  tableCache.set(targetRtp, table);
  return table;
}

export type LineWin = { line: number; symbol: SlotSymbol; count: number; payHundredths: number };
export type SpinOutcome = {
  stops: number[];
  /** grid[reel][row] */
  grid: SlotSymbol[][];
  lineWins: LineWin[];
  scatterCount: number;
  /** Total win in hundredths of the LINE bet (scatter pays converted: total bet = 20 line bets). */
  winHundredthsOfLineBet: number;
};

export function gridFor(stops: number[]): SlotSymbol[][] {
  return STRIPS.map((strip, reel) =>
    Array.from({ length: ROWS }, (_, row) => strip[((stops[reel] ?? 0) + row) % strip.length] as SlotSymbol),
  );
}

export function evaluate(stops: number[], table: PayTable): SpinOutcome {
  return evaluateGrid(gridFor(stops), table, stops);
}

/** Pays a visible grid (grid[reel][row]): every payline left to right, wilds substituting, plus scatters. */
export function evaluateGrid(grid: SlotSymbol[][], table: PayTable, stops: number[] = []): SpinOutcome {
  const lineWins: LineWin[] = [];
  PAYLINES.forEach((rows, line) => {
    const first = grid[0]?.[rows[0] as number] as SlotSymbol;
    const pays = table.line[first];
    if (!pays) return;
    let count = 1;
    while (count < REELS) {
      const symbol = grid[count]?.[rows[count] as number];
      if (symbol !== first && symbol !== 'WILD') break;
      count += 1;
    }
    if (count >= 3) lineWins.push({ line, symbol: first, count, payHundredths: pays[count - 3] as number });
  });
  const scatterCount = grid.reduce((sum, column) => sum + column.filter((symbol) => symbol === 'SCATTER').length, 0);
  const scatterPay = scatterCount >= 3 ? (table.scatter[Math.min(scatterCount, 5) - 3] as number) : 0;
  const winHundredthsOfLineBet =
    lineWins.reduce((sum, win) => sum + win.payHundredths, 0) + scatterPay * PAYLINES.length;
  return { stops, grid, lineWins, scatterCount, winHundredthsOfLineBet };
}

export function spin(rng: Rng, table: PayTable): SpinOutcome {
  return evaluate(
    STRIPS.map((strip) => rng.int(strip.length)),
    table,
  );
}

/** Smallest bet step in protocol units: the line bet must be a whole multiple of 100 so pays in hundredths are exact. */
export const BET_STEP_UNITS = PAYLINES.length * 100;

/** Win for a total bet (protocol integer units, a multiple of BET_STEP_UNITS), floored to the currency step (payout.ts). */
export function winAmount(outcome: SpinOutcome, betUnits: number): number {
  const lineBet = betUnits / PAYLINES.length;
  return payout(lineBet, outcome.winHundredthsOfLineBet);
}
