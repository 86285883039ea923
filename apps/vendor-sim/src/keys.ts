import { generateKeyPairSync } from 'node:crypto';

export type KeyPair = { privateKeyPem: string; publicKeyPem: string };
/** Both RSA key pairs of a Hub88 integration: the aggregator's (the simulator signs wallet calls with it) and the operator's. */
export type VendorKeys = { sim: KeyPair; operator: KeyPair };

function rsaKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

/** Makes the two key pairs that configure both sides (the portal gets operator.private and sim.public). */
export function generateVendorKeys(): VendorKeys {
  return { sim: rsaKeyPair(), operator: rsaKeyPair() };
}
