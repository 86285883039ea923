import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Runs helmet once against a recording response and returns the headers it sets. Helmet stays the
 * source of truth for which headers a page needs; computing them once instead of per request removes
 * its per-request directive parsing, which halved the throughput of small JSON answers (bench/RESULTS.md).
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.fromEntries(headers);
}

/**
 * The headers a JSON API answer needs (OWASP REST Security Cheat Sheet, "Security headers"): no sniffing, no
 * framing, HSTS and no referrer. The document-only headers (a full CSP, COOP, prefetch and download controls)
 * protect pages, not JSON, and sending them on every API answer doubled the header bytes.
 */
export function apiSecurityHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const api: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
  };
  const hsts = documentHeaders['strict-transport-security'];
  if (hsts) api['strict-transport-security'] = hsts;
  return api;
}

export type SecurityHeadersOptions = HelmetOptions & {
  /** Path prefixes of JSON API calls, which get the API header set instead of the page set. */
  apiPrefixes?: readonly string[];
};

/** Sets the precomputed security headers (page or API set by path) and the request id on every response. */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app: FastifyInstance, { apiPrefixes = [], ...options }) => {
    const pageHeaders = computeSecurityHeaders(options);
    const apiHeaders = apiSecurityHeaders(pageHeaders);
    app.addHook('onRequest', (request, reply, done) => {
      const url = request.url;
      reply.headers(apiPrefixes.some((prefix) => url.startsWith(prefix)) ? apiHeaders : pageHeaders);
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'security-headers' },
);
