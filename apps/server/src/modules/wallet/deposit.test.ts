import { eq, getTableName, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logStatements } from '../../testing';
import * as repo from './cashier.repository';
import { walletDeposits, walletGatewayNonces } from './cashier.tables';
import {
  buildCashierApp,
  call,
  cashOf,
  expectLedgerReconciled,
  jpegBytes,
  type Member,
  multipart,
  newMember,
  pngBytes,
  receipt,
  simSecret,
  trialToken,
} from './cashier.test-helpers';
import type { SimFault } from './payment-simulator';

const operator = { operatorId: 7, username: 'ops.alice' };
let keys = 0;
const key = (label: string) => `${label}-${Date.now()}-${++keys}`;

describe('deposits through the simulator gateway', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildCashierApp();
  });
  afterAll(() => app.close());

  const simulator = () => {
    const sim = app.services.paymentSimulator;
    if (!sim) throw new Error('simulator off');
    return sim;
  };

  async function startDeposit(member: Member, amount = '1000', channelCode = 'SIM_EWALLET') {
    const response = await call(app, 'POST', '/wps/cashier/deposit', member, {
      key: key('dep'),
      payload: { channelCode, amount },
    });
    expect(response.statusCode, response.body).toBe(200);
    const deposit = response.json().value as { id: number; redirectUrl: string; status: string };
    const intentId = /\/gateway-sim\/pay\/(sim_[0-9a-f]+)/.exec(deposit.redirectUrl)?.[1];
    if (!intentId) throw new Error(`no intent in ${deposit.redirectUrl}`);
    return { deposit, intentId };
  }

  async function depositStatus(member: Member, id: number) {
    const response = await call(app, 'GET', `/wps/cashier/deposit/status?id=${id}`, member);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value as { status: string; amount: { amount: string } };
  }

  it('lists the seeded channels with limits and presets, named in the request language', async () => {
    const member = await newMember(app);
    const en = await call(app, 'GET', '/wps/cashier/deposit/channels', member);
    expect(en.statusCode).toBe(200);
    const list = en.json().value;
    expect(list).toMatchObject({ currency: 'BDT', scale: 2 });
    expect(list.channels.map((channel: { code: string }) => channel.code)).toEqual([
      'SIM_EWALLET',
      'SIM_QR',
      'MANUAL_BANK',
    ]);
    expect(list.channels[0]).toMatchObject({
      type: 'gateway',
      method: 'ewallet',
      min: { amount: '200.00', minor: '20000' },
      max: { amount: '25000.00', minor: '2500000' },
      payee: null,
    });
    expect(list.channels[2]).toMatchObject({ type: 'manual', payee: { bankName: 'Dutch-Bangla Bank' } });
    const bn = await call(app, 'GET', '/wps/cashier/deposit/channels', member, { headers: { language: 'bn' } });
    expect(bn.json().value.channels[0].name).toBe('ই-ওয়ালেট (সিমুলেটর পে)');
  });

  it('credits an approved deposit once, from the pay page through the signed callback', async () => {
    const member = await newMember(app);
    const { deposit, intentId } = await startDeposit(member, '1500.50');
    expect(deposit).toMatchObject({ status: 'pending', amount: { amount: '1500.50', minor: '150050' } });
    expect((await cashOf(app, member.id)).balance).toBe(0n);

    const page = await app.inject({ method: 'GET', url: `/gateway-sim/pay/${intentId}?lang=bn` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('1500.50 BDT');
    expect(page.body).toContain('পেমেন্ট অনুমোদন করুন');

    const approve = await app.inject({
      method: 'POST',
      url: `/gateway-sim/pay/${intentId}?lang=en`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.body).toContain('Payment approved');
    expect(await depositStatus(member, deposit.id)).toMatchObject({ status: 'approved' });
    expect(await cashOf(app, member.id)).toMatchObject({ balance: 150_050n, available: 150_050n });

    // The member is told; the notice is stored for the inbox.
    const notices = await app.services.cashier.listMemberNotices(member.id);
    expect(notices[0]).toMatchObject({ kind: 'deposit_arrived', params: { depositId: deposit.id, amount: '1500.50' } });
    await expectLedgerReconciled(app);
  });

  it('stores the notice in the statement that finishes the deposit, and only when it did finish it', async () => {
    const member = await newMember(app);
    const { deposit } = await startDeposit(member);
    const { db } = app.database;
    const notice = {
      merchantCode: 'DEMO',
      accountId: member.id,
      kind: 'deposit_failed',
      params: { depositId: deposit.id },
      createdAt: new Date(),
    };
    const changes = { status: 'failed', completedAt: new Date() };
    const first = await repo.finishDeposit(db, deposit.id, changes, notice);
    expect(first).toMatchObject({ id: deposit.id, status: 'failed', accountId: member.id });
    // Decoded as drizzle's own select decodes the row, as is findDeposit's text read.
    const [built] = await db.select().from(walletDeposits).where(eq(walletDeposits.id, deposit.id));
    expect(first).toEqual({ ...built, status: 'failed', completedAt: changes.completedAt });
    expect(await repo.findDeposit(db, 'DEMO', deposit.id)).toEqual(built);
    expect(await repo.findDeposit(db, 'OTHER', deposit.id)).toBeNull();
    expect(await repo.finishDeposit(db, deposit.id, changes, notice)).toBeNull();
    const notices = await repo.listNotices(db, member.id, { unreadOnly: false, limit: 10 });
    expect(notices.map(({ kind, params }) => ({ kind, params }))).toEqual([
      { kind: 'deposit_failed', params: { depositId: deposit.id } },
    ]);
  });

  it("records a new transfer's id on the deposit in the transfer's own statement, and not for a replay", async () => {
    const member = await newMember(app);
    const [{ deposit: first }, { deposit: second }] = [await startDeposit(member), await startDeposit(member)];
    const { wallet } = app.services;
    const cash = await wallet.ensureAccount({ type: 'player', id: member.id }, 'PLAYER_CASH', 'BDT');
    const clearing = await wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT');
    const input = {
      idempotencyKey: key('record'),
      debit: clearing.id,
      credit: cash.id,
      amountMinor: 100n,
      currency: 'BDT',
      kind: 'DEPOSIT',
    } as const;
    const transfer = await wallet.transfer(input, { recordTransferId: repo.depositTransferRecord(first.id) });
    expect(transfer.replayed).toBe(false);
    const replay = await wallet.transfer(input, { recordTransferId: repo.depositTransferRecord(second.id) });
    expect(replay).toMatchObject({ id: transfer.id, replayed: true });
    const { db } = app.database;
    expect((await repo.findDeposit(db, 'DEMO', first.id))?.transferId).toBe(transfer.id);
    expect((await repo.findDeposit(db, 'DEMO', second.id))?.transferId).toBeNull();
  });

  it('marks a declined deposit failed and credits nothing', async () => {
    const member = await newMember(app);
    const { deposit, intentId } = await startDeposit(member, '800');
    const { deliveries } = await simulator().decide(intentId, 'decline');
    expect(deliveries).toMatchObject([{ status: 'FAILED', statusCode: 200 }]);
    expect(await depositStatus(member, deposit.id)).toMatchObject({ status: 'failed' });
    expect((await cashOf(app, member.id)).balance).toBe(0n);
    const notices = await app.services.cashier.listMemberNotices(member.id);
    expect(notices[0]).toMatchObject({ kind: 'deposit_failed' });
  });

  const faultCases: Array<{ faults: SimFault[]; decision: 'approve' | 'decline'; credited: bigint; status: string }> = [
    { faults: ['duplicate'], decision: 'approve', credited: 70_000n, status: 'approved' },
    { faults: ['replay'], decision: 'approve', credited: 70_000n, status: 'approved' },
    { faults: ['out_of_order'], decision: 'approve', credited: 70_000n, status: 'approved' },
    { faults: ['out_of_order'], decision: 'decline', credited: 0n, status: 'failed' },
    { faults: ['duplicate', 'out_of_order'], decision: 'approve', credited: 70_000n, status: 'approved' },
  ];
  for (const { faults, decision, credited, status } of faultCases) {
    it(`keeps ${status} with ${credited} credited once when the callback comes ${faults.join(' + ')} after ${decision}`, async () => {
      const member = await newMember(app);
      const { deposit, intentId } = await startDeposit(member, '700');
      const { deliveries } = await simulator().decide(intentId, decision, { faults });
      expect(deliveries.length).toBeGreaterThan(1);
      expect((await cashOf(app, member.id)).balance).toBe(credited);
      expect(await depositStatus(member, deposit.id)).toMatchObject({ status });
      const row = (await app.services.cashier.deposits.listDeposits({ type: 'gateway' }, { pageSize: 100 })).items.find(
        (item) => item.id === deposit.id,
      );
      if (faults.includes('out_of_order')) {
        // The contradicting callback did not change the final state; it is kept for reconciliation.
        expect(row?.lateGatewayStatus).toBe(decision === 'approve' ? 'declined' : 'approved');
      }
      if (faults.includes('replay')) {
        // The very same signed request twice: the second is refused as a reused nonce.
        expect(deliveries.map((delivery) => delivery.statusCode)).toEqual([200, 409]);
      }
      await expectLedgerReconciled(app);
    });
  }

  it('credits a deposit once when the callback is late and the status query got there first', async () => {
    const member = await newMember(app);
    const { deposit, intentId } = await startDeposit(member, '900');
    const { deliveries } = await simulator().decide(intentId, 'approve', { faults: ['delayed'] });
    expect(deliveries).toEqual([]);
    expect((await cashOf(app, member.id)).balance).toBe(0n);
    // The member's page polls the status: the server asks the gateway and credits.
    expect(await depositStatus(member, deposit.id)).toMatchObject({ status: 'approved' });
    expect((await cashOf(app, member.id)).balance).toBe(90_000n);
    const late = await simulator().deliverLate();
    expect(late).toMatchObject([{ status: 'SUCCESS', statusCode: 200 }]);
    expect((await cashOf(app, member.id)).balance).toBe(90_000n);
    await expectLedgerReconciled(app);
  });

  it('credits a gateway deposit in one statement: state, notice, money and transfer id, no transaction of round trips', async () => {
    const member = await newMember(app);
    const { deposit, intentId } = await startDeposit(member, '321.09');
    const intent = await simulator().getIntent(intentId);
    if (!intent) throw new Error('no intent');
    await simulator().decide(intentId, 'approve', { faults: ['delayed'] });
    const body = simulator().callbackBody(intent, 'SUCCESS');
    const { db } = app.database;
    const opened = vi.spyOn(db, 'transaction');
    // Which tables drizzle-built selects read (the first use of a new member's account reads others).
    const tablesRead: unknown[] = [];
    const select = db.select.bind(db);
    const selects = vi.spyOn(db, 'select').mockImplementation(((...args: Parameters<typeof select>) => {
      const builder = select(...args);
      const from = builder.from.bind(builder);
      builder.from = ((table: unknown) => {
        tablesRead.push(table);
        return from(table as never);
      }) as typeof builder.from;
      return builder;
    }) as typeof select);
    const inserts = vi.spyOn(db, 'insert');
    // At the driver: on PostgreSQL the credit goes on the group commit's pipelined connection (a BEGIN, the locks,
    // the statement and the COMMIT in one round trip), on PGlite alone in its own implicit transaction.
    const log = logStatements(app.database);
    try {
      const answer = await app.inject({
        method: 'POST',
        url: '/gateway/payments/simulator/callback',
        headers: { 'content-type': 'application/json', ...simulator().sign(body) },
        payload: body,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      log.stop();
      // No transaction of drizzle's, whose statements would each wait for the one before.
      expect(opened).not.toHaveBeenCalled();
      // The nonce and the deposit's read are sent as text, not built by drizzle on every callback.
      expect(tablesRead).not.toContain(walletDeposits);
      expect(inserts.mock.calls.map(([table]) => table)).not.toContain(walletGatewayNonces);
      // Two statements and one commit: the deposit is read with whether the nonce was seen, and the credit's
      // statement remembers the nonce with everything else.
      const texts = log.texts.filter((text) => /wallet_deposits|wallet_gateway_nonces/.test(text));
      expect(texts).toHaveLength(2);
      const [read, credit] = texts;
      expect(read).toMatch(/^\s*select exists \(select 1 from wallet_gateway_nonces/);
      expect(read).toContain('wallet_deposits');
      expect(credit).toContain('insert into wallet_gateway_nonces');
      expect(credit).toContain('insert into wallet_transfers');
      // The inbox copy of the notice is fixed text too, not drizzle's insert returning the whole row.
      expect(inserts.mock.calls.map(([table]) => getTableName(table))).not.toContain('content_messages');
    } finally {
      log.stop();
      opened.mockRestore();
      selects.mockRestore();
      inserts.mockRestore();
    }
    const row = await repo.findDeposit(db, 'DEMO', deposit.id);
    const transfer = await app.services.wallet.getTransferByKey(`deposit:simulator:${intent.gatewayTxnId}`);
    expect(row).toMatchObject({ status: 'approved', transferId: transfer?.id });
    expect(row?.completedAt).toBeInstanceOf(Date);
    expect(transfer).toMatchObject({ amountMinor: 32_109n, kind: 'DEPOSIT', metadata: { depositId: deposit.id } });
    expect((await cashOf(app, member.id)).balance).toBe(32_109n);
    const notices = await repo.listNotices(db, member.id, { unreadOnly: false, limit: 10 });
    expect(notices.map(({ kind, params }) => ({ kind, params }))).toEqual([
      { kind: 'deposit_arrived', params: { depositId: deposit.id, amount: '321.09', currency: 'BDT' } },
    ]);
    // The same callback again (a new nonce): answered, nothing moves twice.
    const again = await app.inject({
      method: 'POST',
      url: '/gateway/payments/simulator/callback',
      headers: { 'content-type': 'application/json', ...simulator().sign(body) },
      payload: body,
    });
    expect(again.statusCode).toBe(200);
    expect((await cashOf(app, member.id)).balance).toBe(32_109n);
    await expectLedgerReconciled(app);
  });

  it('answers a guarded transfer whose key was used, or whose member cannot pay, by the ordinary path', async () => {
    const member = await newMember(app);
    const [{ deposit: first }, { deposit: second }] = [await startDeposit(member), await startDeposit(member)];
    const { wallet } = app.services;
    const { db } = app.database;
    const cash = await wallet.ensureAccount({ type: 'player', id: member.id }, 'PLAYER_CASH', 'BDT');
    const clearing = await wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT');
    const notice = {
      merchantCode: 'DEMO',
      accountId: member.id,
      kind: 'deposit_arrived',
      params: {},
      createdAt: new Date(),
    };
    const guardFor = (id: number) =>
      repo.finishDepositGuard(id, { status: 'approved', completedAt: new Date() }, notice);
    const input = {
      idempotencyKey: key('guarded'),
      debit: clearing.id,
      credit: cash.id,
      amountMinor: 100n,
      currency: 'BDT',
      kind: 'DEPOSIT',
    } as const;
    const done = await wallet.transfer(input, {
      guard: guardFor(first.id),
      recordTransferId: repo.depositTransferRecord(first.id),
    });
    expect(done.replayed).toBe(false);
    expect(await repo.findDeposit(db, 'DEMO', first.id)).toMatchObject({ status: 'approved', transferId: done.id });
    // The key again, guarding the second deposit: a replay, and the second deposit is left as it was.
    const replay = await wallet.transfer(input, { guard: guardFor(second.id) });
    expect(replay).toMatchObject({ id: done.id, replayed: true });
    expect(await repo.findDeposit(db, 'DEMO', second.id)).toMatchObject({ status: 'pending', transferId: null });
    // The member pays more than it holds: refused, and the guard's row is untouched.
    await expect(
      wallet.transfer(
        {
          ...input,
          idempotencyKey: key('guarded-out'),
          debit: cash.id,
          credit: clearing.id,
          amountMinor: 101n,
          kind: 'WITHDRAWAL',
        },
        { guard: guardFor(second.id) },
      ),
    ).rejects.toMatchObject({ code: 'WALLET_INSUFFICIENT_FUNDS' });
    expect(await repo.findDeposit(db, 'DEMO', second.id)).toMatchObject({ status: 'pending' });
    expect((await cashOf(app, member.id)).balance).toBe(100n);
    const notices = await repo.listNotices(db, member.id, { unreadOnly: false, limit: 10 });
    expect(notices).toHaveLength(1);
    await expectLedgerReconciled(app);
  });

  it('credits a deposit once when many callbacks for it arrive at the same time', async () => {
    const member = await newMember(app);
    const { intentId } = await startDeposit(member, '1234.56');
    const intent = await simulator().getIntent(intentId);
    if (!intent) throw new Error('no intent');
    // Settle the intent at the PSP without its own callback, then race 12 freshly signed SUCCESS callbacks.
    await simulator().decide(intentId, 'approve', { faults: ['delayed'] });
    const body = simulator().callbackBody(intent, 'SUCCESS');
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        app.inject({
          method: 'POST',
          url: '/gateway/payments/simulator/callback',
          headers: { 'content-type': 'application/json', ...simulator().sign(body) },
          payload: body,
        }),
      ),
    );
    expect(results.map((result) => result.statusCode)).toEqual(Array(12).fill(200));
    expect((await cashOf(app, member.id)).balance).toBe(123_456n);
    await simulator().deliverLate();
    expect((await cashOf(app, member.id)).balance).toBe(123_456n);
    await expectLedgerReconciled(app);
  });

  it('finishes a credit that a crash interrupted, once, in housekeeping', async () => {
    const member = await newMember(app);
    const { deposit, intentId } = await startDeposit(member, '450');
    await simulator().decide(intentId, 'approve', { faults: ['delayed'] });
    // As if the process died right after the deposit was marked approved, before its ledger credit.
    await repo.finishDeposit(app.database.db, deposit.id, { status: 'approved', completedAt: new Date() });
    expect((await cashOf(app, member.id)).balance).toBe(0n);
    const first = await app.services.cashier.runHousekeeping();
    expect(first.deposits.credited).toBeGreaterThanOrEqual(1);
    expect((await cashOf(app, member.id)).balance).toBe(45_000n);
    await app.services.cashier.runHousekeeping();
    await simulator().deliverLate();
    expect((await cashOf(app, member.id)).balance).toBe(45_000n);
    await expectLedgerReconciled(app);
  });

  describe('callback verification', () => {
    async function settledIntent() {
      const member = await newMember(app);
      const { deposit, intentId } = await startDeposit(member, '500');
      await simulator().decide(intentId, 'approve', { faults: ['delayed'] });
      const intent = await simulator().getIntent(intentId);
      if (!intent) throw new Error('no intent');
      return { member, deposit, body: simulator().callbackBody(intent, 'SUCCESS') };
    }

    const post = (body: string, headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/gateway/payments/simulator/callback',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });

    it('refuses a missing or forged signature, and a body changed after signing', async () => {
      const { member, body } = await settledIntent();
      const missing = await post(body, {});
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ code: 'FAIL', message: 'invalid signature' });
      const forged = await post(body, simulator().sign(body, { secret: 'not-the-merchant-secret-at-all' }));
      expect(forged.statusCode).toBe(401);
      const tampered = body.replace('"amount":"500.00"', '"amount":"50000.00"');
      const signedOriginal = simulator().sign(body);
      expect((await post(tampered, signedOriginal)).statusCode).toBe(401);
      expect((await cashOf(app, member.id)).balance).toBe(0n);
    });

    it('refuses a timestamp older than 5 minutes (or as far ahead)', async () => {
      const { member, body } = await settledIntent();
      const old = String(Math.floor(Date.now() / 1000) - 301);
      const stale = await post(body, simulator().sign(body, { timestamp: old }));
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toEqual({ code: 'FAIL', message: 'invalid timestamp' });
      const ahead = String(Math.floor(Date.now() / 1000) + 301);
      expect((await post(body, simulator().sign(body, { timestamp: ahead }))).statusCode).toBe(401);
      expect((await cashOf(app, member.id)).balance).toBe(0n);
      // Within the window, the same callback is accepted.
      const fresh = String(Math.floor(Date.now() / 1000) - 290);
      expect((await post(body, simulator().sign(body, { timestamp: fresh }))).statusCode).toBe(200);
      expect((await cashOf(app, member.id)).balance).toBe(50_000n);
    });

    it('refuses a reused nonce, even when the first use was refused for another reason', async () => {
      const { member, body } = await settledIntent();
      const nonce = `nonce-${Date.now()}`;
      const first = await post(body, simulator().sign(body, { nonce }));
      expect(first.statusCode).toBe(200);
      const again = await post(body, simulator().sign(body, { nonce }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'FAIL', message: 'invalid nonce' });
      expect((await cashOf(app, member.id)).balance).toBe(50_000n);
    });

    it('answers one of the same signed callback sent many times at once and refuses the others as replays', async () => {
      const { member, body } = await settledIntent();
      const headers = simulator().sign(body, { nonce: `nonce-burst-${Date.now()}` });
      const answers = await Promise.all(Array.from({ length: 8 }, () => post(body, headers)));
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes).toEqual([200, ...Array(7).fill(409)]);
      expect((await cashOf(app, member.id)).balance).toBe(50_000n);
      await expectLedgerReconciled(app);
    });

    it('refuses a callback whose nonce was remembered between its read and its credit, crediting nothing', async () => {
      const { member, body } = await settledIntent();
      const nonce = `nonce-between-${Date.now()}`;
      // The callback's first read finds the nonce new; the same nonce is then remembered (as by a twin) before
      // the credit's statement runs.
      const { db } = app.database;
      const log = logStatements(app.database, {
        after: (text, answer) =>
          /^\s*select exists \(select 1 from wallet_gateway_nonces/.test(text)
            ? answer.then(async (result) => {
                await db.execute(
                  sql`insert into wallet_gateway_nonces (gateway, nonce, received_at) values ('simulator', ${nonce}, now())`,
                );
                return result;
              })
            : answer,
      });
      try {
        const answer = await post(body, simulator().sign(body, { nonce }));
        expect(answer.statusCode).toBe(409);
        expect(answer.json()).toEqual({ code: 'FAIL', message: 'invalid nonce' });
      } finally {
        log.stop();
      }
      expect((await cashOf(app, member.id)).balance).toBe(0n);
      // The deposit is still pending: a fresh callback credits it, once.
      expect((await post(body, simulator().sign(body))).statusCode).toBe(200);
      expect((await cashOf(app, member.id)).balance).toBe(50_000n);
      await expectLedgerReconciled(app);
    });

    it('remembers the nonce of a callback refused for an unknown order: it cannot be used again', async () => {
      const { member, body } = await settledIntent();
      const nonce = `nonce-unknown-${Date.now()}`;
      const wrongOrder = body.replace(/"orderId":"\d+"/, '"orderId":"999999999"');
      expect((await post(wrongOrder, simulator().sign(wrongOrder, { nonce }))).statusCode).toBe(404);
      const again = await post(body, simulator().sign(body, { nonce }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'FAIL', message: 'invalid nonce' });
      expect((await cashOf(app, member.id)).balance).toBe(0n);
      // A fresh nonce for the same callback credits it, once.
      expect((await post(body, simulator().sign(body))).statusCode).toBe(200);
      expect((await cashOf(app, member.id)).balance).toBe(50_000n);
      await expectLedgerReconciled(app);
    });

    it('refuses a callback whose amount or order does not match, and an unknown gateway', async () => {
      const { member, body } = await settledIntent();
      const wrongAmount = body.replace('"amount":"500.00"', '"amount":"5000.00"');
      expect((await post(wrongAmount, simulator().sign(wrongAmount))).statusCode).toBe(400);
      const wrongOrder = body.replace(/"orderId":"\d+"/, '"orderId":"999999999"');
      expect((await post(wrongOrder, simulator().sign(wrongOrder))).statusCode).toBe(404);
      const unknown = await app.inject({
        method: 'POST',
        url: '/gateway/payments/nopay/callback',
        headers: { 'content-type': 'application/json', ...simulator().sign(body) },
        payload: body,
      });
      expect(unknown.statusCode).toBe(404);
      expect((await cashOf(app, member.id)).balance).toBe(0n);
      await expectLedgerReconciled(app);
    });

    it('signs with the configured merchant secret (HMAC-SHA256 over timestamp.nonce.body)', async () => {
      const { createHmac } = await import('node:crypto');
      const headers = simulator().sign('{"x":1}', { nonce: 'abcdefgh12', timestamp: '1700000000' });
      expect(headers['x-signature']).toBe(
        createHmac('sha256', simSecret).update('1700000000.abcdefgh12.{"x":1}').digest('hex'),
      );
    });
  });

  it('answers the same deposit for a retried Idempotency-Key and refuses the key for another request', async () => {
    const member = await newMember(app);
    const k = key('same');
    const first = await call(app, 'POST', '/wps/cashier/deposit', member, {
      key: k,
      payload: { channelCode: 'SIM_QR', amount: '300' },
    });
    const again = await call(app, 'POST', '/wps/cashier/deposit', member, {
      key: k,
      payload: { channelCode: 'SIM_QR', amount: '300' },
    });
    expect(again.json().value.id).toBe(first.json().value.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await call(app, 'POST', '/wps/cashier/deposit', member, {
      key: k,
      payload: { channelCode: 'SIM_QR', amount: '301' },
    });
    expect(other.statusCode).toBe(409);
    // Without the header the call is refused before anything happens.
    const keyless = await call(app, 'POST', '/wps/cashier/deposit', member, {
      payload: { channelCode: 'SIM_QR', amount: '300' },
    });
    expect(keyless.statusCode).toBe(400);
  });

  it('refuses unknown or disabled channels and amounts outside the channel limits', async () => {
    const member = await newMember(app);
    const attempt = (payload: object) =>
      call(app, 'POST', '/wps/cashier/deposit', member, { key: key('lim'), payload });
    const unknown = await attempt({ channelCode: 'NOPE', amount: '500' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'CASHIER_CHANNEL_NOT_FOUND',
      message: 'This payment channel is not available',
    });
    const manualAsGateway = await attempt({ channelCode: 'MANUAL_BANK', amount: '500' });
    expect(manualAsGateway.json().code).toBe('CASHIER_CHANNEL_NOT_FOUND');
    const low = await attempt({ channelCode: 'SIM_EWALLET', amount: '199.99' });
    expect(low.json()).toMatchObject({ code: 'CASHIER_AMOUNT_BELOW_MIN', params: { min: '200.00' } });
    const high = await attempt({ channelCode: 'SIM_EWALLET', amount: '25000.01' });
    expect(high.json()).toMatchObject({ code: 'CASHIER_AMOUNT_ABOVE_MAX', params: { max: '25000.00' } });
    expect((await attempt({ channelCode: 'SIM_EWALLET', amount: '25000' })).statusCode).toBe(200);
  });

  it('lets an operator change a channel: limits, presets, switch', async () => {
    const member = await newMember(app);
    const { deposits } = app.services.cashier;
    await expect(
      deposits.updateDepositChannel('SIM_QR', { minAmount: '600', maxAmount: '500' }, operator),
    ).rejects.toMatchObject({ code: 'CASHIER_CHANNEL_LIMITS_INVALID' });
    await expect(deposits.updateDepositChannel('SIM_QR', { presets: ['10'] }, operator)).rejects.toMatchObject({
      code: 'CASHIER_CHANNEL_LIMITS_INVALID',
    });
    const updated = await deposits.updateDepositChannel(
      'SIM_QR',
      { minAmount: '150', maxAmount: '9000.5', presets: ['150', '9000.50'], enabled: false },
      operator,
    );
    expect(updated).toMatchObject({
      min: { minor: '15000' },
      max: { minor: '900050' },
      presets: [{ amount: '150.00' }, { amount: '9000.50' }],
      enabled: false,
      updatedBy: 'ops.alice',
    });
    const channels = (await call(app, 'GET', '/wps/cashier/deposit/channels', member)).json().value.channels;
    expect(channels.map((channel: { code: string }) => channel.code)).not.toContain('SIM_QR');
    const refused = await call(app, 'POST', '/wps/cashier/deposit', member, {
      key: key('off'),
      payload: { channelCode: 'SIM_QR', amount: '500' },
    });
    expect(refused.json().code).toBe('CASHIER_CHANNEL_NOT_FOUND');
    await deposits.updateDepositChannel('SIM_QR', { enabled: true, minAmount: '100', maxAmount: '50000' }, operator);
    expect((await deposits.listDepositChannels()).find((channel) => channel.code === 'SIM_QR')?.enabled).toBe(true);
  });

  it('keeps trial accounts and visitors out of deposits', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/wps/cashier/deposit/channels' });
    expect(anonymous.statusCode).toBe(401);
    const response = await app.inject({
      method: 'GET',
      url: '/wps/cashier/deposit/channels',
      headers: { authorization: await trialToken(app) },
    });
    expect(response.json().code).toBe('IDENTITY_REAL_ACCOUNT_REQUIRED');
  });

  describe('manual deposits', () => {
    const submit = (
      member: Member,
      files: ReturnType<typeof receipt>[],
      fields: Record<string, string> = {},
      k = key('man'),
    ) => {
      const form = multipart({ channelCode: 'MANUAL_BANK', amount: '2500', reference: 'TX-88231', ...fields }, files);
      return app.inject({
        method: 'POST',
        url: '/wps/cashier/deposit/manual',
        headers: { ...member.headers(k), 'content-type': form.contentType },
        payload: form.payload,
      });
    };

    it('files a deposit with receipts, credited once when an operator approves it', async () => {
      const member = await newMember(app);
      const jpeg = receipt(jpegBytes(), 'slip.jpg', 'image/jpeg');
      const response = await submit(member, [receipt(), jpeg]);
      expect(response.statusCode, response.body).toBe(200);
      const deposit = response.json().value;
      expect(deposit).toMatchObject({ status: 'pending', type: 'manual', receiptCount: 2, reference: 'TX-88231' });

      const pending = await app.services.cashier.deposits.listPendingDeposits({ pageSize: 100 });
      const row = pending.items.find((item) => item.id === deposit.id);
      expect(row).toMatchObject({ member: { id: member.id, username: member.username }, status: 'pending' });
      expect(row?.receipts.map((file) => file.type)).toEqual(['png', 'jpeg']);
      const stored = await app.services.cashier.readUpload(row?.receipts[0]?.name ?? '');
      expect(stored.contentType).toBe('image/png');
      expect(stored.bytes.equals(pngBytes())).toBe(true);

      const approved = await app.services.cashier.deposits.approveDeposit(deposit.id, operator);
      expect(approved).toMatchObject({ status: 'approved', reviewedBy: 'ops.alice' });
      await expect(app.services.cashier.deposits.approveDeposit(deposit.id, operator)).rejects.toMatchObject({
        code: 'CASHIER_DEPOSIT_NOT_PENDING',
      });
      await expect(app.services.cashier.deposits.rejectDeposit(deposit.id, 'late', operator)).rejects.toMatchObject({
        code: 'CASHIER_DEPOSIT_NOT_PENDING',
      });
      expect((await cashOf(app, member.id)).balance).toBe(250_000n);
      await expectLedgerReconciled(app);
    });

    it('approves and credits together: an approval whose credit fails leaves the deposit pending, no notice', async () => {
      const member = await newMember(app);
      const deposit = (await submit(member, [receipt()])).json().value;
      const wallet = app.services.wallet;
      const transfer = wallet.transfer;
      // The ledger transaction dies after the deposit's state change was written inside it (as a crash would).
      const spy = vi.spyOn(wallet, 'transfer').mockImplementationOnce((input, options) =>
        transfer(input, {
          ...options,
          within: async () => {
            throw new Error('connection lost');
          },
        }),
      );
      try {
        await expect(app.services.cashier.deposits.approveDeposit(deposit.id, operator)).rejects.toThrow(
          'connection lost',
        );
      } finally {
        spy.mockRestore();
      }
      const row = await app.services.cashier.deposits.getOperatorDeposit(deposit.id);
      expect(row).toMatchObject({ status: 'pending', ledgerTransferId: null });
      expect((await cashOf(app, member.id)).balance).toBe(0n);
      const notices = await repo.listNotices(app.database.db, member.id, { unreadOnly: false, limit: 10 });
      expect(notices).toHaveLength(0);
      // Approved again: credited once, with its notice.
      const approved = await app.services.cashier.deposits.approveDeposit(deposit.id, operator);
      expect(approved).toMatchObject({ status: 'approved' });
      expect(approved.ledgerTransferId).not.toBeNull();
      expect((await cashOf(app, member.id)).balance).toBe(250_000n);
      await expectLedgerReconciled(app);
    });

    it('credits nothing when the deposit stops being pending inside the approval transaction', async () => {
      const member = await newMember(app);
      const deposit = (await submit(member, [receipt()])).json().value;
      const wallet = app.services.wallet;
      const transfer = wallet.transfer;
      // Its state changes (as a rejection committed in between would change it) after the approval's locks are
      // taken and before the approval's own state change, in the same transaction (PGlite has one connection).
      // Without its one-statement guard, the approval takes the ordinary transaction, where this can be injected.
      const spy = vi.spyOn(wallet, 'transfer').mockImplementationOnce((input, options) =>
        transfer(input, {
          ...options,
          guard: undefined,
          beforeMoving: async (tx) => {
            await repo.finishDeposit(tx, deposit.id, { status: 'rejected', completedAt: new Date() });
            await options?.beforeMoving?.(tx);
          },
        }),
      );
      try {
        await expect(app.services.cashier.deposits.approveDeposit(deposit.id, operator)).rejects.toMatchObject({
          code: 'CASHIER_DEPOSIT_NOT_PENDING',
        });
      } finally {
        spy.mockRestore();
      }
      expect((await cashOf(app, member.id)).balance).toBe(0n);
      expect(await app.services.wallet.getTransferByKey(`deposit:manual:${deposit.id}`)).toBeNull();
      await expectLedgerReconciled(app);
    });

    it('credits nothing when the deposit stopped being pending before the one-statement approval', async () => {
      const member = await newMember(app);
      const deposit = (await submit(member, [receipt()])).json().value;
      const wallet = app.services.wallet;
      const transfer = wallet.transfer;
      // Rejected after the approval read the deposit and before its statement: the guard matches no row, nothing
      // is written, and the ordinary transaction that follows gives the answer.
      const spy = vi.spyOn(wallet, 'transfer').mockImplementationOnce(async (input, options) => {
        await repo.finishDeposit(app.database.db, deposit.id, { status: 'rejected', completedAt: new Date() });
        return transfer(input, options);
      });
      try {
        await expect(app.services.cashier.deposits.approveDeposit(deposit.id, operator)).rejects.toMatchObject({
          code: 'CASHIER_DEPOSIT_NOT_PENDING',
        });
      } finally {
        spy.mockRestore();
      }
      expect((await cashOf(app, member.id)).balance).toBe(0n);
      expect(await app.services.wallet.getTransferByKey(`deposit:manual:${deposit.id}`)).toBeNull();
      expect(await repo.listNotices(app.database.db, member.id, { unreadOnly: false, limit: 10 })).toHaveLength(0);
      await expectLedgerReconciled(app);
    });

    it('credits once when operators approve the same deposit at the same time', async () => {
      const member = await newMember(app);
      const deposit = (await submit(member, [receipt()])).json().value;
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, () => app.services.cashier.deposits.approveDeposit(deposit.id, operator)),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      expect((await cashOf(app, member.id)).balance).toBe(250_000n);
      await expectLedgerReconciled(app);
    });

    it('rejects with a reason and moves nothing', async () => {
      const member = await newMember(app);
      const deposit = (await submit(member, [receipt()])).json().value;
      await expect(app.services.cashier.deposits.rejectDeposit(deposit.id, '  ', operator)).rejects.toMatchObject({
        code: 'CASHIER_REASON_REQUIRED',
      });
      const rejected = await app.services.cashier.deposits.rejectDeposit(deposit.id, 'No such transfer', operator);
      expect(rejected).toMatchObject({ status: 'rejected', rejectReason: 'No such transfer' });
      expect((await cashOf(app, member.id)).balance).toBe(0n);
      const status = await call(app, 'GET', `/wps/cashier/deposit/status?id=${deposit.id}`, member);
      expect(status.json().value).toMatchObject({ status: 'rejected', rejectReason: 'No such transfer' });
      const notices = await app.services.cashier.listMemberNotices(member.id);
      expect(notices[0]).toMatchObject({ kind: 'deposit_failed' });
    });

    it('refuses a .png that is text inside, by content', async () => {
      const member = await newMember(app);
      const fake = receipt(Buffer.from('this is not an image, just text pretending'), 'receipt.png', 'image/png');
      const response = await submit(member, [fake]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({
        code: 'CASHIER_RECEIPT_INVALID_TYPE',
        message: 'Only PNG or JPG images are accepted',
      });
      // Text that starts like a PNG or a JPEG does not pass either.
      const pngHead = Buffer.concat([pngBytes().subarray(0, 8), Buffer.from('hello world, no IHDR chunk here')]);
      expect((await submit(member, [receipt(pngHead)])).statusCode).toBe(415);
      const jpegHead = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('just text')]);
      expect((await submit(member, [receipt(jpegHead, 'a.jpg', 'image/jpeg')])).statusCode).toBe(415);
    });

    it('refuses 4 files, a file over 5 MB, no file, and a deposit without a reference', async () => {
      const member = await newMember(app);
      const four = await submit(member, [receipt(), receipt(), receipt(), receipt()]);
      expect(four.statusCode).toBe(413);
      expect(four.json()).toMatchObject({ code: 'CASHIER_RECEIPT_TOO_MANY', params: { max: 3 } });
      const big = Buffer.concat([pngBytes(), Buffer.alloc(5 * 1024 * 1024 + 1 - pngBytes().length)]);
      const tooBig = await submit(member, [receipt(big)]);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().code).toBe('CASHIER_RECEIPT_TOO_LARGE');
      const justFits = Buffer.concat([pngBytes(), Buffer.alloc(5 * 1024 * 1024 - pngBytes().length)]);
      expect((await submit(member, [receipt(justFits)])).statusCode).toBe(200);
      expect((await submit(member, [])).json().code).toBe('CASHIER_RECEIPT_REQUIRED');
      expect((await submit(member, [receipt()], { reference: '   ' })).json().code).toBe('CASHIER_REFERENCE_INVALID');
      const json = await call(app, 'POST', '/wps/cashier/deposit/manual', member, {
        key: key('json'),
        payload: { channelCode: 'MANUAL_BANK', amount: '2500', reference: 'x', receipts: [] },
      });
      expect(json.statusCode).toBe(415);
      // Refused uploads leave no files behind: only the accepted 5 MB receipt is stored.
      const stored = (await app.services.cashier.deposits.listPendingDeposits({ pageSize: 100 })).items
        .filter((item) => item.member.id === member.id)
        .flatMap((item) => item.receipts);
      expect(stored).toHaveLength(1);
    });

    it('files one deposit for a retried Idempotency-Key', async () => {
      const member = await newMember(app);
      const k = key('retry');
      const first = await submit(member, [receipt()], {}, k);
      const second = await submit(member, [receipt()], {}, k);
      expect(second.json().value.id).toBe(first.json().value.id);
      const mine = (await app.services.cashier.deposits.listPendingDeposits({ pageSize: 100 })).items.filter(
        (item) => item.member.id === member.id,
      );
      expect(mine).toHaveLength(1);
    });
  });
});
