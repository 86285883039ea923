import { randomBytes, randomUUID } from 'node:crypto';
import type { Adjustment, AuditEntry } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { claimForApproval } from './backoffice.adjustments.repository';
import { adjustmentTransferKey } from './backoffice.adjustments.service';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';

let bo: BackofficeTestApp;
let app: FastifyInstance;
let owner: string;
let financeA: string;
let financeB: string;
let financeC: string;
let support: string;
let risk: string;
let players = 0;

async function newPlayer(funds = 0n): Promise<number> {
  players += 1;
  const account = await app.services.identity.createAccount({
    username: `adj${randomBytes(3).toString('hex')}${players}`,
    password: 'Secret#2026',
    type: 0,
  });
  if (funds > 0n) {
    const { wallet } = app.services;
    const [clearing, cash] = await Promise.all([
      wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT'),
      wallet.ensureAccount({ type: 'player', id: account.id }, 'PLAYER_CASH', 'BDT'),
    ]);
    await wallet.transfer({
      idempotencyKey: `adj-test-fund:${randomBytes(8).toString('hex')}`,
      debit: clearing.id,
      credit: cash.id,
      amountMinor: funds,
      currency: 'BDT',
      kind: 'DEPOSIT',
    });
  }
  return account.id;
}

async function cash(playerId: number): Promise<bigint> {
  return (await app.services.wallet.ensureAccount({ type: 'player', id: playerId }, 'PLAYER_CASH', 'BDT')).balanceMinor;
}

async function propose(cookie: string, body: Record<string, unknown>) {
  return bo.call('POST', '/adjustments', { cookie, body, headers: { 'idempotency-key': randomUUID() } });
}

