import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PNG } from 'pngjs';
import { expect } from 'vitest';
import type { AppConfig } from '../../config';
import { buildTestApp } from '../../testing';
import type { SimTransport } from './payment-simulator';

/**
 * Shared by the cashier test files: the real app with the payment simulator on (its callbacks delivered through
 * `inject`, so they cross the whole HTTP stack), members created and logged in through the identity service,
 * funded through the ledger, and multipart bodies built by hand.
 */

export const simSecret = 'test-simulator-secret-0123456789';
export const paymentPassword = '246810';
export const loginPassword = 'Secret#2026';

export async function buildCashierApp(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'cashier-uploads-'));
  const holder: { app: FastifyInstance | null } = { app: null };
  const transport: SimTransport = async ({ url, headers, body }) => {
    if (!holder.app) throw new Error('app not ready');
    const response = await holder.app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body });
    return { statusCode: response.statusCode, body: response.body };
  };
  const app = await buildTestApp(
    {
      paymentSimEnabled: true,
      paymentSimSecret: simSecret,
      uploadsDir,
      rateLimitPerMinute: 100_000,
      loginRateLimitPerMinute: 100_000,
      withdrawDailyMaxCount: 100,
      withdrawDailyMaxAmount: '10000000',
      ...overrides,
    },
    { paymentSimTransport: transport },
  );
  holder.app = app;
  app.addHook('onClose', async () => rmSync(uploadsDir, { recursive: true, force: true }));
  await app.ready();
  return app;
}

export type Member = {
  id: number;
  username: string;
  token: string;
  /** Token header, plus an Idempotency-Key when given. */
  headers(key?: string): Record<string, string>;
};

let counter = 0;

/** A fresh member (or agent) logged in; optionally with a payment password, a payee name and funds (major units). */
export async function newMember(
  app: FastifyInstance,
  options: {
    type?: number;
    uplineId?: number;
    paymentPassword?: string | null;
    payeeName?: string;
    funds?: string;
  } = {},
): Promise<Member> {
  counter += 1;
  const username = `cash${Date.now().toString(36).slice(-5)}${counter}`.slice(0, 16);
  const account = await app.services.identity.createAccount({
    username,
    password: loginPassword,
    type: options.type ?? 0,
    uplineId: options.uplineId ?? null,
  });
  if (options.paymentPassword !== null) {
    await app.services.identity.setPaymentPassword(account.id, options.paymentPassword ?? paymentPassword);
  }
  if (options.payeeName) await app.services.identity.setPayeeNameIfEmpty(account.id, options.payeeName);
  const { token } = await app.services.identity.login(
    { username, password: loginPassword },
    { ip: `10.9.${counter % 250}.${(counter >> 8) % 250}` },
  );
  if (options.funds) await fund(app, account.id, options.funds);
  return {
    id: account.id,
    username,
    token,
    headers: (key?: string) => ({ authorization: token, ...(key ? { 'idempotency-key': key } : {}) }),
  };
}

/** A free-play (trial) account's token. */
export async function trialToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: {} });
  if (response.statusCode !== 200) throw new Error(`free play: ${response.body}`);
  return response.json().value.token as string;
}

/** Credits a member's main wallet from the payment clearing account (as an approved deposit would). */
export async function fund(app: FastifyInstance, accountId: number, amount: string): Promise<void> {
  const { wallet } = app.services;
  const [clearing, cash] = await Promise.all([
    wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT'),
    wallet.ensureAccount({ type: 'player', id: accountId }, 'PLAYER_CASH', 'BDT'),
  ]);
  const [whole = '0', fraction = ''] = amount.split('.');
  await wallet.transfer({
    idempotencyKey: `test-fund:${randomBytes(8).toString('hex')}`,
    debit: clearing.id,
    credit: cash.id,
    amountMinor: BigInt(whole + fraction.padEnd(2, '0')),
    currency: 'BDT',
    kind: 'DEPOSIT',
  });
}

/** The member's main wallet as the ledger has it, in minor units. */
export async function cashOf(app: FastifyInstance, accountId: number) {
  const account = await app.services.wallet.ensureAccount({ type: 'player', id: accountId }, 'PLAYER_CASH', 'BDT');
  return {
    balance: account.balanceMinor,
    pending: account.pendingDebitsMinor,
    available: account.availableMinor,
  };
}

export async function expectLedgerReconciled(app: FastifyInstance): Promise<void> {
  const report = await app.services.wallet.verifyLedger();
  expect(report.breaches).toEqual([]);
  expect(report.ok).toBe(true);
}

export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  member: Member | null,
  options: { payload?: unknown; key?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...(member ? member.headers(options.key) : {}), ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

/** A small, valid PNG. */
export function pngBytes(width = 4, height = 3): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return PNG.sync.write(png);
}

/** A minimal JPEG: SOI, a JFIF APP0 segment, a baseline frame header (3 components), EOI. */
export function jpegBytes(): Buffer {
  const app0 = [
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ];
  const sof0 = [
    0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
  ];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

export type FilePart = { field: string; filename: string; contentType: string; bytes: Buffer };

/** A multipart/form-data body for inject. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----cashier${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
    );
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function receipt(bytes: Buffer = pngBytes(), filename = 'receipt.png', contentType = 'image/png'): FilePart {
  return { field: 'receipts', filename, contentType, bytes };
}
