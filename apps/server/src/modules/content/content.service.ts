import { randomUUID } from 'node:crypto';
import {
  type Announcement,
  type AnnouncementInput,
  type AnnouncementList,
  type AnnouncementListInput,
  type AnnouncementPreview,
  type AnnouncementType,
  announcementInputSchema,
  type FeedbackInput,
  type FeedbackReplyInput,
  type FeedbackStatus,
  feedbackContentMax,
  feedbackTypes,
  type InboxChangeResult,
  type InboxDeleteInput,
  type InboxMessage,
  type InboxMessageKind,
  type InboxPage,
  type InboxReadInput,
  inboxMessageKinds,
  inboxUnreadNoticeKind,
  interpolate,
  lookupMessage,
  type MessageAudience,
  type MessageSegment,
  type OperatorAnnouncement,
  type OperatorFeedback,
  type OperatorFeedbackQuery,
  type OperatorMessage,
  type OperatorMessageInput,
  type OperatorMessageQuery,
  operatorMessageInputSchema,
  parseAnnouncementTypes,
  type RealtimeEvent,
  resolveLanguage,
  type ValidationIssue,
} from '@portal/contract';
import type { Db } from '../../platform/db';
import { isSafeContentUrl, sanitizeOperatorHtml } from '../../platform/html/sanitize';
import { AppError } from '../../platform/http/app-error';
import { createArticleService } from './content.articles.service';
import * as repo from './content.repository';
import type { AnnouncementText } from './content.tables';

/** What content needs of the identity module (its public service). */
export type ContentIdentity = {
  verifyCaptcha(input: { captcha?: string | undefined; captchaId?: string | undefined }): Promise<void>;
  getAccount(accountId: number): Promise<{ id: number; username: string } | null>;
  findAccountByUsername(username: string): Promise<{ id: number; username: string; role: string | null } | null>;
};

/**
 * Who a message segment reaches, from the modules that know (identity: accounts, registration, downline; wallet:
 * deposits), wired in app.ts through their public services.
 */
export type ContentAudience = {
  accountIds(filter: {
    kinds: MessageSegment['kinds'];
    registeredFrom: Date | null;
    registeredTo: Date | null;
    uplineId: number | null;
    wholeDownline: boolean;
  }): Promise<number[]>;
  depositorAccountIds(since: Date | null): Promise<number[]>;
};

/** A cashier notice (the wallet's `MemberNotice`), as the inbox stores it. */
export type CashierNotice = { accountId: number; kind: string; params: Record<string, unknown> };

export type ContentServiceDeps = {
  db: Db;
  merchantCode: string;
  identity: ContentIdentity;
  /** Resolves message segments; without it a message to a segment is refused (an error, not a silent no-op). */
  audience?: ContentAudience;
  /** Pushes an event to the member's sockets (the realtime module); absent in setups without sockets. */
  publish?: (accountId: number, event: RealtimeEvent) => Promise<void>;
  /** Whether the member has a socket connected anywhere (the realtime module); no count is read for nobody. */
  isListening?: (accountId: number) => Promise<boolean>;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  now?: () => Date;
};

/** Who did an operator action, for the records. */
export type ContentOperator = { username: string };

/** Who sends feedback: a logged-in account (its username is the sender) or a visitor. */
export type FeedbackContext = { accountId: number | null; ip: string | null; language: string | undefined };

const listKeys: Record<AnnouncementType, keyof AnnouncementList> = {
  B: 'banners',
  PL: 'player',
  PU: 'popup',
  PR: 'promotion',
  H: 'help',
};

/**
 * Kinds the cashier's (and the points mall's) notices may have (operator messages and feedback replies are written by
 * operators).
 */
const systemKinds: ReadonlySet<string> = new Set(
  inboxMessageKinds.filter((kind) => kind !== 'operator' && kind !== 'feedback_reply'),
);

/** Copies of a message to a segment whose recipients are told at once over their sockets; larger sends are not. */
const pushLimit = 200;

/** Inbox texts of each cashier notice kind (keys under `content.inbox` of the shared catalogue). */
const noticeTexts: Record<
  Exclude<InboxMessageKind, 'operator' | 'feedback_reply'>,
  { title: string; body: string; reason?: string }
