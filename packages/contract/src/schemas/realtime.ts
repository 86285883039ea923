import { z } from 'zod';
import { walletBalanceViewSchema } from './money';

/**
 * The realtime socket (`GET /wps/realtime`, ARCHITECTURE.md section 7): one WebSocket per logged-in member or
 * agent. The client opens it, sends `{ "type": "auth", "token": … }` as its first message within 5 seconds, gets
 * `{ "type": "ready" }` back and from then on receives events. Frames are JSON text.
 */

/** Close codes the server uses (WebSocket close frames). */
export const realtimeCloseCodes = {
  /** Server restart or shutdown: reconnect after a short pause. */
  goingAway: 1001,
  /** No auth message in time, a bad message, or the token is not a live session of a real account: do not retry with it. */
  policy: 1008,
  /** The socket did not answer pings for a heartbeat interval. */
  idle: 4000,
  /** A newer socket of the same account pushed this one out (connection cap per account). */
  replaced: 4001,
} as const;

/** The first (and only meaningful) client message: the session token of the player login. */
export const realtimeAuthMessageSchema = z.object({ type: z.literal('auth'), token: z.string().min(1).max(512) });
export type RealtimeAuthMessage = z.infer<typeof realtimeAuthMessageSchema>;

/** The main wallet after the change, as `/wps/v2/wallets/balance` returns it. */
export const realtimeBalanceEventSchema = z.object({ type: z.literal('balance'), balance: walletBalanceViewSchema });

const cashierFields = {
  amount: z.string().describe('Decimal string at the currency scale'),
  currency: z.string().length(3),
  /** The wallet after the change; null when it could not be read (refetch it then). */
  balance: walletBalanceViewSchema.nullable(),
};

/** A deposit was credited (`arrived`) or failed/was rejected (`failed`). */
export const realtimeDepositEventSchema = z.object({
  type: z.literal('deposit'),
  status: z.enum(['arrived', 'failed']),
  depositId: z.number().int(),
  ...cashierFields,
});

/** A withdrawal was approved (money left) or rejected (hold released). */
export const realtimeWithdrawalEventSchema = z.object({
  type: z.literal('withdrawal'),
  status: z.enum(['approved', 'rejected']),
  withdrawalId: z.number().int(),
  reason: z.string().optional(),
  ...cashierFields,
});

/** Anything else for the member: new message, announcement, forced logout (kinds added by their modules). */
export const realtimeNoticeEventSchema = z.object({
  type: z.literal('notice'),
  kind: z.string().min(1).max(64),
  params: z.record(z.string(), z.unknown()),
});

/** What the server pushes to an account's sockets. */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  realtimeBalanceEventSchema,
  realtimeDepositEventSchema,
  realtimeWithdrawalEventSchema,
  realtimeNoticeEventSchema,
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export type RealtimeEventType = RealtimeEvent['type'];

/** Protocol frames besides events: the answer to a good auth message and to a client `{ "type": "ping" }`. */
export const realtimeControlMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), accountId: z.number().int() }),
  z.object({ type: z.literal('pong') }),
]);
export type RealtimeControlMessage = z.infer<typeof realtimeControlMessageSchema>;

/** Every frame the server sends. */
export const realtimeServerMessageSchema = z.union([realtimeEventSchema, realtimeControlMessageSchema]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;
