// The server side of bench/wallet-http.mjs, run in its own process (`node --import tsx`), so that the load
// generator does not share its event loop. Builds the real app from the environment (PostgreSQL when DATABASE_URL
// is set, else PGlite in DATA_DIR), seeds what the load needs, reports it over IPC, then serves until SIGTERM.
// On the parent's 'verify' message it answers with the ledger verifier's report.
import { buildApp, loadConfig } from '../apps/server/src/app.ts';

const deposits = Number(process.env.BENCH_DEPOSITS ?? 3000);
const downlineCount = 50;
const paymentPassword = '246810';
const app = await buildApp(loadConfig(process.env), { idempotency: {} });
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
const downline = [];
for (let index = 0; index < downlineCount; index += 1) {
  const member = await identity.createAccount({
    username: `bmem${suffix}${index}`,
    password: 'Bench#2026pw',
    type: 0,
    uplineId: agent.id,
  });
  downline.push(member.username);
}

// Gateway deposits waiting for the PSP's callback, each with its signed SUCCESS callback ready to send.
const callbacks = [];
for (let index = 0; index < deposits; index += 1) {
  const owner = await identity.findAccountByUsername(downline[index % downlineCount]);
  const auth = { accountId: owner.id, sessionId: 'bench', accountType: 0, role: 'member' };
  const deposit = await cashier.deposits.createGatewayDeposit(
    auth,
    { channelCode: 'SIM_EWALLET', amount: '250' },
    `bench-dep-${index}`,
  );
  const intentId = /\/gateway-sim\/pay\/(sim_[0-9a-f]+)/.exec(deposit.redirectUrl ?? '')?.[1];
  const intent = await paymentSimulator.getIntent(intentId);
  const body = paymentSimulator.callbackBody(intent, 'SUCCESS');
  callbacks.push({ body, headers: paymentSimulator.sign(body) });
}

const address = await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.({ type: 'ready', address, agentToken, downline, paymentPassword, callbacks });
process.on('message', async (message) => {
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
