import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditEntry, OperatorDeposit, OperatorWithdrawal } from '@portal/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';

// Player-side helpers, as the wallet's own tests make members, money and receipts (cashier.test-helpers.ts; the
// lint rules keep one module's test files out of another's).

const paymentPassword = '246810';
const loginPassword = 'Secret#2026';

type Member = { id: number; username: string; headers(key?: string): Record<string, string> };

let members = 0;

async function newMember(app: FastifyInstance, options: { payeeName?: string; funds?: string } = {}): Promise<Member> {
  members += 1;
  const username = `bocash${Date.now().toString(36).slice(-5)}${members}`.slice(0, 16);
  const account = await app.services.identity.createAccount({
    username,
    password: loginPassword,
    type: 0,
    uplineId: null,
  });
  await app.services.identity.setPaymentPassword(account.id, paymentPassword);
  if (options.payeeName) await app.services.identity.setPayeeNameIfEmpty(account.id, options.payeeName);
  const { token } = await app.services.identity.login(
    { username, password: loginPassword },
    { ip: `10.8.${members % 250}.${(members >> 8) % 250}` },
  );
  if (options.funds) await fund(app, account.id, options.funds);
  return {
    id: account.id,
    username,
    headers: (key?: string) => ({ authorization: token, ...(key ? { 'idempotency-key': key } : {}) }),
  };
}

/** Credits a member's main wallet from the payment clearing account (major units). */
async function fund(app: FastifyInstance, accountId: number, amount: string): Promise<void> {
  const { wallet } = app.services;
  const [clearing, cash] = await Promise.all([
    wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT'),
    wallet.ensureAccount({ type: 'player', id: accountId }, 'PLAYER_CASH', 'BDT'),
  ]);
  const [whole = '0', fraction = ''] = amount.split('.');
  await wallet.transfer({
    idempotencyKey: `bo-test-fund:${randomBytes(8).toString('hex')}`,
    debit: clearing.id,
    credit: cash.id,
    amountMinor: BigInt(whole + fraction.padEnd(2, '0')),
    currency: 'BDT',
    kind: 'DEPOSIT',
  });
}

async function cashOf(app: FastifyInstance, accountId: number) {
  const account = await app.services.wallet.ensureAccount({ type: 'player', id: accountId }, 'PLAYER_CASH', 'BDT');
  return { balance: account.balanceMinor, pending: account.pendingDebitsMinor, available: account.availableMinor };
}

