import {
  type ChatMessage,
  type ChatModel,
  type ChatServerMessage,
  type Conversation,
  type ConversationDetail,
  type ConversationStatus,
  type CustomerServiceEntry,
  chatMessageMaxLength,
  customerServiceTypes,
  type LaunchChatResult,
  type OperatorChatEvent,
} from '@portal/contract';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/http/app-error';
import type { PubSub } from '../../platform/kv';
import * as repo from './support.repository';
import { signChatToken, verifyChatToken } from './support.token';

export type SupportServiceDeps = {
  db: Db;
  merchantCode: string;
  /** The kv pub/sub: with Redis every instance hears every chat event. */
  pubsub: PubSub;
  /** CHAT_TOKEN_SECRET: signs the chat tokens (every instance must share it). */
  tokenSecret: string;
  /** The enabled customer-service entries of the site configuration (live chat and contact links). */
  customerService: () => Promise<readonly { csType: string; title: string; url: string; sort: number }[]>;
  /** The member's username for a conversation they start. */
  username: (accountId: number) => Promise<string | null>;
  /** Where the in-portal chat page lives (the chatUrl's path). Default `/live-chat`. */
  chatPagePath?: string;
  /** How long a chat token (and so a chatUrl) works. Default 120 minutes. */
  tokenTtlMinutes?: number;
  /** Member messages one conversation may send per window. Default 5 per 10 s. */
  rateLimit?: { max: number; windowMs: number };
  now?: () => Date;
};

/** Who acts on the operator side. */
export type SupportOperator = { id: number; username: string };

/** The pub/sub channel of one conversation (its member's sockets on every instance listen). */
export const conversationChannel = (id: number) => `support:conversation:${id}`;
/** The pub/sub channel every operator socket listens on. */
export const operatorsChannel = 'support:operators';

const historyLimit = 200;
const listLimit = 200;

