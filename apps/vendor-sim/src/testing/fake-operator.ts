import Fastify, { type FastifyInstance } from 'fastify';
import { SIGNATURE_HEADER, signBody, verifyBody } from '../hub88/signature';
import { generateVendorKeys, type VendorKeys } from '../keys';

/**
 * A small in-memory operator for the simulator's own tests: the Hub88 Wallet API rules of the protocol summary
 * (signature, idempotent transaction_uuid, rollback tombstones, win of an unknown bet) on one balance per user.
 * `script` lets a test answer the next calls of a path with errors, timeouts or garbage.
 */
/** A JSON answer read field by field in assertions (the tests check its shape themselves). */
// biome-ignore lint/suspicious/noExplicitAny: assertions walk untyped JSON answers of the service under test.
export type Json = any;

export type ScriptedAnswer = 'timeout' | 'http500' | 'not-json' | { status: string };

export type FakeOperator = {
  url: string;
  keys: VendorKeys;
  app: FastifyInstance;
  balances: Map<string, number>;
  calls: Array<{ path: string; body: Record<string, unknown>; answer: unknown }>;
  script(path: string, ...answers: ScriptedAnswer[]): void;
  /** Signs a Games API body with the operator key and posts it to the simulator. */
  gamesApi(simHub88Url: string, path: string, body: Record<string, unknown>): Promise<{ status: number; body: Json }>;
  close(): Promise<void>;
};

export async function startFakeOperator(
  options: { keys?: VendorKeys; currency?: string; startBalance?: number } = {},
): Promise<FakeOperator> {
  const keys = options.keys ?? generateVendorKeys();
  const currency = options.currency ?? 'BDT';
  const balances = new Map<string, number>();
  const transactions = new Map<string, { body: Record<string, unknown>; kind: string; rolledBack?: boolean }>();
  const tombstones = new Set<string>();
  const scripts = new Map<string, ScriptedAnswer[]>();
  const calls: FakeOperator['calls'] = [];
  const app = Fastify();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const balanceOf = (user: string) => {
    if (!balances.has(user)) balances.set(user, options.startBalance ?? 1000 * 100_000);
    return balances.get(user) as number;
  };

  const handle = (path: string, body: Record<string, unknown>): Record<string, unknown> => {
    const user = String(body.user);
    const base = { user, request_uuid: body.request_uuid, currency };
    if (path === '/user/info') return { ...base, status: 'RS_OK', country: 'BD' };
    if (body.currency !== undefined && body.currency !== currency)
      return { ...base, status: 'RS_ERROR_WRONG_CURRENCY', balance: balanceOf(user) };
    const uuid = String(body.transaction_uuid ?? '');
    if (path === '/user/balance') return { ...base, status: 'RS_OK', balance: balanceOf(user) };
    const seen = transactions.get(uuid);
    if (seen) {
      const same = ['amount', 'reference_transaction_uuid', 'round', 'user'].every(
        (key) => seen.body[key] === body[key],
      );
      return { ...base, status: same ? 'RS_OK' : 'RS_ERROR_DUPLICATE_TRANSACTION', balance: balanceOf(user) };
    }
    if (path === '/transaction/bet') {
      if (tombstones.has(uuid))
        return { ...base, status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', balance: balanceOf(user) };
      const amount = body.amount as number;
      if (balanceOf(user) < amount) return { ...base, status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: balanceOf(user) };
      balances.set(user, balanceOf(user) - amount);
      transactions.set(uuid, { body, kind: 'bet' });
      return { ...base, status: 'RS_OK', balance: balanceOf(user) };
    }
    const reference = transactions.get(String(body.reference_transaction_uuid));
    if (path === '/transaction/win') {
      if (!reference || reference.rolledBack)
        return { ...base, status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', balance: balanceOf(user) };
      balances.set(user, balanceOf(user) + (body.amount as number));
      transactions.set(uuid, { body, kind: 'win' });
      return { ...base, status: 'RS_OK', balance: balanceOf(user) };
    }
    if (path === '/transaction/rollback') {
      transactions.set(uuid, { body, kind: 'rollback' });
      if (!reference) tombstones.add(String(body.reference_transaction_uuid));
      else if (!reference.rolledBack) {
        reference.rolledBack = true;
        const amount = reference.body.amount as number;
        balances.set(user, balanceOf(user) + (reference.kind === 'bet' ? amount : -amount));
      }
      return { ...base, status: 'RS_OK', balance: balanceOf(user) };
    }
    return { ...base, status: 'RS_ERROR_WRONG_SYNTAX' };
  };

  app.post<{ Params: { '*': string } }>('/gateway/hub88/*', async (request, reply) => {
    const path = `/${request.params['*']}`;
    const raw = String(request.body);
    const signature = request.headers[SIGNATURE_HEADER];
    const body = JSON.parse(raw) as Record<string, unknown>;
    const scripted = scripts.get(path)?.shift();
    if (!verifyBody(raw, typeof signature === 'string' ? signature : undefined, keys.sim.publicKeyPem)) {
      const answer = { status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: body.request_uuid };
      calls.push({ path, body, answer });
      return answer;
    }
    if (scripted === 'timeout') {
      // Apply nothing and answer after the client has given up.
      calls.push({ path, body, answer: 'timeout' });
      await new Promise((resolve) => setTimeout(resolve, 400));
      return reply.code(504).send('late');
    }
    if (scripted === 'http500') {
      calls.push({ path, body, answer: 'http500' });
      return reply.code(500).send('Internal error');
    }
    if (scripted === 'not-json') {
      calls.push({ path, body, answer: 'not-json' });
      return reply.code(200).send('<html>proxy error</html>');
    }
    if (scripted) {
      const answer = { ...scripted, request_uuid: body.request_uuid };
      calls.push({ path, body, answer });
      return answer;
    }
    const answer = handle(path, body);
    calls.push({ path, body, answer });
    return answer;
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    keys,
    app,
    balances,
    calls,
    script: (path, ...answers) => scripts.set(path, [...(scripts.get(path) ?? []), ...answers]),
    gamesApi: async (simHub88Url, path, body) => {
      const raw = JSON.stringify(body);
      const response = await fetch(`${simHub88Url}/operator/generic/v2${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(raw, keys.operator.privateKeyPem) },
        body: raw,
      });
      return { status: response.status, body: await response.json() };
    },
    close: () => app.close(),
  };
}
