import type { EncryptedPayloadEnvelope } from '../platform/crypto/payload-crypto';

/**
 * Encrypts a request body the way the web client does, with Web Crypto only (no node:crypto), so that
 * server tests prove compatibility with browsers rather than with Node's own primitives.
 */
export async function encryptPayloadForTest(publicKeyPem: string, body: unknown): Promise<EncryptedPayloadEnvelope> {
  const { subtle } = globalThis.crypto;
  const spki = base64ToBytes(publicKeyPem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, ''));
  const rsaKey = await subtle.importKey('spki', spki, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['wrapKey']);
  const aesKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const plaintext = new TextEncoder().encode(JSON.stringify(body));
  const data = await subtle.encrypt({ name: 'AES-GCM', iv, tagLength: 128 }, aesKey, plaintext);
  const wrappedKey = await subtle.wrapKey('raw', aesKey, rsaKey, { name: 'RSA-OAEP' });
  return {
    encryptedPayload: {
      v: 1,
      key: bytesToBase64(new Uint8Array(wrappedKey)),
      iv: bytesToBase64(iv),
      data: bytesToBase64(new Uint8Array(data)),
    },
  };
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function base64ToBytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}
