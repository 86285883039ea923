import { type CallEntry, requestHeaders, type ValidationIssue } from '@portal/contract';
import { env } from '@/config/env';
import { encryptPayload } from './crypto';
import { currentLanguage, hasTranslation, translate } from './i18n';
import { getToken, storeMerchantCode } from './storage';

/** Codes the client itself raises; they share the `errors.<CODE>` keys with the contract catalogue. */
export const clientErrorCodes = {
  NETWORK: 'NETWORK',
  TIMEOUT: 'TIMEOUT',
  RESPONSE_INVALID: 'RESPONSE_INVALID',
} as const;

type ApiErrorInit = {
  code: string;
  serverMessage?: string | null;
  params?: Record<string, unknown>;
  issues?: ValidationIssue[];
  requestId?: string | null;
  httpStatus?: number | null;
  cause?: unknown;
};

/**
 * A call that did not produce a value: an API failure envelope, a network failure, a timeout or an
 * unreadable answer. `message` is the text for the player in the language current when it was thrown;
 * use `describeError` at render time to follow later language changes.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  readonly params: Record<string, unknown>;
  readonly issues: ValidationIssue[];
  readonly requestId: string | null;
  readonly httpStatus: number | null;
  /** The server's own text (in the request's language), used when the client has no translation for the code. */
  readonly serverMessage: string | null;

  constructor(init: ApiErrorInit) {
    const requestId = init.requestId ?? null;
    const params = init.params ?? {};
    super(errorText(init.code, params, requestId, init.serverMessage ?? null), { cause: init.cause });
    this.code = init.code;
    this.params = params;
    this.issues = init.issues ?? [];
    this.requestId = requestId;
    this.httpStatus = init.httpStatus ?? null;
    this.serverMessage = init.serverMessage ?? null;
  }
}

/** Translates an error code through `errors.<CODE>`, falling back to the server's text, then to a generic one. */
export function errorText(
  code: string,
  params: Record<string, unknown> = {},
  requestId: string | null = null,
  serverMessage: string | null = null,
): string {
  const key = `errors.${code}`;
  if (hasTranslation(key)) return translate(key, { requestId: requestId ?? '—', ...params });
  if (serverMessage) return serverMessage;
  return translate('errors.INTERNAL', { requestId: requestId ?? '—' });
}

/** The text to show the player for anything a call or a render threw, in the current language. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return errorText(error.code, error.params, error.requestId, error.serverMessage);
  return translate('app.crashBody');
}

type PayloadEncryption = { enabled: boolean; publicKey: string | null };

const clientState: { merchantCode: string | null; payloadEncryption: PayloadEncryption } = {
  merchantCode: env.defaultMerchantCode,
  payloadEncryption: { enabled: false, publicKey: null },
};

/**
 * Feeds the permission response into the client: the site's merchant code (also stored in session and
 * local storage, spec section 9) and whether calls marked E must be encrypted with the server's key.
 */
export function configureApiClient(settings: { merchantCode?: string; payloadEncryption?: PayloadEncryption }): void {
  if (settings.merchantCode) {
    clientState.merchantCode = settings.merchantCode;
    storeMerchantCode(settings.merchantCode);
  }
  if (settings.payloadEncryption) clientState.payloadEncryption = { ...settings.payloadEncryption };
}

/** The merchant code sent with every call: the server's once known, else the build's default, else none. */
export function getMerchantCode(): string | null {
  return clientState.merchantCode;
}

/** Anything with zod's `safeParse`; typed structurally so the app does not depend on zod itself. */
export type ResponseSchema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
};

type QueryValue = string | number | boolean | null | undefined;

export type ApiCallOptions = {
  /**
   * JSON body; ignored for GET. Encrypted when the entry is marked E and the site switched encryption on.
   * A FormData body (file uploads) goes out as multipart/form-data, as it is; upload calls are never marked E.
   */
  body?: unknown;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  signal?: AbortSignal;
  /** For money-moving calls: the same key with the same body replays the first answer (ARCHITECTURE.md section 3). */
  idempotencyKey?: string;
  timeoutMs?: number;
  /** Extra request headers, such as the in-house games' X-Game-Token. */
  headers?: Record<string, string>;
  /**
   * The same call, already sent before the app started (index.html's early script): its answer is taken instead of
   * asking again, but only when it went to the same address with exactly the headers this call would send.
   */
  early?: EarlyRequest;
};

/** A call sent before the app's code ran, as `public/early-requests.js` records it (`body`: the text it sent). */
export type EarlyRequest = {
  method: string;
  path: string;
  headers: Readonly<Record<string, string>>;
  body?: string | undefined;
  response: Promise<Response>;
};

/** Whether an early request is the one this call would make (header names compared without case, the body as sent). */
function matchesEarly(
  early: EarlyRequest,
  request: { method: string; url: string; headers: Record<string, string>; body: unknown },
): boolean {
  if (early.method !== request.method || early.path !== request.url) return false;
  if (early.body !== request.body) return false;
  const { headers } = request;
  const normalise = (record: Readonly<Record<string, string>>) =>
    JSON.stringify(
      Object.entries(record)
        .map(([name, value]) => [name.toLowerCase(), value])
        // Code-unit order, not localeCompare: header names are ASCII, and the first localeCompare of a page builds
        // the browser's collator (about 10 ms of the start-up's main thread on a phone).
        .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  return normalise(early.headers) === normalise(headers);
}

function buildUrl(path: string, query: ApiCallOptions['query']): string {
  const search = new URLSearchParams();
  for (const [name, raw] of Object.entries(query ?? {})) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) if (value !== null && value !== undefined) search.append(name, String(value));
  }
  const encoded = search.toString();
  return encoded === '' ? path : `${path}?${encoded}`;
}

