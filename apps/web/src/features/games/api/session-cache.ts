import type { ResponseSchema } from '@/lib/api-client';
import { readStorage, writeStorage } from '@/lib/storage';

/**
 * Spec sections 4 and 9: hot games and vendors are cached in sessionStorage for the session unless a refresh is
 * asked. Entries are per language (a language change loads the other language's names) and are checked against
 * the contract schema when read back, so an entry from an older build is ignored rather than trusted.
 * Logout clears sessionStorage (except the merchant code), and with it these entries.
 */
export const sessionCacheKeys = {
  gameMenus: (language: string) => `gameMenus:${language}`,
  hotGames: (language: string) => `hotGames:${language}`,
};

export function readSessionCache<T>(key: string, schema: ResponseSchema<T>): T | undefined {
  const raw = readStorage('sessionStorage', key);
  if (raw === null) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeSessionCache(key: string, value: unknown): void {
  writeStorage('sessionStorage', key, JSON.stringify(value));
}
