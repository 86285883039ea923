// Games: the game list and search with 12,000 games at 200 concurrent clients (target p99 under 20 ms), and the
// Hub88 seamless wallet callbacks (bet + win) per second with their p99 (target under 50 ms), for one hot player
// and for many players. The real app in-process on embedded PGlite (the default deployment), over HTTP on
// localhost; signatures are made before the timed part so the load generator's RSA work does not count.
// Appends a section to bench/RESULTS.md.
//
//   npx tsx bench/games.mjs
//   BENCH_DURATION_S=10 BENCH_GAMES=12000 npx tsx bench/games.mjs
import { createSign, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp, loadConfig } from '../apps/server/src/app.ts';
import { insertSession } from '../apps/server/src/modules/gaming/gaming.repository.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
const gameCount = Number(process.env.BENCH_GAMES ?? 12_000);
const listConnections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const walletWorkers = Number(process.env.BENCH_WALLET_WORKERS ?? 8);
const loadBefore = os.loadavg().map((value) => value.toFixed(2));

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

// BENCH_DB=postgres runs on a fresh database of the PostgreSQL at BENCH_PG_URL (dropped afterwards).
const usePostgres = process.env.BENCH_DB === 'postgres';
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `bench_games_${randomBytes(4).toString('hex')}`;
async function admin(sqlText) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sqlText);
  } finally {
    await client.end();
  }
}
let databaseUrl;
if (usePostgres) {
  await admin(`create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
}

const aggregator = keyPair();
const operator = keyPair();
const config = {
  ...loadConfig({ LOG_LEVEL: 'silent', SERVE_WEB: 'false', API_DOCS: 'false', JOBS_ENABLED: 'false' }),
  databaseInMemory: !usePostgres,
  databaseUrl,
  databasePoolMax: 20,
  rateLimitPerMinute: 100_000_000,
  hub88: {
    apiUrl: 'http://127.0.0.1:9/hub88',
    operatorId: '1',
    privateKeyPem: operator.privateKeyPem,
    publicKeyPem: aggregator.publicKeyPem,
  },
};
const app = await buildApp(config);

// ---------------------------------------------------------------- catalogue of `gameCount` games
const words = [
  'Lucky',
  'Dragon',
  'Fortune',
  'Golden',
  'Tiger',
  'Jungle',
  'Mega',
  'Royal',
  'Wild',
  'Star',
  'Ocean',
  'Magic',
  'Phoenix',
  'Treasure',
  'Panda',
  'Lotus',
  'Thunder',
  'Sakura',
  'Pharaoh',
  'Crystal',
];
const providers = ['PG', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'EG2', 'RTG', 'MG', 'PNG', 'ISB', 'TTG'];
const games = [];
for (let index = 0; index < gameCount; index += 1) {
  const vendorCode = providers[index % providers.length];
  const name = `${words[index % words.length]} ${words[Math.floor(index / words.length) % words.length]} ${index}`;
  games.push({
    vendorCode,
    gameCode: `${vendorCode.toLowerCase()}_${index}`,
    gameType: 'RNG',
    name,
    names: { bn: `গেম ${index}` },
    showIcon: `https://sim.example/art/${index}.svg`,
    iconUrl: `https://sim.example/art/${index}.svg`,
    largeIcon: null,
    trialSupport: index % 2 === 0,
    enabled: true,
  });
}
const seedStarted = performance.now();
await app.services.catalogue.applyFeed({
  aggregator: 'hub88',
  walletMode: 'seamless',
  vendors: providers.map((code, index) => ({ code, name: code, category: 'RNG', iconUrl: null, sortOrder: index })),
  games,
});
const seedMs = Math.round(performance.now() - seedStarted);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;

// The load generator runs in a worker thread (BENCH_LOAD_THREAD=same: in the server's own thread, as runs before
// 2026-11-25 did), so that building requests and parsing answers does not queue behind the server's event loop and
// count as its latency; bench/run.mjs keeps them apart the same way with separate processes. The request makers are
// files (bench/games-load/) because a worker thread cannot receive functions.
const loadInWorker = process.env.BENCH_LOAD_THREAD !== 'same';
const loadFile = (name) => path.join(root, 'bench/games-load', `${name}.cjs`);
const requireCjs = createRequire(import.meta.url);

