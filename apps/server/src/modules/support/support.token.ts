import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Chat tokens: `v1.<conversationId>.<expiresAtMs>.<HMAC-SHA256 of the first three parts, base64url>`. Stateless, so
 * every instance that shares the secret (CHAT_TOKEN_SECRET) accepts a token another one issued; short-lived, so a
 * leaked chat link stops working on its own.
 */
export function signChatToken(secret: string, conversationId: number, expiresAt: Date): string {
  const body = `v1.${conversationId}.${expiresAt.getTime()}`;
  return `${body}.${mac(secret, body)}`;
}

/** The conversation a token opens, or null when it is malformed, forged or expired at `now`. */
export function verifyChatToken(secret: string, token: string, now: Date): number | null {
  if (token.length > 200) return null;
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') return null;
  const [version, id, expires, signature] = parts as [string, string, string, string];
  if (!/^\d{1,10}$/.test(id) || !/^\d{1,15}$/.test(expires)) return null;
  const expected = Buffer.from(mac(secret, `${version}.${id}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expires) <= now.getTime()) return null;
  return Number(id);
}

function mac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}
