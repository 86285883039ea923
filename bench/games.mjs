// Games: the game list and search with 12,000 games at 200 concurrent clients (target p99 under 20 ms), and the
// Hub88 seamless wallet callbacks (bet + win) per second with their p99 (target under 50 ms), for one hot player
// and for many players. The real app runs in its own process (bench/games-load/server.mjs) on in-memory PGlite
// (the default deployment) or on PostgreSQL; on a machine with two or more cores it is pinned to core 1 and this
// process (autocannon, the callers) to core 0, as bench/run.mjs does, so that the load generator never shares the
// server's event loop or core. Signatures are made before the timed part so the callers' RSA work does not count.
// Prints a markdown block; `--record` appends it to bench/RESULTS.md.
//
//   npx tsx bench/games.mjs
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/games.mjs
//   BENCH_DURATION_S=10 BENCH_GAMES=12000 BENCH_ONLY=lists|searches|wallet|wallet-single BENCH_PROFILE_DIR=/tmp/prof npx tsx bench/games.mjs
// (BENCH_ONLY=searches: the warm-up and the two search rows only, for profiling or comparing the search path.)
import { spawn, spawnSync } from 'node:child_process';
import { createSign, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { backendCpuMicros, backendCpuTicks } from './database-cpu.mjs';
import { ipcAnswers } from './games-load/ipc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
const gameCount = Number(process.env.BENCH_GAMES ?? 12_000);
const listConnections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const walletWorkers = Number(process.env.BENCH_WALLET_WORKERS ?? 8);
const only = process.env.BENCH_ONLY ?? 'all';
const profileDir = process.env.BENCH_PROFILE_DIR || null;
const record = process.argv.includes('--record');
const loadBefore = os.loadavg().map((value) => value.toFixed(2));

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

// PostgreSQL when BENCH_DATABASE_URL is set (BENCH_DB=postgres with BENCH_PG_URL, as before, too): a fresh database
// on that server, dropped afterwards. Embedded in-memory PGlite otherwise.
const adminUrl =
  process.env.BENCH_DATABASE_URL ||
  (process.env.BENCH_DB === 'postgres'
    ? (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
    : null);
const usePostgres = adminUrl !== null;
const databaseName = `bench_games_${randomBytes(4).toString('hex')}`;
/** One statement on the server (`url`: another database on it, such as the bench's own). */
async function admin(sqlText, url = adminUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sqlText);
  } finally {
    await client.end();
  }
}
let databaseUrl = '';
if (usePostgres) {
  await admin(`create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
}

// ---------------------------------------------------------------- the server, in its own process on core 1
const allCores = `0-${os.cpus().length - 1}`;
const pinSelf = (cores) => spawnSync('taskset', ['-a', '-pc', cores, String(process.pid)]).status === 0;
const pinned = os.cpus().length >= 2 && pinSelf(allCores);

const aggregator = keyPair();
const operator = keyPair();
const serverArgs = ['--import', 'tsx', 'bench/games-load/server.mjs'];
const [file, argv] = pinned
  ? ['taskset', ['-c', '1', process.execPath, ...serverArgs]]
  : [process.execPath, serverArgs];
const server = spawn(file, argv, {
  cwd: root,
  env: {
    ...process.env,
    BENCH_GAMES: String(gameCount),
    BENCH_DATABASE_URL_APP: databaseUrl,
    BENCH_AGGREGATOR_PUBLIC_KEY: aggregator.publicKeyPem,
    BENCH_OPERATOR_PRIVATE_KEY: operator.privateKeyPem,
  },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const { answer, ask, exited } = ipcAnswers(server);
const ready = await answer('ready');
const base = ready.address;
const seedMs = ready.seedMs;

/** Runs `body` with this process on core 0 (the server has core 1), profiling the server when asked. */
// CPU time is what the load on a shared machine changes least: the server's (process.cpuUsage over IPC) and, on
// PostgreSQL, its backends' for the bench database (utime + stime from /proc, Linux only), per request.
/** CPU ticks of each backend of the bench database by pid. */
async function databaseCpuTicks() {
  if (!usePostgres) return new Map();
  const { rows } = await admin(`select pid from pg_stat_activity where datname = '${databaseName}'`);
  return backendCpuTicks(rows.map((row) => row.pid));
}

async function measured(name, body) {
  if (profileDir) await ask({ type: 'profile-start' }, 'profile-started');
  const cpuBefore = (await ask({ type: 'cpu' }, 'cpu')).micros;
  const dbBefore = await databaseCpuTicks();
  if (pinned) pinSelf('0');
  let result;
  try {
    result = await body();
    return result;
  } finally {
    if (pinned) pinSelf(allCores);
    const calls = result?.calls ?? result?.requests?.total ?? 0;
    if (result && calls > 0) {
      result.serverCpuUs = Math.round(((await ask({ type: 'cpu' }, 'cpu')).micros - cpuBefore) / calls);
      result.databaseCpuUs = Math.round(backendCpuMicros(dbBefore, await databaseCpuTicks()) / calls);
    }
    if (profileDir) {
      mkdirSync(profileDir, { recursive: true });
      const slug = name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      await ask({ type: 'profile-stop', file: path.join(profileDir, `${slug}.cpuprofile`) }, 'profile-stopped');
    }
  }
}

// ---------------------------------------------------------------- game list and search
const requireCjs = createRequire(import.meta.url);
const loadFile = (name) => path.join(root, 'bench/games-load', `${name}.cjs`);

// What Chromium sends; autocannon sends no Accept-Encoding, so the other rows get the uncompressed JSON (8 KB a page).
const browserEncoding = { 'accept-encoding': 'gzip, deflate, br, zstd' };

function run(title, maker, seconds = durationS, headers = {}, url = base) {
  const requests = [
    {
      method: 'POST',
      path: '/wps/relay/GCSGAME_gameList',
      headers: { 'content-type': 'application/json', ...headers },
      setupRequest: requireCjs(loadFile(maker)),
    },
  ];
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: listConnections, duration: seconds, requests, title }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

// Untimed: the first seconds after start-up and seeding (JIT, the snapshot's first build, the seed's garbage) would
// otherwise land on whichever row runs first.
const warmUpS = Number(process.env.BENCH_WARM_UP_S ?? 3);
let list = null;
let search = null;
let coldSearch = null;
let listBrowser = null;
let searchBrowser = null;
if (only === 'all' || only === 'lists' || only === 'searches') {
  const all = only !== 'searches';
  if (warmUpS > 0) await measured('warm-up', () => run('warm-up', 'list', warmUpS));
  if (all) list = await measured('list', () => run('game list', 'list'));
  search = await measured('search', () => run('search', 'search'));
  coldSearch = await measured('cold-search', () => run('search, every keyword new (no cache)', 'cold-search'));
  if (all) {
    listBrowser = await measured('list-browser', () => run('game list, browser', 'list', durationS, browserEncoding));
    searchBrowser = await measured('search-browser', () =>
      run('search, browser', 'search', durationS, browserEncoding),
    );
  }
}

// The machine's own limit for the list target: bare Fastify (bench/hello-server.mjs) on the server's core, answering
// the same relay path with the very bytes of a real list page (its headers and 8 KB body, captured here), driven the
// same way. What the portal adds per request is the difference between this row and the list rows.
let sameBytes = null;
if (list) {
  const bodiesFile = path.join(os.tmpdir(), `games-bench-bodies-${process.pid}.json`);
  let hello = null;
  try {
    const captured = await fetch(`${base}/wps/relay/GCSGAME_gameList`, {
      method: 'POST',
      // As autocannon asks (no Accept-Encoding; fetch would ask for gzip and hand back the body unzipped).
      headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
      body: JSON.stringify({ gameType: 'RNG', pageNo: 1, pageSize: 20, clientType: 3, platform: 'html5-desktop' }),
    });
    if (!captured.ok || captured.headers.has('content-encoding')) {
      throw new Error(
        `the list page to replay came back ${captured.status} ${captured.headers.get('content-encoding')}`,
      );
    }
    const dropped = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
    const headers = Object.fromEntries([...captured.headers].filter(([name]) => !dropped.has(name)));
    const body = Buffer.from(await captured.arrayBuffer()).toString('base64');
    writeFileSync(bodiesFile, JSON.stringify({ '/wps/relay/GCSGAME_gameList': { headers, body } }));
    const helloArgs = [path.join(root, 'bench/hello-server.mjs')];
    const [helloFile, helloArgv] = pinned
      ? ['taskset', ['-c', '1', process.execPath, ...helloArgs]]
      : [process.execPath, helloArgs];
    hello = ipcAnswers(
      spawn(helloFile, helloArgv, {
        env: { ...process.env, BODIES_FILE: bodiesFile, PORT: '0' },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      }),
    );
    // Rejects if the bare server exits before it listens.
    const { port } = await hello.answer('listening');
    if (pinned) pinSelf('0');
    await run('warm-up', 'list', warmUpS, {}, `http://127.0.0.1:${port}`);
    sameBytes = await run('bare Fastify, same bytes', 'list', durationS, {}, `http://127.0.0.1:${port}`);
  } catch (error) {
    // The portal's server would otherwise outlive this process.
    server.kill('SIGTERM');
    throw error;
  } finally {
    if (pinned) pinSelf(allCores);
    if (hello) {
      hello.server.kill('SIGTERM');
      await hello.exited;
    }
    rmSync(bodiesFile, { force: true });
  }
}

