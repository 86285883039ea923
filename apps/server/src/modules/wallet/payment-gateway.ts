import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DepositMethod } from '@portal/contract';

/**
 * The payment gateway adapter interface: what the cashier needs of a payment service provider. A real PSP
 * plugs in by implementing it; the built-in simulator (payment-simulator.ts) implements it against a stand-in
 * provider that behaves like one (its own pay page, signed server-to-server callbacks, status queries).
 */

export type GatewayOutcome = 'approved' | 'declined';

export type DepositIntentInput = {
  /** Our deposit id: the PSP's "merchant order id". */
  orderId: string;
  amountMinor: bigint;
  currency: string;
  scale: number;
  method: DepositMethod;
  /** Where the PSP sends the member's browser back to. */
  returnUrl: string | null;
  language: string;
};

export type DepositIntent = {
  intentId: string;
  /** The PSP's transaction id: with the gateway code, the deposit's ledger idempotency key. */
  gatewayTxnId: string;
  /** The PSP's page where the member pays. */
  redirectUrl: string;
};

/** A verified callback. The amount is the PSP's decimal string; the cashier compares it with the deposit. */
export type GatewayEvent = {
  /** The callback's one-time nonce: the cashier remembers it and refuses a callback that brings it again. */
  nonce: string;
  orderId: string;
  gatewayTxnId: string;
  outcome: GatewayOutcome;
  amount: string;
  currency: string;
};

export type GatewayStatus = {
  state: 'pending' | GatewayOutcome;
  gatewayTxnId: string;
  amount: string;
  currency: string;
};

export type CallbackRefusal = 'signature' | 'timestamp' | 'nonce' | 'payload';

/** A callback that failed verification: answered with the gateway's error format, and nothing happens. */
export class GatewayCallbackRefused extends Error {
  constructor(readonly reason: CallbackRefusal) {
    super(`gateway callback refused: ${reason}`);
    this.name = 'GatewayCallbackRefused';
  }
}

/** An HTTP answer in the PSP's own format (not our envelope). */
export type GatewayAnswer = { statusCode: number; contentType: string; body: string };

export interface PaymentGateway {
  readonly code: string;
  /** Opens a payment at the PSP. */
  createDepositIntent(input: DepositIntentInput): Promise<DepositIntent>;
  /**
   * Checks a callback on its raw bytes (signature, age) and reads it, nonce included. The cashier remembers the
   * nonce (in the statement that reads the deposit) and refuses one it has seen, whatever the gateway.
   * @throws GatewayCallbackRefused
   */
  verifyCallback(request: { headers: Record<string, string | undefined>; rawBody: string }): Promise<GatewayEvent>;
  /** Asks the PSP for the state of a payment (the fallback when callbacks are lost or late). */
  queryStatus(ref: { intentId: string; orderId: string }): Promise<GatewayStatus>;
  /** The answer the PSP expects to a callback. */
  answer(result: { ok: true } | { ok: false; reason: string; statusCode: number }): GatewayAnswer;
}

export type PaymentGateways = ReadonlyMap<string, PaymentGateway>;

/** Header names of signed callbacks. */
export const signatureHeaders = { signature: 'x-signature', timestamp: 'x-timestamp', nonce: 'x-nonce' } as const;

/** HMAC-SHA256 (hex) over `timestamp.nonce.rawBody`: what the simulator PSP signs its callbacks with. */
export function signCallback(secret: string, timestamp: string, nonce: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${nonce}.${rawBody}`).digest('hex');
}

/** Compares signatures in constant time. */
export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
