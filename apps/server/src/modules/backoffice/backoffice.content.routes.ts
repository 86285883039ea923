import {
  announcementInputSchema,
  announcementPreviewSchema,
  articleInputSchema,
  articlePublishInputSchema,
  contentBackofficePaths,
  contentDeletedSchema,
  contentIdParamsSchema,
  feedbackStatusInputSchema,
  type OperatorAnnouncement,
  type OperatorArticle,
  okEnvelope,
  operatorAnnouncementListSchema,
  operatorAnnouncementQuerySchema,
  operatorAnnouncementSchema,
  operatorArticleListSchema,
  operatorArticleQuerySchema,
  operatorArticleSchema,
  operatorFeedbackPageSchema,
  operatorFeedbackQuerySchema,
  operatorFeedbackSchema,
  operatorMessageInputSchema,
  operatorMessagePageSchema,
  operatorMessageSchema,
  operatorPageQuerySchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, requestLanguage } from '../../platform/http/envelope';
import type { ContentService } from '../content';
import type { BackofficeService, CallerContext, OperatorContext } from './backoffice.service';

/** What the back office uses of the content module: its operator functions. */
export type BackofficeContent = Pick<
  ContentService,
  | 'listOperatorAnnouncements'
  | 'getOperatorAnnouncement'
  | 'createAnnouncement'
  | 'updateAnnouncement'
  | 'deleteAnnouncement'
  | 'previewAnnouncement'
  | 'listOperatorArticles'
  | 'getOperatorArticle'
  | 'createArticle'
  | 'updateArticle'
  | 'setArticlePublished'
  | 'deleteArticle'
  | 'sendOperatorMessage'
  | 'listOperatorMessages'
  | 'listFeedback'
  | 'setFeedbackStatus'
>;

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

export type ContentRouteDeps = {
  content: BackofficeContent;
  backoffice: BackofficeService;
  caller: (request: FastifyRequest) => CallerContext;
  requireOperator: (request: FastifyRequest) => OperatorContext;
};

const tags = ['backoffice'];

/** What the audit log keeps of an announcement: everything but the bookkeeping. */
function announcementState(announcement: OperatorAnnouncement) {
  const { live: _live, updatedAt: _updatedAt, updatedBy: _updatedBy, ...state } = announcement;
  return state;
}

/** What the audit log keeps of an article: everything but the bookkeeping. */
function articleState(article: OperatorArticle) {
  const { live: _live, createdAt: _createdAt, updatedAt: _updatedAt, updatedBy: _updatedBy, ...state } = article;
  return state;
}

/**
 * The content module's operator functions under `/bo/api/content/…`: announcements and articles (role content), inbox messages
 * and feedback (role support). Registered inside the back-office plugin, so the session and permission hook guard
 * them like every other operator route; each change is audited.
 */
