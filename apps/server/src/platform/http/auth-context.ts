import { type AccountRole, requestHeaders } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/**
 * Who is calling: set on the request by the identity module's `authenticate` for calls marked T, before
 * schema validation and the handler run. Handlers of T calls read it with `requireAuth`.
 */
export type AuthContext = {
  accountId: number;
  sessionId: string;
  accountType: number;
  role: AccountRole;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The session of a call marked T; null on calls without a token. */
    auth: AuthContext | null;
  }
}

/** Declares `request.auth` once on the root instance, so every request object has the same shape. */
export function installAuthContext(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}

/**
 * The session token of a request: the raw `Authorization` value (the spec's client sends the token alone)
 * or the token of `Bearer <token>`. Null when the header is missing or empty.
 */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers[requestHeaders.authorization];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return null;
  const bearer = /^Bearer\s+(\S+)$/i.exec(value);
  const token = bearer ? bearer[1] : value;
  return token && !/\s/.test(token) ? token : null;
}

/**
 * The caller's session, for handlers of calls marked T.
 * @throws AUTH_REQUIRED when the request carries no authenticated session.
 */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('AUTH_REQUIRED');
  return request.auth;
}
