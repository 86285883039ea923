import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db';
import { buildTestApp, testEnv } from '../../testing';
import { call, expectLedgerReconciled, type Member, newMember, paymentPassword } from './cashier.test-helpers';
import { walletJobNames } from './wallet.jobs';
import { walletIdempotencyKeys } from './wallet.tables';

const operator = { operatorId: 7, username: 'ops.jobs' };
let keys = 0;
const key = (label: string) => `${label}-${Date.now()}-${++keys}`;

/** A funded member with a bound account and an approved (paid) withdrawal of 500. */
async function paidWithdrawal(app: FastifyInstance): Promise<{ member: Member; withdrawalId: number }> {
  const member = await newMember(app, { funds: '1000', payeeName: 'Karim Ahmed' });
  const bank = await call(app, 'POST', '/wps/member/bank-accounts', member, {
    payload: { bankCode: 'NAGAD', accountNumber: '01812345678', holderName: 'Karim Ahmed' },
  });
  expect(bank.statusCode, bank.body).toBe(200);
  const response = await call(app, 'POST', '/wps/cashier/withdraw', member, {
    key: key('wd'),
    payload: { amount: '500', bankAccountId: bank.json().value.id, paymentPassword },
  });
  expect(response.statusCode, response.body).toBe(200);
  const withdrawalId = response.json().value.id as number;
  await app.services.cashier.withdrawals.approveWithdrawal(withdrawalId, operator);
  return { member, withdrawalId };
}

async function confirmationOf(app: FastifyInstance, member: Member, withdrawalId: number) {
  const items = (await call(app, 'GET', '/wps/cashier/withdrawals', member)).json().value.items as Array<{
    id: number;
    confirmation: string | null;
  }>;
  return items.find((item) => item.id === withdrawalId)?.confirmation ?? null;
}

describe('wallet jobs', () => {
  let app: FastifyInstance;
  let clock = Date.now();
  beforeAll(async () => {
    app = await buildTestApp(
      { withdrawAutoConfirmMinutes: 30, idempotencyKeyRetentionHours: 24, rateLimitPerMinute: 100_000 },
      { now: () => new Date(clock) },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('registers the auto-confirm and housekeeping jobs with the scheduler', () => {
    expect(app.jobs.jobNames()).toEqual(
      expect.arrayContaining([walletJobNames.autoConfirmWithdrawals, walletJobNames.housekeeping]),
    );
  });

  it('auto-confirms a paid withdrawal as received once WITHDRAW_AUTO_CONFIRM_MINUTES have passed, not before', async () => {
    const { member, withdrawalId } = await paidWithdrawal(app);
    clock += 29 * 60_000;
    expect(await app.jobs.tick(walletJobNames.autoConfirmWithdrawals)).toBe('ran');
    expect(await confirmationOf(app, member, withdrawalId)).toBeNull();
    clock += 2 * 60_000;
    expect(await app.jobs.tick(walletJobNames.autoConfirmWithdrawals)).toBe('ran');
    expect(await confirmationOf(app, member, withdrawalId)).toBe('auto_received');
    // The member can no longer answer it.
    const late = await call(app, 'POST', '/wps/cashier/withdraw/confirm', member, {
      payload: { withdrawalId, result: 'not_received' },
    });
    expect(late.json().code).toBe('CASHIER_WITHDRAWAL_ALREADY_CONFIRMED');
    await expectLedgerReconciled(app);
  });

  it('housekeeping forgets Idempotency-Key answers older than the retention, and only those', async () => {
    const member = await newMember(app, { funds: '100' });
    const oldKey = key('old');
    const upline = await call(app, 'POST', '/wps/cashier/transfer/upline', member, {
      key: oldKey,
      payload: { amount: '1', paymentPassword },
    });
    // No upline: a refusal, which the idempotency layer still remembers as the answer to this key.
    expect(upline.json().code).toBe('CASHIER_NO_UPLINE');
    const storedKey = async () =>
      (await app.database.db.select().from(walletIdempotencyKeys).where(eq(walletIdempotencyKeys.key, oldKey)))[0];
    expect((await storedKey())?.state).toBe('completed');

    clock = Date.now() + 23 * 3_600_000;
    await app.jobs.tick(walletJobNames.housekeeping);
    expect(await storedKey()).toBeDefined();
    clock = Date.now() + 25 * 3_600_000;
    expect(await app.jobs.tick(walletJobNames.housekeeping)).toBe('ran');
    expect(await storedKey()).toBeUndefined();
  });
});

describe.skipIf(!testEnv.databaseUrl)('wallet jobs with two app instances on PostgreSQL', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await buildTestApp({ withdrawAutoConfirmMinutes: 1, rateLimitPerMinute: 100_000 });
    const url = a.database.connectionString;
    if (!url) throw new Error('PostgreSQL expected');
    const second = await openDatabase({ kind: 'postgres', url, poolMax: 4 });
    b = await buildTestApp({ withdrawAutoConfirmMinutes: 1, rateLimitPerMinute: 100_000 }, { database: second });
    b.addHook('onClose', () => second.close());
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('runs each tick on one instance only; after the leader stops, the other runs the job', async () => {
    const { member, withdrawalId } = await paidWithdrawal(a);
    for (let tick = 0; tick < 3; tick += 1) {
      const results = await Promise.all([
        a.jobs.tick(walletJobNames.autoConfirmWithdrawals),
        b.jobs.tick(walletJobNames.autoConfirmWithdrawals),
      ]);
      expect(results.sort()).toEqual(['not-leader', 'ran']);
    }
    const leader = a.jobs.isLeader() ? a : b;
    const follower = leader === a ? b : a;
    expect(follower.jobs.isLeader()).toBe(false);

    // A restart of the leader: its scheduler stops and gives the lock up; the other instance takes over.
    await leader.jobs.stop();
    expect(await follower.jobs.tick(walletJobNames.housekeeping)).toBe('ran');
    expect(follower.jobs.isLeader()).toBe(true);
    // The withdrawal is not yet past the time limit (1 minute) in real time, so nobody confirmed it.
    expect(await confirmationOf(a, member, withdrawalId)).toBeNull();
    await expectLedgerReconciled(a);
  });
});
