import type { Db } from '../../platform/db';
import type { EmailProvider, SmsProvider } from '../../platform/notify/notify.types';
import * as repo from './system.repository';

export type OutboxMessage = {
  id: number;
  channel: 'SMS' | 'EMAIL';
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: string;
};

/**
 * The built-in SMS and e-mail providers: every message lands in the outbox table, where
 * development tools (and tests) read it. Production swaps in real providers behind the same interfaces.
 */
export function createOutboxService(deps: { db: Db; merchantCode: string }) {
  const toMessage = (row: repo.OutboxRow): OutboxMessage => ({
    id: row.id,
    channel: row.channel as OutboxMessage['channel'],
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  });
  const sms: SmsProvider = {
    name: 'outbox',
    async send(message) {
      const row = await repo.insertOutboxMessage(deps.db, {
        merchantCode: deps.merchantCode,
        channel: 'SMS',
        recipient: message.to,
        subject: null,
        body: message.text,
      });
      return { messageId: `outbox-${row.id}` };
    },
  };
  const email: EmailProvider = {
    name: 'outbox',
    async send(message) {
      const row = await repo.insertOutboxMessage(deps.db, {
        merchantCode: deps.merchantCode,
        channel: 'EMAIL',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
      });
      return { messageId: `outbox-${row.id}` };
    },
  };
  return {
    sms,
    email,
    /** Newest first. */
    async list(
      filter: { channel?: 'SMS' | 'EMAIL'; recipient?: string; limit?: number } = {},
    ): Promise<OutboxMessage[]> {
      const rows = await repo.listOutbox(deps.db, {
        merchantCode: deps.merchantCode,
        ...filter,
        limit: filter.limit ?? 50,
      });
      return rows.map(toMessage);
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
