import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { supportConversations, supportMessages } from './support.tables';

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;

export async function createConversation(
  db: DbOrTx,
  input: { merchantCode: string; accountId: number | null; name: string; at: Date },
): Promise<ConversationRow> {
  const [row] = await db
    .insert(supportConversations)
    .values({ merchantCode: input.merchantCode, accountId: input.accountId, name: input.name, createdAt: input.at })
    .returning();
  if (!row) throw new Error('support: conversation not inserted');
  return row;
}

/** The member's conversation that is not closed yet (newest), if any. */
export async function findOpenConversationOfAccount(
  db: DbOrTx,
  merchantCode: string,
  accountId: number,
): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(
      and(
        eq(supportConversations.merchantCode, merchantCode),
        eq(supportConversations.accountId, accountId),
        sql`${supportConversations.status} <> 'closed'`,
      ),
    )
    .orderBy(desc(supportConversations.id))
    .limit(1);
  return row ?? null;
}

export async function findConversation(db: DbOrTx, merchantCode: string, id: number): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(and(eq(supportConversations.merchantCode, merchantCode), eq(supportConversations.id, id)))
    .limit(1);
  return row ?? null;
}

/** Conversations of one status (or all), the most recently active first; at most `limit`. */
export async function listConversations(
  db: DbOrTx,
  merchantCode: string,
  status: string | undefined,
  limit: number,
): Promise<ConversationRow[]> {
  return db
    .select()
    .from(supportConversations)
    .where(
      and(
        eq(supportConversations.merchantCode, merchantCode),
        status ? eq(supportConversations.status, status) : undefined,
      ),
    )
    .orderBy(desc(sql`coalesce(${supportConversations.lastMessageAt}, ${supportConversations.createdAt})`))
    .limit(limit);
}

export async function updateConversation(
  db: DbOrTx,
  id: number,
  values: Partial<Omit<ConversationRow, 'id' | 'merchantCode'>>,
): Promise<ConversationRow> {
  const [row] = await db.update(supportConversations).set(values).where(eq(supportConversations.id, id)).returning();
  if (!row) throw new Error(`support: conversation ${id} not updated`);
  return row;
}

/** Stores a message and moves the conversation's last message (and the operators' unread count) along. */
export async function insertMessage(
  db: DbOrTx,
  input: { conversationId: number; sender: 'member' | 'operator'; senderName: string; text: string; at: Date },
): Promise<{ message: MessageRow; conversation: ConversationRow }> {
  const [message] = await db
    .insert(supportMessages)
    .values({
      conversationId: input.conversationId,
      sender: input.sender,
      senderName: input.senderName,
      text: input.text,
      createdAt: input.at,
    })
    .returning();
  if (!message) throw new Error('support: message not inserted');
  const [conversation] = await db
    .update(supportConversations)
    .set({
      lastMessage: input.text,
      lastMessageAt: input.at,
      unread: input.sender === 'member' ? sql`${supportConversations.unread} + 1` : 0,
    })
    .where(eq(supportConversations.id, input.conversationId))
    .returning();
  if (!conversation) throw new Error('support: conversation not updated');
  return { message, conversation };
}

/** The conversation's messages in order; the newest `limit` of them. */
export async function listMessages(db: DbOrTx, conversationId: number, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.conversationId, conversationId))
    .orderBy(desc(supportMessages.id))
    .limit(limit);
  return rows.reverse();
}

/** Member messages of the conversation written after `since` (the per-conversation rate limit). */
export async function countMemberMessagesSince(db: DbOrTx, conversationId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversationId),
        eq(supportMessages.sender, 'member'),
        gt(supportMessages.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}
