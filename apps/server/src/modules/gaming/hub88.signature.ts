import { createPublicKey, createSign, type KeyObject, verify } from 'node:crypto';

/**
 * Hub88 signs every request body in both directions with RSA-SHA256 (PKCS#1 v1.5) over the exact raw bytes,
 * Base64-encoded, in the `X-Hub88-Signature` header. We check wallet calls with the aggregator's public key before
 * parsing anything, and sign our Games API calls with the operator private key.
 * @see /work/shared/protocols/hub88-wallet.md section 2
 */
export const hub88SignatureHeader = 'x-hub88-signature';

export function signHub88Body(rawBody: string | Buffer, privateKeyPem: string): string {
  const signer = createSign('RSA-SHA256');
  signer.update(rawBody);
  return signer.sign(privateKeyPem, 'base64');
}

/**
 * The public key parsed once: `verifyHub88Body` with the PEM text parses it on every call, which a wallet call in
 * the hot path should not pay for.
 */
export function hub88PublicKey(publicKeyPem: string): KeyObject {
  return createPublicKey(publicKeyPem);
}

/** True only when `signature` is a valid signature of exactly these bytes; never throws. */
export function verifyHub88Body(
  rawBody: Buffer,
  signature: string | undefined,
  publicKey: string | KeyObject,
): boolean {
  if (!signature || signature.length > 4096) return false;
  try {
    return verify('RSA-SHA256', rawBody, publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
