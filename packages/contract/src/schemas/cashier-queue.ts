import { z } from 'zod';

/**
 * The cashier queues' live feed for operators (ARCHITECTURE.md sections 7 and 9): a WebSocket under the back-office
 * prefix, `GET /bo/api/cashier/events`, authenticated by the `bo_session` cookie on the upgrade (permission
 * `cashier.read`). Every change of a review queue, on whichever server instance it happened, is pushed to every
 * operator socket with the queue sizes after it, so the console refetches the queue instead of polling. Delivery is
 * at-most-once: on `ready` (after every reconnect) the console refetches what it shows.
 */
export const cashierQueuePaths = {
  /** The operators' cashier-queue socket, below `backofficeApiPrefix`. */
  socket: '/cashier/events',
} as const;

/** What is waiting for an operator: manual deposits to review, withdrawals to pay, paid ones members dispute. */
export const cashierQueueCountsSchema = z.object({
  deposits: z.number().int().nonnegative(),
  withdrawals: z.number().int().nonnegative(),
  disputed: z.number().int().nonnegative(),
});
export type CashierQueueCounts = z.infer<typeof cashierQueueCountsSchema>;

export const depositQueueActions = ['submitted', 'approved', 'rejected'] as const;
export type DepositQueueAction = (typeof depositQueueActions)[number];
/**
 * `approved` is "paid": an operator approves a withdrawal once the money has been sent (there is no separate paid
 * step). `disputed`: the member says a paid withdrawal did not (fully) arrive, so it joins the disputed queue.
 */
export const withdrawalQueueActions = ['requested', 'approved', 'rejected', 'disputed'] as const;
export type WithdrawalQueueAction = (typeof withdrawalQueueActions)[number];

const queueEventFields = {
  amount: z.string().describe('Decimal string at the currency scale'),
  currency: z.string().length(3),
  member: z.object({ id: z.number().int(), username: z.string().nullable() }),
  /** The operator who decided (approved, rejected); null for the member's own actions. */
  by: z.string().nullable(),
  /** The queue sizes read after the change. */
  counts: cashierQueueCountsSchema,
};

export const depositQueueEventSchema = z.object({
  type: z.literal('deposit'),
  action: z.enum(depositQueueActions),
  depositId: z.number().int(),
  ...queueEventFields,
});
export const withdrawalQueueEventSchema = z.object({
  type: z.literal('withdrawal'),
  action: z.enum(withdrawalQueueActions),
  withdrawalId: z.number().int(),
  ...queueEventFields,
});

/** A change of a review queue, as published to every instance and pushed to operators. */
export const cashierQueueEventSchema = z.discriminatedUnion('type', [
  depositQueueEventSchema,
  withdrawalQueueEventSchema,
]);
export type CashierQueueEvent = z.infer<typeof cashierQueueEventSchema>;

/** Every frame the socket sends: `ready` with the current sizes once it is subscribed, then queue events. */
export const cashierQueueMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), counts: cashierQueueCountsSchema }),
  depositQueueEventSchema,
  withdrawalQueueEventSchema,
]);
export type CashierQueueMessage = z.infer<typeof cashierQueueMessageSchema>;
