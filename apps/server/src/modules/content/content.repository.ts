import type { ListSort, OperatorFeedbackSort, OperatorMessageSort } from '@portal/contract';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import {
  contentAnnouncements,
  contentArticles,
  contentFeedback,
  contentMessageStates,
  contentMessages,
} from './content.tables';

export type AnnouncementRow = typeof contentAnnouncements.$inferSelect;
export type NewAnnouncementRow = typeof contentAnnouncements.$inferInsert;
export type MessageRow = typeof contentMessages.$inferSelect;
export type NewMessageRow = typeof contentMessages.$inferInsert;
export type FeedbackRow = typeof contentFeedback.$inferSelect;
export type NewFeedbackRow = typeof contentFeedback.$inferInsert;
export type ArticleRow = typeof contentArticles.$inferSelect;
export type NewArticleRow = typeof contentArticles.$inferInsert;

type Page = { offset: number; limit: number };

// ------------------------------------------------------------------------------------------ announcements

/** Enabled announcements of the given types inside their window at `at`, sorted. */
export async function listLiveAnnouncements(
  db: DbOrTx,
  merchantCode: string,
  filter: { types: string[]; platform: string; execution: string; at: Date },
): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(contentAnnouncements)
    .where(
      and(
        eq(contentAnnouncements.merchantCode, merchantCode),
        inArray(contentAnnouncements.type, filter.types),
        eq(contentAnnouncements.platform, filter.platform),
        eq(contentAnnouncements.execution, filter.execution),
        eq(contentAnnouncements.enabled, true),
        sql`(${contentAnnouncements.startAt} is null or ${contentAnnouncements.startAt} <= ${filter.at})`,
        sql`(${contentAnnouncements.endAt} is null or ${contentAnnouncements.endAt} > ${filter.at})`,
      ),
    )
    .orderBy(asc(contentAnnouncements.sort), asc(contentAnnouncements.id));
}

export async function findAnnouncement(db: DbOrTx, merchantCode: string, id: number): Promise<AnnouncementRow | null> {
  const [row] = await db
    .select()
    .from(contentAnnouncements)
    .where(and(eq(contentAnnouncements.merchantCode, merchantCode), eq(contentAnnouncements.id, id)));
  return row ?? null;
}

export async function listAnnouncements(
  db: DbOrTx,
  merchantCode: string,
  type: string | undefined,
): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(contentAnnouncements)
    .where(
      and(eq(contentAnnouncements.merchantCode, merchantCode), type ? eq(contentAnnouncements.type, type) : undefined),
    )
    .orderBy(asc(contentAnnouncements.type), asc(contentAnnouncements.sort), asc(contentAnnouncements.id));
}