function run(title, maker, seconds = durationS) {
  const setupRequest = loadInWorker ? loadFile(maker) : requireCjs(loadFile(maker));
  const requests = [
    {
      method: 'POST',
      path: '/wps/relay/GCSGAME_gameList',
      headers: { 'content-type': 'application/json' },
      setupRequest,
    },
  ];
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: listConnections,
        duration: seconds,
        requests,
        title,
        ...(loadInWorker ? { workers: 1 } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

// Untimed: the first seconds after start-up and seeding (JIT, the snapshot's first build, the seed's garbage) would
// otherwise land on whichever row runs first.
const warmUpS = Number(process.env.BENCH_WARM_UP_S ?? 3);
if (warmUpS > 0) await run('warm-up', 'list', warmUpS);
const list = await run('game list', 'list');
const search = await run('search', 'search');
const coldSearch = await run('search, every keyword new (no cache)', 'cold-search');

// ---------------------------------------------------------------- seamless wallet callbacks
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

function signed(body) {
  const raw = JSON.stringify(body);
  const signer = createSign('RSA-SHA256');
  signer.update(raw);
  return { raw, signature: signer.sign(aggregator.privateKeyPem, 'base64') };
}

/** Pre-signed bet+win pairs for the players, round-robin. */
function pairs(players, count) {
  const list = [];
  for (let index = 0; index < count; index += 1) {
    const player = players[index % players.length];
    const round = randomUUID();
    const bet = {
      user: player.user,
      token: player.token,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      round,
      round_closed: false,
      game_code: 'pg_0',
      currency: 'BDT',
      amount: 100_000,
    };
    const win = {
      ...bet,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet.transaction_uuid,
      round_closed: true,
      amount: 50_000 + (index % 3) * 50_000,
    };
    list.push([signed(bet), signed(win)]);
  }
  return list;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One signed callback; a dropped connection is retried with the same body (as the aggregator does). */
async function post(endpoint, { raw, signature }) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(`${base}/gateway/hub88/${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub88-signature': signature },
        body: raw,
      });
      return (await response.json()).status;
    } catch (error) {
      if (attempt >= 3) return `network error (${error?.cause?.code ?? 'fetch'})`;
    }
  }
}

async function drive(players, pairCount, workers = walletWorkers) {
  const work = pairs(players, pairCount);
  const latencies = [];
  const statuses = {};
  let next = 0;
  const started = performance.now();
  const deadline = started + durationS * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < deadline) {
        const pair = work[next];
        next += 1;
        if (!pair) return;
        for (const [endpoint, message] of [
          ['transaction/bet', pair[0]],
          ['transaction/win', pair[1]],
        ]) {
          const t0 = performance.now();
          const status = await post(endpoint, message);
          latencies.push(performance.now() - t0);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50).toFixed(1),
    p99: percentile(latencies, 99).toFixed(1),
    statuses,
    calls: latencies.length,
  };
}

const single = await drive([await newPlayer(10n ** 12n)], 3_000, 1);
const hot = await drive([await newPlayer(10n ** 12n)], 6_000);
const many = await drive(await Promise.all(Array.from({ length: 200 }, () => newPlayer(10n ** 10n))), 6_000);
const report = await app.services.wallet.verifyLedger();
await app.close();
if (usePostgres) await admin(`drop database if exists ${databaseName}`);

const date = new Date().toISOString().slice(0, 10);
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const row = (name, result) =>
  `| ${name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} |`;
const wallet = (name, result) =>
  `| ${name} | ${result.perSecond} | ${result.p50} | ${result.p99} | ${Object.entries(result.statuses)
    .map(([status, count]) => `${status} ${count}`)
    .join(', ')} |`;
const section = `
## ${date}: games (catalogue lists and seamless wallet), ${usePostgres ? 'PostgreSQL' : 'embedded PGlite'}

Machine: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average before the run ${loadBefore.join(' / ')} (other engineers' work runs on the same machine). App in-process on ${usePostgres ? 'PostgreSQL (local, pool of 20)' : 'in-memory PGlite'}, ${gameCount.toLocaleString('en')} RNG games (stored in ${seedMs} ms), HTTP on localhost, ${warmUpS} s of untimed warm-up, then autocannon ${listConnections} connections ${loadInWorker ? 'from a worker thread' : "in the server's thread"}, ${durationS} s each.

| Call (GCSGAME_gameList)                          | req/s | p50 ms | p99 ms | non-2xx |
| ------------------------------------------------ | ----: | -----: | -----: | ------: |
${row('page of 20, random page 1-50', list)}
${row('search, 23 keywords (result lists remembered)', search)}
${row('search, every keyword new (name index of the in-process catalogue)', coldSearch)}

Target: p99 under 20 ms at 200 concurrent clients.

Seamless wallet (Hub88 bet + win callbacks, signed; pre-signed bodies; ${walletWorkers} concurrent callers unless said):

| Scenario | callbacks/s | p50 ms | p99 ms | statuses |
| -------- | ----------: | -----: | -----: | -------- |
${wallet('one player, one caller at a time (service time)', single)}
${wallet('one hot player', hot)}
${wallet('200 players', many)}

Target: p99 under 50 ms. \`ledger:verify\` after the run: ${report.ok ? 'OK' : `BREACHES ${JSON.stringify(report.breaches)}`} (${report.accounts ?? '?'} accounts, ${report.transfers ?? '?'} transfers).
`;
process.stdout.write(section);
appendFileSync(path.join(root, 'bench/RESULTS.md'), section);
