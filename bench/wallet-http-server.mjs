// The server side of bench/wallet-http.mjs, run in its own process (`node --import tsx`), so that the load
// generator does not share its event loop. Builds the real app from the environment (PostgreSQL when DATABASE_URL
// is set, else PGlite in DATA_DIR), seeds what the load needs, reports it over IPC, then serves until SIGTERM.
// On the parent's 'verify' message it answers with the ledger verifier's report.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, loadConfig } from '../apps/server/src/app.ts';
import { applyServerV8Flags } from '../apps/server/src/platform/v8-flags.ts';

// The V8 flags the server's entry point (main.ts) sets, so that this measures the server as production runs it.
applyServerV8Flags();

// Statements sent to PostgreSQL (BEGIN and COMMIT included), read by the parent around each scenario.
let statements = 0;
let profiler = null;
let listening = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statements += 1;
  // BENCH_TRACE_STATEMENTS: every statement's text on stderr, to see what one request sends.
  if (process.env.BENCH_TRACE_STATEMENTS && listening) {
    const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
    process.stderr.write(`[sql] ${String(text).replace(/\s+/g, ' ').slice(0, 400)}\n`);
  }
  return query.apply(this, args);
};

const deposits = Number(process.env.BENCH_DEPOSITS ?? 3000);
const warmup = Number(process.env.BENCH_WARMUP ?? 0);
const downlineCount = Number(process.env.BENCH_MEMBERS ?? 100);
const paymentPassword = '246810';
const app = await buildApp(loadConfig(process.env), { idempotency: {} });
// BENCH_NO_BATCHED_READS: the callbacks' first read on the ordinary pool instead (to compare the two).
if (process.env.BENCH_NO_BATCHED_READS && app.database.reads) {
  app.database.reads.run = (read) => read(app.database.db);
}
const { identity, wallet, cashier, paymentSimulator } = app.services;
if (!paymentSimulator) throw new Error('PAYMENT_SIM_ENABLED must be on for the bench');

const suffix = Date.now().toString(36).slice(-5);
const agent = await identity.createAccount({
  username: `bagent${suffix}`,
  password: 'Bench#2026pw',
  type: 1,
  uplineId: null,
});
await identity.setPaymentPassword(agent.id, paymentPassword);
const { token: agentToken } = await identity.login(
  { username: `bagent${suffix}`, password: 'Bench#2026pw' },
  { ip: '10.88.0.1' },
);
const clearing = await wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT');
const agentCash = await wallet.ensureAccount({ type: 'player', id: agent.id }, 'PLAYER_CASH', 'BDT');
await wallet.transfer({
  idempotencyKey: `bench-fund-${agent.id}`,
  debit: clearing.id,
  credit: agentCash.id,
  amountMinor: 10_000_000_000n,
  currency: 'BDT',
  kind: 'DEPOSIT',
});
/** Runs `work(index)` for 0..count-1, `width` at a time (seeding, not measured). */
async function inParallel(count, width, work) {
  const results = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        results[index] = await work(index);
      }
    }),
  );
  return results;
}

const members = await inParallel(downlineCount, 4, (index) =>
  identity.createAccount({
    username: `bmem${suffix}${index}`,
    password: 'Bench#2026pw',
    type: 0,
    uplineId: agent.id,
  }),
);
const downline = members.map((member) => member.username);

// A ledger with a past, as a running site's has: BENCH_HISTORY earlier credits to the members (default 10,000).
// Measured on a new, empty ledger, PostgreSQL plans the ledger's statements (and its foreign-key checks) for empty
// tables, by sequential scans, and keeps those plans while the tables grow within the run.
const history = Number(process.env.BENCH_HISTORY ?? 10_000);
const memberCash = await inParallel(members.length, 4, (index) =>
  wallet.ensureAccount({ type: 'player', id: members[index].id }, 'PLAYER_CASH', 'BDT'),
);
await inParallel(history, 8, (index) =>
  wallet.transfer({
    idempotencyKey: `bench-history-${suffix}-${index}`,
    debit: clearing.id,
    credit: memberCash[index % memberCash.length].id,
    amountMinor: 100n,
    currency: 'BDT',
    kind: 'DEPOSIT',
  }),
);

// And the nonces of the callbacks that brought those credits, which a site keeps for 15 minutes (replays are refused
// by them): the callbacks' statements look a nonce up by its key, a plan PostgreSQL must not make for an empty table.
await app.database.db.execute(
  sql`insert into wallet_gateway_nonces (gateway, nonce, received_at)
      select 'simulator', 'bench-history-' || i, now() - interval '1 minute' from generate_series(1, ${history}::int) as i`,
);

// Gateway deposits waiting for the PSP's callback: `warmup` spread over the downline members (the server's warm-up),
// `deposits` spread likewise (many accounts), and as many for the first member alone (one hot account). Their signed
// SUCCESS callbacks are made once all exist, so that their timestamps are fresh when the load starts.
async function openDeposits(prefix, ownerOf, count = deposits) {
  const intents = await inParallel(count, 8, async (index) => {
    const owner = ownerOf(index);
    const auth = { accountId: owner.id, sessionId: 'bench', accountType: 0, role: 'member' };
    const deposit = await cashier.deposits.createGatewayDeposit(
      auth,
      { channelCode: 'SIM_EWALLET', amount: '250' },
      `bench-${prefix}-${index}`,
    );
    const intentId = /\/gateway-sim\/pay\/(sim_[0-9a-f]+)/.exec(deposit.redirectUrl ?? '')?.[1];
    return paymentSimulator.getIntent(intentId);
  });
  return intents;
}
const warmupIntents = await openDeposits('warmup', (index) => members[index % members.length], warmup);
const manyIntents = await openDeposits('many', (index) => members[index % members.length]);
const hotIntents = await openDeposits('hot', () => members[0]);
const signed = (intents) =>
  intents.map((intent) => {
    const body = paymentSimulator.callbackBody(intent, 'SUCCESS');
    return { body, headers: paymentSimulator.sign(body) };
  });
const callbacks = { warmup: signed(warmupIntents), many: signed(manyIntents), hot: signed(hotIntents) };

const address = await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
listening = true;
process.send?.({ type: 'ready', address, agentToken, downline, paymentPassword, callbacks });
process.on('message', async (message) => {
  // BENCH_CPU_PROF_DIR: a V8 CPU profile of one scenario (not of the seeding), for Chrome DevTools or speedscope.
  if (message?.type === 'profile-start' && process.env.BENCH_CPU_PROF_DIR) {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    process.send?.({ type: 'profiling' });
    return;
  }
  if (message?.type === 'profile-stop' && profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    const file = path.join(process.env.BENCH_CPU_PROF_DIR, `${message.name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    profiler.disconnect();
    profiler = null;
    process.send?.({ type: 'profiled', file });
    return;
  }
  if (message?.type === 'statements') {
    const cpu = process.cpuUsage();
    process.send?.({
      type: 'statements',
      statements,
      cpuMs: (cpu.user + cpu.system) / 1000,
      systemMs: cpu.system / 1000,
    });
    return;
  }
  if (message?.type !== 'verify') return;
  const report = await wallet.verifyLedger();
  process.send?.({
    type: 'verified',
    report: {
      ok: report.ok,
      breaches: report.breaches.length,
      accounts: report.accounts,
      transfers: report.transfers,
      entries: report.entries,
    },
  });
});
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