export function registerContentRoutes(app: RouteApp, deps: ContentRouteDeps): void {
  const { content, backoffice, caller, requireOperator } = deps;
  const who = (operator: OperatorContext) => ({ username: operator.username });

  app.get(
    contentBackofficePaths.announcements,
    {
      config: { permission: 'content.announcements' },
      schema: {
        tags,
        summary: 'Every announcement (optionally of one type) with its texts per language and whether it is live',
        querystring: operatorAnnouncementQuerySchema,
        response: { 200: okEnvelope(operatorAnnouncementListSchema) },
      },
    },
    async (request) => ok(await content.listOperatorAnnouncements(request.query.type)),
  );

  app.post(
    contentBackofficePaths.announcementPreview,
    {
      config: { permission: 'content.announcements' },
      schema: {
        tags,
        summary: 'The texts as players would get them (sanitised HTML); stores nothing',
        body: announcementInputSchema,
        response: { 200: okEnvelope(announcementPreviewSchema) },
      },
    },
    async (request) => ok(content.previewAnnouncement(request.body, requestLanguage(request))),
  );

  app.post(
    contentBackofficePaths.announcements,
    {
      config: { permission: 'content.announcements' },
      schema: {
        tags,
        summary: 'Creates an announcement (HTML sanitised before it is stored)',
        body: announcementInputSchema,
        response: { 200: okEnvelope(operatorAnnouncementSchema) },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const created = await content.createAnnouncement(request.body, who(operator), requestLanguage(request));
      await backoffice.recordChange(operator, caller(request), {
        action: 'content.announcement.created',
        target: `announcement:${created.id}`,
        before: null,
        after: announcementState(created),
      });
      return ok(created);
    },
  );

  app.get(
    contentBackofficePaths.announcement,
    {
      config: { permission: 'content.announcements' },
      schema: {
        tags,
        summary: 'One announcement',
        params: contentIdParamsSchema,
        response: { 200: okEnvelope(operatorAnnouncementSchema) },
      },
    },
    async (request) => ok(await content.getOperatorAnnouncement(request.params.id)),
  );

  app.put(
    contentBackofficePaths.announcement,
    {
      config: { permission: 'content.announcements' },
      schema: {
        tags,
        summary: 'Replaces an announcement',
        params: contentIdParamsSchema,
        body: announcementInputSchema,
        response: { 200: okEnvelope(operatorAnnouncementSchema) },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const { id } = request.params;
      const before = await content.getOperatorAnnouncement(id);
      const after = await content.updateAnnouncement(id, request.body, who(operator), requestLanguage(request));
      await backoffice.recordChange(operator, caller(request), {
        action: 'content.announcement.updated',
        target: `announcement:${id}`,
        before: announcementState(before),
        after: announcementState(after),
      });
      return ok(after);
    },
  );

  app.delete(
    contentBackofficePaths.announcement,
    {
      config: { permission: 'content.announcements' },
      schema: {
        tags,
        summary: 'Deletes an announcement',
        params: contentIdParamsSchema,
        response: { 200: okEnvelope(contentDeletedSchema) },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const { id } = request.params;
      const before = await content.getOperatorAnnouncement(id);
      await content.deleteAnnouncement(id);
      await backoffice.recordChange(operator, caller(request), {
        action: 'content.announcement.deleted',
        target: `announcement:${id}`,
        before: announcementState(before),
        after: null,
      });
      return ok({ deleted: true as const });
    },
  );

  registerArticleRoutes(app, deps);

  // ---------------------------------------------------------------- inbox messages

  app.get(
    contentBackofficePaths.messages,
    {
      config: { permission: 'content.messages' },
      schema: {
        tags,
        summary: 'Messages operators sent, newest first',
        querystring: operatorPageQuerySchema,
        response: { 200: okEnvelope(operatorMessagePageSchema) },
      },
    },
    async (request) => ok(await content.listOperatorMessages(request.query)),
  );

  app.post(
    contentBackofficePaths.messages,
    {
      config: { permission: 'content.messages' },
      schema: {
        tags,
        summary:
          "Sends an inbox message to one member (by username) or to every member; it lands in the member's inbox",
        body: operatorMessageInputSchema,
        response: { 200: okEnvelope(operatorMessageSchema) },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const message = await content.sendOperatorMessage(request.body, who(operator));
      await backoffice.recordChange(operator, caller(request), {
        action: 'content.message.sent',
        target: message.to === 'all' ? 'members:all' : `account:${message.to.accountId}`,
        before: null,
        after: { id: message.id, title: message.title },
      });
      return ok(message);
    },
  );

  // ---------------------------------------------------------------- feedback

  app.get(
    contentBackofficePaths.feedback,
    {
      config: { permission: 'content.feedback' },
      schema: {
        tags,
        summary: 'Feedback from members and visitors, newest first (optionally by status)',
        querystring: operatorFeedbackQuerySchema,
        response: { 200: okEnvelope(operatorFeedbackPageSchema) },
      },
    },
    async (request) => ok(await content.listFeedback(request.query)),
  );

  app.put(
    contentBackofficePaths.feedbackItem,
    {
      config: { permission: 'content.feedback' },
      schema: {
        tags,
        summary: 'Marks feedback resolved (or open again)',
        params: contentIdParamsSchema,
        body: feedbackStatusInputSchema,
        response: { 200: okEnvelope(operatorFeedbackSchema) },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const updated = await content.setFeedbackStatus(request.params.id, request.body.status, who(operator));
      await backoffice.recordChange(operator, caller(request), {
        action: 'content.feedback.status',
        target: `feedback:${updated.id}`,
        before: null,
        after: { status: updated.status },
      });
      return ok(updated);
    },
  );
}

/** News, blog and guide articles under `/bo/api/content/articles` (permission content.articles), each change audited. */
function registerArticleRoutes(app: RouteApp, deps: ContentRouteDeps): void {
  const { content, backoffice, caller, requireOperator } = deps;
  const permission = { permission: 'content.articles' as const };
  const who = (operator: OperatorContext) => ({ username: operator.username });

  app.get(
    contentBackofficePaths.articles,
    {
      config: permission,
      schema: {
        tags,
        summary: 'Every article (optionally of one kind) with its texts per language and whether players see it',
        querystring: operatorArticleQuerySchema,
        response: { 200: okEnvelope(operatorArticleListSchema) },
      },
    },
    async (request) => ok(await content.listOperatorArticles(request.query.kind)),
  );

  app.post(
    contentBackofficePaths.articles,
    {
      config: permission,
      schema: {
        tags,
        summary: 'Creates an article (HTML sanitised before it is stored)',
        body: articleInputSchema,
        response: { 200: okEnvelope(operatorArticleSchema) },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const created = await content.createArticle(request.body, who(operator), requestLanguage(request));
      await backoffice.recordChange(operator, caller(request), {
        action: 'content.article.created',
        target: `article:${created.id}`,
        before: null,
        after: articleState(created),
      });
      return ok(created);
    },
  );

  app.get(
    contentBackofficePaths.article,
    {
      config: permission,
      schema: {
        tags,
        summary: 'One article',
        params: contentIdParamsSchema,
        response: { 200: okEnvelope(operatorArticleSchema) },
      },
    },
    async (request) => ok(await content.getOperatorArticle(request.params.id)),
  );

  app.put(
    contentBackofficePaths.article,
    {
      config: permission,
      schema: {
        tags,
        summary: 'Replaces an article',
        params: contentIdParamsSchema,
        body: articleInputSchema,
        response: { 200: okEnvelope(operatorArticleSchema) },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const { id } = request.params;
      const before = await content.getOperatorArticle(id);
      const after = await content.updateArticle(id, request.body, who(operator), requestLanguage(request));
      await backoffice.recordChange(operator, caller(request), {
        action: 'content.article.updated',
        target: `article:${id}`,
        before: articleState(before),
        after: articleState(after),
      });
      return ok(after);
    },
  );

  app.put(
    contentBackofficePaths.articlePublish,
    {
      config: permission,
      schema: {
        tags,
        summary: 'Publishes or withdraws an article (its schedule, if any, still applies)',
        params: contentIdParamsSchema,
        body: articlePublishInputSchema,
        response: { 200: okEnvelope(operatorArticleSchema) },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const { id } = request.params;
      const before = await content.getOperatorArticle(id);
      const after = await content.setArticlePublished(id, request.body.published, who(operator));
      await backoffice.recordChange(operator, caller(request), {
        action: request.body.published ? 'content.article.published' : 'content.article.unpublished',
        target: `article:${id}`,
        before: { published: before.published },
        after: { published: after.published },
      });
      return ok(after);
    },
  );

  app.delete(
    contentBackofficePaths.article,
    {
      config: permission,
      schema: {
        tags,
        summary: 'Deletes an article',
        params: contentIdParamsSchema,
        response: { 200: okEnvelope(contentDeletedSchema) },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const { id } = request.params;
      const before = await content.getOperatorArticle(id);
      await content.deleteArticle(id);
      await backoffice.recordChange(operator, caller(request), {
        action: 'content.article.deleted',
        target: `article:${id}`,
        before: articleState(before),
        after: null,
      });
      return ok({ deleted: true as const });
    },
  );
}
