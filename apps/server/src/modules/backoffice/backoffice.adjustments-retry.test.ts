import { randomBytes, randomUUID } from 'node:crypto';
import type { Adjustment, AuditEntry } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustmentTransferKey } from './backoffice.adjustments.service';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';

/**
 * Issue 7: a direct adjustment retried after a 5xx (the Idempotency-Key layer gives the key up, so the retry runs
 * again) must move money once, and splitting an amount into small direct ones must not skip the second operator.
 */

/** BO_ADJUSTMENT_APPROVAL_THRESHOLD_MINOR of these tests: 100.00 BDT. */
const thresholdMinor = 10_000n;

let bo: BackofficeTestApp;
let app: FastifyInstance;
let owner: string;
let financeA: string;
let financeB: string;

/**
 * While true, every request gets a key space of its own: the layer remembers nothing, as for a key it released
 * after a 5xx (or whose lease ran out). What is left to stop a second adjustment is the adjustment row's key.
 */
let layerForgets = false;

async function newPlayer(funds = 0n): Promise<number> {
  const account = await app.services.identity.createAccount({
    username: `rty${randomBytes(4).toString('hex')}`,
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
      idempotencyKey: `rty-test-fund:${randomBytes(8).toString('hex')}`,
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

const newKey = () => `adj-${randomBytes(8).toString('hex')}`;

function adjust(
  cookie: string,
  body: { playerId: number; direction: 'credit' | 'debit'; amount: string; note?: string },
  key: string = newKey(),
  language = 'en',
) {
  return bo.call('POST', '/adjustments', {
    cookie,
    body: { reason: 'compensation', note: 'Ticket 7', ...body },
    headers: { 'idempotency-key': key, language },
  });
}

async function adjustmentsOf(playerId: number): Promise<Adjustment[]> {
  const response = await bo.call('GET', `/adjustments?playerId=${playerId}&pageSize=100`, { cookie: owner });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.items;
}

async function auditActions(adjustmentId: number): Promise<string[]> {
  const target = encodeURIComponent(`adjustment:${adjustmentId}`);
  const response = await bo.call('GET', `/audit?target=${target}&pageSize=50`, { cookie: owner });
  return (response.json().value.items as AuditEntry[]).map((entry) => entry.action).sort();
}

async function expectLedgerOk() {
  const report = await app.services.wallet.verifyLedger();
  expect(report.breaches).toEqual([]);
  expect(report.ok).toBe(true);
}

/**
 * A fault after the ledger posting: the audit record of a direct adjustment's end fails, so its transaction rolls
 * back after the transfer committed and the request ends in a 500 (as a lost connection or a crash would).
 */
async function failAfterPosting(on: boolean) {
  const { db } = app.database;
  if (on) {
    await db.execute(
      sql.raw(`create or replace function test_fail_after_posting() returns trigger language plpgsql as $$
        begin
          if new.action = 'players.adjustment.applied' then raise exception 'injected fault after the ledger posting'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger test_fail_after_posting before insert on backoffice_audit_log
        for each row execute function test_fail_after_posting()`),
    );
  } else {
    await db.execute(sql.raw('drop trigger if exists test_fail_after_posting on backoffice_audit_log'));
  }
}

beforeAll(async () => {
  bo = await buildBackofficeTestApp({
    config: { boAdjustmentApprovalThresholdMinor: thresholdMinor },
    idempotency: {
      scope: (request) =>
        layerForgets
          ? `forgotten:${randomUUID()}`
          : request.operator
            ? `operator:${request.operator.operatorId}`
            : 'public',
    },
  });
  app = bo.app;
  owner = await bo.signIn('owner');
  financeA = await createOperatorAndSignIn(bo, owner, 'rty_alice', 'finance');
  financeB = await createOperatorAndSignIn(bo, owner, 'rty_bob', 'finance');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('a retried adjustment moves money once', () => {
  it('finishes a direct adjustment whose first attempt failed with a 5xx after the posting, with its ledger key', async () => {
    const playerId = await newPlayer();
    const key = newKey();
    const body = { playerId, direction: 'credit' as const, amount: '20.00' };

    await failAfterPosting(true);
    let first: Awaited<ReturnType<typeof adjust>>;
    try {
      first = await adjust(financeA, body, key);
    } finally {
      await failAfterPosting(false);
    }
    expect(first.statusCode, first.body).toBe(500);
    expect(first.json().code).toBe('INTERNAL');
    // The money moved before the fault; the adjustment is left under way.
    expect(await cash(playerId)).toBe(2_000n);
    const [leftOver] = await adjustmentsOf(playerId);
    expect(leftOver).toMatchObject({ status: 'approving', direct: true });
    const posting = await app.services.wallet.getTransferByKey(adjustmentTransferKey(leftOver?.id ?? 0));
    expect(posting).not.toBeNull();

    // The layer gave the key up on the 5xx, so the console's retry runs again: it finds the row and finishes it.
    const retry = await adjust(financeA, body, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.json().value).toMatchObject({
      id: leftOver?.id,
      status: 'approved',
      direct: true,
      approvalReason: null,
      ledgerTransferId: posting?.id,
    });
    expect(await cash(playerId)).toBe(2_000n);
    expect(await adjustmentsOf(playerId)).toHaveLength(1);
    expect(await auditActions(leftOver?.id ?? 0)).toEqual([
      'players.adjustment.applied',
      'players.adjustment.proposed',
    ]);

    // From now on the layer has the answer and replays it.
    const replay = await adjust(financeA, body, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().value.id).toBe(leftOver?.id);
    expect(await cash(playerId)).toBe(2_000n);
    await expectLedgerOk();
  });

  it('refuses another request under the key of an adjustment after a 5xx, in the operator language', async () => {
    const playerId = await newPlayer();
    const key = newKey();
    const body = { playerId, direction: 'credit' as const, amount: '15.00' };
    await failAfterPosting(true);
    try {
      expect((await adjust(financeA, body, key)).statusCode).toBe(500);
    } finally {
      await failAfterPosting(false);
    }
    expect(await cash(playerId)).toBe(1_500n);

    for (const changed of [
      { ...body, amount: '16.00' },
      { ...body, direction: 'debit' as const },
      { ...body, note: 'Another ticket' },
    ]) {
      const refused = await adjust(financeA, changed, key, 'bn');
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(refused.json().message).toMatch(/[\u0980-\u09FF]/);
    }
    expect(await cash(playerId)).toBe(1_500n);
    expect(await adjustmentsOf(playerId)).toHaveLength(1);

    // The same request under it still finishes the first one.
    const retry = await adjust(financeA, body, key);
    expect(retry.json().value).toMatchObject({ status: 'approved', direct: true });
    expect(await cash(playerId)).toBe(1_500n);
    await expectLedgerOk();
  });

  it('answers a retried proposal above the threshold with the same pending adjustment, and approval moves once', async () => {
    const playerId = await newPlayer();
    const key = newKey();
    const body = { playerId, direction: 'credit' as const, amount: '150.00' };
    layerForgets = true;
    try {
      const first = await adjust(financeA, body, key);
      expect(first.json().value).toMatchObject({ status: 'pending', direct: false, approvalReason: 'amount' });
      const again = await adjust(financeA, body, key);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().value.id).toBe(first.json().value.id);
      const changed = await adjust(financeA, { ...body, amount: '150.01' }, key);
      expect(changed.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await adjustmentsOf(playerId)).toHaveLength(1);

      const approved = await bo.call('POST', `/adjustments/${first.json().value.id}/approve`, {
        cookie: financeB,
        body: {},
      });
      expect(approved.json().value).toMatchObject({ status: 'approved', decidedBy: 'rty_bob' });
      // A retry after the decision answers the decided adjustment and moves nothing more.
      const late = await adjust(financeA, body, key);
      expect(late.json().value).toMatchObject({ id: first.json().value.id, status: 'approved' });
    } finally {
      layerForgets = false;
    }
    expect(await cash(playerId)).toBe(15_000n);
    expect(await adjustmentsOf(playerId)).toHaveLength(1);
    await expectLedgerOk();
  });

  it('keeps one key per operator: the same key of another operator is their own adjustment', async () => {
    const playerId = await newPlayer();
    const key = newKey();
    const body = { playerId, direction: 'credit' as const, amount: '10.00' };
    layerForgets = true;
    try {
      const mine = await adjust(financeA, body, key);
      const theirs = await adjust(financeB, body, key);
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect(theirs.json().value.id).not.toBe(mine.json().value.id);
    } finally {
      layerForgets = false;
    }
    expect(await cash(playerId)).toBe(2_000n);
  });
});

describe('the same key sent concurrently', () => {
  const n = 8;

  it('makes one adjustment and one posting when the layer has forgotten the key', async () => {
    const playerId = await newPlayer();
    const key = newKey();
    const body = { playerId, direction: 'credit' as const, amount: '30.00' };
    layerForgets = true;
    let responses: Awaited<ReturnType<typeof adjust>>[];
    try {
      responses = await Promise.all(Array.from({ length: n }, () => adjust(financeA, body, key)));
    } finally {
      layerForgets = false;
    }
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const ids = new Set(responses.map((response) => response.json().value.id as number));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await cash(playerId)).toBe(3_000n);
    const rows = await adjustmentsOf(playerId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, status: 'approved', direct: true });
    const posting = await app.services.wallet.getTransferByKey(adjustmentTransferKey(id ?? 0));
    expect(posting?.id).toBe(rows[0]?.ledgerTransferId);
    expect(await auditActions(id ?? 0)).toEqual(['players.adjustment.applied', 'players.adjustment.proposed']);
    await expectLedgerOk();
  });

  it('makes one pending adjustment above the threshold when the layer has forgotten the key', async () => {
    const playerId = await newPlayer();
    const key = newKey();
    layerForgets = true;
    let responses: Awaited<ReturnType<typeof adjust>>[];
    try {
      responses = await Promise.all(
        Array.from({ length: n }, () => adjust(financeA, { playerId, direction: 'credit', amount: '500.00' }, key)),
      );
    } finally {
      layerForgets = false;
    }
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect(new Set(responses.map((response) => response.json().value.id)).size).toBe(1);
    expect(await adjustmentsOf(playerId)).toHaveLength(1);
    expect(await cash(playerId)).toBe(0n);
  });

  it('moves money once through the layer: one runs, the others wait or replay', async () => {
    const playerId = await newPlayer();
    const key = newKey();
    const responses = await Promise.all(
      Array.from({ length: n }, () => adjust(financeA, { playerId, direction: 'credit', amount: '25.00' }, key)),
    );
    for (const response of responses) {
      if (response.statusCode === 200) continue;
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    }
    expect(responses.some((response) => response.statusCode === 200)).toBe(true);
    expect(await cash(playerId)).toBe(2_500n);
    expect(await adjustmentsOf(playerId)).toHaveLength(1);
    await expectLedgerOk();
  });
});

describe('direct adjustments add up over the window', () => {
  it('tells the console the window', async () => {
    const response = await bo.call('GET', '/adjustments/policy', { cookie: financeA });
    expect(response.json().value).toMatchObject({ approvalThreshold: { minor: '10000' }, directWindowHours: 24 });
  });

  it('sends a split amount to a second operator once the direct ones of the player pass the threshold', async () => {
    const playerId = await newPlayer();
    const first = await adjust(financeA, { playerId, direction: 'credit', amount: '60.00' });
    expect(first.json().value).toMatchObject({ status: 'approved', direct: true, approvalReason: null });
    // Up to the threshold in total is still direct (at or below, as for one adjustment)…
    const second = await adjust(financeA, { playerId, direction: 'credit', amount: '40.00' });
    expect(second.json().value).toMatchObject({ status: 'approved', direct: true });
    // …one minor unit more, by any operator, waits like a single large adjustment.
    const third = await adjust(financeB, { playerId, direction: 'credit', amount: '0.01' });
    expect(third.statusCode, third.body).toBe(200);
    const held = third.json().value as Adjustment;
    expect(held).toMatchObject({ status: 'pending', direct: false, approvalReason: 'window_total' });
    expect(await cash(playerId)).toBe(10_000n);
    const proposed = await bo.call('GET', `/audit?target=${encodeURIComponent(`adjustment:${held.id}`)}&pageSize=10`, {
      cookie: owner,
    });
    expect((proposed.json().value.items as AuditEntry[])[0]?.after).toMatchObject({
      status: 'pending',
      approvalReason: 'window_total',
    });

    // It needs the other operator as any pending one does; once approved it moves the money.
    const own = await bo.call('POST', `/adjustments/${held.id}/approve`, { cookie: financeB, body: {} });
    expect(own.json().code).toBe('BO_ADJUSTMENT_SELF_APPROVAL');
    const approved = await bo.call('POST', `/adjustments/${held.id}/approve`, { cookie: financeA, body: {} });
    expect(approved.json().value).toMatchObject({ status: 'approved', direct: false, approvalReason: 'window_total' });
    expect(await cash(playerId)).toBe(10_001n);

    // Another player's limit is their own.
    const other = await newPlayer();
    expect(
      (await adjust(financeA, { playerId: other, direction: 'credit', amount: '100.00' })).json().value,
    ).toMatchObject({ status: 'approved', direct: true });
    await expectLedgerOk();
  });

  it('adds debits and credits up by their absolute amounts, leaving out ones the ledger refused', async () => {
    const playerId = await newPlayer(20_000n);
    expect((await adjust(financeA, { playerId, direction: 'credit', amount: '60.00' })).json().value.direct).toBe(true);
    // 60 + 50 = 110 in absolute amounts, although the net is +10.
    const debit = await adjust(financeA, { playerId, direction: 'debit', amount: '50.00' });
    expect(debit.json().value).toMatchObject({ status: 'pending', approvalReason: 'window_total' });

    const poor = await newPlayer(1_000n);
    const tooMuch = await adjust(financeA, { playerId: poor, direction: 'debit', amount: '90.00' });
    expect(tooMuch.json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
    // The refused 90.00 moved nothing, so it does not count.
    const next = await adjust(financeA, { playerId: poor, direction: 'credit', amount: '90.00' });
    expect(next.json().value).toMatchObject({ status: 'approved', direct: true });
    await expectLedgerOk();
  });

  it('adds up a split sent all at once', async () => {
    const playerId = await newPlayer();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => adjust(financeA, { playerId, direction: 'credit', amount: '30.00' })),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const values = responses.map((response) => response.json().value as Adjustment);
    expect(values.filter((value) => value.direct)).toHaveLength(3);
    expect(values.filter((value) => value.approvalReason === 'window_total')).toHaveLength(2);
    expect(await cash(playerId)).toBe(9_000n);
    await expectLedgerOk();
  });

  it('counts only the direct adjustments of the last 24 hours', async () => {
    const playerId = await newPlayer();
    expect((await adjust(financeA, { playerId, direction: 'credit', amount: '100.00' })).json().value.direct).toBe(
      true,
    );
    bo.clock.advance(23 * 3_600_000);
    const operator = await bo.signIn('rty_alice');
    expect(
      (await adjust(operator, { playerId, direction: 'credit', amount: '1.00' })).json().value.approvalReason,
    ).toBe('window_total');
    bo.clock.advance(3_600_000 + 1_000);
    const later = await bo.signIn('rty_alice');
    const again = await adjust(later, { playerId, direction: 'credit', amount: '100.00' });
    expect(again.json().value).toMatchObject({ status: 'approved', direct: true });
    expect(await cash(playerId)).toBe(20_000n);
    await expectLedgerOk();
  });
});
