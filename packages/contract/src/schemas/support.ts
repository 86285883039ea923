import { z } from 'zod';
import { customerServiceTypes } from './system';

/**
 * Live chat between members (or visitors who give a name) and operators (spec sections 2, 3 and 7:
 * `CBS_modelList`, `CBS_launchChat` and its `chatUrl`). Messages are plain text: clients show them as text,
 * never as HTML.
 */

/** Longest chat message, in characters. */
export const chatMessageMaxLength = 1000;
/** Longest visitor name, in characters. */
export const chatVisitorNameMaxLength = 40;

/** One entry of `CBS_modelList`: the in-portal live chat (`LIVECHAT`, url null) or a configured contact link. */
export const chatModelSchema = z.object({
  csType: z.enum(customerServiceTypes),
  title: z.string(),
  /** The contact link; null for the in-portal live chat, which is opened through `CBS_launchChat`. */
  url: z.string().nullable(),
  sort: z.number().int(),
});
export type ChatModel = z.infer<typeof chatModelSchema>;
export const chatModelListSchema = z.array(chatModelSchema);

/** `CBS_launchChat`: a member needs no name (their username is shown); a visitor must give one. */
export const launchChatInputSchema = z.strictObject({
  name: z.string().trim().max(chatVisitorNameMaxLength).optional(),
});
export type LaunchChatInput = z.infer<typeof launchChatInputSchema>;

export const launchChatResultSchema = z.object({
  /** The in-portal chat page with the chat token in its query (`?chatToken=…`). */
  chatUrl: z.string(),
  chatToken: z.string(),
  conversationId: z.number().int(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type LaunchChatResult = z.infer<typeof launchChatResultSchema>;

export const conversationStatuses = ['waiting', 'assigned', 'closed'] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  /** `member` (member or visitor) or `operator`. */
  sender: z.enum(['member', 'operator']),
  /** The operator's username on operator messages; the member's or visitor's name otherwise. */
  senderName: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  id: z.number().int(),
  status: z.enum(conversationStatuses),
  /** The member's username, or the visitor's name. */
  name: z.string(),
  /** Identity account id; null for a visitor. */
  accountId: z.number().int().nullable(),
  assignedTo: z.string().nullable(),
  /** Member messages the operators have not read yet. */
  unread: z.number().int(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** Text sent to a conversation: trimmed, not empty, at most `chatMessageMaxLength` characters. */
export const chatTextInputSchema = z.strictObject({ text: z.string() });

// ------------------------------------------------------------------ the chat socket (player side)

/** Where the member's chat socket lives; authenticated by the chat token in the first message. */
export const supportChatSocketPath = '/wps/support/chat';

export const chatClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), chatToken: z.string().min(1).max(2000) }),
  z.object({ type: z.literal('send'), text: z.string().max(20_000), clientId: z.string().max(64).optional() }),
  z.object({ type: z.literal('ping') }),
]);
export type ChatClientMessage = z.infer<typeof chatClientMessageSchema>;

export const chatServerMessageSchema = z.discriminatedUnion('type', [
  /** After a good auth: the conversation and its messages so far. */
  z.object({ type: z.literal('ready'), conversation: conversationSchema, messages: z.array(chatMessageSchema) }),
  z.object({ type: z.literal('message'), message: chatMessageSchema }),
  z.object({ type: z.literal('status'), conversation: conversationSchema }),
  /** A refused send: the error code of the catalogue (translated by the client). */
  z.object({
    type: z.literal('error'),
    code: z.string(),
    clientId: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
  z.object({ type: z.literal('pong') }),
]);
export type ChatServerMessage = z.infer<typeof chatServerMessageSchema>;

// ------------------------------------------------------------------ operators (under /bo/api)

export const supportBackofficePaths = {
  conversations: '/support/conversations',
  conversation: '/support/conversations/:id',
  assign: '/support/conversations/:id/assign',
  reply: '/support/conversations/:id/messages',
  close: '/support/conversations/:id/close',
  /** The operators' WebSocket (bo_session cookie, permission support.chat): conversation and message events. */
  socket: '/support/socket',
} as const;

export const conversationQuerySchema = z.object({ status: z.enum(conversationStatuses).optional() });
export const conversationIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const conversationListSchema = z.array(conversationSchema);
export const conversationDetailSchema = z.object({
  conversation: conversationSchema,
  messages: z.array(chatMessageSchema),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/** What the operators' socket sends: a conversation changed (new, assigned, closed, unread) or a new message. */
export const operatorChatEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('conversation'), conversation: conversationSchema }),
  z.object({ type: z.literal('message'), message: chatMessageSchema }),
]);
export type OperatorChatEvent = z.infer<typeof operatorChatEventSchema>;
