import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { encryptPayloadForTest } from '../../testing/payload-client';
import {
  type EncryptedPayloadEnvelope,
  generatePayloadKeyPair,
  isEncryptedPayload,
  PayloadDecryptError,
  PayloadDecryptor,
} from './payload-crypto';

const body = { username: 'player01', password: 'S3cret!pass', note: 'বাংলা ✓ 🎰', nested: { amounts: [1, 2.5] } };

/** Flips one bit of a base64 field, keeping the length, to simulate tampering in transit. */
function flipBit(base64Text: string, byteIndex: number): string {
  const bytes = Buffer.from(base64Text, 'base64');
  const index = byteIndex < 0 ? bytes.length + byteIndex : byteIndex;
  bytes[index] = (bytes[index] ?? 0) ^ 0x01;
  return bytes.toString('base64');
}

function withField(
  envelope: EncryptedPayloadEnvelope,
  patch: Partial<EncryptedPayloadEnvelope['encryptedPayload']>,
): EncryptedPayloadEnvelope {
  return { encryptedPayload: { ...envelope.encryptedPayload, ...patch } };
}

function decryptFailure(decryptor: PayloadDecryptor, input: unknown): PayloadDecryptError {
  try {
    decryptor.decrypt(input);
  } catch (error) {
    if (error instanceof PayloadDecryptError) return error;
    throw error;
  }
  throw new Error('decrypt unexpectedly succeeded');
}

describe('payload encryption', () => {
  let keys: { publicKeyPem: string; privateKeyPem: string };
  let decryptor: PayloadDecryptor;
  let envelope: EncryptedPayloadEnvelope;

  beforeAll(async () => {
    keys = await generatePayloadKeyPair();
    decryptor = new PayloadDecryptor(keys.privateKeyPem);
    envelope = await encryptPayloadForTest(keys.publicKeyPem, body);
  });

  it('generates a 2048-bit RSA pair in SPKI and PKCS#8 PEM', () => {
    expect(keys.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(keys.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(decryptor.publicKeyPem).toBe(keys.publicKeyPem);
  });

  it('decrypts what Web Crypto encrypted, like a browser would', () => {
    expect(envelope.encryptedPayload.v).toBe(1);
    expect(Buffer.from(envelope.encryptedPayload.key, 'base64')).toHaveLength(256);
    expect(Buffer.from(envelope.encryptedPayload.iv, 'base64')).toHaveLength(12);
    expect(decryptor.decrypt(envelope)).toEqual(body);
  });

  it('decrypts an envelope that went through JSON, as it does over HTTP', () => {
    expect(decryptor.decrypt(JSON.parse(JSON.stringify(envelope)))).toEqual(body);
  });

  it('decrypts bodies that are not objects', async () => {
    for (const value of ['text', 42, null, [1, 'two']]) {
      expect(decryptor.decrypt(await encryptPayloadForTest(keys.publicKeyPem, value))).toEqual(value);
    }
  });

  it('refuses tampered ciphertext', () => {
    const tampered = withField(envelope, { data: flipBit(envelope.encryptedPayload.data, 0) });
    expect(decryptFailure(decryptor, tampered).reason).toBe('cipher');
  });

  it('refuses a tampered tag', () => {
    const tampered = withField(envelope, { data: flipBit(envelope.encryptedPayload.data, -1) });
    expect(decryptFailure(decryptor, tampered).reason).toBe('cipher');
  });

  it('refuses a tampered IV', () => {
    const tampered = withField(envelope, { iv: flipBit(envelope.encryptedPayload.iv, 3) });
    expect(decryptFailure(decryptor, tampered).reason).toBe('cipher');
  });

  it('refuses a tampered wrapped key', () => {
    const tampered = withField(envelope, { key: flipBit(envelope.encryptedPayload.key, 100) });
    expect(decryptFailure(decryptor, tampered).reason).toBe('key');
  });

  it('refuses an envelope made for another server key', async () => {
    const other = await generatePayloadKeyPair();
    const foreign = await encryptPayloadForTest(other.publicKeyPem, body);
    expect(decryptFailure(decryptor, foreign).reason).toBe('key');
  });

  it('refuses a key wrapped with OAEP over SHA-1 (the Node default), since the format says SHA-256', () => {
    const wrapped = publicEncrypt(
      { key: keys.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING },
      Buffer.alloc(32, 7),
    );
    const sha1 = withField(envelope, { key: wrapped.toString('base64') });
    expect(decryptFailure(decryptor, sha1).reason).toBe('key');
  });

  it('refuses a wrapped key that is not 32 bytes long', () => {
    const wrapped = publicEncrypt(
      { key: keys.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.alloc(16, 7),
    );
    const shortKey = withField(envelope, { key: wrapped.toString('base64') });
    expect(decryptFailure(decryptor, shortKey).reason).toBe('key');
  });

  it.each([
    ['a plain body', { username: 'x' }],
    ['null', null],
    ['a string', 'encryptedPayload'],
    ['an array', [{ encryptedPayload: { v: 1, key: 'AA==', iv: 'AA==', data: 'AA==' } }]],
    ['another version', { encryptedPayload: { v: 2, key: 'AA==', iv: 'AA==', data: 'AA==' } }],
    ['a missing field', { encryptedPayload: { v: 1, key: 'AA==', iv: 'AA==' } }],
    ['a field that is not base64', { encryptedPayload: { v: 1, key: '!!!!', iv: 'AA==', data: 'AA==' } }],
    ['an extra field beside the envelope', { encryptedPayload: { v: 1, key: 'AA==', iv: 'AA==', data: 'AA==' }, x: 1 }],
    ['an IV of the wrong length', { encryptedPayload: { v: 1, key: 'AA==', iv: 'AAAAAAAA', data: 'AA==' } }],
  ])('refuses an envelope of the wrong shape: %s', (_label, input) => {
    expect(decryptFailure(decryptor, input).reason).toBe('envelope');
  });

  it('refuses a plaintext that is not JSON, and keeps the detail out of the message', async () => {
    // Encrypt raw bytes by hand, as a buggy client might.
    const { subtle } = globalThis.crypto;
    const aesKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
    const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
    const data = await subtle.encrypt({ name: 'AES-GCM', iv }, aesKey, new TextEncoder().encode('{not json'));
    const rawKey = Buffer.from(await subtle.exportKey('raw', aesKey));
    const key = publicEncrypt(
      { key: keys.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      rawKey,
    );
    const error = decryptFailure(decryptor, {
      encryptedPayload: {
        v: 1,
        key: key.toString('base64'),
        iv: Buffer.from(iv).toString('base64'),
        data: Buffer.from(data).toString('base64'),
      },
    });
    expect(error.reason).toBe('json');
    expect(error.message).toBe('The encrypted payload could not be decrypted');
    expect(error.cause).toBeUndefined();
  });

  it('tells an encryption attempt from a plain body', () => {
    expect(isEncryptedPayload(envelope)).toBe(true);
    expect(isEncryptedPayload({ encryptedPayload: 'garbage' })).toBe(true);
    expect(isEncryptedPayload({ username: 'x' })).toBe(false);
    expect(isEncryptedPayload(null)).toBe(false);
    expect(isEncryptedPayload('encryptedPayload')).toBe(false);
  });

  it('refuses a private key that is not RSA-2048 or stronger', () => {
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(() => new PayloadDecryptor(small.toString())).toThrow('RSA');
    expect(() => new PayloadDecryptor(ec.toString())).toThrow('RSA');
  });
});
