import {
  type CallEntry,
  type ChatServerMessage,
  calls,
  chatClientMessageSchema,
  chatModelListSchema,
  launchChatInputSchema,
  launchChatResultSchema,
  okEnvelope,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RawData } from 'ws';
import { AppError } from '../../platform/http/app-error';
import { bearerToken } from '../../platform/http/auth-context';
import { ok } from '../../platform/http/envelope';
import type { SupportService } from './support.service';
import { type SupportSockets, sendChat } from './support.sockets';

export type SupportRoutesOptions = {
  support: SupportService;
  sockets: SupportSockets;
  /** Resolves an optional session token: a logged-in member chats under their account. */
  resolveSession(token: string): Promise<{ auth: { accountId: number; role: string } } | null>;
  /** How long a new chat socket may take to send its auth message. Default 5 s. */
  authTimeoutMs?: number;
};

const route = (entry: CallEntry) => ({ method: entry.method, url: entry.path });
const tags = ['support'];
/** Close code for a refused chat socket (bad or expired token, auth missing). */
const policyViolation = 1008;

function parseJson(data: RawData, isBinary: boolean): unknown {
  if (isBinary) return null;
  try {
    return JSON.parse(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString());
  } catch {
    return null;
  }
}

/**
 * The player's live-chat calls: `CBS_modelList`, `CBS_launchChat` (member or named visitor; answers the chatUrl with
 * a signed short-lived chat token) and the chat WebSocket `/wps/support/chat`, whose first message must be
 * `{ type: 'auth', chatToken }`. After `ready` (with the conversation and its messages) the client sends
 * `{ type: 'send', text }` and hears every message and status change of its conversation.
 */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, options) => {
  const { support, sockets } = options;
  const authTimeoutMs = options.authTimeoutMs ?? 5000;

  app.route({
    ...route(calls.chatModelList),
    schema: {
      tags,
      summary: 'Chat entries: the in-portal live chat and the configured contact links',
      response: { 200: okEnvelope(chatModelListSchema) },
    },
    handler: async () => ok(await support.modelList()),
  });

  app.route({
    ...route(calls.launchChat),
    schema: {
      tags,
      summary: 'Starts (or continues) a live chat; a visitor gives a name. Answers the chatUrl with its chat token.',
      body: launchChatInputSchema.optional(),
      response: { 200: okEnvelope(launchChatResultSchema) },
    },
    handler: async (request) => {
      const token = bearerToken(request);
      const session = token ? await options.resolveSession(token) : null;
      // A trial (free-play) session chats as a visitor: it is not a member account.
      const accountId = session && session.auth.role !== 'trial' ? session.auth.accountId : null;
      return ok(await support.launch({ accountId, name: request.body?.name }));
    },
  });

  app.get(
    calls.supportChat.path,
    { websocket: true, schema: { hide: true }, config: { call: calls.supportChat } },
    (socket, request) => {
      let conversationId: number | null = null;
      let checking = false;
      const refuse = (reason: string) => {
        if (socket.readyState === socket.OPEN) socket.close(policyViolation, reason);
      };
      const timer = setTimeout(() => refuse('auth timeout'), authTimeoutMs);
      socket.on('close', () => clearTimeout(timer));
      socket.on('error', (error) => request.log.warn({ err: error }, 'support chat socket error'));

      const fail = (error: unknown, clientId?: string) => {
        if (error instanceof AppError) {
          const reply: ChatServerMessage = { type: 'error', code: error.code };
          if (clientId) reply.clientId = clientId;
          const params = Object.fromEntries(
            Object.entries(error.params).filter(
              (entry): entry is [string, string | number] =>
                typeof entry[1] === 'string' || typeof entry[1] === 'number',
            ),
          );
          if (Object.keys(params).length > 0) reply.params = params;
          sendChat(socket, reply);
          return;
        }
        request.log.error({ err: error }, 'support chat failed');
        sendChat(socket, { type: 'error', code: 'INTERNAL', ...(clientId ? { clientId } : {}) });
      };

      socket.on('message', (data, isBinary) => {
        const parsed = chatClientMessageSchema.safeParse(parseJson(data, isBinary));
        if (conversationId === null) {
          if (checking) return;
          if (!parsed.success || parsed.data.type !== 'auth') return refuse('auth expected');
          checking = true;
          const chatToken = parsed.data.chatToken;
          void (async () => {
            let id: number;
            try {
              id = await support.conversationOfToken(chatToken);
            } catch (error) {
              if (error instanceof AppError) return refuse('invalid chat token');
              throw error;
            }
            if (socket.readyState !== socket.OPEN) return;
            clearTimeout(timer);
            // Subscribe before reading the snapshot, so nothing written in between is missed.
            await sockets.attachMember(id, socket);
            const snapshot = await support.snapshot(id);
            conversationId = id;
            sendChat(socket, { type: 'ready', ...snapshot });
          })().catch((error: unknown) => {
            request.log.error({ err: error }, 'support chat auth failed');
            if (socket.readyState === socket.OPEN) socket.close(1011, 'internal error');
          });
          return;
        }
        if (!parsed.success) return;
        const message = parsed.data;
        if (message.type === 'ping') return sendChat(socket, { type: 'pong' });
        if (message.type !== 'send') return;
        const id = conversationId;
        // The message itself reaches this socket through the conversation's channel, like every other.
        void support.memberSend(id, message.text).catch((error: unknown) => fail(error, message.clientId));
      });
    },
  );
};
