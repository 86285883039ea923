import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db';
import { createWalletService } from './wallet.service';

/**
 * Crash test (issue 4): the server runs in a child process on file-backed PGlite while a load generator makes
 * money calls with retries (withdrawals, gateway deposits paid on the simulator's page, whose callback credits
 * them). The server is killed with SIGKILL several times mid-flight and started again on the same files. Then:
 * every acknowledged call is present exactly once, every retry of an acknowledged call (same Idempotency-Key)
 * answers the first result, balances are exact, and the ledger verifier finds no breach.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../../..');
const serverScript = path.join(here, 'crash.test-server.ts');

const membersCount = 6;
const withdrawalsPerMember = 8;
const depositsPerMember = 3;
const fundsMinor = 100_000n;
const withdrawMinor = 1_000n;
const depositMinor = 30_000n;
const kills = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

type Member = { id: number; token: string; bankAccountId: number };
type Op = { kind: 'withdraw'; key: string; member: Member } | { kind: 'deposit'; key: string; member: Member };
type Answer = { status: number; json: { success: boolean; value?: unknown; code?: string } };

describe('crash safety of money calls', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crash-'));
  let child: ChildProcess | null = null;
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses and doubles nothing across SIGKILLs, and retries answer the first result', {
    timeout: 240_000,
  }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const setupFile = path.join(dataDir, 'setup.json');
    const options = {
      setupFile,
      members: membersCount,
      fundsMinor: fundsMinor.toString(),
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SERVE_WEB: 'false',
        API_DOCS: 'false',
        MERCHANT_CODE: 'DEMO',
        PAYMENT_SIM_ENABLED: 'true',
        PAYMENT_SIM_SECRET: 'crash-test-simulator-secret-0123456789',
        PAYMENT_SIM_CALLBACK_URL: `${base}/gateway/payments/simulator/callback`,
        RATE_LIMIT_PER_MINUTE: '1000000',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
        WITHDRAW_MIN_AMOUNT: '1',
        WITHDRAW_DAILY_MAX_COUNT: '1000',
        WITHDRAW_DAILY_MAX_AMOUNT: '100000000',
        HOUSEKEEPING_INTERVAL_SECONDS: '1',
        SHUTDOWN_TIMEOUT_MS: '5000',
      },
    };

    const start = async (): Promise<ChildProcess> => {
      const started = spawn(process.execPath, ['--import', 'tsx', serverScript, JSON.stringify(options)], {
        cwd: repoRoot,
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
      let stderr = '';
      started.stderr?.on('data', (chunk) => {
        stderr += String(chunk);
      });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 45_000);
        started.once('message', () => {
          clearTimeout(timer);
          resolve();
        });
        started.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`server exited with ${code}: ${stderr}`));
        });
      });
      started.removeAllListeners('exit');
      return started;
    };
    const stop = async (process: ChildProcess, signal: NodeJS.Signals) => {
      const exited = new Promise((resolve) => process.once('exit', resolve));
      process.kill(signal);
      await exited;
    };

    child = await start();
    const { members } = JSON.parse(readFileSync(setupFile, 'utf8')) as { members: Member[] };

    /** Sends until the server answers (network errors, 5xx and keys still held by a dead request are retried). */
    const send = async (
      method: 'GET' | 'POST',
      url: string,
      member: Member,
      options: { body?: unknown; key?: string; form?: string } = {},
    ): Promise<Answer> => {
      const deadline = Date.now() + 90_000;
      for (;;) {
        if (Date.now() > deadline) throw new Error(`no answer for ${method} ${url}`);
        try {
          const response = await fetch(`${base}${url}`, {
            method,
            headers: {
              authorization: member.token,
              ...(options.key ? { 'idempotency-key': options.key } : {}),
              ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
              ...(options.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            },
            body: options.body !== undefined ? JSON.stringify(options.body) : options.form,
            signal: AbortSignal.timeout(10_000),
          });
          const text = await response.text();
          if (response.status >= 500) {
            await sleep(100);
            continue;
          }
          const json = text.startsWith('{') ? JSON.parse(text) : { success: response.ok };
          if (json.code === 'IDEMPOTENCY_IN_PROGRESS') {
            await sleep(200);
            continue;
          }
          return { status: response.status, json };
        } catch {
          await sleep(100);
        }
      }
    };

    const requestOf = (op: Op) =>
      op.kind === 'withdraw'
        ? {
            url: '/wps/cashier/withdraw',
            body: { amount: '10', bankAccountId: op.member.bankAccountId, paymentPassword: '246810' },
          }
        : { url: '/wps/cashier/deposit', body: { channelCode: 'SIM_EWALLET', amount: '300' } };

    const ops: Op[] = [];
    for (const member of members) {
      for (let index = 0; index < withdrawalsPerMember; index += 1) {
        ops.push({ kind: 'withdraw', key: `crash-w-${member.id}-${index}`, member });
      }
      for (let index = 0; index < depositsPerMember; index += 1) {
        ops.push({ kind: 'deposit', key: `crash-d-${member.id}-${index}`, member });
      }
    }
    ops.sort(() => Math.random() - 0.5);

    const firstAnswers = new Map<string, Answer>();
    const depositIds: Array<{ id: number; member: Member }> = [];
    const run = async (op: Op) => {
      const request = requestOf(op);
      const answer = await send('POST', request.url, op.member, { body: request.body, key: op.key });
      firstAnswers.set(op.key, answer);
      expect(answer.json.success, JSON.stringify(answer.json)).toBe(true);
      if (op.kind === 'deposit') {
        const deposit = answer.json.value as { id: number; redirectUrl: string };
        depositIds.push({ id: deposit.id, member: op.member });
        // The member approves on the gateway's page; its callback credits the deposit (or, if a kill cuts it
        // off, the status query and housekeeping ask the gateway later).
        await send('POST', deposit.redirectUrl, op.member, { form: 'decision=approve' });
      }
    };

    const queue = [...ops];
    const workers = Array.from({ length: 10 }, async () => {
      for (let op = queue.shift(); op; op = queue.shift()) {
        await run(op);
        await sleep(20 + Math.random() * 40);
      }
    });

    for (let kill = 0; kill < kills; kill += 1) {
      await sleep(250 + Math.random() * 400);
      if (child) await stop(child, 'SIGKILL');
      child = await start();
    }
    await Promise.all(workers);
    expect(firstAnswers.size).toBe(ops.length);

    // Every deposit paid on the gateway page ends credited: its status query asks the gateway when needed.
    for (const { id, member } of depositIds) {
      await expect
        .poll(
          async () =>
            ((await send('GET', `/wps/cashier/deposit/status?id=${id}`, member)).json.value as { status: string })
              .status,
          { timeout: 15_000, interval: 200 },
        )
        .toBe('approved');
    }

    // A retry of any acknowledged call, after the crashes, answers exactly what the first answer said.
    for (const op of ops) {
      const request = requestOf(op);
      const replay = await send('POST', request.url, op.member, { body: request.body, key: op.key });
      expect(replay.json, op.key).toEqual(firstAnswers.get(op.key)?.json);
    }

    await stop(child, 'SIGTERM');
    child = null;

    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const wallet = createWalletService({ db: database.db, merchantCode: 'DEMO' });
      const report = await wallet.verifyLedger();
      expect(report.breaches).toEqual([]);
      expect(report.ok).toBe(true);

      const withdrawals = (await database.db.execute(
        sql`select client_key, count(*)::text as rows, min(status) as status from wallet_withdrawals group by client_key`,
      )) as unknown as { rows: Array<{ client_key: string; rows: string; status: string }> };
      expect(withdrawals.rows).toHaveLength(membersCount * withdrawalsPerMember);
      for (const row of withdrawals.rows)
        expect([row.client_key, row.rows, row.status]).toEqual([row.client_key, '1', 'pending']);
      const deposits = (await database.db.execute(
        sql`select count(*)::text as rows, count(*) filter (where status = 'approved')::text as credited from wallet_deposits`,
      )) as unknown as { rows: Array<{ rows: string; credited: string }> };
      expect(deposits.rows[0]).toEqual({
        rows: String(membersCount * depositsPerMember),
        credited: String(membersCount * depositsPerMember),
      });

      for (const member of members) {
        const cash = await wallet.ensureAccount({ type: 'player', id: member.id }, 'PLAYER_CASH', 'BDT');
        expect(cash.balanceMinor).toBe(fundsMinor + depositMinor * BigInt(depositsPerMember));
        expect(cash.pendingDebitsMinor).toBe(withdrawMinor * BigInt(withdrawalsPerMember));
      }
    } finally {
      await database.close();
    }
  });
});
