import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import argon2 from 'argon2';
import { Secret, TOTP } from 'otpauth';

/**
 * argon2id with the first of OWASP's recommended configurations: 19 MiB of memory, 2 iterations, 1 lane.
 * @see https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#argon2id
 */
const hashOptions = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, hashOptions);
}

/** False for a malformed stored hash as well as for a wrong password. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of one verification when no operator has the username, so that the answer time does not
 * tell an attacker which operator usernames exist.
 */
export async function spendVerificationTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('backoffice-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}

// Letters and digits that cannot be mistaken for each other when read aloud or copied by hand (no 0/O, 1/l/I).
const passwordAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A one-time password to hand over: four groups of five (about 116 bits), such as `Kq7Tz-…`. */
export function generatePassword(): string {
  const groups: string[] = [];
  for (let group = 0; group < 4; group += 1) {
    let text = '';
    for (let index = 0; index < 5; index += 1) text += passwordAlphabet[randomInt(passwordAlphabet.length)];
    groups.push(text);
  }
  return groups.join('-');
}

/** A random token for a cookie or a challenge: 256 bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * TOTP as authenticator apps implement it (RFC 6238): SHA-1, 6 digits, 30-second steps. A code is accepted
 * for the current step and one step either side, to allow for a phone clock a little off.
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
 * The time step a code belongs to, or null when it fits none in the window. Callers refuse a step that is
 * not newer than the last accepted one, so a code seen over someone's shoulder cannot be used again.
 */
export function matchTotpStep(secret: string, code: string, at: Date): number | null {
  const delta = totpFor(secret, 'x', 'x').validate({ token: code, timestamp: at.getTime(), window: totpWindow });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / totpPeriodSeconds) + delta;
}

const sealedPrefix = 'gcm1:';
const sealAad = Buffer.from('backoffice-totp-secret');

/** Whether a stored TOTP secret is sealed (AES-256-GCM) rather than the plain base32 of older rows. */
export function isSealedSecret(stored: string): boolean {
  return stored.startsWith(sealedPrefix);
}

/**
 * Seals operator TOTP secrets at rest with AES-256-GCM under the BO_TOTP_KEY setting, so that a copy of the
 * database alone does not let anyone produce codes. Without a key, secrets stay as they are (plain base32).
 * Stored form: `gcm1:<iv>:<ciphertext>:<tag>`, each base64url.
 * @see https://nvlpubs.nist.gov/nistpubs/Legacy/SP/nistspecialpublication800-38d.pdf (GCM, 96-bit IVs)
 */
export function createTotpSecretBox(key: Buffer | null) {
  if (key && key.length !== 32) throw new Error('BO_TOTP_KEY must be 32 bytes');
  return {
    sealing: key !== null,
    seal(secret: string): string {
      if (!key) return secret;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(sealAad);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${sealedPrefix}${iv.toString('base64url')}:${sealed.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}`;
    },
    /** The plain secret; a sealed one needs the key it was sealed with (GCM refuses any other). */
    open(stored: string): string {
      if (!isSealedSecret(stored)) return stored;
      if (!key) throw new Error('a sealed TOTP secret needs BO_TOTP_KEY');
      const [iv = '', sealed = '', tag = ''] = stored.slice(sealedPrefix.length).split(':');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(sealAad);
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type TotpSecretBox = ReturnType<typeof createTotpSecretBox>;