export async function insertAnnouncement(db: DbOrTx, row: NewAnnouncementRow): Promise<AnnouncementRow | null> {
  const [inserted] = await db.insert(contentAnnouncements).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateAnnouncement(
  db: DbOrTx,
  merchantCode: string,
  id: number,
  values: Partial<NewAnnouncementRow>,
): Promise<AnnouncementRow | null> {
  const [row] = await db
    .update(contentAnnouncements)
    .set(values)
    .where(and(eq(contentAnnouncements.merchantCode, merchantCode), eq(contentAnnouncements.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteAnnouncement(db: DbOrTx, merchantCode: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(contentAnnouncements)
    .where(and(eq(contentAnnouncements.merchantCode, merchantCode), eq(contentAnnouncements.id, id)))
    .returning({ id: contentAnnouncements.id });
  return rows.length > 0;
}

// ------------------------------------------------------------------------------------------ inbox

/** Messages the member can see: addressed to them or to everyone, and not deleted by them. */
function visibleTo(merchantCode: string, accountId: number) {
  return and(
    eq(contentMessages.merchantCode, merchantCode),
    or(eq(contentMessages.accountId, accountId), isNull(contentMessages.accountId)),
    isNull(contentMessageStates.deletedAt),
  );
}

function withStates(accountId: number) {
  return and(eq(contentMessageStates.messageId, contentMessages.id), eq(contentMessageStates.accountId, accountId));
}

export type InboxRow = MessageRow & { readAt: Date | null };

export async function listInbox(
  db: DbOrTx,
  merchantCode: string,
  accountId: number,
  page: Page,
): Promise<{ rows: InboxRow[]; total: number; unread: number }> {
  const rows = await db
    .select({ message: contentMessages, readAt: contentMessageStates.readAt })
    .from(contentMessages)
    .leftJoin(contentMessageStates, withStates(accountId))
    .where(visibleTo(merchantCode, accountId))
    .orderBy(desc(contentMessages.id))
    .offset(page.offset)
    .limit(page.limit);
  const [totals] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${contentMessageStates.readAt} is null)`.mapWith(Number),
    })
    .from(contentMessages)
    .leftJoin(contentMessageStates, withStates(accountId))
    .where(visibleTo(merchantCode, accountId));
  return {
    rows: rows.map(({ message, readAt }) => ({ ...message, readAt })),
    total: totals?.total ?? 0,
    unread: totals?.unread ?? 0,
  };
}

export async function countUnread(db: DbOrTx, merchantCode: string, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contentMessages)
    .leftJoin(contentMessageStates, withStates(accountId))
    .where(and(visibleTo(merchantCode, accountId), isNull(contentMessageStates.readAt)));
  return row?.n ?? 0;
}

/** Ids among `ids` (or all, when null) that the member can see and has not read (or: any visible, for delete). */
async function visibleIds(
  db: DbOrTx,
  merchantCode: string,
  accountId: number,
  ids: number[] | null,
  unreadOnly: boolean,
): Promise<number[]> {
  const rows = await db
    .select({ id: contentMessages.id })
    .from(contentMessages)
    .leftJoin(contentMessageStates, withStates(accountId))
    .where(
      and(
        visibleTo(merchantCode, accountId),
        ids ? inArray(contentMessages.id, ids) : undefined,
        unreadOnly ? isNull(contentMessageStates.readAt) : undefined,
      ),
    );
  return rows.map((row) => row.id);
}

/** Marks messages read for the member; returns how many changed. */
export async function markRead(
  db: DbOrTx,
  merchantCode: string,
  accountId: number,
  ids: number[] | null,
  at: Date,
): Promise<number> {
  const targets = await visibleIds(db, merchantCode, accountId, ids, true);
  if (targets.length === 0) return 0;
  await db
    .insert(contentMessageStates)
    .values(targets.map((messageId) => ({ messageId, accountId, readAt: at })))
    .onConflictDoUpdate({
      target: [contentMessageStates.messageId, contentMessageStates.accountId],
      set: { readAt: sql`coalesce(${contentMessageStates.readAt}, excluded.read_at)` },
    });
  return targets.length;
}

/** Deletes messages for the member (a broadcast stays for everyone else); returns how many changed. */
export async function markDeleted(
  db: DbOrTx,
  merchantCode: string,
  accountId: number,
  ids: number[],
  at: Date,
): Promise<number> {
  const targets = await visibleIds(db, merchantCode, accountId, ids, false);
  if (targets.length === 0) return 0;
  await db
    .insert(contentMessageStates)
    .values(targets.map((messageId) => ({ messageId, accountId, deletedAt: at })))
    .onConflictDoUpdate({
      target: [contentMessageStates.messageId, contentMessageStates.accountId],
      set: { deletedAt: sql`excluded.deleted_at` },
    });
  return targets.length;
}

/** Inserts a message; a repeated `sourceKey` inserts nothing and answers null. */
export async function insertMessage(db: DbOrTx, row: NewMessageRow): Promise<MessageRow | null> {
  const [inserted] = await db.insert(contentMessages).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

type SystemMessage = Pick<NewMessageRow, 'merchantCode' | 'accountId' | 'kind' | 'params' | 'sourceKey' | 'createdAt'>;

/**
 * An INSERT … SELECT that another module's statement runs as one of its data-modifying CTEs, given the relation
 * whose rows it inserts for (`source`, the name of a CTE of that statement), so the row commits with that
 * statement's own write and exists only when the write happened.
 */
export type InsertFrom = (source: SQL) => SQL;

/**
 * A system message (a cashier notice) as an insert of one message for each row of `source`, under its source key:
 * a key stored already inserts nothing (`on conflict do nothing`), and the statement around it goes on.
 */
export function systemMessageInsertFrom(row: SystemMessage): InsertFrom {
  return (source) => sql`insert into content_messages (merchant_code, account_id, kind, params, source_key, created_at)
    select ${row.merchantCode}, ${row.accountId ?? null}::integer, ${row.kind}, ${JSON.stringify(row.params ?? {})}::jsonb,
      ${row.sourceKey ?? null}, ${row.createdAt.toISOString()}::timestamptz
    from ${source}
    on conflict do nothing`;
}

/**
 * Inserts a system message (a cashier notice) under its source key; false when the key was stored already.
 * Written as text returning only the id (the same text every call): drizzle's insert returning the whole row cost
 * more Node CPU than the statement.
 */
export async function insertSystemMessage(db: DbOrTx, row: SystemMessage): Promise<boolean> {
  const insert = systemMessageInsertFrom(row)(sql`(select 1) as one`);
  const result = (await db.execute(sql`${insert} returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** Rows of a message to a segment, inserted per batch with one statement each (see `insertMessageCopies`). */
const copyBatchSize = 5000;

/**
 * Inserts one copy of a message per account: `INSERT … SELECT` over the ids, in batches of a few thousand so that no
 * statement carries an unbounded parameter. Call it inside a transaction so that a send is all or nothing.
 */
export async function insertMessageCopies(
  db: DbOrTx,
  message: Omit<NewMessageRow, 'accountId' | 'id' | 'sourceKey'>,
  accountIds: number[],
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < accountIds.length; start += copyBatchSize) {
    const batch = accountIds.slice(start, start + copyBatchSize);
    // Ids are integers from the identity module; as an array literal they travel as one parameter.
    const ids = `{${batch.map((id) => Math.trunc(id)).join(',')}}`;
    await db.execute(sql`
      insert into content_messages (merchant_code, account_id, kind, title, content, params, created_at, created_by)
      select ${message.merchantCode}, ids.account_id, ${message.kind}, ${message.title ?? ''}, ${message.content ?? ''},
        ${JSON.stringify(message.params ?? {})}::jsonb, ${message.createdAt.toISOString()}::timestamptz,
        ${message.createdBy ?? null}
      from unnest(${ids}::int[]) as ids(account_id)
    `);
    // Every id gets its copy: copies carry no source key, so nothing conflicts.
    inserted += batch.length;
  }
  return inserted;
}

/**
 * Messages operators wrote, newest first: one row per message to a member or to everyone, and for a message to a
 * segment only its first copy (the one whose params hold the segment); the other copies are the members' inboxes.
 */
export async function listOperatorMessages(
  db: DbOrTx,
  merchantCode: string,
  page: Page,
  { sort, order }: ListSort<OperatorMessageSort> = { sort: 'createdAt', order: 'desc' },
): Promise<{ rows: MessageRow[]; total: number }> {
  const direction = order === 'desc' ? desc : asc;
  const primary = {
    createdAt: contentMessages.createdAt,
    title: sql`lower(${contentMessages.title})`,
    createdBy: sql`lower(${contentMessages.createdBy})`,
  }[sort];
  const where = and(
    eq(contentMessages.merchantCode, merchantCode),
    eq(contentMessages.kind, 'operator'),
    sql`(${contentMessages.params}->>'sendId' is null or ${contentMessages.params}->'segment' is not null)`,
  );
  const rows = await db
    .select()
    .from(contentMessages)
    .where(where)
    .orderBy(direction(primary), direction(contentMessages.id))
    .offset(page.offset)
    .limit(page.limit);
  const [totals] = await db.select({ n: count() }).from(contentMessages).where(where);
  return { rows, total: totals?.n ?? 0 };
}

// ------------------------------------------------------------------------------------------ feedback

export async function insertFeedback(db: DbOrTx, row: NewFeedbackRow): Promise<FeedbackRow> {
  const [inserted] = await db.insert(contentFeedback).values(row).returning();
  if (!inserted) throw new Error('feedback insert returned nothing');
  return inserted;
}

/** The inbox message that answers a feedback item: stored once under this source key. */
export const feedbackReplyKey = (feedbackId: number) => `feedback_reply:${feedbackId}`;

export type FeedbackReply = { content: string; createdAt: Date; createdBy: string | null };
export type FeedbackWithReply = { feedback: FeedbackRow; reply: FeedbackReply | null };

const replyJoin = (merchantCode: string) =>
  and(
    eq(contentMessages.merchantCode, merchantCode),
    eq(contentMessages.sourceKey, sql`'feedback_reply:' || ${contentFeedback.id}`),
  );

function withReply(row: {
  feedback: FeedbackRow;
  replyContent: string | null;
  replyAt: Date | null;
  replyBy: string | null;
}): FeedbackWithReply {
  return {
    feedback: row.feedback,
    reply:
      row.replyAt === null ? null : { content: row.replyContent ?? '', createdAt: row.replyAt, createdBy: row.replyBy },
  };
}

const feedbackColumns = {
  feedback: contentFeedback,
  replyContent: contentMessages.content,
  replyAt: contentMessages.createdAt,
  replyBy: contentMessages.createdBy,
};

/** Feedback in the chosen order (newest first by default, id breaks ties), each with its reply (the inbox message stored under its source key), if any. */
export async function listFeedback(
  db: DbOrTx,
  merchantCode: string,
  status: string | undefined,
  page: Page,
  { sort, order }: ListSort<OperatorFeedbackSort> = { sort: 'createdAt', order: 'desc' },
): Promise<{ rows: FeedbackWithReply[]; total: number }> {
  const direction = order === 'desc' ? desc : asc;
  const primary = {
    createdAt: contentFeedback.createdAt,
    type: contentFeedback.type,
    status: contentFeedback.status,
  }[sort];
  const where = and(
    eq(contentFeedback.merchantCode, merchantCode),
    status ? eq(contentFeedback.status, status) : undefined,
  );
  const rows = await db
    .select(feedbackColumns)
    .from(contentFeedback)
    .leftJoin(contentMessages, replyJoin(merchantCode))
    .where(where)
    .orderBy(direction(primary), direction(contentFeedback.id))
    .offset(page.offset)
    .limit(page.limit);
  const [totals] = await db.select({ n: count() }).from(contentFeedback).where(where);
  return { rows: rows.map(withReply), total: totals?.n ?? 0 };
}

/** One feedback item with its reply; `lock` takes the row for update (inside a transaction). */
export async function findFeedback(
  db: DbOrTx,
  merchantCode: string,
  id: number,
  options: { lock?: boolean } = {},
): Promise<FeedbackWithReply | null> {
  if (options.lock) {
    await db
      .select({ id: contentFeedback.id })
      .from(contentFeedback)
      .where(and(eq(contentFeedback.merchantCode, merchantCode), eq(contentFeedback.id, id)))
      .for('update');
  }
  const [row] = await db
    .select(feedbackColumns)
    .from(contentFeedback)
    .leftJoin(contentMessages, replyJoin(merchantCode))
    .where(and(eq(contentFeedback.merchantCode, merchantCode), eq(contentFeedback.id, id)));
  return row ? withReply(row) : null;
}

export async function countFeedback(db: DbOrTx, merchantCode: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contentFeedback)
    .where(eq(contentFeedback.merchantCode, merchantCode));
  return row?.n ?? 0;
}

export async function updateFeedbackStatus(
  db: DbOrTx,
  merchantCode: string,
  id: number,
  values: { status: string; resolvedAt: Date | null; resolvedBy: string | null },
): Promise<FeedbackRow | null> {
  const [row] = await db
    .update(contentFeedback)
    .set(values)
    .where(and(eq(contentFeedback.merchantCode, merchantCode), eq(contentFeedback.id, id)))
    .returning();
  return row ?? null;
}

// ------------------------------------------------------------------------------------------ articles

/** Published articles whose publish time (if any) has passed at `at`. */
function liveArticles(merchantCode: string, kind: string | undefined, at: Date) {
  return and(
    eq(contentArticles.merchantCode, merchantCode),
    kind ? eq(contentArticles.kind, kind) : undefined,
    eq(contentArticles.published, true),
    sql`(${contentArticles.publishAt} is null or ${contentArticles.publishAt} <= ${at})`,
  );
}

/** The live articles of a kind (or all), lower sort first, then newest; with the total for paging. */
export async function listLiveArticles(
  db: DbOrTx,
  merchantCode: string,
  filter: { kind: string | undefined; at: Date },
  page: Page,
): Promise<{ rows: ArticleRow[]; total: number }> {
  const where = liveArticles(merchantCode, filter.kind, filter.at);
  const rows = await db
    .select()
    .from(contentArticles)
    .where(where)
    .orderBy(
      asc(contentArticles.sort),
      desc(sql`coalesce(${contentArticles.publishAt}, ${contentArticles.createdAt})`),
      desc(contentArticles.id),
    )
    .offset(page.offset)
    .limit(page.limit);
  const [totals] = await db.select({ n: count() }).from(contentArticles).where(where);
  return { rows, total: totals?.n ?? 0 };
}

export async function findArticle(db: DbOrTx, merchantCode: string, id: number): Promise<ArticleRow | null> {
  const [row] = await db
    .select()
    .from(contentArticles)
    .where(and(eq(contentArticles.merchantCode, merchantCode), eq(contentArticles.id, id)));
  return row ?? null;
}

/** Every article (optionally of one kind) for the back office, by kind, sort and newest. */
export async function listArticles(db: DbOrTx, merchantCode: string, kind: string | undefined): Promise<ArticleRow[]> {
  return db
    .select()
    .from(contentArticles)
    .where(and(eq(contentArticles.merchantCode, merchantCode), kind ? eq(contentArticles.kind, kind) : undefined))
    .orderBy(asc(contentArticles.kind), asc(contentArticles.sort), desc(contentArticles.id));
}

/** Inserts an article; a repeated seed key inserts nothing and answers null. */
export async function insertArticle(db: DbOrTx, row: NewArticleRow): Promise<ArticleRow | null> {
  const [inserted] = await db.insert(contentArticles).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateArticle(
  db: DbOrTx,
  merchantCode: string,
  id: number,
  values: Partial<NewArticleRow>,
): Promise<ArticleRow | null> {
  const [row] = await db
    .update(contentArticles)
    .set(values)
    .where(and(eq(contentArticles.merchantCode, merchantCode), eq(contentArticles.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteArticle(db: DbOrTx, merchantCode: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(contentArticles)
    .where(and(eq(contentArticles.merchantCode, merchantCode), eq(contentArticles.id, id)))
    .returning({ id: contentArticles.id });
  return rows.length > 0;
}
