import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * TOTP as authenticator apps implement it (RFC 6238): SHA-1, 6 digits, 30-second steps, the same choices as
 * the back office's operator 2FA. A code is accepted for the current step and one step either side, to allow
 * for a phone clock a little off.
 * @see https://datatracker.ietf.org/doc/html/rfc6238
 */
export const totpPeriodSeconds = 30;
const totpWindow = 1;

function totpFor(secret: string, issuer: string, account: string): TOTP {
  return new TOTP({
    issuer,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: totpPeriodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** A fresh 160-bit secret in base32, the form authenticator apps take. */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI that authenticator apps read from the QR code. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return totpFor(secret, issuer, account).toString();
}

/**
 * The time step a code belongs to, or null when it fits none in the window. Callers refuse a step that is not
 * newer than the last accepted one, so a code seen over someone's shoulder cannot be used again.
 */
export function matchTotpStep(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret, 'x', 'x').validate({ token: code, timestamp: at.getTime(), window: totpWindow });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / totpPeriodSeconds) + delta;
}

/** The code an authenticator shows at a moment: for tests and the browser journeys. */
export function totpCodeAt(secret: string, at: Date): string {
  return totpFor(secret, 'x', 'x').generate({ timestamp: at.getTime() });
}

const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Eight one-time recovery codes such as `k7qz-m2xp`, shown once when two-step verification is turned on. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: 8 }, () => {
    const part = () => Array.from({ length: 4 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]).join('');
    return `${part()}-${part()}`;
  });
}

/** Recovery codes are compared without case, spaces or the dash, as people type them. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}

/** Whether an answer looks like a recovery code rather than a 6-digit authenticator code. */
export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{4}-?[a-z0-9]{4}$/i.test(code.trim());
}

const sealedPrefix = 'sealed:v1:';
const sealAad = Buffer.from('identity-member-totp');

/**
 * Seals TOTP secrets at rest with AES-256-GCM when MEMBER_TOTP_KEY is set (a database copy alone then yields no
 * usable secret); without a key, secrets are kept as they are. Secrets sealed earlier open only with their key.
 */
export function createTotpSecretBox(keyText: string | undefined) {
  const key = keyText ? Buffer.from(keyText, /^[0-9a-fA-F]{64}$/.test(keyText) ? 'hex' : 'base64') : null;
  if (key && key.length !== 32) throw new Error('MEMBER_TOTP_KEY must be 32 bytes');
  return {
    seal(secret: string): string {
      if (!key) return secret;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(sealAad);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${sealedPrefix}${iv.toString('base64url')}:${sealed.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}`;
    },
    open(stored: string): string {
      if (!stored.startsWith(sealedPrefix)) return stored;
      if (!key) throw new Error('a sealed TOTP secret needs MEMBER_TOTP_KEY');
      const [iv = '', sealed = '', tag = ''] = stored.slice(sealedPrefix.length).split(':');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(sealAad);
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type TotpSecretBox = ReturnType<typeof createTotpSecretBox>;
