import fastifyWebsocket from '@fastify/websocket';
import { calls, type RealtimeControlMessage, realtimeAuthMessageSchema, realtimeCloseCodes } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { IdentityService } from '../identity';
import type { RealtimeService } from './realtime.service';

export type RealtimeRoutesOptions = {
  realtime: RealtimeService;
  identity: Pick<IdentityService, 'resolveSession'>;
  /** How long a new socket may take to send its auth message. Default 5 s. */
  authTimeoutMs?: number;
  /** Largest frame a client may send, in bytes (an auth message is far smaller). Default 4 KiB. */
  maxPayloadBytes?: number;
};

function parseJson(data: RawData, isBinary: boolean): unknown {
  if (isBinary) return null;
  try {
    return JSON.parse(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString());
  } catch {
    return null;
  }
}

const send = (socket: WebSocket, message: RealtimeControlMessage) => socket.send(JSON.stringify(message));

/**
 * `GET /wps/realtime`: the realtime WebSocket. Browsers cannot set headers on a WebSocket, so the upgrade itself
 * is not authenticated (the call guard still applies maintenance, region and merchant checks): the first message
 * must be `{ "type": "auth", "token": … }` within the timeout. A live session of a member or agent gets
 * `{ "type": "ready" }`; anything else is closed with 1008. Trial (free-play) sessions are refused, since every
 * event so far is about real money.
 */
export async function realtimeRoutes(app: FastifyInstance, options: RealtimeRoutesOptions): Promise<void> {
  const authTimeoutMs = options.authTimeoutMs ?? 5000;
  // app.ts registers the WebSocket plugin once for every module's sockets (live chat too); standalone (tests) it is here.
  if (app.hasDecorator('websocketServer')) return registerRealtimeSocket(app, options, authTimeoutMs);
  await app.register(fastifyWebsocket, {
    options: { maxPayload: options.maxPayloadBytes ?? 4096 },
    // Replaces the plugin's default (a bare close of every client): say "going away" so that clients reconnect.
    preClose: async () => {
      await options.realtime.close();
      for (const client of app.websocketServer.clients) {
        client.close(realtimeCloseCodes.goingAway, 'server shutting down');
      }
      app.websocketServer.close();
    },
  });
  registerRealtimeSocket(app, options, authTimeoutMs);
}

function registerRealtimeSocket(app: FastifyInstance, options: RealtimeRoutesOptions, authTimeoutMs: number): void {
  app.get(
    calls.realtime.path,
    {
      websocket: true,
      schema: { hide: true },
      // The token comes in the first message, not in a header: the guard must not ask for one on the upgrade.
      config: { call: { ...calls.realtime, token: false } },
    },
    (socket, request) => {
      let state: 'awaiting' | 'checking' | 'open' = 'awaiting';
      const refuse = (reason: string) => {
        if (socket.readyState === socket.OPEN) socket.close(realtimeCloseCodes.policy, reason);
      };
      const timer = setTimeout(() => refuse('auth timeout'), authTimeoutMs);
      socket.on('close', () => clearTimeout(timer));
      socket.on('error', (error) => request.log.warn({ err: error }, 'realtime socket error'));

      socket.on('message', (data, isBinary) => {
        const message = parseJson(data, isBinary);
        if (state === 'open') {
          if ((message as { type?: unknown } | null)?.type === 'ping') send(socket, { type: 'pong' });
          return;
        }
        if (state === 'checking') return;
        const auth = realtimeAuthMessageSchema.safeParse(message);
        if (!auth.success) return refuse('auth expected');
        state = 'checking';
        void (async () => {
          const resolved = await options.identity.resolveSession(auth.data.token);
          if (!resolved) return refuse('unauthorized');
          if (resolved.auth.role === 'trial') return refuse('real account required');
          if (resolved.passwordChangeRequired) return refuse('password change required');
          if (socket.readyState !== socket.OPEN) return;
          clearTimeout(timer);
          await options.realtime.attach(socket, {
            accountId: resolved.auth.accountId,
            sessionId: resolved.auth.sessionId,
          });
          state = 'open';
          if (socket.readyState === socket.OPEN) send(socket, { type: 'ready', accountId: resolved.auth.accountId });
        })().catch((error: unknown) => {
          request.log.error({ err: error }, 'realtime auth failed');
          if (socket.readyState === socket.OPEN) socket.close(1011, 'internal error');
        });
      });
    },
  );
}
