import {
  backofficeApiPrefix,
  backofficePaths,
  backofficeSessionCookie,
  type OperatorLoginStep,
} from '@portal/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { AppDeps } from '../../app';
import type { AppConfig } from '../../config';
import { buildTestApp } from '../../testing';
import { backofficeRoutes, seedFirstOwner } from './index';

/** A clock the test moves by hand; the back office reads it for sessions, challenges, throttles and TOTP. */
export type TestClock = { now: () => Date; advance: (ms: number) => void; set: (at: Date) => void };

export function createTestClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = at.getTime();
    },
  };
}

/** The code an authenticator app shows at `at` for a base32 secret. */
export function totpCode(secret: string, at: Date): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at.getTime(),
  });
}

export const ownerPassword = 'Owner-password-123';

export type BackofficeTestApp = {
  app: FastifyInstance;
  clock: TestClock;
  /** TOTP secrets of operators who enrolled, by username, as their phones would hold them. */
  secrets: Map<string, string>;
  /** Current passwords by username. */
  passwords: Map<string, string>;
  /** Calls `/bo/api<path>` with the session cookie when given one. */
  call(
    method: InjectOptions['method'],
    path: string,
    options?: { cookie?: string; body?: unknown; headers?: Record<string, string>; ip?: string },
  ): Promise<LightMyRequestResponse>;
  /**
   * Signs in through both steps (enrolling on first sign-in) and replaces a one-time password when the
   * server asks for it. Returns the session cookie value.
   */
  signIn(username: string, options?: { ip?: string; keepPendingPassword?: boolean }): Promise<string>;
};

/**
 * The real app (every module) with the back office under `/bo/api` and the first owner seeded with a known
 * password. Works both before and after app.ts wires the module: when the app already has the routes they
 * are used (configured through the same settings), otherwise the plugin is registered here as app.ts does.
 */
export async function buildBackofficeTestApp(
  options: {
    loginRateLimitPerMinute?: number;
    config?: Partial<AppConfig>;
    /** Told of every route the app registers (the route walk). */
    onRoute?: AppDeps['onRoute'];
    /** Overrides for the Idempotency-Key layer (a test that makes it forget keys, as it does after a 5xx). */
    idempotency?: AppDeps['idempotency'];
  } = {},
): Promise<BackofficeTestApp> {
  const clock = createTestClock();
  // Many sign-ins come from one address here; the per-IP request limit has its own test.
  const loginRateLimitPerMinute = options.loginRateLimitPerMinute ?? 1000;
  // `boOwnerPassword` is the lead's BO_OWNER_PASSWORD setting; an https public URL makes the cookie Secure.
  const overrides: Record<string, unknown> = {
    loginRateLimitPerMinute,
    publicUrl: 'https://portal.example',
    boOwnerPassword: ownerPassword,
    ...options.config,
  };
  const app = await buildTestApp(overrides as Partial<AppConfig>, {
    now: clock.now,
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.idempotency ? { idempotency: options.idempotency } : {}),
  });
  await seedFirstOwner({ db: app.database.db, password: ownerPassword, now: clock.now });
  if (!app.hasRoute({ method: 'POST', url: `${backofficeApiPrefix}${backofficePaths.login}` })) {
    await app.register(backofficeRoutes, {
      prefix: backofficeApiPrefix,
      system: app.services.system,
      db: app.database.db,
      now: clock.now,
      secureCookie: true,
      loginRateLimitPerMinute,
      ledger: app.services.wallet,
      cashier: app.services.cashier,
    });
  }
  await app.ready();

  const secrets = new Map<string, string>();
  const passwords = new Map<string, string>([['owner', ownerPassword]]);

  const call: BackofficeTestApp['call'] = (method, path, callOptions = {}) =>
    app.inject({
      method,
      url: `${backofficeApiPrefix}${path}`,
      remoteAddress: callOptions.ip ?? '127.0.0.1',
      headers: {
        ...(callOptions.cookie ? { cookie: `${backofficeSessionCookie}=${callOptions.cookie}` } : {}),
        ...callOptions.headers,
      },
      ...(callOptions.body !== undefined ? { payload: callOptions.body as Record<string, unknown> } : {}),
    });

  const signIn: BackofficeTestApp['signIn'] = async (username, signInOptions = {}) => {
    const ip = signInOptions.ip ?? '127.0.0.1';
    const password = passwords.get(username);
    if (!password) throw new Error(`no password known for ${username}`);
    const login = await call('POST', '/session/login', { body: { username, password }, ip });
    if (login.statusCode !== 200) throw new Error(`login of ${username} failed: ${login.body}`);
    const step = login.json().value as OperatorLoginStep;
    if (step.step === 'enrol') secrets.set(username, step.secret);
    const secret = secrets.get(username);
    if (!secret) throw new Error(`no TOTP secret known for ${username}`);
    // Each sign-in needs a code of a newer time step than the last one accepted (replay protection).
    clock.advance(30_000);
    const totp = await call('POST', '/session/totp', {
      body: { challenge: step.challenge, code: totpCode(secret, clock.now()) },
      ip,
    });
    if (totp.statusCode !== 200) throw new Error(`TOTP step of ${username} failed: ${totp.body}`);
    const cookie = totp.cookies.find((entry) => entry.name === backofficeSessionCookie)?.value;
    if (!cookie) throw new Error('no session cookie set');
    if (totp.json().value.operator.mustChangePassword && !signInOptions.keepPendingPassword) {
      const newPassword = `${password}-changed`;
      const changed = await call('POST', '/session/password', {
        cookie,
        body: { currentPassword: password, newPassword },
        ip,
      });
      if (changed.statusCode !== 200) throw new Error(`password change failed: ${changed.body}`);
      passwords.set(username, newPassword);
    }
    return cookie;
  };

  return { app, clock, secrets, passwords, call, signIn };
}

