/**
 * Outbound messages to people. Real deployments plug in an SMS gateway or an SMTP/API mailer;
 * the built-in providers write to the outbox table instead, which development tools display.
 */
export type SmsMessage = { to: string; text: string };
export type EmailMessage = { to: string; subject: string; text: string };

export interface SmsProvider {
  readonly name: string;
  /** Sends one SMS; resolves with the provider's message id. */
  send(message: SmsMessage): Promise<{ messageId: string }>;
}

export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<{ messageId: string }>;
}
