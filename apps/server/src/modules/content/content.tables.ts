import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The content module's tables: announcements (banners, notices, popups, promotions, help), the member inbox and
 * feedback. `account_id` is the identity account id (no foreign key across modules).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Title and sanitised HTML body of an announcement in one language. */
export type AnnouncementText = { title: string; content: string };

/**
 * An announcement of one type (B, PL, PU, PR, H) with its texts per language (`en` always, others optional).
 * The HTML is sanitised before it is stored and again when it is served.
 */
export const contentAnnouncements = pgTable(
  'content_announcements',
  {
    id: serial('id').primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    type: varchar('type', { length: 2 }).notNull(),
    platform: varchar('platform', { length: 2 }).notNull().default('W'),
    execution: varchar('execution', { length: 2 }).notNull().default('B'),
    audiences: jsonb('audiences').$type<string[]>().notNull().default([]),
    groupName: varchar('group_name', { length: 40 }),
    videoUrl: text('video_url'),
    linkageType: varchar('linkage_type', { length: 12 }).notNull().default('NONE'),
    linkage: text('linkage'),
    images: jsonb('images').$type<{ url: string; sequence: number }[]>().notNull().default([]),
    texts: jsonb('texts').$type<Record<string, AnnouncementText>>().notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    startAt: at('start_at'),
    endAt: at('end_at'),
    /** A stable name for seeded rows, so that seeding twice adds nothing. */
    seedKey: varchar('seed_key', { length: 40 }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    updatedBy: varchar('updated_by', { length: 64 }),
  },
  (table) => [
    index('content_announcements_type_idx').on(table.merchantCode, table.type, table.sort),
    uniqueIndex('content_announcements_seed_key_uq').on(table.merchantCode, table.seedKey),
  ],
);

/**
 * Inbox messages: from an operator (to one member, or to every member when `account_id` is null) or from the
 * system (the cashier's notices, stored as kind + params and worded in the reader's language).
 */
export const contentMessages = pgTable(
  'content_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    /** The member; null for a message to every member. */
    accountId: integer('account_id'),
    kind: varchar('kind', { length: 30 }).notNull(),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** What produced a system message (such as `deposit_arrived:42`): the same notice is stored once. */
    sourceKey: varchar('source_key', { length: 80 }),
    createdAt: at('created_at').notNull(),
    createdBy: varchar('created_by', { length: 64 }),
  },
  (table) => [
    index('content_messages_account_idx').on(table.merchantCode, table.accountId, table.id),
    uniqueIndex('content_messages_source_uq').on(table.merchantCode, table.sourceKey),
  ],
);

/** A member's read and delete marks on a message (a broadcast has one row per member who touched it). */
export const contentMessageStates = pgTable(
  'content_message_states',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => contentMessages.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
    readAt: at('read_at'),
    deletedAt: at('deleted_at'),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.accountId] }),
    index('content_message_states_account_idx').on(table.accountId),
  ],
);

/** Feedback from members and visitors (spec sections 3 and 5), worked through by support. */
export const contentFeedback = pgTable(
  'content_feedback',
  {
    id: serial('id').primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    accountId: integer('account_id'),
    sender: varchar('sender', { length: 64 }).notNull(),
    type: smallint('type').notNull(),
    content: varchar('content', { length: 200 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    status: varchar('status', { length: 10 }).notNull().default('open'),
    createdAt: at('created_at').notNull(),
    resolvedAt: at('resolved_at'),
    resolvedBy: varchar('resolved_by', { length: 64 }),
  },
  (table) => [index('content_feedback_status_idx').on(table.merchantCode, table.status, table.id)],
);

/** Title, summary and sanitised HTML body of an article in one language. */
export type ArticleText = { title: string; summary: string; body: string };

/**
 * News, blog and beginner-guide articles with their texts per language (`en` always, others optional). An article
 * is shown to players when `published` is set and `publish_at` (if any) has passed. The HTML is sanitised before it
 * is stored and again when it is served, as announcements are.
 */
export const contentArticles = pgTable(
  'content_articles',
  {
    id: serial('id').primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    texts: jsonb('texts').$type<Record<string, ArticleText>>().notNull(),
    coverUrl: text('cover_url'),
    published: boolean('published').notNull().default(false),
    /** When a published article becomes visible; null means at once. */
    publishAt: at('publish_at'),
    sort: integer('sort').notNull().default(0),
    /** A stable name for seeded rows, so that seeding twice adds nothing. */
    seedKey: varchar('seed_key', { length: 40 }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    updatedBy: varchar('updated_by', { length: 64 }),
  },
  (table) => [
    index('content_articles_kind_idx').on(table.merchantCode, table.kind, table.published),
    uniqueIndex('content_articles_seed_key_uq').on(table.merchantCode, table.seedKey),
  ],
);
