import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import { idempotentReplayHeader, requestHash } from '../../platform/idempotency';
import { buildTestApp } from '../../testing';
import { createWalletIdempotencyStorage } from './wallet.idempotency';
import { findIdempotencyKey } from './wallet.repository';
import { createWalletService, type WalletService } from './wallet.service';
import { currency, merchantCode } from './wallet.test-helpers';

/** A gate a handler waits at, so a test can hold a request in flight. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let reached: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    reached = resolve;
  });
  return { open, opened, arrived, reached };
}

describe('HTTP idempotency (Idempotency-Key)', () => {
  let app: FastifyInstance;
  let wallet: WalletService;
  let clearing: number;
  let player: number;
  let runs = 0;
  let slow: ReturnType<typeof gate> | null = null;
  const storage = { current: null as ReturnType<typeof createWalletIdempotencyStorage> | null };

  beforeAll(async () => {
    app = await buildTestApp(
      {},
      {
        // Tests name the caller in a header; the real default is the logged-in account.
        idempotency: {
          leaseMs: 30_000,
          scope: (request) => `user:${String(request.headers['x-user'] ?? 'anonymous')}`,
        },
      },
    );
    const db = app.database.db;
    storage.current = createWalletIdempotencyStorage({ db });
    wallet = createWalletService({ db, merchantCode });
    clearing = (await wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', currency)).id;
    player = (await wallet.ensureAccount({ type: 'player', id: 1 }, 'PLAYER_CASH', currency)).id;

    await app.register(async (parent) => {
      const scope = parent.withTypeProvider<ZodTypeProvider>();
      const body = z.strictObject({ amount: z.number().int().positive(), note: z.string().optional() });
      scope.post('/test/pay', { config: { idempotency: true }, schema: { body } }, async (request) => {
        runs += 1;
        if (slow) {
          slow.reached();
          await slow.opened;
        }
        if (request.body.amount > 1_000) throw new AppError('WALLET_INSUFFICIENT_FUNDS', { availableMinor: '1000' });
        if (request.body.amount === 666) throw new Error('gateway exploded');
        return ok({ run: runs, amount: request.body.amount });
      });
      scope.post(
        '/test/secret',
        {
          config: { idempotency: true },
          schema: { body: z.strictObject({ amount: z.number().int(), paymentPassword: z.string() }) },
        },
        async (request) => {
          runs += 1;
          return ok({ run: runs, amount: request.body.amount });
        },
      );
      scope.post('/test/refund', { config: { idempotency: true }, schema: { body } }, async (request) =>
        ok({ refunded: request.body.amount }),
      );
      scope.post('/test/optional', { config: { idempotency: { required: false } }, schema: { body } }, async () => {
        runs += 1;
        return ok({ run: runs });
      });
      // A money-moving call as a real route does it: the HTTP key also keys the ledger transfer.
      scope.post('/test/deposit', { config: { idempotency: true }, schema: { body } }, async (request) => {
        const transfer = await wallet.transfer({
          idempotencyKey: `test-deposit:${String(request.headers['idempotency-key'])}`,
          debit: clearing,
          credit: player,
          amountMinor: BigInt(request.body.amount),
          currency,
          kind: 'DEPOSIT',
        });
        return ok({ transferId: transfer.id, balanceMinor: transfer.entries[1]?.balanceAfterMinor.toString() });
      });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const pay = (key: string | undefined, payload: object, url = '/test/pay', user = 'ann') =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'x-user': user, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload,
    });

  it('replays the first answer for the same key and request, without running the call again', async () => {
    const before = runs;
    const first = await pay('k-replay', { amount: 10, note: 'x' });
    expect(first.statusCode).toBe(200);
    expect(first.headers[idempotentReplayHeader]).toBeUndefined();
    // Same request with its keys in another order: the same request.
    const second = await pay('k-replay', { note: 'x', amount: 10 });
    expect(second.statusCode).toBe(200);
    expect(second.headers[idempotentReplayHeader]).toBe('true');
    expect(second.headers['content-type']).toContain('application/json');
    expect(second.body).toBe(first.body);
    expect(runs).toBe(before + 1);
  });

  it('refuses the key with another body or on another route (409 IDEMPOTENCY_KEY_REUSED)', async () => {
    await pay('k-reuse', { amount: 10 });
    const otherBody = await pay('k-reuse', { amount: 11 });
    expect(otherBody.statusCode).toBe(409);
    expect(otherBody.json()).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
    const otherRoute = await pay('k-reuse', { amount: 10 }, '/test/refund');
    expect(otherRoute.statusCode).toBe(409);
    expect(otherRoute.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const bn = await app.inject({
      method: 'POST',
      url: '/test/pay',
      headers: { 'x-user': 'ann', 'idempotency-key': 'k-reuse', language: 'bn' },
      payload: { amount: 12 },
    });
    expect(bn.json().message).toBe('এই অনুরোধ কী আগে অন্য একটি অনুরোধে ব্যবহার করা হয়েছে।');
  });

  it('stores no trace of a payment password in the remembered request hash', async () => {
    const first = await pay('k-secret', { amount: 5, paymentPassword: '246810' }, '/test/secret');
    expect(first.statusCode).toBe(200);
    const row = await findIdempotencyKey(app.database.db, 'user:ann', 'k-secret');
    const withPin = (pin: string) =>
      requestHash({
        method: 'POST',
        route: '/test/secret',
        params: {},
        query: {},
        body: { amount: 5, paymentPassword: pin },
      });
    // An offline search over every 6-digit PIN would find it if the PIN were hashed in.
    expect(row?.requestHash).not.toBe(withPin('246810'));
    expect(row?.requestHash).toBe(withPin('[secret]'));
    // Only the secret differs: the same request for the key, answered from the first run.
    const again = await pay('k-secret', { amount: 5, paymentPassword: '000000' }, '/test/secret');
    expect(again.headers[idempotentReplayHeader]).toBe('true');
    expect(again.body).toBe(first.body);
    // Anything else that differs is still another request.
    expect((await pay('k-secret', { amount: 6, paymentPassword: '246810' }, '/test/secret')).statusCode).toBe(409);
  });

  it('answers IDEMPOTENCY_IN_PROGRESS while the first request runs, then replays it', async () => {
    slow = gate();
    const inFlight = pay('k-slow', { amount: 20 });
    await slow.arrived;
    const meanwhile = await pay('k-slow', { amount: 20 });
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    const otherBody = await pay('k-slow', { amount: 21 });
    expect(otherBody.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    slow.open();
    slow = null;
    const first = await inFlight;
    expect(first.statusCode).toBe(200);
    const later = await pay('k-slow', { amount: 20 });
    expect(later.headers[idempotentReplayHeader]).toBe('true');
    expect(later.body).toBe(first.body);
  });

  it('requires a well-formed key on money-moving calls', async () => {
    const before = runs;
    const missing = await pay(undefined, { amount: 10 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'headers.idempotency-key', message: 'Input cannot be empty' }],
    });
    for (const bad of ['has space', 'x'.repeat(129), 'ümlaut']) {
      const response = await pay(bad, { amount: 10 });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues[0].path).toBe('headers.idempotency-key');
    }
    expect(runs).toBe(before);
    const optional = await pay(undefined, { amount: 10 }, '/test/optional');
    expect(optional.statusCode).toBe(200);
  });

  it('does not spend a key on a request that fails validation', async () => {
    const invalid = await pay('k-invalid', { amount: -1 });
    expect(invalid.statusCode).toBe(400);
    const valid = await pay('k-invalid', { amount: 5 });
    expect(valid.statusCode).toBe(200);
    expect(valid.headers[idempotentReplayHeader]).toBeUndefined();
  });

  it('keeps a refusal (4xx) for the key, but releases the key after a server error (5xx)', async () => {
    const refused = await pay('k-4xx', { amount: 5_000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
    const replayed = await pay('k-4xx', { amount: 5_000 });
    expect(replayed.headers[idempotentReplayHeader]).toBe('true');
    expect(replayed.body).toBe(refused.body);

    const before = runs;
    const failed = await pay('k-5xx', { amount: 666 });
    expect(failed.statusCode).toBe(500);
    const retried = await pay('k-5xx', { amount: 666 });
    expect(retried.statusCode).toBe(500);
    expect(retried.headers[idempotentReplayHeader]).toBeUndefined();
    expect(runs).toBe(before + 2);
  });

  it('keeps the key spaces of different callers apart', async () => {
    const ann = await pay('k-shared', { amount: 1 }, '/test/pay', 'ann');
    const bob = await pay('k-shared', { amount: 2 }, '/test/pay', 'bob');
    expect(ann.statusCode).toBe(200);
    expect(bob.statusCode).toBe(200);
    expect(bob.headers[idempotentReplayHeader]).toBeUndefined();
  });

  it('takes over a claim whose server died before answering, once its lease has run out', async () => {
    const store = storage.current;
    if (!store) throw new Error('storage not set up');
    // A claim left behind by a crashed request for the same call (same hash as the request below).
    const probe = await pay('k-probe', { amount: 33 });
    expect(probe.statusCode).toBe(200);
    const { requestHash } = await import('../../platform/idempotency');
    const hash = requestHash({ method: 'POST', route: '/test/pay', params: {}, query: {}, body: { amount: 33 } });
    expect(await store.claim({ scope: 'user:ann', key: 'k-crashed', requestHash: hash, leaseMs: 1 })).toEqual({
      claimed: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const taken = await pay('k-crashed', { amount: 33 });
    expect(taken.statusCode).toBe(200);
    expect(taken.headers[idempotentReplayHeader]).toBeUndefined();
    // A live claim is not taken over.
    expect(await store.claim({ scope: 'user:ann', key: 'k-live', requestHash: hash, leaseMs: 60_000 })).toEqual({
      claimed: true,
    });
    expect((await pay('k-live', { amount: 33 })).json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(await store.purge(new Date(Date.now() + 120_000))).toBeGreaterThan(0);
  });

  it('moves money once when a deposit is sent 20 times at once with one key', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => pay('k-deposit', { amount: 250 }, '/test/deposit')),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    }
    const answers = new Set(responses.filter((r) => r.statusCode === 200).map((r) => r.body));
    expect(answers.size).toBe(1);
    const again = await pay('k-deposit', { amount: 250 }, '/test/deposit');
    expect(again.statusCode).toBe(200);
    expect(answers.has(again.body)).toBe(true);
    expect((await wallet.getBalance(player)).balanceMinor).toBe('250');
    const report = await wallet.verifyLedger();
    expect(report.breaches).toEqual([]);
  });
});
