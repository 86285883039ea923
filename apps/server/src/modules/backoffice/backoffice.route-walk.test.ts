import {
  backofficeApiPrefix,
  hasPermission,
  type OperatorPermission,
  type OperatorRole,
  operatorPermissions,
  operatorRoles,
} from '@portal/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';

/**
 * Walks every `/bo/api` route of the fully built app (buildApp, every module: players, cashier, content, live
 * chat, catalogue sync, and whatever is added next), found as the app registers them, and checks each refuses
 * callers without a session, player tokens and operators whose role lacks the route's permission. A new route
 * is walked without touching this file; one that declares no permission, or that someone guards elsewhere than
 * the back-office plugin's hook, makes it fail.
 */

type Route = { method: string; url: string; permission: unknown };

/** The two sign-in steps: the only routes open without an operator session. */
const publicRoutes = ['POST /bo/api/session/login', 'POST /bo/api/session/totp'];

/**
 * Routes every signed-in operator may call, whatever their role: their own session (`signed-in`), and reading the
 * site configuration, which every role holds (`config.read`). Anything else reachable by every role is a mistake
 * until it is added here on purpose.
 */
const anyOperatorRoutes = [
  'POST /bo/api/session/logout',
  'GET /bo/api/session/me',
  'POST /bo/api/session/password',
  'GET /bo/api/config',
];

const known = new Set<string>(['public', 'signed-in', ...operatorPermissions]);
const label = (route: Route) => `${route.method} ${route.url}`;

let bo: BackofficeTestApp;
const registered: Route[] = [];
let routes: Route[] = [];
const cookies = new Map<OperatorRole, string>();
let playerToken: string;

function capture(route: RouteOptions): void {
  if (!route.url.startsWith(`${backofficeApiPrefix}/`) && route.url !== backofficeApiPrefix) return;
  for (const method of [route.method].flat()) {
    // HEAD is answered by the GET route's handler and hooks.
    if (method === 'HEAD') continue;
    registered.push({ method, url: route.url, permission: route.config?.permission });
  }
}

/**
 * The `/bo/api` routes as the router holds them (method and path), read from its printed tree, to prove the hook
 * missed none. Each line is one path segment below its parent's (indented four characters per level).
 */
function routerRoutes(app: BackofficeTestApp['app']): string[] {
  const found: string[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match?.[2]) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = `${parents[depth - 1] ?? ''}${match[2]}`;
    parents[depth] = path;
    parents.length = depth + 1;
    if (!path.startsWith(`${backofficeApiPrefix}/`) || !match[3]) continue;
    for (const method of match[3].split(',').map((entry) => entry.trim())) {
      if (method !== 'HEAD') found.push(`${method} ${path}`);
    }
  }
  return found;
}

const sample: Record<string, string> = { id: '1', code: 'MANUAL_BANK', name: 'receipt.png', modId: 'MEMBER' };
const fill = (url: string) =>
  url
    .replace(/:(\w+)/g, (_whole, name: string) => sample[name] ?? '1')
    .replace(/\*$/, 'x')
    .slice(backofficeApiPrefix.length);
const bodyFor = (method: string) => (method === 'GET' || method === 'DELETE' ? {} : { body: {} });

beforeAll(async () => {
  bo = await buildBackofficeTestApp({ onRoute: capture });
  routes = [...new Map(registered.map((route) => [label(route), route])).values()];
  const owner = await bo.signIn('owner');
  cookies.set('owner', owner);
  for (const role of operatorRoles) {
    if (role !== 'owner') cookies.set(role, await createOperatorAndSignIn(bo, owner, `walk_${role}`, role));
  }
  await bo.app.services.identity.createAccount({ username: 'walkplayer', password: 'Secret#2026', type: 0 });
  playerToken = (
    await bo.app.services.identity.login({ username: 'walkplayer', password: 'Secret#2026' }, { ip: '10.9.9.9' })
  ).token;
}, 180_000);

afterAll(async () => {
  await bo?.app.close();
});