export function toConversation(row: repo.ConversationRow): Conversation {
  return {
    id: row.id,
    status: row.status as ConversationStatus,
    name: row.name,
    accountId: row.accountId,
    assignedTo: row.assignedTo,
    unread: row.unread,
    lastMessage: row.lastMessage,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toMessage(row: repo.MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    sender: row.sender as ChatMessage['sender'],
    senderName: row.senderName,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The text of a chat message: trimmed, not empty, at most `chatMessageMaxLength` characters (code points).
 * Stored and sent as plain text; every client renders it as text, never as HTML.
 * @throws SUPPORT_MESSAGE_EMPTY, SUPPORT_MESSAGE_TOO_LONG
 */
export function checkMessageText(text: string): string {
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  if (trimmed.length === 0) throw new AppError('SUPPORT_MESSAGE_EMPTY');
  if ([...trimmed].length > chatMessageMaxLength) {
    throw new AppError('SUPPORT_MESSAGE_TOO_LONG', { max: chatMessageMaxLength });
  }
  return trimmed;
}

/**
 * Live chat (spec sections 2, 3, 7): `CBS_modelList`, `CBS_launchChat` with its signed chat token, the member's
 * messages (checked and rate-limited per conversation) and the operators' queue (assign, reply, close). Every
 * change is published on the pub/sub, so the sockets of every instance hear it.
 */
export function createSupportService(deps: SupportServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const ttlMs = (deps.tokenTtlMinutes ?? 120) * 60_000;
  const rate = deps.rateLimit ?? { max: 5, windowMs: 10_000 };
  const chatPagePath = deps.chatPagePath ?? '/live-chat';
  const { db, merchantCode } = deps;

  async function publish(conversation: repo.ConversationRow, message: repo.MessageRow | null): Promise<void> {
    const view = toConversation(conversation);
    const memberEvents: ChatServerMessage[] = [{ type: 'status', conversation: view }];
    const operatorEvents: OperatorChatEvent[] = [{ type: 'conversation', conversation: view }];
    if (message) {
      memberEvents.unshift({ type: 'message', message: toMessage(message) });
      operatorEvents.unshift({ type: 'message', message: toMessage(message) });
    }
    await Promise.all([
      ...memberEvents.map((event) => deps.pubsub.publish(conversationChannel(conversation.id), JSON.stringify(event))),
      ...operatorEvents.map((event) => deps.pubsub.publish(operatorsChannel, JSON.stringify(event))),
    ]);
  }

  async function existing(id: number): Promise<repo.ConversationRow> {
    const row = await repo.findConversation(db, merchantCode, id);
    if (!row) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND');
    return row;
  }

  return {
    /** `CBS_modelList`: the in-portal live chat (when configured) and the configured contact links, in order. */
    async modelList(): Promise<ChatModel[]> {
      const known = (entry: { csType: string }): entry is CustomerServiceEntry =>
        (customerServiceTypes as readonly string[]).includes(entry.csType);
      const entries = (await deps.customerService()).filter(known).sort((a, b) => a.sort - b.sort);
      return entries.flatMap((entry): ChatModel[] => {
        if (entry.csType === 'LIVECHAT')
          return [{ csType: 'LIVECHAT', title: entry.title, url: null, sort: entry.sort }];
        return entry.url.trim() ? [{ csType: entry.csType, title: entry.title, url: entry.url, sort: entry.sort }] : [];
      });
    },

    /**
     * `CBS_launchChat`: a member continues their open conversation (or starts one under their username); a visitor
     * starts one under the name they give. Returns the chat page URL with a signed token for that conversation.
     * @throws SUPPORT_NAME_REQUIRED
     */
    async launch(input: { accountId: number | null; name?: string | undefined }): Promise<LaunchChatResult> {
      let conversation: repo.ConversationRow | null = null;
      if (input.accountId !== null) {
        conversation = await repo.findOpenConversationOfAccount(db, merchantCode, input.accountId);
        if (!conversation) {
          const username = (await deps.username(input.accountId)) ?? input.name?.trim();
          if (!username) throw new AppError('SUPPORT_NAME_REQUIRED');
          conversation = await repo.createConversation(db, {
            merchantCode,
            accountId: input.accountId,
            name: username,
            at: now(),
          });
          await publish(conversation, null);
        }
      } else {
        const name = input.name?.replace(/\s+/g, ' ').trim();
        if (!name) throw new AppError('SUPPORT_NAME_REQUIRED');
        conversation = await repo.createConversation(db, { merchantCode, accountId: null, name, at: now() });
        await publish(conversation, null);
      }
      const expiresAt = new Date(now().getTime() + ttlMs);
      const chatToken = signChatToken(deps.tokenSecret, conversation.id, expiresAt);
      return {
        chatUrl: `${chatPagePath}?chatToken=${encodeURIComponent(chatToken)}`,
        chatToken,
        conversationId: conversation.id,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * The conversation a chat token opens.
     * @throws SUPPORT_CHAT_TOKEN_INVALID when it is forged, malformed, expired or its conversation is gone
     */
    async conversationOfToken(token: string): Promise<number> {
      const id = verifyChatToken(deps.tokenSecret, token, now());
      if (id === null) throw new AppError('SUPPORT_CHAT_TOKEN_INVALID');
      const row = await repo.findConversation(db, merchantCode, id);
      if (!row) throw new AppError('SUPPORT_CHAT_TOKEN_INVALID');
      return id;
    },

    /** The conversation and its latest messages, as the chat window shows them. */
    async snapshot(id: number): Promise<ConversationDetail> {
      const row = await existing(id);
      const messages = await repo.listMessages(db, id, historyLimit);
      return { conversation: toConversation(row), messages: messages.map(toMessage) };
    },

    /**
     * A member (or visitor) writes to their conversation.
     * @throws SUPPORT_MESSAGE_EMPTY, SUPPORT_MESSAGE_TOO_LONG, SUPPORT_CONVERSATION_CLOSED, SUPPORT_RATE_LIMITED
     */
    async memberSend(id: number, text: string): Promise<ChatMessage> {
      const clean = checkMessageText(text);
      const conversation = await existing(id);
      if (conversation.status === 'closed') throw new AppError('SUPPORT_CONVERSATION_CLOSED');
      const at = now();
      const recent = await repo.countMemberMessagesSince(db, id, new Date(at.getTime() - rate.windowMs));
      if (recent >= rate.max) throw new AppError('SUPPORT_RATE_LIMITED');
      const stored = await repo.insertMessage(db, {
        conversationId: id,
        sender: 'member',
        senderName: conversation.name,
        text: clean,
        at,
      });
      await publish(stored.conversation, stored.message);
      return toMessage(stored.message);
    },

    /** Operators: conversations of one status (or all), the most recently active first. */
    async list(status?: ConversationStatus): Promise<Conversation[]> {
      return (await repo.listConversations(db, merchantCode, status, listLimit)).map(toConversation);
    },

    /** Operators: a conversation with its messages; opening it marks the member's messages read. */
    async open(id: number): Promise<ConversationDetail> {
      let row = await existing(id);
      if (row.unread > 0) {
        row = await repo.updateConversation(db, id, { unread: 0 });
        await deps.pubsub.publish(
          operatorsChannel,
          JSON.stringify({ type: 'conversation', conversation: toConversation(row) } satisfies OperatorChatEvent),
        );
      }
      const messages = await repo.listMessages(db, id, historyLimit);
      return { conversation: toConversation(row), messages: messages.map(toMessage) };
    },

    /**
     * Operators: takes a waiting (or someone else's) conversation.
     * @throws SUPPORT_CONVERSATION_NOT_FOUND, SUPPORT_CONVERSATION_CLOSED
     */
    async assign(id: number, operator: SupportOperator): Promise<{ before: Conversation; after: Conversation }> {
      const row = await existing(id);
      if (row.status === 'closed') throw new AppError('SUPPORT_CONVERSATION_CLOSED');
      const updated = await repo.updateConversation(db, id, {
        status: 'assigned',
        assignedOperatorId: operator.id,
        assignedTo: operator.username,
      });
      await publish(updated, null);
      return { before: toConversation(row), after: toConversation(updated) };
    },

    /**
     * Operators: answers in a conversation; a waiting one is assigned to whoever answers first.
     * @throws SUPPORT_MESSAGE_EMPTY, SUPPORT_MESSAGE_TOO_LONG, SUPPORT_CONVERSATION_NOT_FOUND, SUPPORT_CONVERSATION_CLOSED
     */
    async reply(id: number, operator: SupportOperator, text: string): Promise<ChatMessage> {
      const clean = checkMessageText(text);
      const row = await existing(id);
      if (row.status === 'closed') throw new AppError('SUPPORT_CONVERSATION_CLOSED');
      if (row.status === 'waiting') {
        await repo.updateConversation(db, id, {
          status: 'assigned',
          assignedOperatorId: operator.id,
          assignedTo: operator.username,
        });
      }
      const stored = await repo.insertMessage(db, {
        conversationId: id,
        sender: 'operator',
        senderName: operator.username,
        text: clean,
        at: now(),
      });
      await publish(stored.conversation, stored.message);
      return toMessage(stored.message);
    },

    /**
     * Operators: ends a conversation; the member's chat window shows it closed and cannot write to it any more.
     * @throws SUPPORT_CONVERSATION_NOT_FOUND, SUPPORT_CONVERSATION_CLOSED
     */
    async close(id: number): Promise<{ before: Conversation; after: Conversation }> {
      const row = await existing(id);
      if (row.status === 'closed') throw new AppError('SUPPORT_CONVERSATION_CLOSED');
      const updated = await repo.updateConversation(db, id, { status: 'closed', closedAt: now() });
      await publish(updated, null);
      return { before: toConversation(row), after: toConversation(updated) };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
