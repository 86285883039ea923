import {
  chatMessageSchema,
  chatTextInputSchema,
  conversationDetailSchema,
  conversationIdParamsSchema,
  conversationListSchema,
  conversationQuerySchema,
  conversationSchema,
  okEnvelope,
  supportBackofficePaths,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import type { SupportService } from './support.service';
import { type SupportSockets, sendChat } from './support.sockets';

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** What the back-office plugin hands over: the signed-in operator and its audit log. */
export type SupportOperatorDeps = {
  requireOperator: (request: FastifyRequest) => { operatorId: number; username: string; expiresAt: Date };
  recordChange: (
    request: FastifyRequest,
    change: { action: string; target: string; before: unknown; after: unknown },
  ) => Promise<void>;
};

const tags = ['backoffice'];
const emptyBody = z.strictObject({}).optional();

/** Whether an Origin header names the host the request was sent to. */
function isSameHost(origin: string, host: string): boolean {
  try {
    const from = new URL(origin);
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/**
 * The live-chat console's calls under `/bo/api/support/…` (permission `support.chat`): the conversation list,
 * one conversation (opening it marks it read), assign to me, reply, close (assign and close are audited), and the
 * operators' WebSocket that pushes every new message and conversation change. Registered inside the back-office
 * plugin, whose hook checks the session cookie and the permission before any of them runs (the socket included:
 * the check happens on the upgrade request).
 */
export function supportOperatorRoutes(support: SupportService, sockets: SupportSockets) {
  return (app: RouteApp, deps: SupportOperatorDeps): void => {
    const who = (request: FastifyRequest) => {
      const operator = deps.requireOperator(request);
      return { id: operator.operatorId, username: operator.username };
    };

    app.get(
      supportBackofficePaths.conversations,
      {
        config: { permission: 'support.chat' },
        schema: {
          tags,
          summary: 'Live-chat conversations (waiting, assigned or closed), the most recently active first',
          querystring: conversationQuerySchema,
          response: { 200: okEnvelope(conversationListSchema) },
        },
      },
      async (request) => ok(await support.list(request.query.status)),
    );

    app.get(
      supportBackofficePaths.conversation,
      {
        config: { permission: 'support.chat' },
        schema: {
          tags,
          summary: 'One conversation with its messages; marks the member’s messages read',
          params: conversationIdParamsSchema,
          response: { 200: okEnvelope(conversationDetailSchema) },
        },
      },
      async (request) => ok(await support.open(request.params.id)),
    );

    app.post(
      supportBackofficePaths.assign,
      {
        config: { permission: 'support.chat' },
        schema: {
          tags,
          summary: 'Assigns the conversation to the signed-in operator',
          params: conversationIdParamsSchema,
          body: emptyBody,
          response: { 200: okEnvelope(conversationSchema) },
        },
      },
      async (request) => {
        const { before, after } = await support.assign(request.params.id, who(request));
        await deps.recordChange(request, {
          action: 'support.assign',
          target: `conversation:${request.params.id}`,
          before: { status: before.status, assignedTo: before.assignedTo },
          after: { status: after.status, assignedTo: after.assignedTo },
        });
        return ok(after);
      },
    );

    app.post(
      supportBackofficePaths.reply,
      {
        config: { permission: 'support.chat' },
        schema: {
          tags,
          summary: 'Answers in the conversation (a waiting one is assigned to the operator who answers)',
          params: conversationIdParamsSchema,
          body: chatTextInputSchema,
          response: { 200: okEnvelope(chatMessageSchema) },
        },
      },
      async (request) => ok(await support.reply(request.params.id, who(request), request.body.text)),
    );

    app.post(
      supportBackofficePaths.close,
      {
        config: { permission: 'support.chat' },
        schema: {
          tags,
          summary: 'Closes the conversation; the member can no longer write to it',
          params: conversationIdParamsSchema,
          body: emptyBody,
          response: { 200: okEnvelope(conversationSchema) },
        },
      },
      async (request) => {
        const { before, after } = await support.close(request.params.id);
        await deps.recordChange(request, {
          action: 'support.close',
          target: `conversation:${request.params.id}`,
          before: { status: before.status, assignedTo: before.assignedTo },
          after: { status: after.status, assignedTo: after.assignedTo },
        });
        return ok(after);
      },
    );

    app.get(
      supportBackofficePaths.socket,
      {
        websocket: true,
        config: { permission: 'support.chat' },
        schema: { hide: true },
        // Browsers send cookies on a WebSocket upgrade from any page: accept only the console's own origin.
        preValidation: async (request) => {
          const origin = request.headers.origin;
          if (origin && !isSameHost(origin, request.host))
            throw new AppError('BO_FORBIDDEN', { reason: 'cross-origin' });
        },
      },
      (socket, request) => {
        const operator = deps.requireOperator(request);
        socket.on('error', (error) => request.log.warn({ err: error }, 'support operator socket error'));
        // The socket lives no longer than the session it was opened with; the console reconnects (and signs in again).
        const remaining = Math.max(0, operator.expiresAt.getTime() - Date.now());
        const timer = setTimeout(() => socket.close(1008, 'session ended'), Math.min(remaining, 2 ** 31 - 1));
        socket.on('close', () => clearTimeout(timer));
        void sockets
          .attachOperator(socket)
          .then(() => sendChat(socket, { type: 'ready' }))
          .catch((error: unknown) => request.log.error({ err: error }, 'support operator socket failed'));
      },
    );
  };
}
