import { lookupMessage } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error';
import type { AuthContext } from '../http/auth-context';
import { requestLanguage } from '../http/envelope';
import { requestHash, withoutSecrets } from './request-hash';

/** What a key remembers: the hash of its first request and, once answered, that answer. */
export type IdempotencyRecord = {
  requestHash: string;
  state: 'in_progress' | 'completed';
  statusCode: number | null;
  contentType: string | null;
  body: string | null;
};

export type IdempotencyClaimResult = { claimed: true } | { claimed: false; record: IdempotencyRecord };

/**
 * Where keys live. The wallet module provides the PostgreSQL one (`wallet_idempotency_keys`); a claim must be
 * atomic across server instances.
 */
export type IdempotencyStorage = {
  /**
   * Claims (scope, key) for a request with this hash, or answers the record that holds it. A claim in
   * progress whose lease has run out, for the same hash, may be taken over (its server died mid-request).
   */
  claim(input: { scope: string; key: string; requestHash: string; leaseMs: number }): Promise<IdempotencyClaimResult>;
  /** Stores the answer for replays. */
  complete(
    scope: string,
    key: string,
    response: { statusCode: number; contentType: string | null; body: string },
  ): Promise<void>;
  /** Gives the key up without an answer (the request failed on our side), so a retry runs it again. */
  release(scope: string, key: string): Promise<void>;
};

export type IdempotencyOptions = {
  storage: IdempotencyStorage;
  /** How long a claim blocks others before it counts as abandoned; longer than any money-moving call. */
  leaseMs?: number;
  /**
   * Whose key space a request uses. Default: the logged-in account, else one shared public space
   * (vendor gateways should pass their own, such as the vendor code).
   */
  scope?: (request: FastifyRequest) => string;
};

/** Per route: `config: { idempotency: true }` (header required) or `{ idempotency: { required: false } }`. */
export type RouteIdempotency = boolean | { required?: boolean };

type Claim = { scope: string; key: string; settled: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Money-moving call: replays the first answer for a repeated `Idempotency-Key` (ARCHITECTURE.md section 3). */
    idempotency?: RouteIdempotency;
  }
  interface FastifyRequest {
    /** The idempotency key this request holds while it runs; null when it holds none. */
    idempotencyClaim: Claim | null;
  }
}

export const idempotencyHeader = 'idempotency-key';
/** Set on a replayed answer, so clients and logs can tell a replay from a first run. */
export const idempotentReplayHeader = 'idempotent-replayed';

/** Printable ASCII without spaces, like the IETF draft's examples (UUIDs, ULIDs, client references). */
const keyPattern = /^[\x21-\x7e]{1,128}$/;

function invalidHeader(request: FastifyRequest, messageKey: string): AppError {
  const message = lookupMessage(requestLanguage(request), messageKey) ?? 'invalid';
  return new AppError('VALIDATION_FAILED', {}, [{ path: `headers.${idempotencyHeader}`, code: 'invalid', message }]);
}

function defaultScope(request: FastifyRequest): string {
  const auth: AuthContext | null = request.auth;
  return auth ? `account:${auth.accountId}` : 'public';
}

/**
 * Idempotency for HTTP calls that move money. A route opts in with `config.idempotency`; then a request with
 * an `Idempotency-Key` header runs once per key: the same key with the same request (method, route, params,
 * query and validated body) gets the first answer again, with `Idempotent-Replayed: true`; another request
 * under the key is refused with IDEMPOTENCY_KEY_REUSED (secrets such as a payment password are left out of the
 * stored hash: see `withoutSecrets`); a repeat while the first still runs gets
 * IDEMPOTENCY_IN_PROGRESS. Answers below 500 are kept (a refused withdrawal stays refused for that key);
 * a 5xx releases the key so that the client's retry runs the call again.
 *
 * The claim is taken in preHandler, after the call guard has authenticated and decrypted the request and
 * the schema has validated it, so invalid requests never consume a key.
 * @see https://datatracker.ietf.org/doc/draft-ietf-httpapi-idempotency-key-header/
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app: FastifyInstance, options) => {
    const leaseMs = options.leaseMs ?? 60_000;
    const scopeOf = options.scope ?? defaultScope;
    app.decorateRequest('idempotencyClaim', null);

    const claimKey: preHandlerHookHandler = async function claimKey(request, reply) {
      const setting = request.routeOptions.config.idempotency;
      const required = typeof setting === 'object' ? setting.required !== false : setting === true;
      const header = request.headers[idempotencyHeader];
      const key = Array.isArray(header) ? header[0] : header;
      if (key === undefined || key === '') {
        if (required) throw invalidHeader(request, 'validation.required');
        return;
      }
      if (!keyPattern.test(key)) throw invalidHeader(request, 'validation.invalid');
      const scope = scopeOf(request);
      const hash = requestHash({
        method: request.method,
        route: request.routeOptions.url,
        params: request.params,
        query: request.query,
        body: withoutSecrets(request.body),
      });
      const result = await options.storage.claim({ scope, key, requestHash: hash, leaseMs });
      if (result.claimed) {
        request.idempotencyClaim = { scope, key, settled: false };
        return;
      }
      const { record } = result;
      if (record.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (record.state !== 'completed' || record.statusCode === null || record.body === null) {
        throw new AppError('IDEMPOTENCY_IN_PROGRESS');
      }
      reply.status(record.statusCode).header(idempotentReplayHeader, 'true');
      if (record.contentType) reply.header('content-type', record.contentType);
      return reply.send(record.body);
    };

    const storeAnswer: onSendHookHandler = async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim || claim.settled) return payload;
      claim.settled = true;
      try {
        const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
        if (reply.statusCode >= 500 || body === null) {
          await options.storage.release(claim.scope, claim.key);
        } else {
          const contentType = reply.getHeader('content-type');
          await options.storage.complete(claim.scope, claim.key, {
            statusCode: reply.statusCode,
            contentType: typeof contentType === 'string' ? contentType : null,
            body,
          });
        }
      } catch (error) {
        // The answer still goes out. The key stays claimed until its lease ends; then a retry runs the call
        // again, which the wallet's own idempotency keys make safe.
        request.log.error({ err: error, idempotencyKey: claim.key }, 'idempotency answer not stored');
      }
      return payload;
    };

    /** A request that ended without sending (client gone, hook failed) must not hold its key for the lease. */
    async function releaseUnsettled(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const claim = request.idempotencyClaim;
      if (!claim || claim.settled) return;
      claim.settled = true;
      try {
        await options.storage.release(claim.scope, claim.key);
      } catch (error) {
        request.log.error({ err: error, idempotencyKey: claim.key }, 'idempotency key not released');
      }
    }

    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotency) return;
      const asArray = <T>(hook: T | T[] | undefined): T[] =>
        hook === undefined ? [] : Array.isArray(hook) ? hook : [hook];
      route.preHandler = [...asArray(route.preHandler), claimKey];
      route.onSend = [...asArray(route.onSend), storeAnswer];
      route.onResponse = [...asArray(route.onResponse), releaseUnsettled];
    });
  },
  { name: 'idempotency' },
);
