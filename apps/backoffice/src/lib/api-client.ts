import { backofficeApiPrefix, requestHeaders, type ValidationIssue } from '@portal/contract';
import { currentLanguage, hasTranslation, translate } from './i18n';

/** Codes the client itself raises; they share the `errors.<CODE>` keys with the contract catalogue. */
export const clientErrorCodes = {
  NETWORK: 'NETWORK',
  TIMEOUT: 'TIMEOUT',
  RESPONSE_INVALID: 'RESPONSE_INVALID',
} as const;

/** Codes meaning "you are not (or no longer) signed in": the console returns to the sign-in page. */
export const signedOutCodes: ReadonlySet<string> = new Set(['BO_AUTH_REQUIRED', 'BO_SESSION_EXPIRED']);

type ApiErrorInit = {
  code: string;
  serverMessage?: string | null;
  params?: Record<string, unknown>;
  issues?: ValidationIssue[];
  requestId?: string | null;
  httpStatus?: number | null;
  cause?: unknown;
};

/** A call that did not produce a value: an API failure envelope, a network failure, a timeout or an unreadable answer. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  readonly params: Record<string, unknown>;
  readonly issues: ValidationIssue[];
  readonly requestId: string | null;
  readonly httpStatus: number | null;
  readonly serverMessage: string | null;

  constructor(init: ApiErrorInit) {
    super(errorText(init.code, init.params ?? {}, init.requestId ?? null, init.serverMessage ?? null), {
      cause: init.cause,
    });
    this.code = init.code;
    this.params = init.params ?? {};
    this.issues = init.issues ?? [];
    this.requestId = init.requestId ?? null;
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

/** The text to show for anything a call threw, in the current language, with the fields it concerns. */
export function describeError(error: unknown): string {
  if (!(error instanceof ApiError)) return translate('app.crashBody');
  const text = errorText(error.code, error.params, error.requestId, error.serverMessage);
  if (error.code !== 'VALIDATION_FAILED' || error.issues.length === 0) return text;
  const fields = error.issues.map((issue) => issue.path.replace(/^body\./, '')).join(', ');
  return `${text} (${fields})`;
}

/** Anything with zod's `safeParse`; typed structurally so the app does not depend on zod itself. */
export type ResponseSchema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
};

/** For calls whose value is null (sign-out): any answer that arrived as a success envelope will do. */
export const nullResponse: ResponseSchema<null> = { safeParse: () => ({ success: true, data: null }) };

export type BoMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type BoCallOptions<T> = {
  schema: ResponseSchema<T>;
  body?: unknown;
  /** Values for `:name` segments of the path. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number | null | undefined>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Extra request headers, such as `Idempotency-Key` on calls that move money. */
  headers?: Record<string, string>;
};

function buildUrl(path: string, options: BoCallOptions<unknown>): string {
  const filled = path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = options.params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== null && value !== undefined && value !== '') search.append(name, String(value));
  }
  const encoded = search.toString();
  return `${backofficeApiPrefix}${filled}${encoded ? `?${encoded}` : ''}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Calls the back-office API (`/bo/api<path>`) and returns the envelope's `value`, checked against `schema`.
 * The session travels in the HttpOnly `bo_session` cookie, so no token is handled here. Writes always send
 * a JSON body (`{}` when there is nothing to say), which the server requires.
 * @throws ApiError with the server's code on a failure envelope, NETWORK, TIMEOUT or RESPONSE_INVALID.
 */
export async function boCall<T>(method: BoMethod, path: string, options: BoCallOptions<T>): Promise<T> {
  const url = buildUrl(path, options as BoCallOptions<unknown>);
  const sendsBody = method !== 'GET';
  const headers: Record<string, string> = {
    accept: 'application/json',
    [requestHeaders.language]: currentLanguage(),
  };
  if (sendsBody) headers['content-type'] = 'application/json';
  Object.assign(headers, options.headers);

  const external = options.signal;
  if (external?.aborted) throw external.reason;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? 30_000);
  const forwardAbort = () => controller.abort(external?.reason);
  external?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: sendsBody ? JSON.stringify(options.body ?? {}) : undefined,
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
  if (!isRecord(json) || typeof json.success !== 'boolean') {
    const code =
      response.status === 404 ? 'NOT_FOUND' : response.status >= 500 ? 'SERVICE_UNAVAILABLE' : 'RESPONSE_INVALID';
    throw new ApiError({ code, httpStatus: response.status });
  }
  if (json.success === false) {
    throw new ApiError({
      code: typeof json.code === 'string' ? json.code : 'INTERNAL',
      serverMessage: typeof json.message === 'string' ? json.message : null,
      params: isRecord(json.params) ? json.params : {},
      issues: Array.isArray(json.issues) ? (json.issues as ValidationIssue[]) : [],
      requestId: typeof json.requestId === 'string' ? json.requestId : null,
      httpStatus: response.status,
    });
  }
  const parsed = options.schema.safeParse(json.value);
  if (!parsed.success) {
    console.warn(`Response of ${method} ${path} does not match its contract schema`, parsed.error);
    throw new ApiError({ code: clientErrorCodes.RESPONSE_INVALID, httpStatus: response.status });
  }
  return parsed.data;
}
