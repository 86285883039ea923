import { generateKeyPair, generateKeyPairSync } from 'node:crypto';

export type KeyPair = { privateKeyPem: string; publicKeyPem: string };
/** Both RSA key pairs of a Hub88 integration: the aggregator's (the simulator signs wallet calls with it) and the operator's. */
export type VendorKeys = { sim: KeyPair; operator: KeyPair };

const rsaOptions = {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
} as const;

function rsaKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', rsaOptions);
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

/** The same on libuv's thread pool: the event loop stays free, and two pairs are made side by side. */
function rsaKeyPairOnPool(): Promise<KeyPair> {
  return new Promise((resolve, reject) => {
    generateKeyPair('rsa', rsaOptions, (error, publicKey, privateKey) => {
      if (error) reject(error);
      else resolve({ privateKeyPem: privateKey, publicKeyPem: publicKey });
    });
  });
}

/** Makes the two key pairs that configure both sides (the portal gets operator.private and sim.public). */
export function generateVendorKeys(): VendorKeys {
  return { sim: rsaKeyPair(), operator: rsaKeyPair() };
}

/**
 * The two key pairs made at the same time on the thread pool. An RSA-2048 key takes 0.2-1.6 s here (it searches
 * for random primes), so on a machine with two cores this costs the slower of the two rather than their sum.
 */
export async function generateVendorKeysInParallel(): Promise<VendorKeys> {
  const [sim, operator] = await Promise.all([rsaKeyPairOnPool(), rsaKeyPairOnPool()]);
  return { sim, operator };
}
