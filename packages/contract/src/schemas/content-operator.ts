import { z } from 'zod';
import {
  announcementAudienceSchema,
  announcementContentMax,
  announcementExecutions,
  announcementImageSchema,
  announcementPlatforms,
  announcementTypeSchema,
  linkageTypes,
} from './content';
import { listSortShape } from './list-sort';

/**
 * The operator calls behind the content (back office, under /bo/api): announcements, member messages, feedback and
 * the help centre. Apart from the player's content schemas (content.ts) so that the player portal, which loads
 * those, does not build these (each zod schema is built when its module first runs).
 */

// ---------------------------------------------------------------------------------------------------------
// Operator calls (back office, under /bo/api)
// ---------------------------------------------------------------------------------------------------------

export const contentBackofficePaths = {
  articles: '/content/articles',
  article: '/content/articles/:id',
  articlePublish: '/content/articles/:id/publish',
  announcements: '/content/announcements',
  announcement: '/content/announcements/:id',
  announcementPreview: '/content/announcements/preview',
  messages: '/content/messages',
  messageAudience: '/content/messages/audience',
  feedback: '/content/feedback',
  feedbackItem: '/content/feedback/:id',
  feedbackReply: '/content/feedback/:id/reply',
  help: '/content/help',
  helpArticle: '/content/help/articles/:id',
  helpArticles: '/content/help/articles',
  helpCategory: '/content/help/categories/:category',
  helpOrder: '/content/help/order',
} as const;

const isoDate = z.iso.datetime({ offset: true });

export const announcementTextSchema = z.object({
  title: z.string().trim().min(1).max(200),
  content: z.string().max(announcementContentMax),
});

/** An announcement as operators write it: a title and HTML body per language (EN required). */
export const announcementInputSchema = z.strictObject({
  type: announcementTypeSchema,
  platform: z.enum(announcementPlatforms).default('W'),
  execution: z.enum(announcementExecutions).default('B'),
  audiences: z.array(announcementAudienceSchema).max(3).default(['A', 'B']),
  groupName: z.string().trim().max(40).nullable().default(null),
  videoUrl: z.string().trim().max(500).nullable().default(null),
  linkageType: z.enum(linkageTypes).default('NONE'),
  linkage: z.string().trim().max(500).nullable().default(null),
  images: z
    .array(z.object({ url: z.string().trim().min(1).max(500), sequence: z.number().int().min(0).max(99) }))
    .max(10)
    .default([]),
  texts: z.object({ en: announcementTextSchema, bn: announcementTextSchema.optional() }),
  sort: z.number().int().min(0).max(9999).default(0),
  enabled: z.boolean().default(true),
  startAt: isoDate.nullable().default(null),
  endAt: isoDate.nullable().default(null),
});
export type AnnouncementInput = z.input<typeof announcementInputSchema>;

