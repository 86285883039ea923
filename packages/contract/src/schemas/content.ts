import { z } from 'zod';
import { listSortShape } from './list-sort';

/**
 * Content (spec sections 2, 3, 4, 5, 7 and 9): announcements (banners, player notices, popups, promotions, help),
 * the member inbox (messageV2), feedback, and the operator calls behind them.
 */

// ---------------------------------------------------------------------------------------------------------
// Constants (spec section 9)
// ---------------------------------------------------------------------------------------------------------

/** B banners, PL player notices (the marquee), PU popups, PR promotions, H help. */
export const announcementTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof announcementTypes)[number];
export const announcementTypeSchema = z.enum(announcementTypes);

/** Who a popup is for: A logged-in members, B visitors, F members on their first login. */
export const announcementAudiences = ['A', 'B', 'F'] as const;
export type AnnouncementAudience = (typeof announcementAudiences)[number];
export const announcementAudienceSchema = z.enum(announcementAudiences);

/** W: the web portal (the only platform the shipped front end asks for). */
export const announcementPlatforms = ['W'] as const;
/** B: the execution the web portal asks for (spec section 7: "platform W; execution B"). */
export const announcementExecutions = ['B'] as const;

/** Banner groups: the home carousel and the promotion page's (video) banners. */
export const bannerGroups = ['w_home', 'w_promotion'] as const;
export type BannerGroup = (typeof bannerGroups)[number];

/** Where a banner or announcement leads: nowhere, an outside URL, a portal route, or the rewards centre. */
export const linkageTypes = ['NONE', 'URL', 'ROUTE', 'PROMOTION'] as const;
export type LinkageType = (typeof linkageTypes)[number];

/** Spec section 9: announcement titles per page, and the two popups' pagers. */
export const announcementPageSize = 9;
export const announcementPager = { marginPages: 1, pageRange: 5 } as const;
export const noticePager = { marginPages: 1, pageRange: 1 } as const;
/** Spec section 9: banners turn every 5000 ms with a 1000 ms transition when there are several. */
export const bannerCarousel = { autoplayMs: 5000, transitionMs: 1000 } as const;
/** The rewards centre, where a promotion link leads (spec section 2). */
export const rewardCenterPath = '/member?page=rewardCenter';

/** Longest stored announcement body (sanitised HTML). */
export const announcementContentMax = 20_000;

// ---------------------------------------------------------------------------------------------------------
// Announcements: the player's call
// ---------------------------------------------------------------------------------------------------------

export const announcementImageSchema = z.object({
  url: z.string(),
  sequence: z.number().int(),
});
export type AnnouncementImage = z.infer<typeof announcementImageSchema>;

