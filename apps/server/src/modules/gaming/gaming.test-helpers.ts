import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppConfig } from '../../config';
import { buildTestApp } from '../../testing';
import type { FeedGame, VendorFeed } from '../catalogue';
import { insertSession } from './gaming.repository';
import { signHub88Body } from './hub88.signature';
import { hub88UserOf } from './hub88.wallet';

export type KeyPair = { privateKeyPem: string; publicKeyPem: string };

export function rsaKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

/** A settable clock for the app (favourite throttle, token expiry). */
export function testClock(start = Date.parse('2026-05-01T10:00:00Z')) {
  let current = start;
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

export type GamesApp = {
  app: FastifyInstance;
  /** The aggregator's key pair: its private key signs wallet calls (the portal holds the public key). */
  aggregator: KeyPair;
  clock: ReturnType<typeof testClock>;
};

/** The app with a Hub88 aggregator configured (its Games API is never called unless a test points it somewhere). */
export async function buildGamesApp(overrides: Partial<AppConfig> = {}): Promise<GamesApp> {
  const aggregator = rsaKeyPair();
  const operator = rsaKeyPair();
  const clock = testClock();
  const app = await buildTestApp(
    {
      rateLimitPerMinute: 100_000,
      loginRateLimitPerMinute: 100_000,
      hub88: {
        apiUrl: 'http://127.0.0.1:9/hub88',
        operatorId: '1',
        privateKeyPem: operator.privateKeyPem,
        publicKeyPem: aggregator.publicKeyPem,
      },
      ...overrides,
    },
    { now: clock.now },
  );
  await app.ready();
  return { app, aggregator, clock };
}

let counter = 0;

export type Player = { id: number; username: string; token: string; user: string };

/** A member logged in, optionally funded (major units of BDT). */
export async function newPlayer(app: FastifyInstance, funds?: string, type = 0): Promise<Player> {
  counter += 1;
  const username = `game${Date.now().toString(36).slice(-5)}${counter}`.slice(0, 16);
  const password = 'Secret#2026';
  const account = await app.services.identity.createAccount({ username, password, type, uplineId: null });
  const { token } = await app.services.identity.login(
    { username, password },
    { ip: `10.8.${counter % 250}.${(counter >> 8) % 250}` },
  );
  if (funds) await fund(app, account.id, funds);
  return { id: account.id, username, token, user: hub88UserOf(account.id) };
}

export async function fund(app: FastifyInstance, accountId: number, amount: string): Promise<void> {
  const { wallet } = app.services;
  const [clearing, cash] = await Promise.all([
    wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT'),
    wallet.ensureAccount({ type: 'player', id: accountId }, 'PLAYER_CASH', 'BDT'),
  ]);
  const [whole = '0', fraction = ''] = amount.split('.');
  await wallet.transfer({
    idempotencyKey: `test-fund:${randomBytes(8).toString('hex')}`,
    debit: clearing.id,
    credit: cash.id,
    amountMinor: BigInt(whole + fraction.padEnd(2, '0')),
    currency: 'BDT',
    kind: 'DEPOSIT',
  });
}

/** The member's main wallet in minor units. */
export async function cashOf(app: FastifyInstance, accountId: number): Promise<bigint> {
  const account = await app.services.wallet.ensureAccount({ type: 'player', id: accountId }, 'PLAYER_CASH', 'BDT');
  return account.availableMinor;
}

export async function expectLedgerReconciled(app: FastifyInstance): Promise<void> {
  const report = await app.services.wallet.verifyLedger();
  expect(report.breaches).toEqual([]);
  expect(report.ok).toBe(true);
}

/** A Hub88 feed: `slots` RNG games over two providers, plus live, fish and a sports book. */
export function hub88Feed(slots = 40): VendorFeed {
  const games: FeedGame[] = [];
  for (let index = 0; index < slots; index += 1) {
    const vendorCode = index % 2 === 0 ? 'PG' : 'JDB';
    games.push({
      vendorCode,
      gameCode: `${vendorCode.toLowerCase()}_slot_${index}`,
      gameType: 'RNG',
      name: `Lucky Slot ${index}`,
      names: { bn: `লাকি স্লট ${index}` },
      showIcon: `https://sim.example/art/${vendorCode}_${index}.svg`,
      iconUrl: `https://sim.example/art/${vendorCode}_${index}.svg`,
      largeIcon: null,
      trialSupport: index % 3 === 0,
      enabled: true,
      releasedAt: index < 5 ? new Date('2026-04-20T00:00:00Z') : new Date('2020-01-01T00:00:00Z'),
    });
  }
  games.push(
    {
      vendorCode: 'AG',
      gameCode: 'ag_baccarat_1',
      gameType: 'LIVE',
      name: 'Baccarat Table 1',
      showIcon: null,
      iconUrl: null,
      largeIcon: null,
      trialSupport: false,
      enabled: true,
    },
    {
      vendorCode: 'AG',
      gameCode: 'ag_baccarat_2',
      gameType: 'LIVE',
      name: 'Baccarat Table 2',
      showIcon: null,
      iconUrl: null,
      largeIcon: null,
      trialSupport: false,
      enabled: true,
    },
    {
      vendorCode: 'JDB',
      gameCode: 'jdb_fish_1',
      gameType: 'FISH',
      name: 'Fishing War',
      showIcon: 'art/fish.svg',
      iconUrl: null,
      largeIcon: null,
      trialSupport: true,
      enabled: true,
    },
    {
      vendorCode: 'TF',
      gameCode: 'tf_lobby',
      gameType: 'SPORTS',
      isLobby: true,
      name: 'TF Gaming',
      showIcon: null,
      iconUrl: null,
      largeIcon: null,
      trialSupport: false,
      enabled: true,
    },
    {
      vendorCode: 'SBT',
      gameCode: 'sbt_lobby',
      gameType: 'SPORTS',
      isLobby: true,
      name: 'SBTech',
      showIcon: null,
      iconUrl: null,
      largeIcon: null,
      trialSupport: false,
      enabled: true,
    },
  );
  const vendors = [
    { code: 'PG', name: 'PG Soft', category: 'RNG' as const, sortOrder: 10 },
    { code: 'JDB', name: 'JDB', category: 'RNG' as const, sortOrder: 20 },
    { code: 'AG', name: 'Asia Gaming', category: 'LIVE' as const, sortOrder: 5 },
    { code: 'SBT', name: 'SBTech', category: 'SPORTS' as const, sortOrder: 30 },
    { code: 'TF', name: 'TF Gaming', category: 'SPORTS' as const, sortOrder: 31 },
  ].map((vendor) => ({ ...vendor, iconUrl: null }));
  return { aggregator: 'hub88', walletMode: 'seamless', vendors, games };
}

/** Sends a Hub88 wallet call signed with the aggregator's key (or as given), and returns the parsed answer. */
export async function walletCall(
  games: GamesApp,
  endpoint: string,
  body: Record<string, unknown>,
  options: { raw?: string; signature?: string; signedBody?: string } = {},
): Promise<Record<string, unknown>> {
  const raw = options.raw ?? JSON.stringify(body);
  const signature = options.signature ?? signHub88Body(options.signedBody ?? raw, games.aggregator.privateKeyPem);
  const response = await games.app.inject({
    method: 'POST',
    url: `/gateway/hub88/${endpoint}`,
    headers: { 'content-type': 'application/json', 'x-hub88-signature': signature },
    payload: raw,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Record<string, unknown>;
}

/** A seamless game session as a launch makes it (the token the vendor's wallet calls carry). */
export async function sessionToken(
  games: GamesApp,
  player: Player,
  options: { gameCode?: string; vendorCode?: string; expiresInMs?: number; currency?: string } = {},
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await insertSession(games.app.database.db, {
    token,
    merchantCode: 'DEMO',
    accountId: player.id,
    vendorCode: options.vendorCode ?? 'PG',
    gameCode: options.gameCode ?? 'pg_slot_0',
    currency: options.currency ?? 'BDT',
    createdAt: games.clock.now(),
    expiresAt: new Date(games.clock.now().getTime() + (options.expiresInMs ?? 3_600_000)),
  });
  return token;
}

export const uuid = () => randomUUID();
