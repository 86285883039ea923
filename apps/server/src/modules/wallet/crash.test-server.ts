import { existsSync, writeFileSync } from 'node:fs';
import { buildApp, loadConfig } from '../../app';

/**
 * The server process of crash.test.ts, run as `node --import tsx crash.test-server.ts '<json>'` so that the test
 * can SIGKILL it mid-flight and start it again on the same PGlite files. On its first start it creates the
 * members the load generator uses (funded, with a payment password and a bound e-wallet) and writes their
 * tokens to `setupFile`; later starts find the file and only serve.
 */

type Options = { env: Record<string, string>; setupFile: string; members: number; fundsMinor: string };

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
// Claims of requests cut short by a kill are taken over after this lease; 60 s in production, short here so the
// retries after a restart need not wait a minute.
const app = await buildApp(loadConfig(options.env), { idempotency: { leaseMs: 1500 } });

if (!existsSync(options.setupFile)) {
  const { identity, wallet, cashier } = app.services;
  const [clearing] = await Promise.all([wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT')]);
  const members = [];
  for (let index = 0; index < options.members; index += 1) {
    const username = `crash${index}${Date.now().toString(36).slice(-4)}`;
    const account = await identity.createAccount({ username, password: 'Crash#Test2026', type: 0, uplineId: null });
    await identity.setPaymentPassword(account.id, '246810');
    await identity.setPayeeNameIfEmpty(account.id, 'Rahim Uddin');
    const { token } = await identity.login({ username, password: 'Crash#Test2026' }, { ip: `10.77.0.${index + 1}` });
    const cash = await wallet.ensureAccount({ type: 'player', id: account.id }, 'PLAYER_CASH', 'BDT');
    await wallet.transfer({
      idempotencyKey: `crash-fund:${account.id}`,
      debit: clearing.id,
      credit: cash.id,
      amountMinor: BigInt(options.fundsMinor),
      currency: 'BDT',
      kind: 'DEPOSIT',
    });
    const bank = await cashier.addBankAccount(
      { accountId: account.id, sessionId: 'setup', accountType: 0, role: 'member' },
      { bankCode: 'BKASH', accountNumber: `0171000${String(index).padStart(4, '0')}`, holderName: 'Rahim Uddin' },
    );
    members.push({ id: account.id, token, bankAccountId: bank.id });
  }
  writeFileSync(options.setupFile, JSON.stringify({ members }));
}

const address = await app.listen({ port: Number(options.env.PORT), host: '127.0.0.1' });
process.send?.({ type: 'listening', address });
