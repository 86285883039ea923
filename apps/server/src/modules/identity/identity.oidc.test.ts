import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { accountTypes } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import * as jose from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildIdentityApp, lastEmailCode, memberInfo, post, strongPassword, unique } from './identity.test-helpers';

/**
 * One-click login end to end against OpenID providers on this machine, never the internet: `oidc-provider` (a
 * certified OpenID provider implementation) plays the real provider, and a small hand-written one signs ID tokens
 * wrongly on purpose (bad signature, wrong nonce), which a correct provider never does.
 */

const publicUrl = 'http://portal.test';

type Claims = { email?: string; email_verified?: boolean; name?: string };

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** oidc-provider with one client (the portal); `signIn` names the account that signs in at the next login. */
async function startLocalProvider() {
  const server = http.createServer();
  const issuer = await listen(server);
  const { privateKey } = await jose.generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await jose.exportJWK(privateKey)), kid: 'local-1', alg: 'RS256', use: 'sig' };
  const people = new Map<string, Claims>();
  let next = '';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'portal',
        client_secret: 'portal-secret-0123456789',
        redirect_uris: [`${publicUrl}/wps/session/oidc/local/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['local-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The ID token carries the scope's claims too (the portal reads e-mail and name from it).
    conformIdTokenClaims: false,
    findAccount: async (_context: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({ sub: id, ...people.get(id) }),
    }),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  });
  const handle = provider.callback();
  server.on('request', (request, response) => {
    if (!request.url?.startsWith('/interaction/')) {
      handle(request, response);
      return;
    }
    // The person signs in and consents at once: the provider's login page, played by the test.
    void (async () => {
      const details = await provider.interactionDetails(request, response);
      const grant = new provider.Grant({ accountId: next, clientId: String(details.params.client_id) });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: next }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  return {
    issuer,
    signIn(subject: string, claims: Claims) {
      people.set(subject, claims);
      next = subject;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A provider that answers every authorization at once and signs its ID tokens as the test asks. */
async function startRogueProvider() {
  const server = http.createServer();
  const issuer = await listen(server);
  const good = await jose.generateKeyPair('RS256', { extractable: true });
  const other = await jose.generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await jose.exportJWK(good.publicKey)), kid: 'rogue-1', alg: 'RS256', use: 'sig' };
  let mode: 'honest' | 'badSignature' | 'badNonce' = 'honest';
  let lastNonce = '';
  server.on('request', (request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const json = (value: unknown) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(value));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      });
    } else if (url.pathname === '/jwks') {
      json({ keys: [publicJwk] });
    } else if (url.pathname === '/authorize') {
      lastNonce = url.searchParams.get('nonce') ?? '';
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', 'rogue-code');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.statusCode = 302;
      response.setHeader('location', back.toString());
      response.end();
    } else if (url.pathname === '/token') {
      void (async () => {
        const idToken = await new jose.SignJWT({
          nonce: mode === 'badNonce' ? 'not-the-nonce' : lastNonce,
          email: 'mallory@example.com',
          email_verified: true,
        })
          .setProtectedHeader({ alg: 'RS256', kid: 'rogue-1' })
          .setIssuer(issuer)
          .setAudience('portal')
          .setSubject('mallory')
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(mode === 'badSignature' ? other.privateKey : good.privateKey);
        json({ access_token: 'rogue-access', token_type: 'Bearer', expires_in: 300, id_token: idToken });
      })();
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  return {
    issuer,
    setMode(next: typeof mode) {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's cookie jar, enough for one provider on one host. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    store(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        if (at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
  };
}

describe('OIDC_PROVIDERS', () => {
  it('parses the JSON list and refuses anything else, naming the variable', () => {
    const providers = [{ id: 'google', label: 'Google', issuer: 'https://accounts.google.com', clientId: 'abc' }];
    expect(loadConfig({ OIDC_PROVIDERS: JSON.stringify(providers) }).oidcProviders).toEqual(providers);
    expect(loadConfig({}).oidcProviders).toEqual([]);
    expect(() => loadConfig({ OIDC_PROVIDERS: 'not json' })).toThrow(/OIDC_PROVIDERS/);
    expect(() =>
      loadConfig({
        OIDC_PROVIDERS: JSON.stringify([{ id: 'Bad Id', label: 'x', issuer: 'https://x.test', clientId: 'a' }]),
      }),
    ).toThrow(/OIDC_PROVIDERS/);
  });
});

describe('one-click login (OpenID Connect)', () => {
  let app: FastifyInstance;
  let local: Awaited<ReturnType<typeof startLocalProvider>>;
  let rogue: Awaited<ReturnType<typeof startRogueProvider>>;

  beforeAll(async () => {
    local = await startLocalProvider();
    rogue = await startRogueProvider();
    app = await buildIdentityApp({
      publicUrl,
      oidcProviders: [
        {
          id: 'local',
          label: 'Local ID',
          issuer: local.issuer,
          clientId: 'portal',
          clientSecret: 'portal-secret-0123456789',
        },
        { id: 'rogue', label: 'Rogue', issuer: rogue.issuer, clientId: 'portal', clientSecret: 'rogue-secret' },
      ],
    });
  });
  afterAll(async () => {
    await app?.close();
    await local?.close();
    await rogue?.close();
  });

  /** The portal's start call: the provider's authorization URL. */
  async function start(provider: string, returnTo = '/games'): Promise<URL> {
    const response = await app.inject({
      method: 'GET',
      url: `/wps/session/oidc/${provider}/start?returnTo=${encodeURIComponent(returnTo)}`,
    });
    expect(response.statusCode).toBe(302);
    return new URL(String(response.headers.location));
  }

  /** Follows the provider's redirects like a browser until it sends the browser back to the portal. */
  async function throughProvider(authorizationUrl: URL): Promise<URL> {
    const jar = cookieJar();
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop += 1) {
      if (url.origin === publicUrl) return url;
      const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
      jar.store(response);
      const location = response.headers.get('location');
      if (!location) throw new Error(`provider answered ${response.status}: ${await response.text()}`);
      url = new URL(location, url);
    }
    throw new Error('too many redirects');
  }

  async function callback(url: URL) {
    const response = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(response.statusCode).toBe(302);
    return new URL(String(response.headers.location), publicUrl);
  }

  it('lists the configured providers for the login popup', async () => {
    const response = await app.inject({ method: 'GET', url: '/wps/session/oidc/providers' });
    expect(response.json().value).toEqual([
      { id: 'local', label: 'Local ID' },
      { id: 'rogue', label: 'Rogue' },
    ]);
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const url = await start('local');
    expect(url.origin).toBe(local.issuer);
    expect(url.searchParams.get('client_id')).toBe('portal');
    expect(url.searchParams.get('redirect_uri')).toBe(`${publicUrl}/wps/session/oidc/local/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });

  it('logs a new person in: authorize, provider login, callback, a session for a new member', async () => {
    local.signIn('alice-1', { email: 'alice@example.com', email_verified: true, name: 'Alice Example' });
    const back = await throughProvider(await start('local', '/games?tab=slots'));
    expect(back.pathname).toBe('/wps/session/oidc/local/callback');
    const landing = await callback(back);
    expect(landing.pathname).toBe('/games');
    expect(landing.searchParams.get('tab')).toBe('slots');
    const token = landing.searchParams.get('token') ?? '';
    const info = (await memberInfo(app, token)).json().value;
    expect(info).toMatchObject({ nickname: 'Alice Example', type: 0, hasPassword: false, email: 'a***@example.com' });

    // The same person again: the same account.
    const again = await callback(await throughProvider(await start('local')));
    const second = (await memberInfo(app, again.searchParams.get('token') ?? '')).json().value;
    expect(second.id).toBe(info.id);
  });

  it("links to an existing account by e-mail only when both sides' addresses are verified", async () => {
    // A member who verified their address in the security centre.
    const { username } = unique();
    await app.services.identity.createAccount({ username, password: strongPassword, type: accountTypes.MEMBER });
    const login = await post(app, '/wps/session/login', { username, password: strongPassword });
    const token = login.json().value.token as string;
    const address = `${username}@example.com`;
    await post(app, '/wps/member/security/email/code', { email: address }, { token });
    const code = await lastEmailCode(app, address);
    expect(
      (await post(app, '/wps/member/security/email', { email: address, verificationCode: code }, { token })).statusCode,
    ).toBe(200);
    const memberId = (await memberInfo(app, token)).json().value.id;

    // The provider does not vouch for the address: a new account, not theirs.
    local.signIn(`unverified-${username}`, { email: address, email_verified: false });
    const unverified = await callback(await throughProvider(await start('local')));
    const stranger = (await memberInfo(app, unverified.searchParams.get('token') ?? '')).json().value;
    expect(stranger.id).not.toBe(memberId);
    expect(stranger.email).toBeNull();

    // It does: their account, linked from now on.
    local.signIn(`verified-${username}`, { email: address, email_verified: true });
    const verified = await callback(await throughProvider(await start('local')));
    expect((await memberInfo(app, verified.searchParams.get('token') ?? '')).json().value.id).toBe(memberId);
  });

  it('answers a login the player cancelled at the provider with the popup-closed message, and spends the state', async () => {
    const authorize = await start('local');
    const state = authorize.searchParams.get('state') ?? '';
    const cancelled = new URL(`${publicUrl}/wps/session/oidc/local/callback`);
    cancelled.searchParams.set('error', 'access_denied');
    cancelled.searchParams.set('state', state);
    const landing = await callback(cancelled);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('oidcError')).toBe('IDENTITY_OIDC_CANCELLED');
    expect(landing.searchParams.get('token')).toBeNull();
    // The same state cannot be used again, even with a real code.
    const again = await callback(cancelled);
    expect(again.searchParams.get('oidcError')).toBe('IDENTITY_OIDC_FAILED');
  });

  it('refuses a callback with an unknown state, and a state used once already', async () => {
    local.signIn('bob-1', { email: 'bob@example.com', email_verified: true });
    const back = await throughProvider(await start('local'));
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-value-000000000000');
    expect((await callback(forged)).toString()).toBe(`${publicUrl}/login?oidcError=IDENTITY_OIDC_FAILED`);
    const first = await callback(back);
    expect(first.searchParams.get('token')).toBeTruthy();
    const replay = await callback(back);
    expect(replay.pathname).toBe('/login');
    expect(replay.searchParams.get('oidcError')).toBe('IDENTITY_OIDC_FAILED');
    expect(replay.searchParams.get('token')).toBeNull();
  });

  it('refuses an ID token with a bad signature or a wrong nonce, and creates nobody', async () => {
    const before = await app.services.identity.findAccountByUsername('rogue00000000');
    expect(before).toBeNull();
    for (const mode of ['badSignature', 'badNonce'] as const) {
      rogue.setMode(mode);
      const landing = await callback(await throughProvider(await start('rogue')));
      expect(landing.pathname).toBe('/login');
      expect(landing.searchParams.get('oidcError')).toBe('IDENTITY_OIDC_FAILED');
      expect(landing.searchParams.get('token')).toBeNull();
    }
    // The same provider signing honestly gets in, so the refusals above were about the token alone.
    rogue.setMode('honest');
    const honest = await callback(await throughProvider(await start('rogue')));
    expect(honest.searchParams.get('token')).toBeTruthy();
  });

  it('answers an unknown provider with a translated error, and keeps returnTo on this site', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/wps/session/oidc/nobody/start' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'IDENTITY_OIDC_PROVIDER_UNKNOWN',
      message: 'This login method is not available',
    });
    local.signIn('carol-1', { name: 'Carol' });
    const landing = await callback(await throughProvider(await start('local', 'https://evil.example/steal')));
    expect(landing.origin).toBe(publicUrl);
    expect(landing.pathname).toBe('/');
  });
});
