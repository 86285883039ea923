import {
  announcementInputSchema,
  announcementPreviewSchema,
  articleInputSchema,
  articlePublishInputSchema,
  contentBackofficePaths,
  contentDeletedSchema,
  contentIdParamsSchema,
  feedbackReplyInputSchema,
  feedbackStatusInputSchema,
  helpArticleIdParamsSchema,
  helpArticleInputSchema,
  helpCategoryInputSchema,
  helpCategoryParamsSchema,
  helpOrderInputSchema,
  messageAudienceSchema,
  messageSegmentSchema,
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
  operatorHelpArticleSchema,
  operatorHelpCenterSchema,
  operatorMessageInputSchema,
  operatorMessagePageSchema,
  operatorMessageQuerySchema,
  operatorMessageSchema,
} from '@portal/contract';
import { ok, requestLanguage } from '../../platform/http/envelope';
import type { ContentService } from '../content';
import type { SystemService } from '../system';
import { auditedChanges, authorOf, type RequestContext, type RouteApp, tags } from './backoffice.route-helpers';
import type { BackofficeService } from './backoffice.service';

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
  | 'messageAudience'
  | 'listOperatorMessages'
  | 'listFeedback'
  | 'getFeedback'
  | 'setFeedbackStatus'
  | 'replyToFeedback'
>;

/** What the back office uses of the system module for the help centre: its editing functions. */
export type BackofficeHelp = Pick<
  SystemService,
  | 'operatorHelpCenter'
  | 'getHelpArticle'
  | 'createHelpArticle'
  | 'updateHelpArticle'
  | 'deleteHelpArticle'
  | 'renameHelpCategory'
  | 'deleteHelpCategory'
  | 'setHelpOrder'
>;

