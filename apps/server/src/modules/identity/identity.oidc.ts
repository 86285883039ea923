import { createHash, randomInt } from 'node:crypto';
import type { LoginResult, OidcProviderSummary } from '@portal/contract';
import * as client from 'openid-client';
import type { OidcProviderSetting } from '../../config';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/http/app-error';
import type * as repo from './identity.repository';
import * as accountsRepo from './identity.repository';
import * as securityRepo from './identity.security.repository';

/** What the one-click login needs from the rest of the module (identity.service.ts hands these in). */
export type OidcDeps = {
  db: Db;
  merchantCode: string;
  now: () => Date;
  /** PUBLIC_URL: the callback address registered at each provider is `<publicUrl>/wps/session/oidc/<id>/callback`. */
  publicUrl: string;
  providers: readonly OidcProviderSetting[];
  log: { warn(details: object, message: string): void };
  startSession(
    account: repo.AccountRow,
    input: { method: 'oidc'; scope: 'member'; ctx: { ip: string | null; language?: string | undefined } },
  ): Promise<LoginResult>;
  assertMayLogIn(account: repo.AccountRow, scope: 'member'): void;
  /** A new member without a password (it logs in through the provider, and may set one later). */
  createExternalMember(input: {
    username: string;
    email: string | null;
    emailVerified: boolean;
    nickname: string | null;
    language: string | undefined;
  }): Promise<repo.AccountRow>;
};

/** An authorization request stays usable this long (the member signs in at the provider meanwhile). */
const stateTtlMinutes = 10;

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Only paths of this site, so the login cannot be used to send someone elsewhere (no open redirect). */
function safeReturnTo(value: string | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  return value.slice(0, 300);
}

