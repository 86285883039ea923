import {
  constants,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
  privateDecrypt,
} from 'node:crypto';
import { promisify } from 'node:util';
import { z } from 'zod';

/**
 * Payload encryption for calls marked E (spec section 7). The browser makes a fresh AES-256-GCM key and a
 * 12-byte IV, encrypts the UTF-8 JSON body with Web Crypto (ciphertext followed by the 16-byte tag), wraps
 * the raw key with RSA-OAEP (SHA-256, MGF1 SHA-256) under the server's public key and sends
 * `{"encryptedPayload":{"v":1,"key":"<base64>","iv":"<base64>","data":"<base64>"}}`.
 * The format is fixed: the web client implements the same one.
 */

const ivBytes = 12;
const tagBytes = 16;
const aesKeyBytes = 32;
const minModulusBits = 2048;

/** Standard base64 with padding, as `btoa` produces; zod's check refuses stray characters. */
const base64 = z.base64();

/** The envelope of an encrypted body. Strict, so plaintext fields cannot ride along unauthenticated. */
export const encryptedPayloadEnvelopeSchema = z.strictObject({
  encryptedPayload: z.strictObject({
    v: z.literal(1),
    key: base64,
    iv: base64,
    data: base64,
  }),
});
export type EncryptedPayloadEnvelope = z.infer<typeof encryptedPayloadEnvelopeSchema>;

/** Which step failed; for logs and metrics only, never for the client (it would help an attacker probe). */
export type PayloadDecryptFailure = 'envelope' | 'key' | 'cipher' | 'encoding' | 'json';

/**
 * An encrypted body could not be turned back into the plain body. The message is the same for every cause
 * so that nothing about the keys leaks; map it to `CRYPTO_PAYLOAD_INVALID`.
 */
export class PayloadDecryptError extends Error {
  override readonly name = 'PayloadDecryptError';
  readonly reason: PayloadDecryptFailure;

  constructor(reason: PayloadDecryptFailure) {
    super('The encrypted payload could not be decrypted');
    this.reason = reason;
  }
}

const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * A fresh RSA-2048 key pair in the PEM encodings Web Crypto imports (SPKI) and Node reads (PKCS#8). Generated off
 * the event loop (about 0.2 s of CPU): the first start seeds accounts and configuration meanwhile.
 */
export async function generatePayloadKeyPair(): Promise<{ publicKeyPem: string; privateKeyPem: string }> {
  const { publicKey, privateKey } = await generateRsaKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

/**
 * True when the client meant to send an encrypted body (it has an `encryptedPayload` member). Deliberately
 * looser than the schema: a malformed envelope must reach `decrypt` and be refused, not be taken for a
 * plaintext body.
 */
export function isEncryptedPayload(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && Object.hasOwn(body, 'encryptedPayload');
}

function decodeBase64(text: string): Buffer {
  return Buffer.from(text, 'base64');
}

/** Decrypts request bodies with the server's private key, parsed once here rather than per request. */
export class PayloadDecryptor {
  readonly #privateKey: KeyObject;
  readonly #wrappedKeyBytes: number;
  /** The matching public key (SPKI PEM), as served to clients. */
  readonly publicKeyPem: string;

  /** @throws Error when the PEM is not an RSA private key of at least 2048 bits. */
  constructor(privateKeyPem: string) {
    const privateKey = createPrivateKey(privateKeyPem);
    const modulusBits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
    if (privateKey.asymmetricKeyType !== 'rsa' || modulusBits < minModulusBits) {
      throw new Error(`The payload key must be an RSA key of at least ${minModulusBits} bits`);
    }
    this.#privateKey = privateKey;
    this.#wrappedKeyBytes = Math.ceil(modulusBits / 8);
    this.publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  }

  /**
   * Returns the plain JSON body of an encrypted envelope.
   * @throws PayloadDecryptError for a malformed envelope, a key or tag that does not verify, or a plaintext
   * that is not UTF-8 JSON.
   */
  decrypt(body: unknown): unknown {
    const parsed = encryptedPayloadEnvelopeSchema.safeParse(body);
    if (!parsed.success) throw new PayloadDecryptError('envelope');
    const envelope = parsed.data.encryptedPayload;
    const wrappedKey = decodeBase64(envelope.key);
    const iv = decodeBase64(envelope.iv);
    const data = decodeBase64(envelope.data);
    if (wrappedKey.length !== this.#wrappedKeyBytes || iv.length !== ivBytes || data.length < tagBytes) {
      throw new PayloadDecryptError('envelope');
    }

    let aesKey: Buffer;
    try {
      aesKey = privateDecrypt(
        { key: this.#privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        wrappedKey,
      );
    } catch {
      throw new PayloadDecryptError('key');
    }
    if (aesKey.length !== aesKeyBytes) throw new PayloadDecryptError('key');

    let plaintext: Buffer;
    try {
      const decipher = createDecipheriv('aes-256-gcm', aesKey, iv, { authTagLength: tagBytes });
      decipher.setAuthTag(data.subarray(data.length - tagBytes));
      plaintext = Buffer.concat([decipher.update(data.subarray(0, data.length - tagBytes)), decipher.final()]);
    } catch {
      throw new PayloadDecryptError('cipher');
    }

    let json: string;
    try {
      json = new TextDecoder('utf-8', { fatal: true }).decode(plaintext);
    } catch {
      throw new PayloadDecryptError('encoding');
    }
    try {
      return JSON.parse(json);
    } catch {
      throw new PayloadDecryptError('json');
    }
  }
}