function playerCall(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  member: Member,
  options: { payload?: unknown; key?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: member.headers(options.key),
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

function pngBytes(): Buffer {
  const png = new PNG({ width: 4, height: 3 });
  png.data.fill(200);
  return PNG.sync.write(png);
}

/** A minimal JPEG: SOI, a JFIF APP0 segment, a baseline frame header (3 components), EOI. */
function jpegBytes(): Buffer {
  const app0 = [
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ];
  const sof0 = [
    0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
  ];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

type FilePart = { filename: string; contentType: string; bytes: Buffer };

function receipt(bytes: Buffer = pngBytes(), filename = 'receipt.png', contentType = 'image/png'): FilePart {
  return { filename, contentType, bytes };
}

/** A multipart/form-data body with the files under `receipts`. */
function multipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----bocashier${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="receipts"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let keys = 0;
const key = (label: string) => `bo-${label}-${Date.now()}-${++keys}`;

describe('back office: cashier', () => {
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'bo-cashier-uploads-'));
  let bo: BackofficeTestApp;
  let owner: string;
  let finance: string;
  let risk: string;
  let support: string;
  let content: string;

  beforeAll(async () => {
    bo = await buildBackofficeTestApp({
      config: {
        uploadsDir,
        rateLimitPerMinute: 100_000,
        withdrawMinAmount: '100',
        withdrawMaxAmount: '50000',
        withdrawDailyMaxCount: 100,
        withdrawDailyMaxAmount: '10000000',
      },
    });
    owner = await bo.signIn('owner');
    finance = await createOperatorAndSignIn(bo, owner, 'finance.cash', 'finance');
    risk = await createOperatorAndSignIn(bo, owner, 'risk.cash', 'risk');
    support = await createOperatorAndSignIn(bo, owner, 'support.cash', 'support');
    content = await createOperatorAndSignIn(bo, owner, 'content.cash', 'content');
  }, 60_000);
  afterAll(async () => {
    await bo.app.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  /** A manual deposit of 2500.00 filed through the player API, with the given receipts. */
  async function manualDeposit(member: Member, files = [receipt()]): Promise<number> {
    const form = multipart({ channelCode: 'MANUAL_BANK', amount: '2500', reference: 'TX-BO-1' }, files);
    const response = await bo.app.inject({
      method: 'POST',
      url: '/wps/cashier/deposit/manual',
      headers: { ...member.headers(key('dep')), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.id as number;
  }

  /** A funded member with a bound bKash account and a pending withdrawal of `amount`. */
  async function pendingWithdrawal(funds: string, amount: string) {
    const member = await newMember(bo.app, { funds, payeeName: 'Rahim Uddin' });
    const bound = await playerCall(bo.app, 'POST', '/wps/member/bank-accounts', member, {
      payload: { bankCode: 'BKASH', accountNumber: '01712345678', holderName: 'Rahim Uddin' },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const response = await playerCall(bo.app, 'POST', '/wps/cashier/withdraw', member, {
      key: key('wd'),
      payload: { amount, bankAccountId: bound.json().value.id, paymentPassword },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { member, id: response.json().value.id as number };
  }

  it('refuses callers without a session (401) and roles without the cashier (403)', async () => {
    const member = await newMember(bo.app);
    const id = await manualDeposit(member);
    for (const [method, route] of [
      ['GET', '/cashier/deposits'],
      ['POST', `/cashier/deposits/${id}/approve`],
      ['GET', '/cashier/withdrawals'],
      ['GET', '/cashier/deposit-channels'],
    ] as const) {
      const anonymous = await bo.call(method, route);
      expect(anonymous.statusCode, `${method} ${route}`).toBe(401);
      expect(anonymous.json().code).toBe('BO_AUTH_REQUIRED');
      for (const cookie of [support, content]) {
        const refused = await bo.call(method, route, { cookie });
        expect(refused.statusCode, `${method} ${route}`).toBe(403);
        expect(refused.json().code).toBe('BO_FORBIDDEN');
      }
    }
    for (const cookie of [support, content]) {
      const reject = await bo.call('POST', `/cashier/deposits/${id}/reject`, { cookie, body: { reason: 'no' } });
      expect(reject.statusCode).toBe(403);
      const channel = await bo.call('PUT', '/cashier/deposit-channels/MANUAL_BANK', { cookie, body: {} });
      expect(channel.statusCode).toBe(403);
    }
    // Risk may look, not decide.
    expect((await bo.call('GET', '/cashier/deposits', { cookie: risk })).statusCode).toBe(200);
    expect((await bo.call('GET', '/cashier/withdrawals', { cookie: risk })).statusCode).toBe(200);
    const riskApprove = await bo.call('POST', `/cashier/deposits/${id}/approve`, { cookie: risk, body: {} });
    expect(riskApprove.json()).toMatchObject({ code: 'BO_FORBIDDEN', params: { permission: 'cashier.approve' } });
    expect((await bo.call('PUT', '/cashier/deposit-channels/MANUAL_BANK', { cookie: risk, body: {} })).statusCode).toBe(
      403,
    );
    // Nothing was decided.
    expect((await cashOf(bo.app, member.id)).balance).toBe(0n);
  });

  it('lets finance approve a manual deposit, credited once', async () => {
    const member = await newMember(bo.app);
    const id = await manualDeposit(member);
    const pending = (await bo.call('GET', '/cashier/deposits?pageSize=100', { cookie: finance })).json().value;
    const row = pending.items.find((item: OperatorDeposit) => item.id === id);
    expect(row).toMatchObject({ status: 'pending', type: 'manual', member: { id: member.id } });

    const approved = await bo.call('POST', `/cashier/deposits/${id}/approve`, { cookie: finance, body: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value).toMatchObject({ id, status: 'approved', reviewedBy: 'finance.cash' });
    expect((await cashOf(bo.app, member.id)).balance).toBe(250_000n);

    const again = await bo.call('POST', `/cashier/deposits/${id}/approve`, { cookie: finance, body: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CASHIER_DEPOSIT_NOT_PENDING');
    const late = await bo.call('POST', `/cashier/deposits/${id}/reject`, { cookie: finance, body: { reason: 'x' } });
    expect(late.json().code).toBe('CASHIER_DEPOSIT_NOT_PENDING');
    expect((await cashOf(bo.app, member.id)).balance).toBe(250_000n);

    // No longer pending; still found among all approved deposits.
    const after = (await bo.call('GET', '/cashier/deposits?pageSize=100', { cookie: finance })).json().value;
    expect(after.items.some((item: OperatorDeposit) => item.id === id)).toBe(false);
    const all = await bo.call('GET', '/cashier/deposits?status=approved&type=manual&pageSize=100', { cookie: risk });
    expect(all.json().value.items.some((item: OperatorDeposit) => item.id === id)).toBe(true);
    expect((await bo.call('POST', '/cashier/deposits/999999/approve', { cookie: finance, body: {} })).statusCode).toBe(
      404,
    );
  });

  it('lets finance reject a manual deposit with a reason; nothing moves', async () => {
    const member = await newMember(bo.app);
    const id = await manualDeposit(member);
    const blank = await bo.call('POST', `/cashier/deposits/${id}/reject`, { cookie: finance, body: { reason: '  ' } });
    expect(blank.statusCode).toBe(400);
    const rejected = await bo.call('POST', `/cashier/deposits/${id}/reject`, {
      cookie: finance,
      body: { reason: 'No such transfer' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value).toMatchObject({ status: 'rejected', rejectReason: 'No such transfer' });
    expect((await cashOf(bo.app, member.id)).balance).toBe(0n);
    const again = await bo.call('POST', `/cashier/deposits/${id}/approve`, { cookie: finance, body: {} });
    expect(again.json().code).toBe('CASHIER_DEPOSIT_NOT_PENDING');
    expect((await cashOf(bo.app, member.id)).balance).toBe(0n);
  });

  it("serves a deposit's own receipts, with their content type, and no other file", async () => {
    const member = await newMember(bo.app);
    const id = await manualDeposit(member, [receipt(), receipt(jpegBytes(), 'slip.jpg', 'image/jpeg')]);
    const other = await manualDeposit(await newMember(bo.app));
    const deposits = (await bo.call('GET', '/cashier/deposits?pageSize=100', { cookie: risk })).json().value.items;
    const mine = deposits.find((item: OperatorDeposit) => item.id === id) as OperatorDeposit;
    const theirs = deposits.find((item: OperatorDeposit) => item.id === other) as OperatorDeposit;
    const [png, jpeg] = mine.receipts;

    const image = await bo.call('GET', `/cashier/deposits/${id}/receipts/${png?.name}`, { cookie: risk });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(pngBytes())).toBe(true);
    const second = await bo.call('GET', `/cashier/deposits/${id}/receipts/${jpeg?.name}`, { cookie: finance });
    expect(second.headers['content-type']).toBe('image/jpeg');
    expect(second.rawPayload.equals(jpegBytes())).toBe(true);

    // Another deposit's file through this deposit, a made-up name, a path: all not found.
    const foreign = await bo.call('GET', `/cashier/deposits/${id}/receipts/${theirs.receipts[0]?.name}`, {
      cookie: risk,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await bo.call('GET', `/cashier/deposits/${id}/receipts/nope.png`, { cookie: risk })).statusCode).toBe(404);
    const traversal = await bo.call('GET', `/cashier/deposits/${id}/receipts/..%2F..%2Fetc%2Fpasswd`, {
      cookie: risk,
    });
    expect(traversal.statusCode).toBe(404);
    expect(
      (await bo.call('GET', `/cashier/deposits/${id}/receipts/${png?.name}`, { cookie: support })).statusCode,
    ).toBe(403);
  });

  it('lets finance approve a withdrawal (the hold is posted) and reject one (the hold is returned)', async () => {
    const paid = await pendingWithdrawal('10000', '2500.75');
    expect(await cashOf(bo.app, paid.member.id)).toEqual({
      balance: 1_000_000n,
      pending: 250_075n,
      available: 749_925n,
    });
    const pending = (await bo.call('GET', '/cashier/withdrawals?pageSize=100', { cookie: risk })).json().value;
    expect(pending.items.find((item: OperatorWithdrawal) => item.id === paid.id)).toMatchObject({
      status: 'pending',
      member: { id: paid.member.id },
      payTo: { bankCode: 'BKASH', accountNumber: '01712345678' },
    });

    const approved = await bo.call('POST', `/cashier/withdrawals/${paid.id}/approve`, { cookie: finance, body: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value).toMatchObject({ status: 'approved', reviewedBy: 'finance.cash' });
    expect(approved.json().value.resolutionTransferId).toEqual(expect.any(Number));
    expect(await cashOf(bo.app, paid.member.id)).toEqual({ balance: 749_925n, pending: 0n, available: 749_925n });
    const twice = await bo.call('POST', `/cashier/withdrawals/${paid.id}/approve`, { cookie: finance, body: {} });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('CASHIER_WITHDRAWAL_NOT_PENDING');
    expect(await cashOf(bo.app, paid.member.id)).toEqual({ balance: 749_925n, pending: 0n, available: 749_925n });

    const refused = await pendingWithdrawal('5000', '1000');
    expect(await cashOf(bo.app, refused.member.id)).toEqual({
      balance: 500_000n,
      pending: 100_000n,
      available: 400_000n,
    });
    const riskReject = await bo.call('POST', `/cashier/withdrawals/${refused.id}/reject`, {
      cookie: risk,
      body: { reason: 'Name mismatch' },
    });
    expect(riskReject.statusCode).toBe(403);
    const rejected = await bo.call('POST', `/cashier/withdrawals/${refused.id}/reject`, {
      cookie: finance,
      body: { reason: 'Name mismatch' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value).toMatchObject({ status: 'rejected', rejectReason: 'Name mismatch' });
    expect(await cashOf(bo.app, refused.member.id)).toEqual({ balance: 500_000n, pending: 0n, available: 500_000n });
    const late = await bo.call('POST', `/cashier/withdrawals/${refused.id}/approve`, { cookie: finance, body: {} });
    expect(late.json().code).toBe('CASHIER_WITHDRAWAL_NOT_PENDING');
    expect(await cashOf(bo.app, refused.member.id)).toEqual({ balance: 500_000n, pending: 0n, available: 500_000n });

    const approvedList = await bo.call('GET', '/cashier/withdrawals?status=approved&pageSize=100', { cookie: risk });
    expect(approvedList.json().value.items.map((item: OperatorWithdrawal) => item.id)).toContain(paid.id);
    const disputed = await bo.call('GET', '/cashier/withdrawals?view=disputed', { cookie: risk });
    expect(disputed.statusCode).toBe(200);
    expect(disputed.json().value.items).toEqual([]);
  });

  it('lists the deposit channels and lets finance change one', async () => {
    const list = await bo.call('GET', '/cashier/deposit-channels', { cookie: risk });
    expect(list.statusCode).toBe(200);
    const manual = list.json().value.items.find((item: { code: string }) => item.code === 'MANUAL_BANK');
    expect(manual).toMatchObject({ type: 'manual', enabled: true });

    const changed = await bo.call('PUT', '/cashier/deposit-channels/MANUAL_BANK', {
      cookie: finance,
      body: { sortOrder: 7, presets: ['1000', '2000'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().value).toMatchObject({ sortOrder: 7, updatedBy: 'finance.cash' });
    expect(changed.json().value.presets.map((preset: { amount: string }) => preset.amount)).toEqual([
      '1000.00',
      '2000.00',
    ]);
    const unknown = await bo.call('PUT', '/cashier/deposit-channels/NOPE', {
      cookie: finance,
      body: { enabled: true },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await bo.call('PUT', '/cashier/deposit-channels/MANUAL_BANK', {
      cookie: finance,
      body: { minAmount: '9000', maxAmount: '100' },
    });
    expect(bad.json().code).toBe('CASHIER_CHANNEL_LIMITS_INVALID');
  });

  it('audits every decision with its before and after, and the ledger reconciles', async () => {
    const response = await bo.call('GET', '/audit?action=cashier.&pageSize=100', { cookie: owner });
    expect(response.statusCode).toBe(200);
    const entries = response.json().value.items as AuditEntry[];
    const byAction = (action: string) => entries.filter((entry) => entry.action === action);

    // Approve and reject of deposits: one each from the tests above (refused calls leave no entry).
    expect(byAction('cashier.deposit.approved')).toHaveLength(1);
    expect(byAction('cashier.deposit.rejected')).toHaveLength(1);
    expect(byAction('cashier.withdrawal.approved')).toHaveLength(1);
    expect(byAction('cashier.withdrawal.rejected')).toHaveLength(1);
    expect(byAction('cashier.channel.updated')).toHaveLength(1);
    for (const entry of entries) expect(entry.operatorUsername).toBe('finance.cash');

    const [depositApproved] = byAction('cashier.deposit.approved');
    expect(depositApproved?.target).toMatch(/^deposit:\d+$/);
    expect(depositApproved?.before).toMatchObject({ status: 'pending', amount: '2500.00', ledgerTransferId: null });
    expect(depositApproved?.after).toMatchObject({ status: 'approved', reviewedBy: 'finance.cash' });
    expect(byAction('cashier.deposit.rejected')[0]?.after).toMatchObject({
      status: 'rejected',
      rejectReason: 'No such transfer',
    });
    const [withdrawalApproved] = byAction('cashier.withdrawal.approved');
    expect(withdrawalApproved?.target).toMatch(/^withdrawal:\d+$/);
    expect(withdrawalApproved?.before).toMatchObject({
      status: 'pending',
      amount: '2500.75',
      resolutionTransferId: null,
    });
    expect(withdrawalApproved?.after).toMatchObject({ status: 'approved' });
    expect(byAction('cashier.withdrawal.rejected')[0]?.after).toMatchObject({
      status: 'rejected',
      rejectReason: 'Name mismatch',
    });
    const [channel] = byAction('cashier.channel.updated');
    expect(channel?.target).toBe('deposit-channel:MANUAL_BANK');
    expect(channel?.before).not.toMatchObject({ sortOrder: 7 });
    expect(channel?.after).toMatchObject({ sortOrder: 7, presets: ['1000.00', '2000.00'] });

    expect((await bo.call('GET', '/audit/verify', { cookie: owner })).json().value.ok).toBe(true);
    const report = await bo.app.services.wallet.verifyLedger();
    expect(report.breaches).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