> = {
  deposit_arrived: { title: 'depositArrivedTitle', body: 'depositArrived' },
  deposit_failed: { title: 'depositFailedTitle', body: 'depositFailed', reason: 'depositFailedReason' },
  withdrawal_approved: { title: 'withdrawalApprovedTitle', body: 'withdrawalApproved' },
  withdrawal_rejected: {
    title: 'withdrawalRejectedTitle',
    body: 'withdrawalRejected',
    reason: 'withdrawalRejectedReason',
  },
  points_redemption_approved: { title: 'pointsRedemptionApprovedTitle', body: 'pointsRedemptionApproved' },
  points_redemption_rejected: {
    title: 'pointsRedemptionRejectedTitle',
    body: 'pointsRedemptionRejected',
    reason: 'pointsRedemptionRejectedReason',
  },
};

function text(language: string | undefined, key: string, params: Record<string, unknown> = {}): string {
  return interpolate(lookupMessage(language, key) ?? key, params);
}

function fieldIssue(language: string | undefined, field: string, key: string, params: Record<string, unknown> = {}) {
  return {
    path: `body.${field}`,
    code: key === 'validation.fieldEmpty' ? 'required' : 'invalid',
    message: text(language, key, params),
  };
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A decimal string with thousands separators ("1200.50" -> "1,200.50"), as the spec shows amounts. */
function groupThousands(value: unknown): string {
  const amount = typeof value === 'string' ? value : String(value ?? '');
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(amount);
  if (!match) return amount;
  return `${match[1]}${(match[2] ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${match[3] ?? ''}`;
}

/**
 * Announcements, articles, the member inbox and feedback: the content module's rules.
 */
export function createContentService(deps: ContentServiceDeps) {
  const { db, merchantCode } = deps;
  const now = deps.now ?? (() => new Date());

  /** The text of a language, else English, else the first one there is. */
  function textFor(texts: Record<string, AnnouncementText>, language: string | undefined): AnnouncementText {
    return texts[resolveLanguage(language)] ?? texts.en ?? Object.values(texts)[0] ?? { title: '', content: '' };
  }

  function isLive(row: repo.AnnouncementRow, at: Date): boolean {
    return row.enabled && (!row.startAt || row.startAt <= at) && (!row.endAt || row.endAt > at);
  }

  function toAnnouncement(row: repo.AnnouncementRow, language: string | undefined): Announcement {
    const chosen = textFor(row.texts, language);
    return {
      id: row.id,
      type: row.type as AnnouncementType,
      title: chosen.title,
      // Sanitised again on the way out: the stored HTML is not trusted to be clean.
      content: sanitizeOperatorHtml(chosen.content),
      announcementImages: [...row.images]
        .filter((image) => isSafeContentUrl(image.url))
        .sort((a, b) => a.sequence - b.sequence),
      groupName: row.groupName,
      videoUrl: row.videoUrl && isSafeContentUrl(row.videoUrl) ? row.videoUrl : null,
      linkageType: row.linkageType as Announcement['linkageType'],
      linkage: row.linkage && isSafeContentUrl(row.linkage) ? row.linkage : null,
      audiences: row.audiences as Announcement['audiences'],
      sort: row.sort,
      startAt: iso(row.startAt),
      endAt: iso(row.endAt),
    };
  }

  function toOperatorAnnouncement(row: repo.AnnouncementRow): OperatorAnnouncement {
    const texts: OperatorAnnouncement['texts'] = {};
    for (const [language, value] of Object.entries(row.texts)) {
      texts[language] = { title: value.title, content: sanitizeOperatorHtml(value.content) };
    }
    return {
      id: row.id,
      type: row.type as AnnouncementType,
      platform: row.platform,
      execution: row.execution,
      audiences: row.audiences as OperatorAnnouncement['audiences'],
      groupName: row.groupName,
      videoUrl: row.videoUrl,
      linkageType: row.linkageType as OperatorAnnouncement['linkageType'],
      linkage: row.linkage,
      images: row.images,
      texts,
      sort: row.sort,
      enabled: row.enabled,
      startAt: iso(row.startAt),
      endAt: iso(row.endAt),
      live: isLive(row, now()),
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: row.updatedBy,
    };
  }

  /**
   * Checks and cleans an operator's announcement: URLs must be http(s) or a path on this site, a ROUTE link a
   * path, the window must not end before it starts; the HTML is sanitised before it is stored.
   * @throws VALIDATION_FAILED with an issue per bad field.
   */
  function prepareAnnouncement(raw: AnnouncementInput, language: string | undefined) {
    const input = announcementInputSchema.parse(raw);
    const issues: ValidationIssue[] = [];
    const invalid = (field: string) => issues.push(fieldIssue(language, field, 'validation.invalid'));
    input.images.forEach((image, index) => {
      if (!isSafeContentUrl(image.url)) invalid(`images.${index}.url`);
    });
    if (input.videoUrl && !isSafeContentUrl(input.videoUrl)) invalid('videoUrl');
    if (input.linkageType === 'URL' && !(input.linkage && /^https?:\/\//i.test(input.linkage))) invalid('linkage');
    if (
      input.linkageType === 'ROUTE' &&
      !(input.linkage && isSafeContentUrl(input.linkage) && input.linkage.startsWith('/'))
    ) {
      invalid('linkage');
    }
    if (input.startAt && input.endAt && new Date(input.endAt) <= new Date(input.startAt)) invalid('endAt');
    if (input.type === 'B' && !input.groupName) issues.push(fieldIssue(language, 'groupName', 'validation.required'));
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', {}, issues);
    const texts: Record<string, AnnouncementText> = {};
    for (const [lang, value] of Object.entries(input.texts)) {
      if (value) texts[lang] = { title: value.title.trim(), content: sanitizeOperatorHtml(value.content) };
    }
    const keepsLink = input.linkageType === 'URL' || input.linkageType === 'ROUTE';
    return {
      type: input.type,
      platform: input.platform,
      execution: input.execution,
      audiences: [...new Set(input.audiences)],
      groupName: input.groupName,
      videoUrl: input.videoUrl,
      linkageType: input.linkageType,
      linkage: keepsLink ? input.linkage : null,
      images: input.images,
      texts,
      sort: input.sort,
      enabled: input.enabled,
      startAt: input.startAt ? new Date(input.startAt) : null,
      endAt: input.endAt ? new Date(input.endAt) : null,
    };
  }

  // ------------------------------------------------------------------------------------------ inbox helpers

  function toInboxMessage(row: repo.InboxRow, language: string | undefined): InboxMessage {
    const kind = row.kind as InboxMessageKind;
    if (kind === 'operator') {
      return {
        id: row.id,
        kind,
        title: row.title,
        content: row.content,
        read: row.readAt !== null,
        createdAt: row.createdAt.toISOString(),
      };
    }
    if (kind === 'feedback_reply') {
      const quote = typeof row.params.feedback === 'string' ? row.params.feedback : undefined;
      return {
        id: row.id,
        kind,
        title: text(language, 'content.inbox.feedbackReplyTitle'),
        content: row.content,
        ...(quote ? { quote } : {}),
        read: row.readAt !== null,
        createdAt: row.createdAt.toISOString(),
      };
    }
    const keys = noticeTexts[kind];
    const params = row.params;
    const reason = typeof params.reason === 'string' && params.reason.length > 0 ? params.reason : null;
    const bodyKey = reason && keys.reason ? keys.reason : keys.body;
    return {
      id: row.id,
      kind,
      title: text(language, `content.inbox.${keys.title}`),
      content: text(language, `content.inbox.${bodyKey}`, { ...params, amount: groupThousands(params.amount), reason }),
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * The inbox row of a cashier notice, or null for a kind the inbox does not show. Its source key (kind and deposit,
   * withdrawal or redemption id) stores one decision once, whoever stores it and however often.
   */
  function cashierMessage(notice: CashierNotice, createdAt: Date) {
    if (!systemKinds.has(notice.kind)) return null;
    const subject = notice.params.depositId ?? notice.params.withdrawalId ?? notice.params.redemptionId;
    return {
      merchantCode,
      accountId: notice.accountId,
      kind: notice.kind,
      params: notice.params,
      sourceKey: subject === undefined ? null : `${notice.kind}:${String(subject)}`,
      createdAt,
    };
  }

  /** Tells the member's sockets the new unread count; a failure is logged (the client also refetches). */
  async function pushUnread(accountId: number): Promise<void> {
    if (!deps.publish) return;
    try {
      if (deps.isListening && !(await deps.isListening(accountId))) return;
      const count = await repo.countUnread(db, merchantCode, accountId);
      await deps.publish(accountId, { type: 'notice', kind: inboxUnreadNoticeKind, params: { count } });
    } catch (error) {
      deps.log.warn({ err: error, accountId }, 'content: unread count not pushed');
    }
  }

  /**
   * The active accounts a segment reaches now: the identity conditions, then the deposit condition (approved
   * deposits in the last N days, or none ever).
   * @throws CONTENT_MEMBER_NOT_FOUND when the segment names an agent that does not exist.
   */
  async function segmentRecipients(segment: MessageSegment): Promise<number[]> {
    const audience = deps.audience;
    if (!audience) throw new Error('content: message segments need the audience dependency');
    let uplineId: number | null = null;
    if (segment.uplineUsername) {
      const agent = await deps.identity.findAccountByUsername(segment.uplineUsername);
      if (agent?.role !== 'agent') {
        throw new AppError('CONTENT_MEMBER_NOT_FOUND', { username: segment.uplineUsername });
      }
      uplineId = agent.id;
    }
    const ids = await audience.accountIds({
      kinds: segment.kinds,
      registeredFrom: segment.registeredFrom ? new Date(segment.registeredFrom) : null,
      registeredTo: segment.registeredTo ? new Date(segment.registeredTo) : null,
      uplineId,
      wholeDownline: segment.wholeDownline,
    });
    if (segment.deposit === 'any' || ids.length === 0) return ids;
    const since = segment.deposit === 'recent' ? new Date(now().getTime() - segment.depositDays * 86_400_000) : null;
    const depositors = new Set(await audience.depositorAccountIds(since));
    return ids.filter((id) => depositors.has(id) === (segment.deposit === 'recent'));
  }

  /**
   * One copy of the message per account of the segment, in one transaction. The first copy carries the segment and
   * the count (the operators' list shows it); every copy carries the send's id.
   */
  async function sendToSegment(
    segment: MessageSegment,
    input: { title: string; content: string },
    operator: ContentOperator,
  ): Promise<OperatorMessage> {
    const ids = await segmentRecipients(segment);
    const [first, ...rest] = ids;
    if (first === undefined) throw new AppError('CONTENT_SEGMENT_EMPTY', {});
    const sendId = randomUUID();
    const at = now();
    const base = { merchantCode, kind: 'operator', title: input.title, content: input.content, createdAt: at };
    const lead = await db.transaction(async (tx) => {
      const row = await repo.insertMessage(tx, {
        ...base,
        accountId: first,
        params: { sendId, segment, recipients: ids.length },
        createdBy: operator.username,
      });
      if (!row) throw new Error('message insert returned nothing');
      await repo.insertMessageCopies(tx, { ...base, params: { sendId }, createdBy: operator.username }, rest);
      return row;
    });
    // Small sends tell each member at once; a large one reaches clients when they next ask for the count.
    if (ids.length <= pushLimit) await Promise.all(ids.map((id) => pushUnread(id)));
    return {
      id: lead.id,
      to: { segment, recipients: ids.length },
      title: lead.title,
      content: lead.content,
      createdAt: lead.createdAt.toISOString(),
      createdBy: lead.createdBy,
    };
  }

  return {
    // News, blog and beginner-guide articles (content.articles.service.ts).
    ...createArticleService({ db, merchantCode, now }),

    // ---------------------------------------------------------------------------------------- announcements

    /** `MCSFE_getListAnnouncements`: the live announcements of the asked types in the caller's language. */
    async listAnnouncements(input: AnnouncementListInput, language: string | undefined): Promise<AnnouncementList> {
      const types = parseAnnouncementTypes(input.types);
      const rows = await repo.listLiveAnnouncements(db, merchantCode, {
        types,
        platform: input.platform ?? 'W',
        execution: input.execution ?? 'B',
        at: now(),
      });
      const list: AnnouncementList = { banners: [], player: [], popup: [], promotion: [], help: [] };
      for (const row of rows) list[listKeys[row.type as AnnouncementType]].push(toAnnouncement(row, language));
      return list;
    },

    /**
     * The banner the start-up page shows while the app loads: the first live home banner (group w_home, the order
     * the home carousel shows them in) that is a picture, in the given language; null when there is none (or the
     * first is a video, which the start-up page does not play).
     */
    async startupBanner(language: string | undefined): Promise<{ url: string; title: string } | null> {
      const rows = await repo.listLiveAnnouncements(db, merchantCode, {
        types: ['B'],
        platform: 'W',
        execution: 'B',
        at: now(),
      });
      const row = rows.find((candidate) => candidate.groupName === 'w_home');
      const first = row ? toAnnouncement(row, language) : undefined;
      const url = first && !first.videoUrl ? first.announcementImages[0]?.url : undefined;
      return first && url ? { url, title: first.title } : null;
    },

    /**
     * One live announcement.
     * @throws CONTENT_ANNOUNCEMENT_NOT_FOUND when there is none with this id, or it is switched off or outside its window.
     */
    async getAnnouncement(id: number, language: string | undefined): Promise<Announcement> {
      const row = await repo.findAnnouncement(db, merchantCode, id);
      if (!row || !isLive(row, now())) throw new AppError('CONTENT_ANNOUNCEMENT_NOT_FOUND', { id });
      return toAnnouncement(row, language);
    },

    async listOperatorAnnouncements(type?: AnnouncementType): Promise<OperatorAnnouncement[]> {
      return (await repo.listAnnouncements(db, merchantCode, type)).map(toOperatorAnnouncement);
    },

    /** @throws CONTENT_ANNOUNCEMENT_NOT_FOUND */
    async getOperatorAnnouncement(id: number): Promise<OperatorAnnouncement> {
      const row = await repo.findAnnouncement(db, merchantCode, id);
      if (!row) throw new AppError('CONTENT_ANNOUNCEMENT_NOT_FOUND', { id });
      return toOperatorAnnouncement(row);
    },

    /** @throws VALIDATION_FAILED */
    async createAnnouncement(
      input: AnnouncementInput,
      operator: ContentOperator,
      language?: string,
    ): Promise<OperatorAnnouncement> {
      const values = prepareAnnouncement(input, language);
      const at = now();
      const row = await repo.insertAnnouncement(db, {
        ...values,
        merchantCode,
        createdAt: at,
        updatedAt: at,
        updatedBy: operator.username,
      });
      if (!row) throw new Error('announcement insert returned nothing');
      return toOperatorAnnouncement(row);
    },

    /** @throws CONTENT_ANNOUNCEMENT_NOT_FOUND, VALIDATION_FAILED */
    async updateAnnouncement(
      id: number,
      input: AnnouncementInput,
      operator: ContentOperator,
      language?: string,
    ): Promise<OperatorAnnouncement> {
      const values = prepareAnnouncement(input, language);
      const row = await repo.updateAnnouncement(db, merchantCode, id, {
        ...values,
        updatedAt: now(),
        updatedBy: operator.username,
      });
      if (!row) throw new AppError('CONTENT_ANNOUNCEMENT_NOT_FOUND', { id });
      return toOperatorAnnouncement(row);
    },

    /** @throws CONTENT_ANNOUNCEMENT_NOT_FOUND */
    async deleteAnnouncement(id: number): Promise<void> {
      if (!(await repo.deleteAnnouncement(db, merchantCode, id))) {
        throw new AppError('CONTENT_ANNOUNCEMENT_NOT_FOUND', { id });
      }
    },

    /** The texts exactly as players would get them, without storing anything. @throws VALIDATION_FAILED */
    previewAnnouncement(input: AnnouncementInput, language?: string): AnnouncementPreview {
      const values = prepareAnnouncement(input, language);
      return { texts: values.texts };
    },

    // ---------------------------------------------------------------------------------------- inbox

    async listInbox(
      accountId: number,
      page: { pageNo: number; pageSize: number },
      language: string | undefined,
    ): Promise<InboxPage> {
      const { rows, total, unread } = await repo.listInbox(db, merchantCode, accountId, {
        offset: (page.pageNo - 1) * page.pageSize,
        limit: page.pageSize,
      });
      return {
        content: rows.map((row) => toInboxMessage(row, language)),
        pageNo: page.pageNo,
        pageSize: page.pageSize,
        total,
        totalPages: Math.ceil(total / page.pageSize),
        unread,
      };
    },

    /** `CSP_unreadCount`. */
    async unreadCount(accountId: number): Promise<{ count: number }> {
      return { count: await repo.countUnread(db, merchantCode, accountId) };
    },

    /** Marks the member's messages read (messages of others are ignored) and pushes the new count. */
    async markRead(accountId: number, input: InboxReadInput): Promise<InboxChangeResult> {
      const ids = 'ids' in input ? input.ids : null;
      const changed = await repo.markRead(db, merchantCode, accountId, ids, now());
      const unread = await repo.countUnread(db, merchantCode, accountId);
      if (changed > 0) void pushUnread(accountId);
      return { changed, unread };
    },

    /** Deletes the member's messages for them (messages of others are ignored) and pushes the new count. */
    async deleteMessages(accountId: number, input: InboxDeleteInput): Promise<InboxChangeResult> {
      const changed = await repo.markDeleted(db, merchantCode, accountId, input.ids, now());
      const unread = await repo.countUnread(db, merchantCode, accountId);
      if (changed > 0) void pushUnread(accountId);
      return { changed, unread };
    },

    /**
     * Stores a notice (deposit arrived/failed, withdrawal approved/rejected, points redemption decided) as an inbox
     * message on its own, after the notice's own commit, and pushes the member's new unread count: for the points
     * mall, whose decisions are not stored through `cashierNoticeInsert`. The same notice (kind and deposit,
     * withdrawal or redemption id) is stored once.
     */
    async recordCashierNotice(notice: CashierNotice): Promise<void> {
      const message = cashierMessage(notice, now());
      if (!message) return;
      if (await repo.insertSystemMessage(db, message)) await pushUnread(notice.accountId);
    },

    /**
     * A cashier notice's inbox message as an insert for the statement that stores the notice (the wallet's), so the
     * message commits with the decision it reports and no crash between a commit and a second write can lose it:
     * the message `recordCashierNotice` stores (the same kinds, the same source key, stored once), one for each row
     * of the caller's `source`. Null for a kind the inbox does not show. Once it is committed, call
     * `cashierNoticeStored`.
     */
    cashierNoticeInsert(notice: CashierNotice & { createdAt?: Date }): repo.InsertFrom | null {
      const message = cashierMessage(notice, notice.createdAt ?? now());
      return message ? repo.systemMessageInsertFrom(message) : null;
    },

    /**
     * After the commit that stored a cashier notice's inbox message (`cashierNoticeInsert`): pushes the member's new
     * unread count, and stores nothing. Never rejects: a failed push is logged (the client also refetches).
     */
    async cashierNoticeStored(notice: CashierNotice): Promise<void> {
      if (systemKinds.has(notice.kind)) await pushUnread(notice.accountId);
    },

    /**
     * How many accounts a segment reaches now (the preview before sending).
     * @throws CONTENT_MEMBER_NOT_FOUND when the segment names an agent that does not exist.
     */
    async messageAudience(segment: MessageSegment): Promise<MessageAudience> {
      return { recipients: (await segmentRecipients(segment)).length };
    },

    /**
     * A message from an operator to one member (by username), to a segment (one copy per account, written in one
     * transaction) or to every member.
     * @throws CONTENT_MEMBER_NOT_FOUND when no member or agent has the username (or the segment's agent is unknown).
     * @throws CONTENT_SEGMENT_EMPTY when the segment reaches nobody.
     */
    async sendOperatorMessage(raw: OperatorMessageInput, operator: ContentOperator): Promise<OperatorMessage> {
      const input = operatorMessageInputSchema.parse(raw);
      if (input.to !== 'all' && 'segment' in input.to) {
        return sendToSegment(input.to.segment, input, operator);
      }
      let recipient: { id: number; username: string } | null = null;
      if (input.to !== 'all') {
        const account = await deps.identity.findAccountByUsername(input.to.username);
        if (!account || (account.role !== 'member' && account.role !== 'agent')) {
          throw new AppError('CONTENT_MEMBER_NOT_FOUND', { username: input.to.username });
        }
        recipient = { id: account.id, username: account.username };
      }
      const row = await repo.insertMessage(db, {
        merchantCode,
        accountId: recipient?.id ?? null,
        kind: 'operator',
        title: input.title,
        content: input.content,
        createdAt: now(),
        createdBy: operator.username,
      });
      if (!row) throw new Error('message insert returned nothing');
      // A broadcast reaches clients when they next ask for the count (sockets are per account, not per site).
      if (recipient) await pushUnread(recipient.id);
      return {
        id: row.id,
        to: recipient ? { accountId: recipient.id, username: recipient.username } : 'all',
        title: row.title,
        content: row.content,
        createdAt: row.createdAt.toISOString(),
        createdBy: row.createdBy,
      };
    },

    async listOperatorMessages(page: { pageNo: number; pageSize: number } & Partial<OperatorMessageQuery>) {
      const { rows, total } = await repo.listOperatorMessages(
        db,
        merchantCode,
        { offset: (page.pageNo - 1) * page.pageSize, limit: page.pageSize },
        { sort: page.sort ?? 'createdAt', order: page.order ?? 'desc' },
      );
      const content: OperatorMessage[] = [];
      for (const row of rows) {
        const segment = row.params.segment as MessageSegment | undefined;
        const account = row.accountId === null || segment ? null : await deps.identity.getAccount(row.accountId);
        content.push({
          id: row.id,
          to: segment
            ? { segment, recipients: Number(row.params.recipients ?? 0) }
            : row.accountId === null
              ? 'all'
              : { accountId: row.accountId, username: account?.username ?? null },
          title: row.title,
          content: row.content,
          createdAt: row.createdAt.toISOString(),
          createdBy: row.createdBy,
        });
      }
      return {
        content,
        pageNo: page.pageNo,
        pageSize: page.pageSize,
        total,
        totalPages: Math.ceil(total / page.pageSize),
      };
    },

    // ---------------------------------------------------------------------------------------- feedback

    /**
     * `PUT /wps/feedback` (spec sections 3 and 5): type, description (trimmed, at most 200 characters) and
     * captcha are required; a visitor also gives a name, a logged-in account is the sender itself. Nothing is
     * stored unless every check passes.
     * @throws VALIDATION_FAILED with "{field} is empty" (or too long) issues.
     * @throws IDENTITY_CAPTCHA_INVALID when the captcha answer is wrong or used.
     */
    async submitFeedback(input: FeedbackInput, ctx: FeedbackContext): Promise<{ id: number }> {
      const language = ctx.language;
      const label = (field: string) => text(language, `content.feedbackFields.${field}`);
      const issues: ValidationIssue[] = [];
      const empty = (field: string) =>
        issues.push(fieldIssue(language, field, 'validation.fieldEmpty', { field: label(field) }));

      const typeValue = typeof input.type === 'string' && input.type.trim() !== '' ? Number(input.type) : input.type;
      if (typeValue === undefined || typeValue === '') empty('type');
      else if (!(feedbackTypes as readonly unknown[]).includes(typeValue)) {
        issues.push(fieldIssue(language, 'type', 'validation.invalid'));
      }
      const content = (input.content ?? '').trim();
      if (content === '') empty('content');
      else if ([...content].length > feedbackContentMax) {
        issues.push(fieldIssue(language, 'content', 'validation.tooLong', { max: feedbackContentMax }));
      }
      const account = ctx.accountId === null ? null : await deps.identity.getAccount(ctx.accountId);
      const sender = account ? account.username : (input.sender ?? '').trim();
      if (sender === '') empty('sender');
      else if ([...sender].length > 64) issues.push(fieldIssue(language, 'sender', 'validation.tooLong', { max: 64 }));
      const captcha = (input.captcha ?? '').trim();
      if (captcha === '' || !input.captchaId) empty('captcha');
      if (issues.length > 0) throw new AppError('VALIDATION_FAILED', {}, issues);

      await deps.identity.verifyCaptcha({ captcha, captchaId: input.captchaId });
      const row = await repo.insertFeedback(db, {
        merchantCode,
        accountId: account?.id ?? null,
        sender,
        type: typeValue as number,
        content,
        ip: ctx.ip,
        status: 'open',
        createdAt: now(),
      });
      return { id: row.id };
    },

    async listFeedback(
      query: { status?: FeedbackStatus; pageNo: number; pageSize: number } & Partial<OperatorFeedbackQuery>,
    ) {
      const { rows, total } = await repo.listFeedback(
        db,
        merchantCode,
        query.status,
        { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize },
        { sort: query.sort ?? 'createdAt', order: query.order ?? 'desc' },
      );
      return {
        content: rows.map(({ feedback, reply }) => toOperatorFeedback(feedback, reply)),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /** @throws CONTENT_FEEDBACK_NOT_FOUND */
    async setFeedbackStatus(id: number, status: FeedbackStatus, operator: ContentOperator): Promise<OperatorFeedback> {
      const resolved = status === 'resolved';
      const row = await repo.updateFeedbackStatus(db, merchantCode, id, {
        status,
        resolvedAt: resolved ? now() : null,
        resolvedBy: resolved ? operator.username : null,
      });
      if (!row) throw new AppError('CONTENT_FEEDBACK_NOT_FOUND', { id });
      const found = await repo.findFeedback(db, merchantCode, id);
      return toOperatorFeedback(row, found?.reply ?? null);
    },

    /** @throws CONTENT_FEEDBACK_NOT_FOUND */
    async getFeedback(id: number): Promise<OperatorFeedback> {
      const found = await repo.findFeedback(db, merchantCode, id);
      if (!found) throw new AppError('CONTENT_FEEDBACK_NOT_FOUND', { id });
      return toOperatorFeedback(found.feedback, found.reply);
    },

    /**
     * Answers a member's feedback: the reply lands in their inbox as a `feedback_reply` message quoting the
     * feedback (stored once, under `feedback_reply:<id>`), and the feedback is marked resolved, in one transaction.
     * @throws CONTENT_FEEDBACK_NOT_FOUND
     * @throws CONTENT_FEEDBACK_FROM_VISITOR when a visitor without an account sent it: there is no inbox to answer in.
     * @throws CONTENT_FEEDBACK_ALREADY_REPLIED when it was answered before (by anyone).
     */
    async replyToFeedback(id: number, input: FeedbackReplyInput, operator: ContentOperator): Promise<OperatorFeedback> {
      const at = now();
      const { accountId } = await db.transaction(async (tx) => {
        const found = await repo.findFeedback(tx, merchantCode, id, { lock: true });
        if (!found) throw new AppError('CONTENT_FEEDBACK_NOT_FOUND', { id });
        if (found.feedback.accountId === null) throw new AppError('CONTENT_FEEDBACK_FROM_VISITOR', { id });
        if (found.reply) throw new AppError('CONTENT_FEEDBACK_ALREADY_REPLIED', { id });
        const message = await repo.insertMessage(tx, {
          merchantCode,
          accountId: found.feedback.accountId,
          kind: 'feedback_reply',
          content: input.content.trim(),
          params: { feedbackId: id, feedback: found.feedback.content, feedbackType: found.feedback.type },
          sourceKey: repo.feedbackReplyKey(id),
          createdAt: at,
          createdBy: operator.username,
        });
        if (!message) throw new AppError('CONTENT_FEEDBACK_ALREADY_REPLIED', { id });
        await repo.updateFeedbackStatus(tx, merchantCode, id, {
          status: 'resolved',
          resolvedAt: at,
          resolvedBy: operator.username,
        });
        return { accountId: found.feedback.accountId };
      });
      await pushUnread(accountId);
      const found = await repo.findFeedback(db, merchantCode, id);
      if (!found) throw new AppError('CONTENT_FEEDBACK_NOT_FOUND', { id });
      return toOperatorFeedback(found.feedback, found.reply);
    },

    /** How many feedback rows exist (tests use it to prove bad input stores nothing). */
    countFeedback: () => repo.countFeedback(db, merchantCode),

    /** Inserts seeded announcements once (by seed key); for the demo seed. */
    async seedAnnouncements(items: Array<{ seedKey: string; input: AnnouncementInput }>): Promise<number> {
      let inserted = 0;
      for (const item of items) {
        const values = prepareAnnouncement(item.input, 'en');
        const at = now();
        const row = await repo.insertAnnouncement(db, {
          ...values,
          merchantCode,
          seedKey: item.seedKey,
          createdAt: at,
          updatedAt: at,
          updatedBy: null,
        });
        if (row) inserted += 1;
      }
      return inserted;
    },
  };
}

function toOperatorFeedback(row: repo.FeedbackRow, reply: repo.FeedbackReply | null): OperatorFeedback {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    sender: row.sender,
    accountId: row.accountId,
    status: row.status as FeedbackStatus,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: iso(row.resolvedAt),
    resolvedBy: row.resolvedBy,
    reply: reply
      ? { content: reply.content, createdAt: reply.createdAt.toISOString(), createdBy: reply.createdBy }
      : null,
  };
}

export type ContentService = ReturnType<typeof createContentService>;
