import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Provably fair outcomes of the in-house games (ARCHITECTURE.md section 5: "server-side RNG whose outcomes can be
 * verified afterwards (seed commit and reveal)"). The scheme is the one players of crypto casinos know:
 *
 * - the server draws a secret seed and shows its SHA-256 hash before any bet (the commitment);
 * - the player picks a client seed; each bet uses the next nonce (0, 1, 2, …) of that seed pair;
 * - a bet's random number is HMAC-SHA256(key = server seed, message = `${clientSeed}:${nonce}`): its first 52 bits
 *   divided by 2^52, a float in [0, 1) with every value exactly representable;
 * - when the player rotates the seed, the server reveals the old one: anyone can hash it, compare with the
 *   commitment, and recompute every bet made under it. The server cannot change an outcome after the hash is shown,
 *   and cannot choose the seed knowing the client seed, because the hash came first.
 *
 * Everything money-related stays in integers: chances in basis points of 1/10,000, multipliers in hundredths.
 */

/** The house keeps 1%: every game pays 99% of the fair odds. */
export const houseEdgeBasisPoints = 100n;
const fullBasisPoints = 10_000n;

export const inhouseGameCodes = ['BGS_DICE', 'BGS_LIMBO'] as const;
export type InhouseGameCode = (typeof inhouseGameCodes)[number];

export function isInhouseGameCode(value: string): value is InhouseGameCode {
  return (inhouseGameCodes as readonly string[]).includes(value);
}

export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** The first 52 bits of HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}`), as an integer below 2^52. */
export function fairInteger(serverSeed: string, clientSeed: string, nonce: number): bigint {
  const digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}`, 'utf8').digest();
  // 13 hex digits = 52 bits.
  return BigInt(`0x${digest.toString('hex').slice(0, 13)}`);
}

const twoTo52 = 2n ** 52n;

/** Dice: roll over or under a target; both in hundredths (0.00–99.99 is 0–9999). */
export type DiceParams = { direction: 'under' | 'over'; targetHundredths: number };
/** Limbo: the player names a multiplier (hundredths, 101 = 1.01×); the draw must reach it. */
export type LimboParams = { targetHundredths: number };
export type InhouseParams = DiceParams | LimboParams;

export type DiceResult = { rollHundredths: number };
export type LimboResult = { multiplierHundredths: number };
export type InhouseResult = DiceResult | LimboResult;

export const diceLimits = { minChanceBasisPoints: 100, maxChanceBasisPoints: 9800 } as const;
export const limboLimits = { minTargetHundredths: 101, maxTargetHundredths: 1_000_000 } as const;

/** The winning rolls of a dice bet out of 10,000, or null when the target is outside the allowed chances. */
export function diceWinningRolls(params: DiceParams): number | null {
  const { targetHundredths: target } = params;
  if (!Number.isInteger(target) || target < 0 || target > 9999) return null;
  // Under T wins on rolls 0..T-1; over T wins on rolls T+1..9999.
  const winning = params.direction === 'under' ? target : 9999 - target;
  if (winning < diceLimits.minChanceBasisPoints || winning > diceLimits.maxChanceBasisPoints) return null;
  return winning;
}

/** Checks a game's parameters; null when they are outside the game's limits. */
export function validParams(gameCode: InhouseGameCode, params: unknown): InhouseParams | null {
  if (typeof params !== 'object' || params === null) return null;
  const record = params as Record<string, unknown>;
  if (gameCode === 'BGS_DICE') {
    const direction = record.direction;
    const target = record.targetHundredths;
    if ((direction !== 'under' && direction !== 'over') || typeof target !== 'number') return null;
    const dice: DiceParams = { direction, targetHundredths: target };
    return diceWinningRolls(dice) === null ? null : dice;
  }
  const target = record.targetHundredths;
  if (
    typeof target !== 'number' ||
    !Number.isInteger(target) ||
    target < limboLimits.minTargetHundredths ||
    target > limboLimits.maxTargetHundredths
  ) {
    return null;
  }
  return { targetHundredths: target };
}

/**
 * The draw of a bet. Dice: a roll of 0–9999 (uniform). Limbo: 0.99 / (1 − u) in hundredths, rounded down, at least
 * 1.00× — so a named multiplier t is reached with probability 0.99 / t (before rounding), a 99% return.
 */
export function drawOutcome(gameCode: InhouseGameCode, serverSeed: string, clientSeed: string, nonce: number) {
  const value = fairInteger(serverSeed, clientSeed, nonce);
  if (gameCode === 'BGS_DICE') {
    return { rollHundredths: Number((value * 10_000n) / twoTo52) } satisfies DiceResult;
  }
  // 99 × 2^52 / (2^52 − value), in hundredths, rounded down; value < 2^52 so the divisor is at least 1.
  const multiplier = (99n * twoTo52) / (twoTo52 - value);
  return { multiplierHundredths: Number(multiplier < 100n ? 100n : multiplier) } satisfies LimboResult;
}

/**
 * What a bet pays back (stake included) in minor units; 0 when it loses. Rounded down to the minor unit, in the
 * house's favour by less than one unit.
 */
export function payoutMinor(
  gameCode: InhouseGameCode,
  params: InhouseParams,
  result: InhouseResult,
  stakeMinor: bigint,
): { won: boolean; payoutMinor: bigint; multiplierHundredths: number } {
  if (gameCode === 'BGS_DICE') {
    const dice = params as DiceParams;
    const roll = (result as DiceResult).rollHundredths;
    const winning = BigInt(diceWinningRolls(dice) ?? 0);
    const won = dice.direction === 'under' ? roll < dice.targetHundredths : roll > dice.targetHundredths;
    // Fair pay is 10,000 / winning; the house keeps its edge: (10,000 − 100) / winning, in hundredths.
    const multiplierHundredths = Number(((fullBasisPoints - houseEdgeBasisPoints) * 100n) / winning);
    const pay = won ? (stakeMinor * (fullBasisPoints - houseEdgeBasisPoints)) / winning : 0n;
    return { won, payoutMinor: pay, multiplierHundredths };
  }
  const limbo = params as LimboParams;
  const won = (result as LimboResult).multiplierHundredths >= limbo.targetHundredths;
  const pay = won ? (stakeMinor * BigInt(limbo.targetHundredths)) / 100n : 0n;
  return { won, payoutMinor: pay, multiplierHundredths: limbo.targetHundredths };
}
