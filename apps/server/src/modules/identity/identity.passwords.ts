import argon2 from 'argon2';

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

/** True when the hash was made with other parameters than today's, so it is re-hashed at the next login. */
export function passwordNeedsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, hashOptions);
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of one verification when there is no account (or no password) to check, so that the
 * answer time does not tell an attacker which usernames exist.
 */
export async function spendVerificationTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('identity-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
