import { createHash } from 'node:crypto';
import CryptoJS from 'crypto-js';

/**
 * TCG's Common API: the JSON `params` are encrypted with DES (ECB, PKCS5/PKCS7 padding) under the merchant's
 * 8-byte key and sent as Base64 without line breaks; `sign` is the lowercase hex SHA-256 of that Base64 text
 * followed directly by the sign key. Node's OpenSSL 3 no longer offers single DES (legacy provider), so crypto-js
 * runs the block cipher.
 * @see /work/shared/protocols/tcg-transfer.md section 2
 */

function desKey(key: string): CryptoJS.lib.WordArray {
  const parsed = CryptoJS.enc.Utf8.parse(key);
  if (parsed.sigBytes !== 8) throw new Error('The TCG DES key must be exactly 8 bytes');
  return parsed;
}

export function encryptTcgParams(json: string, key: string): string {
  const encrypted = CryptoJS.DES.encrypt(CryptoJS.enc.Utf8.parse(json), desKey(key), {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.Pkcs7,
  });
  return encrypted.ciphertext.toString(CryptoJS.enc.Base64).replace(/[\r\n]/g, '');
}

/** @throws Error when the text is not a ciphertext under this key. */
export function decryptTcgParams(params: string, key: string): string {
  const ciphertext = CryptoJS.enc.Base64.parse(params.replace(/[\r\n]/g, '').replace(/ /g, '+'));
  if (ciphertext.sigBytes <= 0 || ciphertext.sigBytes % 8 !== 0) throw new Error('ciphertext is not whole DES blocks');
  const decrypted = CryptoJS.DES.decrypt(CryptoJS.lib.CipherParams.create({ ciphertext }), desKey(key), {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.Pkcs7,
  });
  const text = decrypted.sigBytes > 0 ? decrypted.toString(CryptoJS.enc.Utf8) : '';
  if (!text) throw new Error('not a ciphertext under this key');
  return text;
}

export function signTcgParams(params: string, signKey: string): string {
  return createHash('sha256')
    .update(params + signKey, 'utf8')
    .digest('hex');
}
