import argon2 from 'argon2';

/**
 * argon2id with the first of OWASP's recommended configurations: 19 MiB of memory, 2 iterations, 1 lane.
 * @see https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#argon2id
 */
const hashOptions = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * A counting semaphore around the argon2 work. Each hash or verification holds 19 MiB for its whole run, and
 * the native pool would otherwise start as many as requests arrive: a flood of logins could take the process's
 * memory with it. With the bound, extra logins wait in a queue (a closure each, a few hundred bytes) and the
 * hashing memory stays at `max` × 19 MiB. The per-IP login rate limit keeps the queue itself short.
 */
let maxConcurrent = 4;
let running = 0;
const waiting: (() => void)[] = [];

/** LOGIN_MAX_CONCURRENT_HASHES: argon2 runs at once in this process. */
export function setMaxConcurrentHashes(max: number): void {
  maxConcurrent = Math.max(1, Math.floor(max));
}

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running >= maxConcurrent) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so `running` never drops below what is actually running.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** argon2 runs at this moment and logins waiting for a slot: for the metrics and the benchmark. */
export function hashingLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

export async function hashPassword(password: string): Promise<string> {
  return bounded(() => argon2.hash(password, hashOptions));
}

/** False for a malformed stored hash as well as for a wrong password. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await bounded(() => argon2.verify(hash, password));
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
