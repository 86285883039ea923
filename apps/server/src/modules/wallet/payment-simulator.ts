import { randomBytes } from 'node:crypto';
import { type DepositMethod, minorToDecimal, parseMinor } from '@portal/contract';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import * as repo from './cashier.repository';
import {
  GatewayCallbackRefused,
  type PaymentGateway,
  signatureHeaders,
  signatureMatches,
  signCallback,
} from './payment-gateway';

/**
 * The built-in simulator PSP and our adapter for it. The simulator plays the third party: it keeps its own book
 * of payment intents, serves the page where the member approves or declines (`/gateway-sim/pay/:intentId`) and
 * then calls our callback URL server to server, signed with the merchant's secret (HMAC-SHA256 over
 * `timestamp.nonce.rawBody` in X-Signature, X-Timestamp, X-Nonce). Tests make it misbehave like real PSPs do:
 * deliver a callback twice, late, replayed, or followed by a contradicting one.
 */

export const simulatorGatewayCode = 'simulator';

export type SimFault = 'duplicate' | 'delayed' | 'out_of_order' | 'replay';
export const simFaults: readonly SimFault[] = ['duplicate', 'delayed', 'out_of_order', 'replay'];

/** How the simulator reaches our callback URL: HTTP by default; tests hand in `app.inject`. */
export type SimTransport = (request: {
  url: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<{ statusCode: number; body: string }>;

export type SimDelivery = { status: 'SUCCESS' | 'FAILED'; statusCode: number; answer: string; nonce: string };

export const fetchTransport: SimTransport = async ({ url, headers, body }) => {
  const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
  return { statusCode: response.status, body: await response.text() };
};

const callbackSchema = z.object({
  merchantCode: z.string(),
  orderId: z.string().max(64),
  intentId: z.string().max(64),
  txnId: z.string().max(128),
  status: z.enum(['SUCCESS', 'FAILED']),
  amount: z.string().regex(/^\d{1,20}(\.\d{1,8})?$/),
  currency: z.string().length(3),
  paidAt: z.string(),
});
type CallbackBody = z.infer<typeof callbackSchema>;

export type PaymentSimulatorDeps = {
  db: Db;
  merchantCode: string;
  secret: string;
  callbackUrl: string;
  transport?: SimTransport;
  now?: () => Date;
};

const pageText = {
  en: {
    title: 'Simulator Pay',
    subtitle: 'Payment gateway simulator. No real money moves.',
    amount: 'Amount',
    merchant: 'Merchant',
    order: 'Order',
    method: 'Method',
    approve: 'Approve payment',
    decline: 'Decline',
    approved: 'Payment approved',
    declined: 'Payment declined',
    back: 'Return to the site',
    unknown: 'This payment does not exist.',
    done: 'This payment has already been decided.',
  },
  bn: {
    title: 'সিমুলেটর পে',
    subtitle: 'পেমেন্ট গেটওয়ে সিমুলেটর। কোনো আসল টাকা লেনদেন হয় না।',
    amount: 'পরিমাণ',
    merchant: 'মার্চেন্ট',
    order: 'অর্ডার',
    method: 'পদ্ধতি',
    approve: 'পেমেন্ট অনুমোদন করুন',
    decline: 'প্রত্যাখ্যান করুন',
    approved: 'পেমেন্ট অনুমোদিত হয়েছে',
    declined: 'পেমেন্ট প্রত্যাখ্যাত হয়েছে',
    back: 'সাইটে ফিরে যান',
    unknown: 'এই পেমেন্টটি নেই।',
    done: 'এই পেমেন্টের সিদ্ধান্ত আগেই নেওয়া হয়েছে।',
  },
} as const;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(lang: 'en' | 'bn', body: string): string {
  const t = pageText[lang];
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<style>
  :root { color-scheme: dark; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0d1117; color: #e6edf3;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", "Noto Sans Bengali", sans-serif; }
  main { box-sizing: border-box; width: min(420px, calc(100vw - 32px)); background: #161b22; border: 1px solid #30363d; border-radius: 16px;
    padding: 28px; box-shadow: 0 20px 50px rgba(0, 0, 0, .45); }
  h1 { margin: 0 0 4px; font-size: 22px; color: #f0b429; }
  p.sub { margin: 0 0 20px; color: #8b949e; font-size: 13px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0 0 24px; }
  dt { color: #8b949e; } dd { margin: 0; text-align: right; word-break: break-all; }
  .amount { font-size: 28px; font-weight: 700; text-align: center; margin: 8px 0 20px; }
  form { display: grid; gap: 12px; }
  button, a.button { display: block; width: 100%; box-sizing: border-box; padding: 12px; border-radius: 10px; border: 0;
    font: inherit; font-weight: 600; cursor: pointer; text-align: center; text-decoration: none; }
  .approve { background: #2ea043; color: #fff; } .decline { background: #30363d; color: #e6edf3; }
  a.button { background: #f0b429; color: #0d1117; }
  .status { text-align: center; font-size: 20px; margin: 8px 0 20px; }
</style></head>
<body><main><h1>${escapeHtml(t.title)}</h1><p class="sub">${escapeHtml(t.subtitle)}</p>${body}</main></body></html>`;
}

/** The stand-in PSP. */
export function createPaymentSimulator(deps: PaymentSimulatorDeps) {
  const now = deps.now ?? (() => new Date());
  const transport = deps.transport ?? fetchTransport;
  let late: Array<() => Promise<SimDelivery>> = [];

  function callbackBody(intent: repo.SimIntentRow, status: 'SUCCESS' | 'FAILED'): CallbackBody {
    return {
      merchantCode: intent.merchantCode,
      orderId: intent.merchantOrderId,
      intentId: intent.id,
      txnId: intent.gatewayTxnId,
      status,
      amount: minorToDecimal(intent.amount, intent.scale),
      currency: intent.currency,
      paidAt: (intent.decidedAt ?? now()).toISOString(),
    };
  }

  /** Signs a callback as the PSP does (a fresh nonce and the current time unless given). */
  function signed(body: string, options: { nonce?: string; timestamp?: string } = {}) {
    const timestamp = options.timestamp ?? String(Math.floor(now().getTime() / 1000));
    const nonce = options.nonce ?? randomBytes(16).toString('hex');
    return {
      nonce,
      headers: {
        'content-type': 'application/json',
        [signatureHeaders.signature]: signCallback(deps.secret, timestamp, nonce, body),
        [signatureHeaders.timestamp]: timestamp,
        [signatureHeaders.nonce]: nonce,
      },
    };
  }

  /** One callback request to the URL the intent was opened with; a network failure is a failed delivery. */
  async function send(
    intent: repo.SimIntentRow,
    body: string,
    headers: Record<string, string>,
    nonce: string,
  ): Promise<SimDelivery> {
    const status = (JSON.parse(body) as CallbackBody).status;
    try {
      const answer = await transport({ url: intent.callbackUrl, headers, body });
      return { status, statusCode: answer.statusCode, answer: answer.body, nonce };
    } catch (error) {
      return { status, statusCode: 0, answer: String(error), nonce };
    }
  }

  async function deliver(intent: repo.SimIntentRow, status: 'SUCCESS' | 'FAILED'): Promise<SimDelivery> {
    const body = JSON.stringify(callbackBody(intent, status));
    const { headers, nonce } = signed(body);
    return send(intent, body, headers, nonce);
  }

  return {
    /** The PSP's "create payment" API. An order id opens one intent; asking again returns it. */
    async createIntent(input: {
      orderId: string;
      amountMinor: bigint;
      currency: string;
      scale: number;
      method: DepositMethod;
      returnUrl: string | null;
    }): Promise<repo.SimIntentRow> {
      const id = `sim_${randomBytes(12).toString('hex')}`;
      const inserted = await repo.insertSimIntent(deps.db, {
        id,
        merchantCode: deps.merchantCode,
        merchantOrderId: input.orderId,
        gatewayTxnId: `SIM${now().getTime()}${randomBytes(4).toString('hex').toUpperCase()}`,
        amount: input.amountMinor,
        currency: input.currency,
        scale: input.scale,
        method: input.method,
        status: 'created',
        callbackUrl: deps.callbackUrl,
        returnUrl: input.returnUrl,
        createdAt: now(),
      });
      const intent = inserted ?? (await repo.findSimIntentByOrder(deps.db, deps.merchantCode, input.orderId));
      if (!intent) throw new Error('simulator intent vanished');
      return intent;
    },

    /** The PSP's "query payment" API. */
    async getIntent(intentId: string): Promise<repo.SimIntentRow | null> {
      return repo.findSimIntent(deps.db, intentId);
    },

    /** The pay page (dark, EN or BN). */
    async renderPayPage(intentId: string, language: string | undefined): Promise<{ statusCode: number; html: string }> {
      const lang = language === 'bn' ? 'bn' : 'en';
      const t = pageText[lang];
      const intent = await repo.findSimIntent(deps.db, intentId);
      if (!intent) return { statusCode: 404, html: page(lang, `<p class="status">${escapeHtml(t.unknown)}</p>`) };
      const amount = `${minorToDecimal(intent.amount, intent.scale)} ${intent.currency}`;
      if (intent.status !== 'created') {
        return { statusCode: 200, html: page(lang, resultBody(lang, intent)) };
      }
      const action = `/gateway-sim/pay/${encodeURIComponent(intent.id)}?lang=${lang}`;
      return {
        statusCode: 200,
        html: page(
          lang,
          `<div class="amount">${escapeHtml(amount)}</div>
<dl><dt>${escapeHtml(t.merchant)}</dt><dd>${escapeHtml(intent.merchantCode)}</dd>
<dt>${escapeHtml(t.order)}</dt><dd>${escapeHtml(intent.merchantOrderId)}</dd>
<dt>${escapeHtml(t.method)}</dt><dd>${escapeHtml(intent.method)}</dd></dl>
<form method="post" action="${escapeHtml(action)}">
<button class="approve" type="submit" name="decision" value="approve">${escapeHtml(t.approve)}</button>
<button class="decline" type="submit" name="decision" value="decline">${escapeHtml(t.decline)}</button>
</form>`,
        ),
      };
    },

    /**
     * The member's decision on the pay page: settles the intent once and calls the merchant back. With
     * `faults`, the callbacks misbehave: `duplicate` sends the callback twice at once (freshly signed, as a PSP
     * retry is), `replay` sends the very same signed request again, `out_of_order` follows the callback with a
     * contradicting one, `delayed` holds it back until `deliverLate()`.
     */
    async decide(
      intentId: string,
      decision: 'approve' | 'decline',
      options: { faults?: readonly SimFault[]; language?: string } = {},
    ): Promise<{ intent: repo.SimIntentRow | null; deliveries: SimDelivery[]; html: string }> {
      const lang = options.language === 'bn' ? 'bn' : 'en';
      const decided = await repo.decideSimIntent(
        deps.db,
        intentId,
        decision === 'approve' ? 'approved' : 'declined',
        now(),
      );
      const intent = decided ?? (await repo.findSimIntent(deps.db, intentId));
      if (!intent) {
        return { intent: null, deliveries: [], html: page(lang, `<p class="status">${pageText[lang].unknown}</p>`) };
      }
      if (!decided) return { intent, deliveries: [], html: page(lang, resultBody(lang, intent)) };
      const faults = new Set(options.faults ?? []);
      const status = decision === 'approve' ? 'SUCCESS' : 'FAILED';
      const opposite = status === 'SUCCESS' ? 'FAILED' : 'SUCCESS';
      const deliveries: SimDelivery[] = [];
      if (faults.has('delayed')) {
        late.push(() => deliver(intent, status));
      } else if (faults.has('duplicate')) {
        deliveries.push(...(await Promise.all([deliver(intent, status), deliver(intent, status)])));
      } else if (faults.has('replay')) {
        const body = JSON.stringify(callbackBody(intent, status));
        const { headers, nonce } = signed(body);
        deliveries.push(await send(intent, body, headers, nonce));
        deliveries.push(await send(intent, body, headers, nonce));
      } else {
        deliveries.push(await deliver(intent, status));
      }
      if (faults.has('out_of_order')) deliveries.push(await deliver(intent, opposite));
      return { intent, deliveries, html: page(lang, resultBody(lang, intent)) };
    },

    /** Sends the callbacks held back by the `delayed` fault (each signed now, as a late retry is). */
    async deliverLate(): Promise<SimDelivery[]> {
      const pending = late;
      late = [];
      const results: SimDelivery[] = [];
      for (const send of pending) results.push(await send());
      return results;
    },

    /** Signs an arbitrary body as the PSP would, for tests that forge, age or replay callbacks. */
    sign(body: string, options: { nonce?: string; timestamp?: string; secret?: string } = {}) {
      const timestamp = options.timestamp ?? String(Math.floor(now().getTime() / 1000));
      const nonce = options.nonce ?? randomBytes(16).toString('hex');
      return {
        [signatureHeaders.signature]: signCallback(options.secret ?? deps.secret, timestamp, nonce, body),
        [signatureHeaders.timestamp]: timestamp,
        [signatureHeaders.nonce]: nonce,
      };
    },

    /** The callback body the PSP would send for an intent. */
    callbackBody(intent: repo.SimIntentRow, status: 'SUCCESS' | 'FAILED'): string {
      return JSON.stringify(callbackBody(intent, status));
    },
  };

  function resultBody(lang: 'en' | 'bn', intent: repo.SimIntentRow): string {
    const t = pageText[lang];
    const label = intent.status === 'approved' ? t.approved : intent.status === 'declined' ? t.declined : t.done;
    const back = intent.returnUrl
      ? `<a class="button" href="${escapeHtml(intent.returnUrl)}">${escapeHtml(t.back)}</a>`
      : '';
    return `<div class="amount">${escapeHtml(`${minorToDecimal(intent.amount, intent.scale)} ${intent.currency}`)}</div>
<p class="status">${escapeHtml(label)}</p>${back}`;
  }
}

export type PaymentSimulator = ReturnType<typeof createPaymentSimulator>;

/**
 * Our adapter for the simulator PSP: opens intents through its API, verifies its callbacks (signature over the
 * raw bytes first, then age, then the nonce, which it remembers) and answers in its format
 * (`{"code":"SUCCESS"}` or `{"code":"FAIL","message":…}`).
 */
export function createSimulatorGateway(deps: {
  simulator: PaymentSimulator;
  secret: string;
  maxAgeSeconds: number;
  now?: () => Date;
}): PaymentGateway {
  const now = deps.now ?? (() => new Date());
  return {
    code: simulatorGatewayCode,

    async createDepositIntent(input) {
      const intent = await deps.simulator.createIntent(input);
      const lang = input.language === 'bn' ? 'bn' : 'en';
      return {
        intentId: intent.id,
        gatewayTxnId: intent.gatewayTxnId,
        redirectUrl: `/gateway-sim/pay/${intent.id}?lang=${lang}`,
      };
    },

    async verifyCallback({ headers, rawBody }) {
      const signature = headers[signatureHeaders.signature];
      const timestamp = headers[signatureHeaders.timestamp];
      const nonce = headers[signatureHeaders.nonce];
      if (!signature || !timestamp || !nonce || !/^\d{1,12}$/.test(timestamp) || !/^[\w-]{8,64}$/.test(nonce)) {
        throw new GatewayCallbackRefused('signature');
      }
      if (!signatureMatches(signCallback(deps.secret, timestamp, nonce, rawBody), signature)) {
        throw new GatewayCallbackRefused('signature');
      }
      if (Math.abs(now().getTime() - Number(timestamp) * 1000) > deps.maxAgeSeconds * 1000) {
        throw new GatewayCallbackRefused('timestamp');
      }
      let body: CallbackBody;
      try {
        body = callbackSchema.parse(JSON.parse(rawBody));
      } catch {
        throw new GatewayCallbackRefused('payload');
      }
      return {
        nonce,
        orderId: body.orderId,
        gatewayTxnId: body.txnId,
        outcome: body.status === 'SUCCESS' ? 'approved' : 'declined',
        amount: body.amount,
        currency: body.currency,
      };
    },

    async queryStatus({ intentId }) {
      const intent = await deps.simulator.getIntent(intentId);
      if (!intent) throw new Error(`simulator intent ${intentId} not found`);
      return {
        state: intent.status === 'created' ? 'pending' : intent.status === 'approved' ? 'approved' : 'declined',
        gatewayTxnId: intent.gatewayTxnId,
        amount: minorToDecimal(intent.amount, intent.scale),
        currency: intent.currency,
      };
    },

    answer(result) {
      return result.ok
        ? { statusCode: 200, contentType: 'application/json', body: '{"code":"SUCCESS"}' }
        : {
            statusCode: result.statusCode,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'FAIL', message: result.reason }),
          };
    },
  };
}

/** Minor units of a PSP's decimal amount at our scale; null when it does not fit the scale. */
export function gatewayAmountMinor(amount: string, scale: number): bigint | null {
  try {
    return parseMinor(amount, scale);
  } catch {
    return null;
  }
}
