/**
 * Hybrid payload encryption for calls marked E (ARCHITECTURE.md section 3): a fresh AES-256-GCM key per
 * request encrypts the JSON body, and the server's RSA-OAEP (SHA-256) public key wraps that AES key, so
 * only the server can read the body even where TLS is terminated by a proxy.
 */

export type EncryptedPayload = {
  v: 1;
  /** Base64 of the AES key wrapped with RSA-OAEP SHA-256. */
  key: string;
  /** Base64 of the 12-byte GCM nonce. */
  iv: string;
  /** Base64 of the ciphertext followed by the 16-byte GCM tag (Web Crypto appends the tag). */
  data: string;
};

const ivLength = 12;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunked so large payloads do not exceed the argument limit of String.fromCharCode.
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Decodes the base64 body of a PEM block (`-----BEGIN PUBLIC KEY-----` … `-----END PUBLIC KEY-----`). */
export function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem.replace(/-----(BEGIN|END)[^-]*-----/g, '').replace(/\s+/g, '');
  if (body === '') throw new TypeError('empty PEM block');
  return base64ToBytes(body);
}

const importedKeys = new Map<string, Promise<CryptoKey>>();

/** Imports an SPKI PEM key once per page; the server's key changes only with a new permission response. */
function importPublicKey(pem: string): Promise<CryptoKey> {
  let key = importedKeys.get(pem);
  if (!key) {
    key = crypto.subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['wrapKey']);
    // A rejected import must not be cached, or one bad key would break every later request.
    key.catch(() => importedKeys.delete(pem));
    importedKeys.set(pem, key);
  }
  return key;
}

/** Encrypts a JSON-serialisable body for the server holding the private half of `publicKeyPem`. */
export async function encryptPayload(body: unknown, publicKeyPem: string): Promise<EncryptedPayload> {
  const publicKey = await importPublicKey(publicKeyPem);
  const aesKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(ivLength));
  const plaintext = new TextEncoder().encode(JSON.stringify(body ?? null));
  const [ciphertext, wrappedKey] = await Promise.all([
    crypto.subtle.encrypt({ name: 'AES-GCM', iv }, aesKey, plaintext),
    crypto.subtle.wrapKey('raw', aesKey, publicKey, { name: 'RSA-OAEP' }),
  ]);
  return {
    v: 1,
    key: bytesToBase64(new Uint8Array(wrappedKey)),
    iv: bytesToBase64(iv),
    data: bytesToBase64(new Uint8Array(ciphertext)),
  };
}