async function proposed(cookie: string, playerId: number, direction: 'credit' | 'debit', amount: string) {
  const response = await propose(cookie, { playerId, direction, amount, reason: 'compensation', note: 'Ticket 4711' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value as Adjustment;
}

async function auditOf(target: string): Promise<AuditEntry[]> {
  const response = await bo.call('GET', `/audit?target=${encodeURIComponent(target)}&pageSize=50`, { cookie: owner });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.items;
}

async function expectLedgerOk() {
  const report = await app.services.wallet.verifyLedger();
  expect(report.breaches).toEqual([]);
  expect(report.ok).toBe(true);
}

beforeAll(async () => {
  bo = await buildBackofficeTestApp();
  app = bo.app;
  owner = await bo.signIn('owner');
  financeA = await createOperatorAndSignIn(bo, owner, 'fin_alice', 'finance');
  financeB = await createOperatorAndSignIn(bo, owner, 'fin_bob', 'finance');
  financeC = await createOperatorAndSignIn(bo, owner, 'fin_carol', 'finance');
  support = await createOperatorAndSignIn(bo, owner, 'sup_sam', 'support');
  risk = await createOperatorAndSignIn(bo, owner, 'risk_rita', 'risk');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('manual adjustments (maker-checker)', () => {
  it('moves nothing on a proposal, refuses self-approval, and credits once when another operator approves', async () => {
    const playerId = await newPlayer();
    const publish = vi.spyOn(app.services.realtime, 'publishToAccount');
    // As if the player had the portal open (balance pushes are built only for a connected socket).
    const listening = vi.spyOn(app.services.realtime, 'isListening').mockResolvedValue(true);
    const adjustment = await proposed(financeA, playerId, 'credit', '150.50');
    expect(adjustment).toMatchObject({
      status: 'pending',
      direction: 'credit',
      amount: { amount: '150.50', minor: '15050' },
      proposedBy: 'fin_alice',
      decidedBy: null,
      ledgerTransferId: null,
    });
    expect(await cash(playerId)).toBe(0n);

    const own = await bo.call('POST', `/adjustments/${adjustment.id}/approve`, { cookie: financeA, body: {} });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('BO_ADJUSTMENT_SELF_APPROVAL');
    const ownReject = await bo.call('POST', `/adjustments/${adjustment.id}/reject`, {
      cookie: financeA,
      body: { reason: 'changed my mind' },
    });
    expect(ownReject.json().code).toBe('BO_ADJUSTMENT_SELF_APPROVAL');
    expect(await cash(playerId)).toBe(0n);

    const approved = await bo.call('POST', `/adjustments/${adjustment.id}/approve`, { cookie: financeB, body: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    const value = approved.json().value as Adjustment;
    expect(value).toMatchObject({ status: 'approved', decidedBy: 'fin_bob' });
    expect(value.ledgerTransferId).toBeGreaterThan(0);
    expect(await cash(playerId)).toBe(15050n);

    // The transfer is the adjustment's, against the house adjustment account, under its id as key.
    const transfer = await app.services.wallet.getTransferByKey(adjustmentTransferKey(adjustment.id));
    expect(transfer?.id).toBe(value.ledgerTransferId);
    expect(transfer?.kind).toBe('ADJUSTMENT');
    const house = await app.services.wallet.ensureAccount({ type: 'house' }, 'HOUSE_ADJUSTMENTS', 'BDT');
    expect(transfer?.debitAccountId).toBe(house.id);

    // Approving again moves nothing more.
    const again = await bo.call('POST', `/adjustments/${adjustment.id}/approve`, { cookie: financeC, body: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('BO_ADJUSTMENT_NOT_PENDING');
    expect(await cash(playerId)).toBe(15050n);

    // The player's sockets hear the new balance.
    await vi.waitFor(() =>
      expect(publish).toHaveBeenCalledWith(
        playerId,
        expect.objectContaining({ type: 'balance', balance: expect.objectContaining({ main: expect.anything() }) }),
      ),
    );
    publish.mockRestore();
    listening.mockRestore();

    const entries = await auditOf(`adjustment:${adjustment.id}`);
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'players.adjustment.approved',
      'players.adjustment.proposed',
    ]);
    const approval = entries.find((entry) => entry.action === 'players.adjustment.approved');
    expect(approval?.operatorUsername).toBe('fin_bob');
    expect(approval?.before).toMatchObject({ status: 'pending', amountMinor: '15050' });
    expect(approval?.after).toMatchObject({ status: 'approved', ledgerTransferId: value.ledgerTransferId });
    await expectLedgerOk();
  });

  it('refuses a debit larger than the balance with a translated error, moves nothing and keeps it pending', async () => {
    const playerId = await newPlayer(10_000n);
    const adjustment = await proposed(financeA, playerId, 'debit', '100.01');
    const refused = await bo.call('POST', `/adjustments/${adjustment.id}/approve`, {
      cookie: financeB,
      body: {},
      headers: { language: 'bn' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
    expect(refused.json().message).toMatch(/[\u0980-\u09FF]/);
    expect(await cash(playerId)).toBe(10_000n);
    expect(await app.services.wallet.getTransferByKey(adjustmentTransferKey(adjustment.id))).toBeNull();

    const list = await bo.call('GET', `/adjustments?playerId=${playerId}`, { cookie: support });
    expect(list.statusCode).toBe(200);
    expect(list.json().value.items[0]).toMatchObject({ id: adjustment.id, status: 'pending', decidedBy: null });

    // A debit within the balance goes through; the player ends at exactly zero, never below.
    const exact = await proposed(financeA, playerId, 'debit', '100.00');
    const ok = await bo.call('POST', `/adjustments/${exact.id}/approve`, { cookie: financeB, body: {} });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await cash(playerId)).toBe(0n);

    const rejected = await bo.call('POST', `/adjustments/${adjustment.id}/reject`, {
      cookie: financeC,
      body: { reason: 'Balance already spent' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value).toMatchObject({ status: 'rejected', rejectReason: 'Balance already spent' });
    const late = await bo.call('POST', `/adjustments/${adjustment.id}/approve`, { cookie: financeB, body: {} });
    expect(late.json().code).toBe('BO_ADJUSTMENT_NOT_PENDING');
    expect(await cash(playerId)).toBe(0n);
    await expectLedgerOk();
  });

  it('moves money once when several operators approve the same adjustment at the same moment', async () => {
    const playerId = await newPlayer();
    const adjustment = await proposed(financeA, playerId, 'credit', '25.00');
    const approvers = [financeB, financeC, owner, financeB, financeC, owner];
    const answers = await Promise.all(
      approvers.map((cookie) => bo.call('POST', `/adjustments/${adjustment.id}/approve`, { cookie, body: {} })),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((entry) => entry.statusCode === 409)) {
      expect(answer.json().code).toBe('BO_ADJUSTMENT_NOT_PENDING');
    }
    expect(await cash(playerId)).toBe(2500n);
    const history = await app.services.wallet.history(
      (await app.services.wallet.ensureAccount({ type: 'player', id: playerId }, 'PLAYER_CASH', 'BDT')).id,
    );
    expect(history.total).toBe(1);
    const approvals = (await auditOf(`adjustment:${adjustment.id}`)).filter(
      (entry) => entry.action === 'players.adjustment.approved',
    );
    expect(approvals).toHaveLength(1);
    await expectLedgerOk();
  });

  it('lets an approval that died after its claim be finished by another operator once the claim is stale', async () => {
    const playerId = await newPlayer();
    const adjustment = await proposed(financeA, playerId, 'credit', '40.00');
    const operators = (await bo.call('GET', '/operators', { cookie: owner })).json().value.items as {
      id: number;
      username: string;
    }[];
    const bob = operators.find((operator) => operator.username === 'fin_bob');
    // fin_bob's request claimed the adjustment and then died (no transfer, no decision).
    const claimed = await claimForApproval(app.database.db, {
      id: adjustment.id,
      operatorId: bob?.id ?? 0,
      now: bo.clock.now(),
      staleBefore: new Date(bo.clock.now().getTime() - 120_000),
    });
    expect(claimed?.status).toBe('approving');
    const early = await bo.call('POST', `/adjustments/${adjustment.id}/approve`, { cookie: financeC, body: {} });
    expect(early.json().code).toBe('BO_ADJUSTMENT_NOT_PENDING');
    expect(await cash(playerId)).toBe(0n);

    bo.clock.advance(3 * 60_000);
    const late = await bo.call('POST', `/adjustments/${adjustment.id}/approve`, { cookie: financeC, body: {} });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().value).toMatchObject({ status: 'approved', decidedBy: 'fin_carol' });
    expect(await cash(playerId)).toBe(4000n);
    await expectLedgerOk();
  });

  it('refuses bad input with translated errors and stores nothing', async () => {
    const playerId = await newPlayer();
    const before = (await bo.call('GET', '/adjustments?pageSize=1', { cookie: owner })).json().value.total;
    const base = { playerId, direction: 'credit', amount: '10', reason: 'bonus', note: 'Welcome' };
    for (const [body, code] of [
      [{ ...base, amount: '0' }, 'BO_ADJUSTMENT_AMOUNT_INVALID'],
      [{ ...base, amount: '1.234' }, 'BO_ADJUSTMENT_AMOUNT_INVALID'],
      [{ ...base, amount: '-5' }, 'VALIDATION_FAILED'],
      [{ ...base, amount: '1e3' }, 'VALIDATION_FAILED'],
      [{ ...base, note: '   ' }, 'VALIDATION_FAILED'],
      [{ ...base, reason: 'gift' }, 'VALIDATION_FAILED'],
      [{ ...base, direction: 'sideways' }, 'VALIDATION_FAILED'],
      [{ ...base, playerId: 999_999 }, 'BO_PLAYER_NOT_FOUND'],
      [{ ...base, extra: true }, 'VALIDATION_FAILED'],
    ] as const) {
      const response = await bo.call('POST', '/adjustments', {
        cookie: financeA,
        body,
        headers: { language: 'bn', 'idempotency-key': randomUUID() },
      });
      expect(response.json().code, JSON.stringify(body)).toBe(code);
      expect(response.json().message).toMatch(/[\u0980-\u09FF]/);
    }
    const english = await propose(financeA, { ...base, amount: '1.234' });
    expect(english.json().message).toBe('Enter an amount above zero with at most 2 decimals');
    expect((await bo.call('GET', '/adjustments?pageSize=1', { cookie: owner })).json().value.total).toBe(before);
    const unknown = await bo.call('POST', '/adjustments/999999/approve', { cookie: financeB, body: {} });
    expect(unknown.json().code).toBe('BO_ADJUSTMENT_NOT_FOUND');
    const noReason = await bo.call('POST', '/adjustments/1/reject', { cookie: financeB, body: { reason: ' ' } });
    expect(noReason.json().code).toBe('VALIDATION_FAILED');
  });

  it('lets only the roles with the permission propose and decide, and nobody without a session', async () => {
    const playerId = await newPlayer();
    const body = { playerId, direction: 'credit', amount: '5', reason: 'bonus', note: 'Promo' };
    for (const cookie of [support, risk]) {
      const refused = await propose(cookie, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('BO_FORBIDDEN');
    }
    const anonymous = await bo.call('POST', '/adjustments', { body });
    expect(anonymous.statusCode).toBe(401);
    const adjustment = await proposed(owner, playerId, 'credit', '5');
    for (const cookie of [support, risk]) {
      const refused = await bo.call('POST', `/adjustments/${adjustment.id}/approve`, { cookie, body: {} });
      expect(refused.json().code).toBe('BO_FORBIDDEN');
    }
    // A player's token is no operator session.
    const { token } = await app.services.identity.login(
      { username: (await app.services.identity.getAccount(playerId))?.username ?? '', password: 'Secret#2026' },
      { ip: '10.1.1.1' },
    );
    const playerCall = await bo.call('POST', `/adjustments/${adjustment.id}/approve`, {
      body: {},
      headers: { authorization: token },
    });
    expect(playerCall.statusCode).toBe(401);
    expect(await cash(playerId)).toBe(0n);
    // Finance approves what the owner proposed.
    const ok = await bo.call('POST', `/adjustments/${adjustment.id}/approve`, { cookie: financeA, body: {} });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await cash(playerId)).toBe(500n);
    await expectLedgerOk();
  });
});
