// The server side of bench/games.mjs, in its own process (`node --import tsx`, pinned to its own core by the
// parent), so that the load generator never shares the server's event loop or core. Builds the real app (in-memory
// PGlite, or PostgreSQL when BENCH_DATABASE_URL_APP is set), stores the catalogue, then serves until SIGTERM.
// IPC from the parent:
//   { type: 'players', count, funds }  -> { type: 'players', players: [{ user, token }] }
//   { type: 'profile-start' }          -> { type: 'profile-started' }      (V8 CPU profiler, node:inspector)
//   { type: 'profile-stop', file }     -> { type: 'profile-stopped' }      (writes the .cpuprofile)
//   { type: 'cpu' }                    -> { type: 'cpu', micros }            (this process's user + system CPU)
//   { type: 'verify' }                 -> { type: 'verified', report }
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { buildApp, loadConfig } from '../../apps/server/src/app.ts';
import { insertSession } from '../../apps/server/src/modules/gaming/gaming.repository.ts';
import { applyServerV8Flags } from '../../apps/server/src/platform/v8-flags.ts';
import { benchGames, benchProviders } from './catalogue.mjs';

// The V8 flags the server's entry point (main.ts) sets, so that this measures the server as production runs it.
applyServerV8Flags();

const gameCount = Number(process.env.BENCH_GAMES ?? 12_000);
const databaseUrl = process.env.BENCH_DATABASE_URL_APP || undefined;
const config = {
  ...loadConfig({ LOG_LEVEL: 'silent', SERVE_WEB: 'false', API_DOCS: 'false', JOBS_ENABLED: 'false' }),
  databaseInMemory: !databaseUrl,
  databaseUrl,
  databasePoolMax: 20,
  rateLimitPerMinute: 100_000_000,
  hub88: {
    apiUrl: 'http://127.0.0.1:9/hub88',
    operatorId: '1',
    privateKeyPem: process.env.BENCH_OPERATOR_PRIVATE_KEY,
    publicKeyPem: process.env.BENCH_AGGREGATOR_PUBLIC_KEY,
  },
};
const app = await buildApp(config);

const seedStarted = performance.now();
await app.services.catalogue.applyFeed({
  aggregator: 'hub88',
  walletMode: 'seamless',
  vendors: benchProviders.map((code, index) => ({
    code,
    name: code,
    category: 'RNG',
    iconUrl: null,
    sortOrder: index,
  })),
  games: benchGames(gameCount),
});
const seedMs = Math.round(performance.now() - seedStarted);

async function newPlayer(funds) {
  const username = `bench${randomBytes(4).toString('hex')}`.slice(0, 16);
  const account = await app.services.identity.createAccount({
    username,
    password: 'Secret#2026',
    type: 0,
    uplineId: null,
  });
  const { wallet } = app.services;
  const clearing = await wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT');
  const cash = await wallet.ensureAccount({ type: 'player', id: account.id }, 'PLAYER_CASH', 'BDT');
  await wallet.transfer({
    idempotencyKey: `bench-fund:${randomUUID()}`,
    debit: clearing.id,
    credit: cash.id,
    amountMinor: funds,
    currency: 'BDT',
    kind: 'DEPOSIT',
  });
  const token = randomBytes(24).toString('base64url');
  await insertSession(app.database.db, {
    token,
    merchantCode: config.merchantCode,
    accountId: account.id,
    vendorCode: 'PG',
    gameCode: 'pg_0',
    currency: 'BDT',
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { user: `u${String(account.id).padStart(6, '0')}`, token };
}

const address = await app.listen({ port: 0, host: '127.0.0.1' });
let session = null;
process.on('message', async (message) => {
  if (message?.type === 'players') {
    const players = [];
    for (let index = 0; index < message.count; index += 1) players.push(await newPlayer(BigInt(message.funds)));
    process.send?.({ type: 'players', players });
  } else if (message?.type === 'profile-start') {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    process.send?.({ type: 'profile-started' });
  } else if (message?.type === 'profile-stop') {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(message.file, JSON.stringify(profile));
    session.disconnect();
    session = null;
    process.send?.({ type: 'profile-stopped' });
  } else if (message?.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ type: 'cpu', micros: user + system });
  } else if (message?.type === 'verify') {
    const report = await app.services.wallet.verifyLedger();
    process.send?.({
      type: 'verified',
      report: { ok: report.ok, breaches: report.breaches, accounts: report.accounts, transfers: report.transfers },
    });
  }
});
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
process.send?.({ type: 'ready', address, seedMs });
