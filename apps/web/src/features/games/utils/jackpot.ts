/**
 * The home jackpot counter (spec section 9): it starts at a random value between 100,000,000 and 1,000,000,000
 * with 2 decimals and grows by 100 to 500 every 3, 4 or 5 seconds. Values are kept in hundredths (integers), so
 * the counter never accumulates float error; `random` is injectable for tests.
 */
export const jackpotMinCents = 100_000_000_00;
export const jackpotMaxCents = 1_000_000_000_00;
export const jackpotStepMinCents = 100_00;
export const jackpotStepMaxCents = 500_00;
export const jackpotIntervalsMs = [3000, 4000, 5000] as const;

type Random = () => number;

/** A random integer in [min, max], from a `random` in [0, 1). */
function between(min: number, max: number, random: Random): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function jackpotStart(random: Random = Math.random): number {
  return between(jackpotMinCents, jackpotMaxCents, random);
}

export function jackpotStep(random: Random = Math.random): number {
  return between(jackpotStepMinCents, jackpotStepMaxCents, random);
}

export function jackpotDelayMs(random: Random = Math.random): number {
  return (
    jackpotIntervalsMs[Math.min(jackpotIntervalsMs.length - 1, Math.floor(random() * jackpotIntervalsMs.length))] ??
    3000
  );
}
