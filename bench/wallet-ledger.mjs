// Wallet ledger throughput on PostgreSQL: transfers/s and latency through the real service (one transaction per
// transfer, accounts locked FOR UPDATE in id order), with many accounts and with one hot account, next to
// pgbench's TPC-B on the same server as the reference. Prints a markdown block; nothing is written to RESULTS.md.
//
//   npx tsx bench/wallet-ledger.mjs            (PostgreSQL at BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_DURATION_S=10 BENCH_WORKERS=16 npx tsx bench/wallet-ledger.mjs
//
// It creates a fresh database for the ledger and a scratch one for pgbench, and drops both at the end.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { createWalletService } from '../apps/server/src/modules/wallet/index.ts';
import { openDatabase } from '../apps/server/src/platform/db/index.ts';

const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const durationMs = Number(process.env.BENCH_DURATION_S ?? 10) * 1000;
const workers = Number(process.env.BENCH_WORKERS ?? 16);
const accountCount = Number(process.env.BENCH_ACCOUNTS ?? 1000);
const currency = 'BDT';

async function admin(sqlText) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sqlText);
  } finally {
    await client.end();
  }
}

function urlFor(database) {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs `operation(worker, i)` from `workers` concurrent loops for the duration; returns rate and latencies. */
async function drive(name, operation) {
  const latencies = [];
  const failures = {};
  let running = true;
  const started = performance.now();
  setTimeout(() => {
    running = false;
  }, durationMs);
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = 0; running; i += 1) {
        const t0 = performance.now();
        try {
          await operation(worker, i);
          latencies.push(performance.now() - t0);
        } catch (error) {
          const code = error?.code ?? error?.message ?? String(error);
          failures[code] = (failures[code] ?? 0) + 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    perSecond: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50).toFixed(2),
    p99: percentile(latencies, 99).toFixed(2),
    ok: latencies.length,
    failures,
  };
}

function pgbench(scratch) {
  const url = new URL(adminUrl);
  const common = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  execFileSync('pgbench', [...common, '-i', '-q', scratch], { stdio: 'ignore' });
  const output = execFileSync('pgbench', [...common, '-c', '8', '-j', '2', '-T', String(durationMs / 1000), scratch], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const tps = /tps = ([\d.]+)/.exec(output)?.[1];
  const latency = /latency average = ([\d.]+) ms/.exec(output)?.[1];
  return { tps: tps ? Math.round(Number(tps)) : null, latencyMs: latency ?? null };
}

const suffix = randomBytes(4).toString('hex');
const ledgerDb = `wallet_bench_${suffix}`;
const scratchDb = `pgbench_scratch_${suffix}`;
await admin(`create database "${ledgerDb}"`);
await admin(`create database "${scratchDb}"`);
const rows = [];
let reference;
let verify;
try {
  const database = await openDatabase({ kind: 'postgres', url: urlFor(ledgerDb), poolMax: workers });
  await database.migrate();
  const wallet = createWalletService({ db: database.db, merchantCode: 'BENCH' });
  const clearing = (await wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', currency)).id;
  const players = [];
  for (let i = 0; i < accountCount; i += 1) {
    const account = await wallet.ensureAccount({ type: 'player', id: i + 1 }, 'PLAYER_CASH', currency);
    await wallet.transfer({
      idempotencyKey: `seed-${account.id}`,
      debit: clearing,
      credit: account.id,
      amountMinor: 100_000_000n,
      currency,
      kind: 'DEPOSIT',
    });
    players.push(account.id);
  }
  const pickPlayer = () => players[Math.floor(Math.random() * players.length)];

  rows.push(
    await drive(`transfer, ${accountCount} accounts (random pairs)`, async (worker, i) => {
      const debit = pickPlayer();
      let credit = pickPlayer();
      while (credit === debit) credit = pickPlayer();
      await wallet.transfer({
        idempotencyKey: `many-${worker}-${i}`,
        debit,
        credit,
        amountMinor: 1n,
        currency,
        kind: 'TRANSFER',
      });
    }),
  );
  rows.push(
    await drive('transfer, one hot account (house → players)', async (worker, i) => {
      await wallet.transfer({
        idempotencyKey: `hot-${worker}-${i}`,
        debit: clearing,
        credit: pickPlayer(),
        amountMinor: 1n,
        currency,
        kind: 'DEPOSIT',
      });
    }),
  );
  rows.push(
    await drive('hold + post (two transactions), many accounts', async (worker, i) => {
      const hold = await wallet.hold({
        idempotencyKey: `hold-${worker}-${i}`,
        debit: pickPlayer(),
        credit: clearing,
        amountMinor: 1n,
        currency,
        kind: 'WITHDRAWAL',
      });
      await wallet.post(hold.id, `hold-${worker}-${i}:post`);
    }),
  );
  const used = await wallet.getTransferByKey('many-0-0');
  rows.push(
    await drive('replay of a used key (no movement)', async () => {
      await wallet.transfer({
        idempotencyKey: used.idempotencyKey,
        debit: used.debitAccountId,
        credit: used.creditAccountId,
        amountMinor: used.amountMinor,
        currency,
        kind: 'TRANSFER',
      });
    }),
  );
  const t0 = performance.now();
  verify = await wallet.verifyLedger();
  verify.ms = Math.round(performance.now() - t0);
  await database.close();
  reference = pgbench(scratchDb);
} finally {
  await admin(`drop database if exists "${ledgerDb}" with (force)`);
  await admin(`drop database if exists "${scratchDb}" with (force)`);
}

const serverVersion = (await admin('show server_version')).rows[0].server_version;
const cpus = os.cpus();
const lines = [
  `### Wallet ledger on PostgreSQL ${serverVersion} (${new Date().toISOString().slice(0, 10)})`,
  '',
  `Machine: ${cpus.length} × ${cpus[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. ` +
    `${workers} concurrent callers, pool ${workers}, ${durationMs / 1000} s per row, ${accountCount} funded player accounts.`,
  '',
  '| scenario | ops/s | p50 ms | p99 ms | refused |',
  '|---|---:|---:|---:|---|',
  ...rows.map(
    (row) =>
      `| ${row.name} | ${row.perSecond} | ${row.p50} | ${row.p99} | ${
        Object.entries(row.failures)
          .map(([code, n]) => `${code} ×${n}`)
          .join(', ') || '—'
      } |`,
  ),
  `| reference: pgbench TPC-B \`-c 8 -j 2 -T ${durationMs / 1000}\` (scale 1) | ${reference?.tps ?? '?'} | avg ${reference?.latencyMs ?? '?'} | | |`,
  '',
  `ledger:verify after the run: ${verify?.ok ? 'OK' : 'FAILED'} (accounts=${verify?.accounts} transfers=${verify?.transfers} entries=${verify?.entries}, ${verify?.ms} ms)`,
];
console.info(lines.join('\n'));
if (!verify?.ok) process.exitCode = 1;
