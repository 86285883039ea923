// Interleaved A/B of the game-list rows on a shared machine: two builds of the server (two checkouts, e.g. a
// `git worktree` of the commit before and this one, each with node_modules reachable) run at once, both pinned to
// core 1 (only the one under load works), and short autocannon runs alternate between them (ABBA order), so that the
// machine's changing load falls on both alike. Prints each row's server CPU µs/request and p99 per run, and medians.
//
//   node bench/games-load/ab.mjs <root before> <root after>
//   BENCH_AB_ROUNDS=5 BENCH_AB_SECONDS=3 BENCH_AB_ROWS=list,cold-search,search,list-br node bench/games-load/ab.mjs …
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ipcAnswers } from './ipc.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const requireCjs = createRequire(import.meta.url);
const roots = process.argv.slice(2, 4).map((root) => path.resolve(root));
if (roots.length !== 2) {
  process.stderr.write('usage: node bench/games-load/ab.mjs <root before> <root after>\n');
  process.exit(2);
}
const seconds = Number(process.env.BENCH_AB_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 5);
const rows = (process.env.BENCH_AB_ROWS ?? 'list,cold-search,search,list-br').split(',');
const pinned = os.cpus().length >= 2;

function start(root) {
  const args = ['--import', 'tsx', 'bench/games-load/server.mjs'];
  const [file, argv] = pinned ? ['taskset', ['-c', '1', process.execPath, ...args]] : [process.execPath, args];
  const server = spawn(file, argv, {
    cwd: root,
    env: { ...process.env, BENCH_GAMES: process.env.BENCH_GAMES ?? '12000' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { answer, ask } = ipcAnswers(server);
  const ready = answer('ready');
  return {
    server,
    ready,
    cpu: async () => {
      return (await ask({ type: 'cpu' }, 'cpu')).micros;
    },
  };
}

const servers = roots.map(start);
const addresses = [];
for (const server of servers) addresses.push((await server.ready).address);
if (pinned) spawnSync('taskset', ['-a', '-pc', '0', String(process.pid)]);

const browserEncoding = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const loads = {
  list: ['list', {}],
  search: ['search', {}],
  'cold-search': ['cold-search', {}],
  'list-br': ['list', browserEncoding],
  'search-br': ['search', browserEncoding],
};
function run(url, row, duration) {
  const [maker, headers] = loads[row];
  const requests = [
    {
      method: 'POST',
      path: '/wps/relay/GCSGAME_gameList',
      headers: { 'content-type': 'application/json', ...headers },
      setupRequest: requireCjs(path.join(here, `${maker}.cjs`)),
    },
  ];
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: 200, duration, requests }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

// Untimed warm-up of both (JIT, the snapshot, the remembered pages).
for (const url of addresses) for (const row of ['list', 'search', 'cold-search']) await run(url, row, 2);
const results = Object.fromEntries(rows.map((row) => [row, [[], []]]));
for (let round = 0; round < rounds; round += 1) {
  for (const row of rows) {
    for (const which of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const before = await servers[which].cpu();
      const result = await run(addresses[which], row, seconds);
      const micros = (await servers[which].cpu()) - before;
      results[row][which].push({ us: micros / result.requests.total, p99: result.latency.p99 });
    }
  }
}
for (const { server } of servers) server.kill('SIGTERM');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const side = (runs) =>
  `${runs.map((run) => run.us.toFixed(1)).join(' ')} µs (median ${median(runs.map((run) => run.us)).toFixed(1)}, p99 median ${median(runs.map((run) => run.p99))} ms)`;
const lines = [
  `A/B, ${rounds} rounds of ${seconds} s, load average after ${os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' / ')}`,
];
for (const row of rows) lines.push(`${row}: before ${side(results[row][0])} | after ${side(results[row][1])}`);
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(0);