/** One announcement in the request's language; `content` is sanitised HTML. */
export const announcementSchema = z.object({
  id: z.number().int(),
  type: announcementTypeSchema,
  title: z.string(),
  content: z.string(),
  announcementImages: z.array(announcementImageSchema),
  /** Banners: the carousel they belong to (w_home, w_promotion). */
  groupName: z.string().nullable(),
  /** Banners only: a video shown instead of the first image (w_promotion). */
  videoUrl: z.string().nullable(),
  linkageType: z.enum(linkageTypes),
  /** URL or route the banner or announcement leads to; null for NONE and PROMOTION. */
  linkage: z.string().nullable(),
  /** Popups: who sees it. */
  audiences: z.array(announcementAudienceSchema),
  sort: z.number().int(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/**
 * `MCSFE_getListAnnouncements`: `types` as the spec's comma list ("B,PL,PU,PR,H") or an array; platform W and
 * execution B by default. The language is the request's `Language` header.
 */
export const announcementListInputSchema = z.object({
  types: z
    .union([
      z.array(announcementTypeSchema).min(1).max(5),
      z
        .string()
        .regex(/^(B|PL|PU|PR|H)(,(B|PL|PU|PR|H)){0,4}$/)
        .describe('Comma-separated types, such as B,PL,PU,PR,H'),
    ])
    .optional(),
  platform: z.enum(announcementPlatforms).default('W'),
  execution: z.enum(announcementExecutions).default('B'),
});
export type AnnouncementListInput = z.input<typeof announcementListInputSchema>;

/** The active announcements of the asked types, by kind, each sorted. */
export const announcementListSchema = z.object({
  banners: z.array(announcementSchema),
  player: z.array(announcementSchema),
  popup: z.array(announcementSchema),
  promotion: z.array(announcementSchema),
  help: z.array(announcementSchema),
});
export type AnnouncementList = z.infer<typeof announcementListSchema>;

export const announcementDetailInputSchema = z.object({ id: z.coerce.number().int().positive() });

/** Parses the spec's comma list or an array of types; undefined means every type. */
export function parseAnnouncementTypes(types: AnnouncementListInput['types']): AnnouncementType[] {
  if (types === undefined) return [...announcementTypes];
  const list = Array.isArray(types) ? types : (types.split(',') as AnnouncementType[]);
  return [...new Set(list)];
}

// ---------------------------------------------------------------------------------------------------------
// Inbox (messageV2)
// ---------------------------------------------------------------------------------------------------------

/**
 * operator: written in the back office; feedback_reply: an operator's answer to the member's feedback; the others are
 * the cashier's notices (spec section 4).
 */
export const inboxMessageKinds = [
  'operator',
  'deposit_arrived',
  'deposit_failed',
  'withdrawal_approved',
  'withdrawal_rejected',
  'feedback_reply',
  'points_redemption_approved',
  'points_redemption_rejected',
] as const;
export type InboxMessageKind = (typeof inboxMessageKinds)[number];

/** A message in the request's language (plain text; the client shows it as text, never as HTML). */
export const inboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(inboxMessageKinds),
  title: z.string(),
  content: z.string(),
  /** What the message answers, quoted (a feedback reply quotes the member's feedback). */
  quote: z.string().optional(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxPageSize = 10;
export const inboxQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(inboxPageSize),
});
export const inboxPageSchema = z.object({
  content: z.array(inboxMessageSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  unread: z.number().int(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** Marks the listed messages read, or every message with `all`. */
export const inboxReadInputSchema = z.union([
  z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(100) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type InboxReadInput = z.infer<typeof inboxReadInputSchema>;
export const inboxDeleteInputSchema = z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(100) });
export type InboxDeleteInput = z.infer<typeof inboxDeleteInputSchema>;
export const inboxChangeResultSchema = z.object({ changed: z.number().int(), unread: z.number().int() });
export type InboxChangeResult = z.infer<typeof inboxChangeResultSchema>;

/** `CSP_unreadCount`: the unread dot of the header's mail icon and the messages badge. */
export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** The realtime notice kind the inbox pushes (`{ type: 'notice', kind, params: { count } }`). */
export const inboxUnreadNoticeKind = 'inbox.unread';

// ---------------------------------------------------------------------------------------------------------
// Feedback (spec sections 3 and 5)
// ---------------------------------------------------------------------------------------------------------

/** 1 deposit, 2 withdrawal, 3 game, 4 customer service, 6 apply agent, 0 other. */
export const feedbackTypes = [1, 2, 3, 4, 6, 0] as const;
export type FeedbackType = (typeof feedbackTypes)[number];
export const feedbackContentMax = 200;
/** The hint's lower bound (spec section 5: "hint 20 to 200; only 200 cap enforced"). */
export const feedbackContentHintMin = 20;

/**
 * `PUT /wps/feedback`. Fields are loose here so that the service can answer each missing one with the spec's
 * "{field} is empty" message; the service trims and checks them.
 */
export const feedbackInputSchema = z.object({
  content: z.string().max(4000).optional(),
  sender: z.string().max(64).optional(),
  type: z.union([z.number().int(), z.string().max(4)]).optional(),
  captcha: z.string().max(16).optional(),
  captchaId: z.string().max(64).optional(),
});
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;
export const feedbackResultSchema = z.object({ id: z.number().int() });

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

// ---------------------------------------------------------------------------------------------------------
// Articles: news, blog and beginner guides (spec section 2 names the pages "blog, news, beginner guide")
// ---------------------------------------------------------------------------------------------------------

export const articleKinds = ['news', 'blog', 'guide'] as const;
export type ArticleKind = (typeof articleKinds)[number];
export const articleKindSchema = z.enum(articleKinds);

/** Articles per page of the public lists. */
export const articlePageSize = 9;
/** Longest stored article body (sanitised HTML). */
export const articleBodyMax = 40_000;

/** One article as a list shows it, in the request's language (English when it has no text in that language). */
export const articleSummarySchema = z.object({
  id: z.number().int(),
  kind: articleKindSchema,
  title: z.string(),
  summary: z.string(),
  coverUrl: z.string().nullable(),
  publishedAt: z.string(),
  /** The language the texts are in (the asked one, or English when the article has none in it). */
  language: z.string(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

/** One article with its sanitised HTML body. */
export const articleSchema = articleSummarySchema.extend({ body: z.string() });
export type Article = z.infer<typeof articleSchema>;

/** `GET /wps/content/articles`: published articles of a kind (or all), newest first, paged. */
export const articleListQuerySchema = z.object({
  kind: articleKindSchema.optional(),
  pageNo: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(articlePageSize),
});
export type ArticleListQuery = z.input<typeof articleListQuerySchema>;
export const articlePageSchema = z.object({
  content: z.array(articleSummarySchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type ArticlePage = z.infer<typeof articlePageSchema>;
export const articleIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const articleTextSchema = z.object({
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().max(500).default(''),
  body: z.string().max(articleBodyMax),
});
export type ArticleText = z.infer<typeof articleTextSchema>;

/**
 * An article as operators write it: texts per language (EN required), a cover image, whether it is published
 * and from when (a future `publishAt` schedules it), and its place in the list (lower `sort` first, then newest).
 */
export const articleInputSchema = z.strictObject({
  kind: articleKindSchema,
  texts: z.object({ en: articleTextSchema, bn: articleTextSchema.optional() }),
  coverUrl: z.string().trim().max(500).nullable().default(null),
  published: z.boolean().default(false),
  publishAt: isoDate.nullable().default(null),
  sort: z.number().int().min(0).max(9999).default(0),
});
export type ArticleInput = z.input<typeof articleInputSchema>;

/** An article as the back office lists it: every language, and whether players see it now. */
export const operatorArticleSchema = z.object({
  id: z.number().int(),
  kind: articleKindSchema,
  texts: z.record(z.string(), z.object({ title: z.string(), summary: z.string(), body: z.string() })),
  coverUrl: z.string().nullable(),
  published: z.boolean(),
  publishAt: z.string().nullable(),
  sort: z.number().int(),
  live: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type OperatorArticle = z.infer<typeof operatorArticleSchema>;
export const operatorArticleListSchema = z.array(operatorArticleSchema);
export const operatorArticleQuerySchema = z.object({ kind: articleKindSchema.optional() });
/** Publishes or withdraws an article without touching its texts. */
export const articlePublishInputSchema = z.strictObject({ published: z.boolean() });