/**
 * Creates an operator with a role as the owner, and signs them in. Returns their session cookie.
 */
export async function createOperatorAndSignIn(
  bo: BackofficeTestApp,
  ownerCookie: string,
  username: string,
  role: string,
): Promise<string> {
  const created = await bo.call('POST', '/operators', { cookie: ownerCookie, body: { username, role } });
  if (created.statusCode !== 200) throw new Error(`create ${username} failed: ${created.body}`);
  bo.passwords.set(username, created.json().value.initialPassword);
  return bo.signIn(username);
}

/**
 * Operator sessions on apps that share one database (several instances): `bo` calls any of them, `signIn` goes
 * through password and TOTP (enrolling on the first sign-in, changing a one-time password), and `operator` makes an
 * operator with the owner's session and signs it in. Sign-ins go to the app `primary()` returns when called.
 */
export function operatorSessions(primary: () => FastifyInstance, clock: TestClock) {
  const bo = (
    app: FastifyInstance,
    method: InjectOptions['method'],
    url: string,
    options: { cookie?: string; body?: unknown } = {},
  ) =>
    app.inject({
      method,
      url: `${backofficeApiPrefix}${url}`,
      headers: options.cookie ? { cookie: `${backofficeSessionCookie}=${options.cookie}` } : {},
      ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
    });

  const secrets = new Map<string, string>();
  async function signIn(username: string, password: string): Promise<string> {
    const login = await bo(primary(), 'POST', '/session/login', { body: { username, password } });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
    const step = login.json().value as OperatorLoginStep;
    if (step.step === 'enrol') secrets.set(username, step.secret);
    clock.advance(30_000);
    const totp = await bo(primary(), 'POST', '/session/totp', {
      body: { challenge: step.challenge, code: totpCode(secrets.get(username) ?? '', clock.now()) },
    });
    const cookie = totp.cookies.find((entry) => entry.name === backofficeSessionCookie)?.value ?? '';
    if (totp.json().value.operator.mustChangePassword) {
      const changed = await bo(primary(), 'POST', '/session/password', {
        cookie,
        body: { currentPassword: password, newPassword: `${password}-changed` },
      });
      if (changed.statusCode !== 200) throw new Error(`password change failed: ${changed.body}`);
    }
    return cookie;
  }

  async function operator(ownerCookie: string, username: string, role: string): Promise<string> {
    const created = await bo(primary(), 'POST', '/operators', { cookie: ownerCookie, body: { username, role } });
    if (created.statusCode !== 200) throw new Error(`create failed: ${created.body}`);
    return signIn(username, created.json().value.initialPassword);
  }

  return { bo, signIn, operator };
}
