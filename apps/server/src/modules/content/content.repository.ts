import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
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

export async function listOperatorMessages(
  db: DbOrTx,
  merchantCode: string,
  page: Page,
): Promise<{ rows: MessageRow[]; total: number }> {
  const where = and(eq(contentMessages.merchantCode, merchantCode), eq(contentMessages.kind, 'operator'));
  const rows = await db
    .select()
    .from(contentMessages)
    .where(where)
    .orderBy(desc(contentMessages.id))
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

export async function listFeedback(
  db: DbOrTx,
  merchantCode: string,
  status: string | undefined,
  page: Page,
): Promise<{ rows: FeedbackRow[]; total: number }> {
  const where = and(
    eq(contentFeedback.merchantCode, merchantCode),
    status ? eq(contentFeedback.status, status) : undefined,
  );
  const rows = await db
    .select()
    .from(contentFeedback)
    .where(where)
    .orderBy(desc(contentFeedback.id))
    .offset(page.offset)
    .limit(page.limit);
  const [totals] = await db.select({ n: count() }).from(contentFeedback).where(where);
  return { rows, total: totals?.n ?? 0 };
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
