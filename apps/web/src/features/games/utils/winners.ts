import type { RankEntry } from '@portal/contract';

/** Spec section 9: the winners board asks for 20 entries and shows the 3 biggest apart. */
export const winnersLimit = 20;
export const topWinnersCount = 3;
/** The winners page shows the full board: the most the call gives (limitNum at most 100). */
export const winnersPageLimit = 100;

/**
 * Splits the board: the 3 biggest wins on the podium, the rest (from the 4th) in the scrolling list. The server
 * ranks them; the amounts decide when ranks are missing or out of order.
 */
export function splitWinners(entries: readonly RankEntry[]): { top: RankEntry[]; rest: RankEntry[] } {
  const sorted = [...entries].sort((a, b) => {
    const difference = BigInt(b.winAmount.minor) - BigInt(a.winAmount.minor);
    return difference > 0n ? 1 : difference < 0n ? -1 : a.rank - b.rank;
  });
  return { top: sorted.slice(0, topWinnersCount), rest: sorted.slice(topWinnersCount) };
}
