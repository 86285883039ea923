import { bigserial, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The support module's tables: live-chat conversations between a member (or a visitor who gave a name) and the
 * operators, and their messages. `account_id` is the identity account id and `assigned_operator_id` the back-office
 * operator id (no foreign keys across modules).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const supportConversations = pgTable(
  'support_conversations',
  {
    id: serial('id').primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    /** Null for a visitor. */
    accountId: integer('account_id'),
    /** The member's username or the visitor's name. */
    name: varchar('name', { length: 64 }).notNull(),
    /** waiting, assigned, closed. */
    status: varchar('status', { length: 10 }).notNull().default('waiting'),
    assignedOperatorId: integer('assigned_operator_id'),
    assignedTo: varchar('assigned_to', { length: 64 }),
    /** Member messages the operators have not read yet. */
    unread: integer('unread').notNull().default(0),
    lastMessage: text('last_message'),
    lastMessageAt: at('last_message_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    closedAt: at('closed_at'),
  },
  (table) => [
    index('support_conversations_status_idx').on(table.merchantCode, table.status, table.lastMessageAt),
    index('support_conversations_account_idx').on(table.accountId, table.status),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    /** member or operator. */
    sender: varchar('sender', { length: 10 }).notNull(),
    senderName: varchar('sender_name', { length: 64 }).notNull(),
    text: text('text').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('support_messages_conversation_idx').on(table.conversationId, table.id)],
);
