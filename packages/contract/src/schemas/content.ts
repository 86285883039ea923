import { z } from 'zod';

/**
 * Content (spec sections 2, 3, 4, 5, 7 and 9): announcements (banners, player notices, popups, promotions, help),
 * the member inbox (messageV2) and feedback. The operator calls behind them are in content-operator.ts, the
 * articles (news, blog, guides) in articles.ts.
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