// ---------------------------------------------------------------- seamless wallet callbacks
function signed(body) {
  const raw = JSON.stringify(body);
  const signer = createSign('RSA-SHA256');
  signer.update(raw);
  return { raw, signature: signer.sign(aggregator.privateKeyPem, 'base64') };
}

/** Pre-signed bet+win pairs for the players, round-robin. */
function pairs(players, count) {
  const out = [];
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
    out.push([signed(bet), signed(win)]);
  }
  return out;
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

async function drive(work, workers = walletWorkers) {
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

const players = async (count, funds) =>
  (await ask({ type: 'players', count, funds: String(funds) }, 'players')).players;
let single = null;
let hot = null;
let many = null;
let report = null;
// BENCH_ONLY=wallet-single: the one-caller row only (service time and CPU per call, for quick A/B runs).
const singleOnly = only === 'wallet-single';
if (only === 'all' || only === 'wallet' || singleOnly) {
  // Untimed warm-up of the callback path (JIT, pools, caches) on players of its own.
  const warmPlayers = await players(8, 10n ** 12n);
  const warmWork = pairs(warmPlayers, 400);
  await measured('wallet-warm-up', () => drive(warmWork));
  // Statistics for the seeded and warmed tables, as autovacuum's analyze gives a production server (this machine's
  // PostgreSQL runs with autovacuum off, and the bench's database is new): without them the planner chose blind plans.
  if (usePostgres) await admin('analyze', databaseUrl);
  // Each scenario's bodies are signed before its timed (and profiled) part.
  const singleWork = pairs(await players(1, 10n ** 12n), 3_000);
  single = await measured('wallet-single', () => drive(singleWork, 1));
  if (!singleOnly) {
    const hotWork = pairs(await players(1, 10n ** 12n), 6_000);
    hot = await measured('wallet-hot', () => drive(hotWork));
    const manyWork = pairs(await players(200, 10n ** 10n), 6_000);
    many = await measured('wallet-many', () => drive(manyWork));
  }
  report = (await ask({ type: 'verify' }, 'verified')).report;
}
server.kill('SIGTERM');
await exited;
if (usePostgres) await admin(`drop database if exists ${databaseName}`);

const date = new Date().toISOString().slice(0, 10);
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const loadAfter = os.loadavg().map((value) => value.toFixed(2));
const row = (name, result) =>
  `| ${name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.serverCpuUs} | ${result.non2xx + result.errors} |`;
const wallet = (name, result) =>
  `| ${name} | ${result.perSecond} | ${result.p50} | ${result.p99} | ${result.serverCpuUs} | ${usePostgres ? result.databaseCpuUs : 'in process'} | ${Object.entries(
    result.statuses,
  )
    .map(([status, count]) => `${status} ${count}`)
    .join(', ')} |`;
const lines = [
  '',
  `## ${date}: games (catalogue lists and seamless wallet), ${usePostgres ? 'PostgreSQL' : 'embedded PGlite'}`,
  '',
  `Machine: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average before the run ${loadBefore.join(' / ')}, after ${loadAfter.join(' / ')}. App in its own process on ${usePostgres ? 'PostgreSQL (local, pool of 20)' : 'in-memory PGlite'}${pinned ? ', pinned to core 1; load generator (this process) pinned to core 0' : ''}${profileDir ? ', CPU profiler on (figures not comparable)' : ''}; ${gameCount.toLocaleString('en')} RNG games (stored in ${seedMs} ms), HTTP on localhost.`,
];
if (search) {
  lines.push(
    '',
    `Lists: ${warmUpS} s of untimed warm-up, then autocannon ${listConnections} connections, ${durationS} s each.`,
    '',
    '| Call (GCSGAME_gameList) | req/s | p50 ms | p99 ms | server CPU µs/req | non-2xx + errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...(list ? [row('page of 20, random page 1-50', list)] : []),
    row('search, 23 keywords (result lists remembered)', search),
    row('search, every keyword new (name index of the in-process catalogue)', coldSearch),
    ...(listBrowser
      ? [row('page of 20, browser Accept-Encoding (Brotli, compressed once per page)', listBrowser)]
      : []),
    ...(searchBrowser ? [row('search, 23 keywords, browser Accept-Encoding', searchBrowser)] : []),
    ...(sameBytes
      ? [
          `| reference: bare Fastify on the same core, the same bytes as a page of 20 | ${Math.round(sameBytes.requests.average)} | ${sameBytes.latency.p50} | ${sameBytes.latency.p99} | | ${sameBytes.non2xx + sameBytes.errors} |`,
        ]
      : []),
    '',
    'Target: p99 under 20 ms at 200 concurrent clients.',
  );
}
if (single) {
  lines.push(
    '',
    `Seamless wallet (Hub88 bet + win callbacks, signed; pre-signed bodies; ${walletWorkers} concurrent callers unless said; ${durationS} s each after an untimed warm-up):`,
    '',
    '| Scenario | callbacks/s | p50 ms | p99 ms | server CPU µs/call | database CPU µs/call | statuses |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    wallet('one player, one caller at a time (service time)', single),
    ...(hot ? [wallet('one hot player', hot)] : []),
    ...(many ? [wallet('200 players', many)] : []),
    '',
    `Target: p99 under 50 ms. \`ledger:verify\` after the run: ${report.ok ? 'OK' : `BREACHES ${JSON.stringify(report.breaches)}`} (${report.accounts ?? '?'} accounts, ${report.transfers ?? '?'} transfers).`,
  );
}
lines.push('');
const section = lines.join('\n');
process.stdout.write(section);
if (record) {
  appendFileSync(path.join(root, 'bench/RESULTS.md'), section);
  spawnSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', 'bench/RESULTS.md'], {
    cwd: root,
    stdio: 'ignore',
  });
}
