import { backofficeApiPrefix, hasPermission, type OperatorPermission, type OperatorRole } from '@portal/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';
import { backofficeRoutes, type OperatorAccess } from './index';

type Route = { method: string; url: string; permission: OperatorAccess };

let bo: BackofficeTestApp;
const routes: Route[] = [];
const cookies = new Map<OperatorRole, string>();
let playerToken: string;

/** Every operator route as the plugin declares it: registered on a bare instance that only records them. */
async function declaredRoutes(app: BackofficeTestApp['app']): Promise<Route[]> {
  const found: Route[] = [];
  const capture = Fastify();
  capture.setValidatorCompiler(validatorCompiler);
  capture.setSerializerCompiler(serializerCompiler);
  capture.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      found.push({ method, url: route.url, permission: route.config?.permission as OperatorAccess });
    }
  });
  await capture.register(backofficeRoutes, {
    prefix: backofficeApiPrefix,
    system: app.services.system,
    db: app.database.db,
    ledger: app.services.wallet,
    cashier: app.services.cashier,
    // Only the declarations matter here: the routes are called on the real app.
    players: () => ({ players: {} as never, adjustments: {} as never }),
  });
  await capture.ready();
  await capture.close();
  return found;
}

const sample: Record<string, string> = { id: '1', code: 'MANUAL_BANK', name: 'receipt.png', modId: 'MEMBER' };
const fill = (url: string) => url.replace(/:(\w+)/g, (_whole, name: string) => sample[name] ?? '1');

beforeAll(async () => {
  bo = await buildBackofficeTestApp();
  routes.push(...(await declaredRoutes(bo.app)));
  const owner = await bo.signIn('owner');
  cookies.set('owner', owner);
  for (const role of ['finance', 'support', 'content', 'risk'] as const) {
    cookies.set(role, await createOperatorAndSignIn(bo, owner, `walk_${role}`, role));
  }
  const account = await bo.app.services.identity.createAccount({
    username: 'walkplayer',
    password: 'Secret#2026',
    type: 0,
  });
  playerToken = (
    await bo.app.services.identity.login({ username: 'walkplayer', password: 'Secret#2026' }, { ip: '10.9.9.9' })
  ).token;
  expect(account.id).toBeGreaterThan(0);
}, 180_000);

afterAll(async () => {
  await bo?.app.close();
});

describe('every back-office route', () => {
  it('declares who may call it, and the walk covers the players, adjustments and dashboard routes', () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) expect(route.permission, `${route.method} ${route.url}`).toBeTruthy();
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /bo/api/players',
        'POST /bo/api/players/:id/disable',
        'POST /bo/api/adjustments/:id/approve',
        'GET /bo/api/dashboard',
      ]),
    );
  });

  it('refuses callers without a session and player tokens', async () => {
    for (const route of routes.filter((entry) => entry.permission !== 'public')) {
      const url = fill(route.url).slice(backofficeApiPrefix.length);
      const method = route.method as 'GET';
      const anonymous = await bo.call(method, url, { ...(method === 'GET' ? {} : { body: {} }) });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const player = await bo.call(method, url, {
        headers: { authorization: playerToken },
        ...(method === 'GET' ? {} : { body: {} }),
      });
      expect(player.statusCode, `${route.method} ${route.url} with a player token`).toBe(401);
    }
  });

  it('refuses each role the routes its permissions do not include, and lets it read those they do', async () => {
    for (const route of routes.filter((entry) => entry.permission !== 'public' && entry.permission !== 'signed-in')) {
      const permission = route.permission as OperatorPermission;
      const url = fill(route.url).slice(backofficeApiPrefix.length);
      for (const [role, cookie] of cookies) {
        const allowed = hasPermission(role, permission);
        // Writes are only sent where they are refused: an allowed write would change things (their own tests do).
        if (allowed && route.method !== 'GET') continue;
        const response = await bo.call(route.method as 'GET', url, {
          cookie,
          ...(route.method === 'GET' ? {} : { body: {} }),
        });
        const label = `${role} ${route.method} ${route.url}`;
        if (allowed) {
          expect(response.json().code, label).not.toBe('BO_FORBIDDEN');
          expect(response.statusCode, label).not.toBe(401);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().code, label).toBe('BO_FORBIDDEN');
        }
      }
    }
  });
});