/** An announcement as the back office lists it: every language, the window and whether it is live. */
export const operatorAnnouncementSchema = z.object({
  id: z.number().int(),
  type: announcementTypeSchema,
  platform: z.string(),
  execution: z.string(),
  audiences: z.array(announcementAudienceSchema),
  groupName: z.string().nullable(),
  videoUrl: z.string().nullable(),
  linkageType: z.enum(linkageTypes),
  linkage: z.string().nullable(),
  images: z.array(announcementImageSchema),
  texts: z.record(z.string(), z.object({ title: z.string(), content: z.string() })),
  sort: z.number().int(),
  enabled: z.boolean(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  live: z.boolean(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type OperatorAnnouncement = z.infer<typeof operatorAnnouncementSchema>;
export const operatorAnnouncementListSchema = z.array(operatorAnnouncementSchema);
export const operatorAnnouncementQuerySchema = z.object({ type: announcementTypeSchema.optional() });
export const contentIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const contentDeletedSchema = z.object({ deleted: z.literal(true) });

/** The preview: the sanitised HTML per language, exactly as players will get it. */
export const announcementPreviewSchema = z.object({
  texts: z.record(z.string(), z.object({ title: z.string(), content: z.string() })),
});
export type AnnouncementPreview = z.infer<typeof announcementPreviewSchema>;

/** Who a segment may hold: members, agents or both (trial accounts never). */
export const messageSegmentKinds = ['member', 'agent'] as const;
/** Deposit condition of a segment: any, an approved deposit in the last `depositDays` days, or never one. */
export const messageSegmentDeposits = ['any', 'recent', 'never'] as const;

/**
 * A group of active accounts to message, every condition given must hold: kind, registered in [from, to), deposit
 * history, and in an agent's downline (direct, or the whole tree below). VIP levels are not kept by the portal
 * yet, so they are not a condition.
 */
export const messageSegmentSchema = z.strictObject({
  kinds: z.array(z.enum(messageSegmentKinds)).min(1).max(2).default(['member']),
  registeredFrom: isoDate.nullable().default(null),
  registeredTo: isoDate.nullable().default(null),
  deposit: z.enum(messageSegmentDeposits).default('any'),
  depositDays: z.number().int().min(1).max(365).default(30),
  uplineUsername: z.string().trim().max(32).nullable().default(null),
  wholeDownline: z.boolean().default(false),
});
export type MessageSegment = z.infer<typeof messageSegmentSchema>;
export type MessageSegmentInput = z.input<typeof messageSegmentSchema>;
/** How many accounts a segment reaches now (the preview before sending). */
export const messageAudienceSchema = z.object({ recipients: z.number().int() });
export type MessageAudience = z.infer<typeof messageAudienceSchema>;

/** A message from the operator to one member (by username), to a segment, or to every member. */
export const operatorMessageInputSchema = z.strictObject({
  to: z.union([
    z.strictObject({ username: z.string().trim().min(1).max(32) }),
    z.strictObject({ segment: messageSegmentSchema }),
    z.literal('all'),
  ]),
  title: z.string().trim().min(1).max(120),
  content: z.string().trim().min(1).max(2000),
});
export type OperatorMessageInput = z.input<typeof operatorMessageInputSchema>;
export const operatorMessageSchema = z.object({
  id: z.number().int(),
  to: z.union([
    z.object({ accountId: z.number().int(), username: z.string().nullable() }),
    z.object({ segment: messageSegmentSchema, recipients: z.number().int() }),
    z.literal('all'),
  ]),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type OperatorMessage = z.infer<typeof operatorMessageSchema>;
export const operatorMessagePageSchema = z.object({
  content: z.array(operatorMessageSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export const operatorPageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** Columns the sent-messages list sorts on (newest first by default). */
export const operatorMessageSorts = ['createdAt', 'title', 'createdBy'] as const;
export type OperatorMessageSort = (typeof operatorMessageSorts)[number];
export const operatorMessageQuerySchema = operatorPageQuerySchema.extend(
  listSortShape(operatorMessageSorts, { sort: 'createdAt', order: 'desc' }),
);
export type OperatorMessageQuery = z.infer<typeof operatorMessageQuerySchema>;

export const feedbackStatuses = ['open', 'resolved'] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];
export const operatorFeedbackSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  content: z.string(),
  sender: z.string(),
  accountId: z.number().int().nullable(),
  status: z.enum(feedbackStatuses),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  /** The operator's answer, delivered to the member's inbox; null until answered (visitors cannot be answered). */
  reply: z.object({ content: z.string(), createdAt: z.string(), createdBy: z.string().nullable() }).nullable(),
});
export type OperatorFeedback = z.infer<typeof operatorFeedbackSchema>;
/** Columns the feedback list sorts on (newest first by default). */
export const operatorFeedbackSorts = ['createdAt', 'type', 'status'] as const;
export type OperatorFeedbackSort = (typeof operatorFeedbackSorts)[number];
export const operatorFeedbackQuerySchema = operatorPageQuerySchema.extend({
  status: z.enum(feedbackStatuses).optional(),
  ...listSortShape(operatorFeedbackSorts, { sort: 'createdAt', order: 'desc' }),
});
export type OperatorFeedbackQuery = z.infer<typeof operatorFeedbackQuerySchema>;
export const operatorFeedbackPageSchema = z.object({
  content: z.array(operatorFeedbackSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export const feedbackStatusInputSchema = z.strictObject({ status: z.enum(feedbackStatuses) });
/** Longest reply to feedback (it is an inbox message's body). */
export const feedbackReplyMax = 1000;
/** An operator's answer to a member's feedback: sent to their inbox once, and the feedback is marked resolved. */
export const feedbackReplyInputSchema = z.strictObject({ content: z.string().trim().min(1).max(feedbackReplyMax) });
export type FeedbackReplyInput = z.infer<typeof feedbackReplyInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Help centre editing (the articles of GET /wps/system/helpCenter), per language
// ---------------------------------------------------------------------------------------------------------

/** Longest stored help article body (sanitised HTML). */
export const helpArticleContentMax = 20_000;
const helpSlug = z
  .string()
  .trim()
  .min(1)
  .regex(/^[a-z0-9][a-z0-9-]*$/);
export const helpArticleTextSchema = z.object({
  title: z.string().trim().min(1).max(200),
  content: z.string().max(helpArticleContentMax),
});
export const helpCategoryTitlesSchema = z.object({
  en: z.string().trim().min(1).max(80),
  bn: z.string().trim().min(1).max(80).optional(),
});
export type HelpCategoryTitles = z.infer<typeof helpCategoryTitlesSchema>;

/**
 * A help article as operators write it: its category (an existing one's key, or a new key with `categoryTitles`),
 * its anchor (the `/help#anchor` link), whether players see it, and title and HTML body per language (EN required;
 * Bengali readers get English where there is no Bengali).
 */
export const helpArticleInputSchema = z.strictObject({
  category: helpSlug.max(40),
  categoryTitles: helpCategoryTitlesSchema.optional(),
  anchor: helpSlug.max(60),
  enabled: z.boolean().default(true),
  texts: z.object({ en: helpArticleTextSchema, bn: helpArticleTextSchema.optional() }),
});
export type HelpArticleInput = z.input<typeof helpArticleInputSchema>;

export const operatorHelpArticleSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  anchor: z.string(),
  enabled: z.boolean(),
  texts: z.record(z.string(), z.object({ title: z.string(), content: z.string() })),
});
export type OperatorHelpArticle = z.infer<typeof operatorHelpArticleSchema>;
/** The help centre as the back office edits it: categories in order, each with its titles and articles in order. */
export const operatorHelpCenterSchema = z.object({
  categories: z.array(
    z.object({
      key: z.string(),
      titles: z.record(z.string(), z.string()),
      articles: z.array(operatorHelpArticleSchema),
    }),
  ),
});
export type OperatorHelpCenter = z.infer<typeof operatorHelpCenterSchema>;
export const helpArticleIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const helpCategoryParamsSchema = z.object({ category: helpSlug.max(40) });
/** Renames a category (per language). */
export const helpCategoryInputSchema = z.strictObject({ titles: helpCategoryTitlesSchema });
/** The whole order: categories first to last, each with its article ids first to last. */
export const helpOrderInputSchema = z.strictObject({
  categories: z
    .array(z.strictObject({ key: helpSlug.max(40), articleIds: z.array(z.number().int().positive()).max(500) }))
    .max(100),
});
export type HelpOrderInput = z.infer<typeof helpOrderInputSchema>;