export type ContentRouteDeps = {
  content: BackofficeContent;
  /** The help centre's editing (system module); its routes are served when given. */
  help?: BackofficeHelp;
  backoffice: BackofficeService;
} & RequestContext;

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
  const audited = auditedChanges(deps);

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
    async (request) =>
      ok(
        await audited.create(request, {
          action: 'content.announcement.created',
          target: (created) => `announcement:${created.id}`,
          create: (operator) => content.createAnnouncement(request.body, authorOf(operator), requestLanguage(request)),
          state: announcementState,
        }),
      ),
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
      const { id } = request.params;
      return ok(
        await audited.update(request, {
          action: 'content.announcement.updated',
          target: `announcement:${id}`,
          read: () => content.getOperatorAnnouncement(id),
          update: (operator) =>
            content.updateAnnouncement(id, request.body, authorOf(operator), requestLanguage(request)),
          state: announcementState,
        }),
      );
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
      const { id } = request.params;
      return ok(
        await audited.remove(request, {
          action: 'content.announcement.deleted',
          target: `announcement:${id}`,
          read: () => content.getOperatorAnnouncement(id),
          remove: () => content.deleteAnnouncement(id),
          state: announcementState,
        }),
      );
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
        summary: 'Messages operators sent, newest first unless sorted otherwise',
        querystring: operatorMessageQuerySchema,
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
      const message = await content.sendOperatorMessage(request.body, authorOf(operator));
      const to = message.to;
      await backoffice.recordChange(operator, caller(request), {
        action: to !== 'all' && 'segment' in to ? 'content.message.sent_segment' : 'content.message.sent',
        target: to === 'all' ? 'members:all' : 'segment' in to ? 'members:segment' : `account:${to.accountId}`,
        before: null,
        after:
          to !== 'all' && 'segment' in to
            ? { id: message.id, title: message.title, segment: to.segment, recipients: to.recipients }
            : { id: message.id, title: message.title },
      });
      return ok(message);
    },
  );

  app.post(
    contentBackofficePaths.messageAudience,
    {
      config: { permission: 'content.messages' },
      schema: {
        tags,
        summary: 'How many members a segment reaches now (the preview before sending); sends nothing',
        body: messageSegmentSchema,
        response: { 200: okEnvelope(messageAudienceSchema) },
      },
    },
    async (request) => ok(await content.messageAudience(request.body)),
  );

  // ---------------------------------------------------------------- feedback

  app.get(
    contentBackofficePaths.feedback,
    {
      config: { permission: 'content.feedback' },
      schema: {
        tags,
        summary: 'Feedback from members and visitors, newest first unless sorted otherwise (optionally by status)',
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
      const updated = await content.setFeedbackStatus(request.params.id, request.body.status, authorOf(operator));
      await backoffice.recordChange(operator, caller(request), {
        action: 'content.feedback.status',
        target: `feedback:${updated.id}`,
        before: null,
        after: { status: updated.status },
      });
      return ok(updated);
    },
  );

  app.post(
    contentBackofficePaths.feedbackReply,
    {
      config: { permission: 'content.feedback' },
      schema: {
        tags,
        summary:
          "Answers a member's feedback: the reply goes to their inbox (once) and the feedback is marked resolved; visitors' feedback cannot be answered",
        params: contentIdParamsSchema,
        body: feedbackReplyInputSchema,
        response: { 200: okEnvelope(operatorFeedbackSchema) },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const { id } = request.params;
      const before = await content.getFeedback(id);
      const updated = await content.replyToFeedback(id, request.body, authorOf(operator));
      await backoffice.recordChange(operator, caller(request), {
        action: 'content.feedback.replied',
        target: `feedback:${id}`,
        before: { status: before.status, reply: null },
        after: { status: updated.status, reply: updated.reply?.content ?? null, accountId: updated.accountId },
      });
      return ok(updated);
    },
  );

  if (deps.help) registerHelpRoutes(app, { ...deps, help: deps.help });
}

/**
 * The help centre under `/bo/api/content/help` (permission content.help): categories and articles per language,
 * added, edited, reordered and deleted; HTML sanitised before it is stored; each change audited, and the players'
 * cache emptied by the system service so `/wps/system/helpCenter` shows it at once.
 */
function registerHelpRoutes(app: RouteApp, deps: ContentRouteDeps & { help: BackofficeHelp }): void {
  const { help, backoffice, caller, requireOperator } = deps;
  const audited = auditedChanges(deps);
  const permission = { permission: 'content.help' as const };

  app.get(
    contentBackofficePaths.help,
    {
      config: permission,
      schema: {
        tags,
        summary:
          'The help centre as stored: categories in order with their titles and articles (switched-off ones too)',
        response: { 200: okEnvelope(operatorHelpCenterSchema) },
      },
    },
    async () => ok(await help.operatorHelpCenter()),
  );

  app.post(
    contentBackofficePaths.helpArticles,
    {
      config: permission,
      schema: {
        tags,
        summary: 'Adds a help article at the end of its category (a new category needs its titles)',
        body: helpArticleInputSchema,
        response: { 200: okEnvelope(operatorHelpArticleSchema) },
      },
    },
    async (request) =>
      ok(
        await audited.create(request, {
          action: 'content.help.article_created',
          target: (created) => `help:${created.id}`,
          create: () => help.createHelpArticle(request.body),
        }),
      ),
  );

  app.put(
    contentBackofficePaths.helpArticle,
    {
      config: permission,
      schema: {
        tags,
        summary: 'Replaces a help article (texts, anchor, category, switch)',
        params: helpArticleIdParamsSchema,
        body: helpArticleInputSchema,
        response: { 200: okEnvelope(operatorHelpArticleSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(
        await audited.update(request, {
          action: 'content.help.article_updated',
          target: `help:${id}`,
          read: () => help.getHelpArticle(id),
          update: () => help.updateHelpArticle(id, request.body),
        }),
      );
    },
  );

  app.delete(
    contentBackofficePaths.helpArticle,
    {
      config: permission,
      schema: {
        tags,
        summary: 'Deletes a help article',
        params: helpArticleIdParamsSchema,
        response: { 200: okEnvelope(contentDeletedSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(
        await audited.remove(request, {
          action: 'content.help.article_deleted',
          target: `help:${id}`,
          read: () => help.getHelpArticle(id),
          remove: () => help.deleteHelpArticle(id),
        }),
      );
    },
  );

  app.put(
    contentBackofficePaths.helpCategory,
    {
      config: permission,
      schema: {
        tags,
        summary: 'Renames a help category per language',
        params: helpCategoryParamsSchema,
        body: helpCategoryInputSchema,
        response: { 200: okEnvelope(operatorHelpCenterSchema.shape.categories.element) },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const { category } = request.params;
      const current = (await help.operatorHelpCenter()).categories.find((entry) => entry.key === category);
      const after = await help.renameHelpCategory(category, request.body.titles);
      await backoffice.recordChange(operator, caller(request), {
        action: 'content.help.category_renamed',
        target: `help-category:${category}`,
        before: current ? { titles: current.titles } : null,
        after: { titles: after.titles },
      });
      return ok(after);
    },
  );

  app.delete(
    contentBackofficePaths.helpCategory,
    {
      config: permission,
      schema: {
        tags,
        summary: 'Deletes a help category with every article in it',
        params: helpCategoryParamsSchema,
        response: { 200: okEnvelope(contentDeletedSchema) },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const { category } = request.params;
      const before = (await help.operatorHelpCenter()).categories.find((entry) => entry.key === category) ?? null;
      await help.deleteHelpCategory(category);
      await backoffice.recordChange(operator, caller(request), {
        action: 'content.help.category_deleted',
        target: `help-category:${category}`,
        before,
        after: null,
      });
      return ok({ deleted: true as const });
    },
  );

  app.put(
    contentBackofficePaths.helpOrder,
    {
      config: permission,
      schema: {
        tags,
        summary: 'Puts the categories and their articles in the given order',
        body: helpOrderInputSchema,
        response: { 200: okEnvelope(operatorHelpCenterSchema) },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const order = (center: { categories: { key: string; articles: { id: number }[] }[] }) =>
        center.categories.map((category) => ({
          key: category.key,
          articleIds: category.articles.map((article) => article.id),
        }));
      const before = order(await help.operatorHelpCenter());
      const after = await help.setHelpOrder(request.body);
      await backoffice.recordChange(operator, caller(request), {
        action: 'content.help.reordered',
        target: 'help',
        before: { categories: before },
        after: { categories: order(after) },
      });
      return ok(after);
    },
  );
}

/** News, blog and guide articles under `/bo/api/content/articles` (permission content.articles), each change audited. */
function registerArticleRoutes(app: RouteApp, deps: ContentRouteDeps): void {
  const { content } = deps;
  const audited = auditedChanges(deps);
  const permission = { permission: 'content.articles' as const };

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
    async (request) =>
      ok(
        await audited.create(request, {
          action: 'content.article.created',
          target: (created) => `article:${created.id}`,
          create: (operator) => content.createArticle(request.body, authorOf(operator), requestLanguage(request)),
          state: articleState,
        }),
      ),
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
      const { id } = request.params;
      return ok(
        await audited.update(request, {
          action: 'content.article.updated',
          target: `article:${id}`,
          read: () => content.getOperatorArticle(id),
          update: (operator) => content.updateArticle(id, request.body, authorOf(operator), requestLanguage(request)),
          state: articleState,
        }),
      );
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
      const { id } = request.params;
      return ok(
        await audited.update(request, {
          action: request.body.published ? 'content.article.published' : 'content.article.unpublished',
          target: `article:${id}`,
          read: () => content.getOperatorArticle(id),
          update: (operator) => content.setArticlePublished(id, request.body.published, authorOf(operator)),
          state: (article) => ({ published: article.published }),
        }),
      );
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
      const { id } = request.params;
      return ok(
        await audited.remove(request, {
          action: 'content.article.deleted',
          target: `article:${id}`,
          read: () => content.getOperatorArticle(id),
          remove: () => content.deleteArticle(id),
          state: articleState,
        }),
      );
    },
  );
}