describe('every /bo/api route of the built app', () => {
  it('is found, and each declares who may call it', () => {
    expect(routes.length).toBeGreaterThan(60);
    // The router holds exactly the routes the hook heard of.
    expect(routerRoutes(bo.app).sort()).toEqual(routes.map(label).sort());
    // Every area of the console is walked, not only the back-office module's own routes.
    expect(routes.map(label)).toEqual(
      expect.arrayContaining([
        'GET /bo/api/players',
        'POST /bo/api/adjustments/:id/approve',
        'GET /bo/api/dashboard',
        'GET /bo/api/cashier/deposits',
        // The live queues' WebSocket: the upgrade request goes through the same hook.
        'GET /bo/api/cashier/events',
        'POST /bo/api/content/announcements',
        'POST /bo/api/content/messages/audience',
        'POST /bo/api/content/feedback/:id/reply',
        'GET /bo/api/content/help',
        'POST /bo/api/content/help/articles',
        'PUT /bo/api/content/help/articles/:id',
        'DELETE /bo/api/content/help/categories/:category',
        'PUT /bo/api/content/help/order',
        'GET /bo/api/support/conversations',
        'POST /bo/api/catalogue/sync',
        'GET /bo/api/catalogue/games',
        'PATCH /bo/api/catalogue/games/:id',
        'PATCH /bo/api/catalogue/vendors/:code',
        'GET /bo/api/reports/daily',
        'GET /bo/api/reports/vendors/csv',
        'GET /bo/api/reports/cashier',
        'PUT /bo/api/config/maintenance',
        'GET /bo/api/points/goods',
        'POST /bo/api/points/goods',
        'PUT /bo/api/points/goods/:id',
        'DELETE /bo/api/points/goods/:id',
        'GET /bo/api/points/redemptions',
        'POST /bo/api/points/redemptions/:id/approve',
        'POST /bo/api/points/redemptions/:id/reject',
        'GET /bo/api/points/settings',
        'PUT /bo/api/points/settings',
      ]),
    );
    for (const route of routes) {
      expect(
        known.has(route.permission as string),
        `${label(route)} declares no known permission (register /bo/api routes inside the back-office plugin with config.permission)`,
      ).toBe(true);
    }
    expect(routes.filter((route) => route.permission === 'public').map(label)).toEqual(publicRoutes);
  });

  it('refuses callers without a session and callers with a player token', async () => {
    for (const route of routes.filter((entry) => !publicRoutes.includes(label(entry)))) {
      const url = fill(route.url);
      const method = route.method as 'GET';
      const anonymous = await bo.call(method, url, bodyFor(method));
      expect(anonymous.statusCode, label(route)).toBe(401);
      expect(anonymous.json().code, label(route)).toBe('BO_AUTH_REQUIRED');
      const player = await bo.call(method, url, { headers: { authorization: playerToken }, ...bodyFor(method) });
      expect(player.statusCode, `${label(route)} with a player token`).toBe(401);
      const forged = await bo.call(method, url, { cookie: playerToken, ...bodyFor(method) });
      expect(forged.statusCode, `${label(route)} with a player token as session cookie`).toBe(401);
    }
  });

  it('refuses each operator whose role lacks the permission; only the listed routes are open to every role', async () => {
    const openToAll: string[] = [];
    for (const route of routes.filter((entry) => !publicRoutes.includes(label(entry)))) {
      const url = fill(route.url);
      const method = route.method as 'GET';
      const permission = route.permission as OperatorPermission | 'signed-in';
      const lacking = operatorRoles.filter((role) => permission !== 'signed-in' && !hasPermission(role, permission));
      if (lacking.length === 0) openToAll.push(label(route));
      for (const role of lacking) {
        const response = await bo.call(method, url, { cookie: cookies.get(role), ...bodyFor(method) });
        expect(response.statusCode, `${role} ${label(route)}`).toBe(403);
        expect(response.json().code, `${role} ${label(route)}`).toBe('BO_FORBIDDEN');
      }
      // Reads are also sent by the roles that hold the permission: they get past the guard. (Allowed writes are
      // not sent here: they would change things; their own tests do.)
      if (method !== 'GET') continue;
      for (const role of operatorRoles.filter((entry) => !lacking.includes(entry))) {
        const response = await bo.call(method, url, { cookie: cookies.get(role) });
        expect(response.statusCode, `${role} ${label(route)}`).not.toBe(401);
        expect(response.statusCode, `${role} ${label(route)}`).not.toBe(403);
      }
    }
    expect(openToAll.sort()).toEqual([...anyOperatorRoutes].sort());
  });
});
