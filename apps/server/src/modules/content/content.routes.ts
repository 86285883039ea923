import {
  announcementDetailInputSchema,
  announcementListInputSchema,
  announcementListSchema,
  announcementSchema,
  articleIdParamsSchema,
  articleListQuerySchema,
  articlePageSchema,
  articleSchema,
  type CallEntry,
  calls,
  feedbackInputSchema,
  feedbackResultSchema,
  inboxChangeResultSchema,
  inboxDeleteInputSchema,
  inboxPageSchema,
  inboxQuerySchema,
  inboxReadInputSchema,
  okEnvelope,
  unreadCountSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import { bearerToken } from '../../platform/http/auth-context';
import { ok, requestLanguage } from '../../platform/http/envelope';
import { requireRealAccount } from '../identity';
import { contentMediaPath, demoBannerSvg } from './content.media';
import type { ContentService } from './content.service';

export type ContentRoutesOptions = {
  content: ContentService;
  /** Resolves an optional session token (feedback names a logged-in sender by their account). */
  resolveSession(token: string): Promise<{ auth: { accountId: number } } | null>;
  feedbackRateLimitPerMinute: number;
};

const route = (entry: CallEntry) => ({ method: entry.method, url: entry.path });
const tokenSecurity = [{ token: [] }];
const tags = ['content'];

/**
 * The player's content calls: announcements (banners, notices, popups, promotions, help), articles (news, blog,
 * guides), the inbox (messageV2)
 * with its unread count, feedback, and the demo banner art.
 */
export const contentRoutes: FastifyPluginAsyncZod<ContentRoutesOptions> = async (app, options) => {
  const { content } = options;

  app.route({
    ...route(calls.announcements),
    schema: {
      tags,
      summary: 'Live announcements of the asked types (B banners, PL notices, PU popups, PR promotions, H help)',
      body: announcementListInputSchema.optional(),
      response: { 200: okEnvelope(announcementListSchema) },
    },
    handler: async (request) => ok(await content.listAnnouncements(request.body ?? {}, requestLanguage(request))),
  });

  app.route({
    ...route(calls.announcementDetail),
    schema: {
      tags,
      summary: 'One live announcement by id',
      body: announcementDetailInputSchema,
      response: { 200: okEnvelope(announcementSchema) },
    },
    handler: async (request) => ok(await content.getAnnouncement(request.body.id, requestLanguage(request))),
  });

  app.route({
    ...route(calls.articles),
    schema: {
      tags,
      summary: 'Published news, blog and beginner-guide articles (optionally of one kind), newest first, paged',
      querystring: articleListQuerySchema,
      response: { 200: okEnvelope(articlePageSchema) },
    },
    handler: async (request) => ok(await content.listArticles(request.query, requestLanguage(request))),
  });

  app.route({
    ...route(calls.articleDetail),
    schema: {
      tags,
      summary: 'One published article with its sanitised HTML body (English when it has no text in the language)',
      params: articleIdParamsSchema,
      response: { 200: okEnvelope(articleSchema) },
    },
    handler: async (request) => ok(await content.getArticle(request.params.id, requestLanguage(request))),
  });

  app.route({
    ...route(calls.unreadCount),
    schema: {
      tags,
      summary: "Unread inbox messages (the header's unread dot); real accounts only",
      security: tokenSecurity,
      response: { 200: okEnvelope(unreadCountSchema) },
    },
    handler: async (request) => ok(await content.unreadCount(requireRealAccount(request).accountId)),
  });

  app.route({
    ...route(calls.inboxMessages),
    schema: {
      tags,
      summary: 'The member inbox, newest first, in the request language',
      security: tokenSecurity,
      querystring: inboxQuerySchema,
      response: { 200: okEnvelope(inboxPageSchema) },
    },
    handler: async (request) =>
      ok(await content.listInbox(requireRealAccount(request).accountId, request.query, requestLanguage(request))),
  });

  app.route({
    ...route(calls.inboxRead),
    schema: {
      tags,
      summary: 'Marks messages read (by ids, or all)',
      security: tokenSecurity,
      body: inboxReadInputSchema,
      response: { 200: okEnvelope(inboxChangeResultSchema) },
    },
    handler: async (request) => ok(await content.markRead(requireRealAccount(request).accountId, request.body)),
  });

  app.route({
    ...route(calls.inboxDelete),
    schema: {
      tags,
      summary: 'Deletes messages from the member inbox',
      security: tokenSecurity,
      body: inboxDeleteInputSchema,
      response: { 200: okEnvelope(inboxChangeResultSchema) },
    },
    handler: async (request) => ok(await content.deleteMessages(requireRealAccount(request).accountId, request.body)),
  });

  /** The account of an optional token; an invalid or expired token counts as a visitor. */
  const optionalAccount = async (request: FastifyRequest): Promise<number | null> => {
    const token = bearerToken(request);
    if (!token) return null;
    const resolved = await options.resolveSession(token);
    return resolved?.auth.accountId ?? null;
  };

  app.route({
    ...route(calls.feedback),
    config: { rateLimit: { max: options.feedbackRateLimitPerMinute, timeWindow: 60_000 } },
    schema: {
      tags,
      summary:
        'Feedback: type (1 deposit, 2 withdrawal, 3 game, 4 customer service, 6 apply agent, 0 other), description (trimmed, at most 200 characters), captcha; a visitor also gives a name',
      body: feedbackInputSchema,
      response: { 200: okEnvelope(feedbackResultSchema) },
    },
    handler: async (request) =>
      ok(
        await content.submitFeedback(request.body, {
          accountId: await optionalAccount(request),
          ip: request.ip ?? null,
          language: requestLanguage(request),
        }),
      ),
  });

  app.get(
    `${contentMediaPath}/:name`,
    {
      schema: {
        tags,
        summary: 'Demo banner art (SVG)',
        params: z.object({ name: z.string().regex(/^[a-z0-9-]{1,40}\.svg$/) }),
      },
    },
    async (request, reply) => {
      const svg = demoBannerSvg(request.params.name.replace(/\.svg$/, ''));
      if (!svg) throw new AppError('NOT_FOUND');
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  );
};
