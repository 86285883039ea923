import { createHash } from 'node:crypto';
import CryptoJS from 'crypto-js';

/*
 * TCG's Common API encrypts the JSON `params` with DES (ECB, PKCS5/PKCS7 padding) under the merchant's 8-byte key
 * and signs the Base64 text with SHA-256(params + signKey) in lowercase hex.
 * @see /work/shared/protocols/tcg-transfer.md section 2
 * Node's OpenSSL 3 no longer ships single DES (it lives in the legacy provider), so crypto-js does the block cipher.
 */

function desKeyOf(desKey: string): CryptoJS.lib.WordArray {
  const key = CryptoJS.enc.Utf8.parse(desKey);
  if (key.sigBytes !== 8) throw new Error('The TCG DES key must be exactly 8 bytes');
  return key;
}

/** JSON text → DES-ECB-PKCS7 → Base64 (standard alphabet, no line breaks). */
export function encryptParams(json: string, desKey: string): string {
  const encrypted = CryptoJS.DES.encrypt(CryptoJS.enc.Utf8.parse(json), desKeyOf(desKey), {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.Pkcs7,
  });
  return encrypted.ciphertext.toString(CryptoJS.enc.Base64);
}

/**
 * Base64 → DES-ECB-PKCS7 → UTF-8 text; a `+` that a careless form encoder turned into a space is put back.
 * throws when the text is not a valid ciphertext under this key. */
export function decryptParams(params: string, desKey: string): string {
  const ciphertext = CryptoJS.enc.Base64.parse(params.replace(/[\r\n]/g, '').replace(/ /g, '+'));
  if (ciphertext.sigBytes <= 0 || ciphertext.sigBytes % 8 !== 0) throw new Error('ciphertext is not whole DES blocks');
  const decrypted = CryptoJS.DES.decrypt(CryptoJS.lib.CipherParams.create({ ciphertext }), desKeyOf(desKey), {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.Pkcs7,
  });
  if (decrypted.sigBytes < 0) throw new Error('bad padding');
  const text = decrypted.toString(CryptoJS.enc.Utf8);
  if (!text) throw new Error('empty plaintext');
  return text;
}

/** sign = lowercase hex SHA-256 of the Base64 params immediately followed by the sign key (no separator). */
export function signParams(params: string, signKey: string): string {
  return createHash('sha256')
    .update(params + signKey, 'utf8')
    .digest('hex');
}