function withQuery(path: string, params: Record<string, string>): string {
  const url = new URL(path, 'http://site.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * One-click login with OpenID Connect providers (spec section 2 "third-party one-click login", Google and
 * Facebook there; any OIDC provider here, configured in OIDC_PROVIDERS). Authorization code flow with PKCE
 * (S256), `state` and `nonce`, through `openid-client`, which checks the ID token's issuer, audience, expiry and
 * nonce, and (non-repudiation checks on) its signature against the provider's JWKS.
 *
 * Which account a provider account logs in to, on its first login:
 * 1. the account already linked to this provider and subject;
 * 2. otherwise, when the provider vouches for the e-mail (`email_verified: true`) and one account of the site has
 *    that address verified as well (bound with a code in the security centre), that account, which is linked now;
 *    an unverified address on either side never links, so nobody takes over an account by claiming its address;
 * 3. otherwise a new member without a password, with the provider's e-mail address when the provider vouches for
 *    it (then verified), without one otherwise.
 * New-IP verification and two-step verification are steps of password logins; the provider did its own.
 */
export function createOidcService(deps: OidcDeps) {
  const { db, now } = deps;
  const configurations = new Map<string, Promise<client.Configuration>>();

  function providerOf(id: string): OidcProviderSetting {
    const provider = deps.providers.find((candidate) => candidate.id === id);
    if (!provider) throw new AppError('IDENTITY_OIDC_PROVIDER_UNKNOWN', { provider: id });
    return provider;
  }

  function redirectUri(provider: OidcProviderSetting): string {
    return `${deps.publicUrl.replace(/\/$/, '')}/wps/session/oidc/${provider.id}/callback`;
  }

  /** The provider's discovered configuration, fetched once per process (again after a failure). */
  function configurationOf(provider: OidcProviderSetting): Promise<client.Configuration> {
    let pending = configurations.get(provider.id);
    if (!pending) {
      const issuer = new URL(provider.issuer);
      // Plain http only for a provider on this machine (development and the tests' local provider).
      const local = issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
      pending = client
        .discovery(
          issuer,
          provider.clientId,
          provider.clientSecret ? { client_secret: provider.clientSecret } : undefined,
          provider.clientSecret ? client.ClientSecretPost(provider.clientSecret) : client.None(),
          {
            execute: [client.enableNonRepudiationChecks, ...(local ? [client.allowInsecureRequests] : [])],
            timeout: 10,
          },
        )
        .catch((error: unknown) => {
          configurations.delete(provider.id);
          deps.log.warn({ err: error, provider: provider.id }, 'OpenID provider discovery failed');
          throw new AppError('IDENTITY_OIDC_UNAVAILABLE', { provider: provider.id });
        });
      configurations.set(provider.id, pending);
    }
    return pending;
  }

  async function accountFor(provider: OidcProviderSetting, claims: client.IDToken, language: string | undefined) {
    const at = now();
    const subject = String(claims.sub);
    const linked = await securityRepo.findOidcLink(db, provider.id, subject);
    if (linked) {
      await securityRepo.touchOidcLink(db, provider.id, subject, at);
      return accountsRepo.findAccountById(db, linked.accountId);
    }
    const email = typeof claims.email === 'string' && claims.email.length <= 160 ? claims.email : null;
    const emailVerified = claims.email_verified === true;
    let account =
      email && emailVerified ? await accountsRepo.findAccountByVerifiedEmail(db, deps.merchantCode, email) : null;
    if (!account) {
      const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 64) : '';
      account = await deps.createExternalMember({
        username: `${provider.id.replace(/[^a-z0-9]/g, '').slice(0, 8)}${randomDigits(8)}`,
        // Only an address the provider vouches for is kept (then verified): an unverified one may be anybody's.
        // Here no account has it verified (that account would have been chosen above).
        email: email && emailVerified ? email : null,
        emailVerified,
        nickname: name || null,
        language,
      });
    }
    await securityRepo.insertOidcLink(db, {
      provider: provider.id,
      subject,
      accountId: account.id,
      email,
      createdAt: at,
      lastLoginAt: at,
    });
    // A concurrent first login may have linked the subject to another new account first: that link wins.
    const winner = await securityRepo.findOidcLink(db, provider.id, subject);
    return accountsRepo.findAccountById(db, winner?.accountId ?? account.id);
  }

  return {
    /** The configured providers for the login popup's buttons. */
    providers(): OidcProviderSummary[] {
      return deps.providers.map((provider) => ({ id: provider.id, label: provider.label }));
    },

    /**
     * Starts a login: remembers state, nonce and PKCE verifier, and answers the provider's authorization URL.
     * @throws IDENTITY_OIDC_PROVIDER_UNKNOWN, IDENTITY_OIDC_UNAVAILABLE
     */
    async start(providerId: string, returnTo: string | undefined): Promise<string> {
      const provider = providerOf(providerId);
      const configuration = await configurationOf(provider);
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const at = now();
      await securityRepo.deleteExpiredOidcStates(db, at);
      await securityRepo.insertOidcState(db, {
        stateHash: sha256(state),
        provider: provider.id,
        nonce,
        codeVerifier,
        returnTo: safeReturnTo(returnTo),
        createdAt: at,
        expiresAt: new Date(at.getTime() + stateTtlMinutes * 60_000),
      });
      return client
        .buildAuthorizationUrl(configuration, {
          redirect_uri: redirectUri(provider),
          scope: 'openid email profile',
          response_type: 'code',
          state,
          nonce,
          code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
        })
        .toString();
    },

    /**
     * The provider's redirect back: checks state (single use), exchanges the code with the PKCE verifier,
     * verifies the ID token (signature, issuer, audience, expiry, nonce), finds or creates the account and opens
     * a session. Answers where to send the browser: `<returnTo>?token=…` (the web app adopts a token from the
     * address, spec section 4), or `/login?oidcError=<code>` when anything fails (nothing is changed then).
     */
    async callback(
      providerId: string,
      query: Record<string, string | undefined>,
      ctx: { ip: string | null; language?: string | undefined },
    ): Promise<string> {
      const fail = (
        code:
          | 'IDENTITY_OIDC_FAILED'
          | 'IDENTITY_OIDC_UNAVAILABLE'
          | 'IDENTITY_OIDC_PROVIDER_UNKNOWN'
          | 'IDENTITY_OIDC_CANCELLED',
      ) => withQuery('/login', { oidcError: code });
      const provider = deps.providers.find((candidate) => candidate.id === providerId);
      if (!provider) return fail('IDENTITY_OIDC_PROVIDER_UNKNOWN');
      const state = query.state ?? '';
      const stored = state ? await securityRepo.takeOidcState(db, sha256(state), provider.id, now()) : null;
      if (!stored) {
        deps.log.warn({ provider: provider.id }, 'OpenID callback with an unknown, used or expired state');
        return fail('IDENTITY_OIDC_FAILED');
      }
      // The player closed or declined the provider's page (RFC 6749 section 4.1.2.1): the spec's "popup closed so
      // login failed, retry" (section 8). The state is spent all the same.
      if (query.error === 'access_denied') return fail('IDENTITY_OIDC_CANCELLED');
      let configuration: client.Configuration;
      try {
        configuration = await configurationOf(provider);
      } catch {
        return fail('IDENTITY_OIDC_UNAVAILABLE');
      }
      const current = new URL(redirectUri(provider));
      for (const [key, value] of Object.entries(query)) if (value !== undefined) current.searchParams.set(key, value);
      let claims: client.IDToken | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: stored.codeVerifier,
          expectedState: state,
          expectedNonce: stored.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        deps.log.warn({ err: error, provider: provider.id }, 'OpenID callback refused');
        return fail('IDENTITY_OIDC_FAILED');
      }
      if (!claims?.sub) return fail('IDENTITY_OIDC_FAILED');
      const account = await accountFor(provider, claims, ctx.language);
      if (!account) return fail('IDENTITY_OIDC_FAILED');
      try {
        deps.assertMayLogIn(account, 'member');
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'IDENTITY_OIDC_FAILED';
        return withQuery('/login', { oidcError: code });
      }
      const result = await deps.startSession(account, { method: 'oidc', scope: 'member', ctx });
      return withQuery(stored.returnTo, { token: result.token });
    },
  };
}

function randomDigits(length: number): string {
  return Array.from({ length }, () => String(randomInt(10))).join('');
}

export type OidcService = ReturnType<typeof createOidcService>;
