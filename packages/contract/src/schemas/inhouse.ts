import { z } from 'zod';

/**
 * The in-house games (INHOUSE, route /bgs): provably fair dice and limbo played inside the portal. Their calls live
 * under `/inhouse/api/…` and carry the launch's game token (`X-Game-Token`), like a vendor's game would, because the
 * game runs in the game frame rather than in the portal's own pages.
 */

export const inhouseGameCodeSchema = z.enum(['BGS_DICE', 'BGS_LIMBO']);
export type InhouseGameCodeValue = z.infer<typeof inhouseGameCodeSchema>;

export const inhouseGameTokenHeader = 'x-game-token';

const minorString = z.string().regex(/^\d{1,19}$/, 'a whole number of minor units');

export const diceParamsSchema = z.object({
  direction: z.enum(['under', 'over']),
  /** 0.00–99.99 in hundredths. */
  targetHundredths: z.number().int().min(0).max(9999),
});
export const limboParamsSchema = z.object({
  /** The multiplier to reach, in hundredths (101 = 1.01×). */
  targetHundredths: z.number().int().min(101).max(1_000_000),
});

export const inhousePlayInputSchema = z.object({
  gameCode: inhouseGameCodeSchema,
  stakeMinor: minorString,
  params: z.union([diceParamsSchema, limboParamsSchema]),
});
export type InhousePlayInput = z.infer<typeof inhousePlayInputSchema>;

export const inhouseSeedStateSchema = z.object({
  /** SHA-256 of the secret server seed: the commitment shown before any bet. */
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next bet takes. */
  nextNonce: z.number().int(),
});
export type InhouseSeedState = z.infer<typeof inhouseSeedStateSchema>;

/** What the game page needs to open: the seed pair, the member's balance, the currency and the stake limits. */
export const inhouseTableSchema = z.object({
  seed: inhouseSeedStateSchema,
  balanceMinor: minorString,
  currency: z.object({ code: z.string().length(3), scale: z.number().int().min(0).max(8) }),
  minStakeMinor: minorString,
  maxStakeMinor: minorString,
});
export type InhouseTable = z.infer<typeof inhouseTableSchema>;

export const inhouseRotateInputSchema = z.object({
  /** 1-64 printable ASCII characters; random when left out. */
  clientSeed: z.string().optional(),
});

export const inhouseSeedRotationSchema = z.object({
  revealed: z.object({
    serverSeed: z.string(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    betsMade: z.number().int(),
  }),
  next: inhouseSeedStateSchema,
});
export type InhouseSeedRotation = z.infer<typeof inhouseSeedRotationSchema>;

const inhouseResultSchema = z.union([
  z.object({ rollHundredths: z.number().int() }),
  z.object({ multiplierHundredths: z.number().int() }),
]);

export const inhouseRoundSchema = z.object({
  roundId: z.string(),
  gameCode: inhouseGameCodeSchema,
  params: z.record(z.string(), z.unknown()),
  /** The draw; null until the stake has moved (pending) and for refused bets, which were never drawn. */
  result: z.record(z.string(), z.unknown()).nullable(),
  stakeMinor: minorString,
  /** Paid back, stake included; 0 when the bet lost. */
  payoutMinor: minorString,
  /** pending (stake moving), open (drawn, payout moving), settled, or refused (the stake could not be taken). */
  status: z.enum(['pending', 'open', 'settled', 'refused']),
  /** The seed pair's nonce and seeds that decided it; null for a bet never drawn. */
  nonce: z.number().int().nullable(),
  clientSeed: z.string().nullable(),
  serverSeedHash: z.string().nullable(),
  /** Revealed once the member has rotated the seed pair; null before. */
  serverSeed: z.string().nullable(),
  createdAt: z.string(),
});
export type InhouseRound = z.infer<typeof inhouseRoundSchema>;

export const inhousePlayResultSchema = z.object({
  round: inhouseRoundSchema,
  won: z.boolean(),
  /** The bet's pay multiplier in hundredths (what a win pays per unit staked). */
  multiplierHundredths: z.number().int(),
  /** The member's spendable main balance after the bet. */
  balanceMinor: minorString,
  nextNonce: z.number().int(),
  /** True when this answers an earlier request with the same Idempotency-Key. */
  replayed: z.boolean(),
});
export type InhousePlayResult = z.infer<typeof inhousePlayResultSchema>;

export const inhouseRoundsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const inhouseRoundsSchema = z.array(inhouseRoundSchema);

export const inhouseVerifyInputSchema = z.object({
  serverSeed: z.string().min(1).max(128),
  clientSeed: z.string().min(1).max(64),
  nonce: z.number().int().min(0),
  gameCode: inhouseGameCodeSchema,
  params: z.union([diceParamsSchema, limboParamsSchema]),
});
export type InhouseVerifyInput = z.infer<typeof inhouseVerifyInputSchema>;

export const inhouseVerifyResultSchema = z.object({
  serverSeedHash: z.string(),
  result: inhouseResultSchema,
  won: z.boolean(),
  multiplierHundredths: z.number().int(),
});
export type InhouseVerifyResult = z.infer<typeof inhouseVerifyResultSchema>;
