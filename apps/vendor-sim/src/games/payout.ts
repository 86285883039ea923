/**
 * The smallest amount a 2-decimal currency can carry, in Hub88 protocol units (1.00 = 100000): 0.01 = 1000.
 * Operators refuse amounts finer than their currency (a real BDT wallet has no fraction of a poisha), so every
 * game pays its computed return rounded DOWN to this step, as real providers do.
 */
export const CURRENCY_STEP_UNITS = 1000;

/** A stake's return (stake included) for a return expressed in hundredths of the stake, floored to the currency step. */
export function payout(stakeUnits: number, returnHundredths: number): number {
  return floorToCurrencyStep((stakeUnits * returnHundredths) / 100);
}

export function floorToCurrencyStep(units: number): number {
  return Math.floor(units / CURRENCY_STEP_UNITS) * CURRENCY_STEP_UNITS;
}