function buildHeaders(entry: CallEntry, options: ApiCallOptions, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    [requestHeaders.language]: currentLanguage(),
    [requestHeaders.device]: env.device,
  };
  if (clientState.merchantCode) headers[requestHeaders.merchant] = clientState.merchantCode;
  if (entry.token) {
    const token = getToken();
    if (token) headers[requestHeaders.authorization] = token;
  }
  if (options.idempotencyKey) headers[requestHeaders.idempotencyKey] = options.idempotencyKey;
  Object.assign(headers, options.headers);
  if (hasBody) headers['content-type'] = 'application/json';
  return headers;
}

async function encodeBody(entry: CallEntry, body: unknown): Promise<string> {
  const { enabled, publicKey } = clientState.payloadEncryption;
  if (!entry.encrypted || !enabled || !publicKey) return JSON.stringify(body);
  try {
    return JSON.stringify({ encryptedPayload: await encryptPayload(body, publicKey) });
  } catch (cause) {
    // Without Web Crypto (an insecure origin) or with an unreadable key the body cannot go out safely.
    throw new ApiError({ code: 'CRYPTO_PAYLOAD_REQUIRED', cause });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function failureFromEnvelope(json: Record<string, unknown>, httpStatus: number): ApiError {
  return new ApiError({
    code: typeof json.code === 'string' ? json.code : 'INTERNAL',
    serverMessage: typeof json.message === 'string' ? json.message : null,
    params: isRecord(json.params) ? json.params : {},
    issues: Array.isArray(json.issues) ? (json.issues as ValidationIssue[]) : [],
    requestId: typeof json.requestId === 'string' ? json.requestId : null,
    httpStatus,
  });
}

/** An answer without an envelope comes from something in front of the API (proxy, CDN), not the API itself. */
function failureWithoutEnvelope(response: Response): ApiError {
  const code =
    response.status === 404 ? 'NOT_FOUND' : response.status >= 500 ? 'SERVICE_UNAVAILABLE' : 'RESPONSE_INVALID';
  return new ApiError({ code, httpStatus: response.status, requestId: response.headers.get(requestHeaders.requestId) });
}

/** An early request cannot be aborted by the caller; waiting for it can (a timeout or a cancelled query). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}

/**
 * Calls one entry of the contract's call table and returns the envelope's `value`, validated and typed
 * by `schema` when one is given. Adds the Merchant, Language and Device headers, the session token for
 * calls marked T, and encrypts the body of calls marked E when the site has payload encryption on.
 * @throws ApiError with the server's code on a failure envelope, NETWORK when the request could not be
 *   made, TIMEOUT after `timeoutMs` (30 s), RESPONSE_INVALID when the answer does not match the schema.
 *   An abort through `signal` rethrows the abort reason so query libraries see a cancellation.
 */
export function apiCall<T>(entry: CallEntry, options: ApiCallOptions & { schema: ResponseSchema<T> }): Promise<T>;
export function apiCall(entry: CallEntry, options?: ApiCallOptions): Promise<unknown>;
export async function apiCall<T>(
  entry: CallEntry,
  options: ApiCallOptions & { schema?: ResponseSchema<T> } = {},
): Promise<unknown> {
  const sendsBody = entry.method !== 'GET' && options.body !== undefined;
  const form = sendsBody && typeof FormData !== 'undefined' && options.body instanceof FormData ? options.body : null;
  const url = buildUrl(entry.path, options.query);
  // The browser sets multipart's content type itself, with the boundary.
  const headers = buildHeaders(entry, options, sendsBody && !form);
  const body = form ?? (sendsBody ? await encodeBody(entry, options.body) : undefined);

  const external = options.signal;
  if (external?.aborted) throw external.reason;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? env.requestTimeoutMs);
  const forwardAbort = () => controller.abort(external?.reason);
  external?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  let text: string;
  try {
    response =
      options.early && matchesEarly(options.early, { method: entry.method, url, headers, body })
        ? await abortable(options.early.response, controller.signal)
        : await fetch(url, {
            method: entry.method,
            headers,
            body,
            signal: controller.signal,
            credentials: 'same-origin',
          });
    text = await response.text();
  } catch (cause) {
    if (timedOut) throw new ApiError({ code: clientErrorCodes.TIMEOUT, cause });
    if (external?.aborted) throw external.reason;
    throw new ApiError({ code: clientErrorCodes.NETWORK, cause });
  } finally {
    clearTimeout(timer);
    external?.removeEventListener('abort', forwardAbort);
  }

  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!isRecord(json) || typeof json.success !== 'boolean') throw failureWithoutEnvelope(response);
  if (json.success === false) throw failureFromEnvelope(json, response.status);
  if (!options.schema) return json.value;
  return checkResponse(entry, options.schema, json.value, response.status);
}

/**
 * Validates an answer's value against its contract schema, as `apiCall` does when given one; for a caller that loads
 * the schema beside the call rather than before it.
 * @throws ApiError RESPONSE_INVALID when the value does not match.
 */
export function checkResponse<T>(
  entry: CallEntry,
  schema: ResponseSchema<T>,
  value: unknown,
  httpStatus: number | null = null,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    console.warn(`Response of ${entry.method} ${entry.path} does not match its contract schema`, parsed.error);
    throw new ApiError({ code: clientErrorCodes.RESPONSE_INVALID, httpStatus, cause: parsed.error });
  }
  return parsed.data;
}
