import { calls, type LoginResult, type MemberInfo } from '@portal/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, apiCall } from './api-client';
import { onLanguageChosen } from './i18n';
import { clearSessionData, getToken, readStorage, setToken, storageKeys, writeStorage } from './storage';

/**
 * The player's session (spec section 4 "Login status"): logged in once a token is stored in
 * sessionStorage and member info is fetched. Like the permission response it lives in lib, because the
 * app shell and several features read it (bulletproof-react keeps the signed-in user in `lib/auth`).
 */

/** The spec's four login states, plus the moments between them. */
export type LoginStatus =
  /** No token. */
  | 'visitor'
  /** A token, member info on its way. */
  | 'loading'
  /** Logged in with the default or an expired password: only the forced change-password step is open. */
  | 'passwordChange'
  | 'trial'
  | 'member'
  | 'agent';

export type Session = {
  status: LoginStatus;
  token: string | null;
  info: MemberInfo | null;
};

/**
 * Account types 1, 2, 41 and 42 are agents and 4 is a trial (free-play) account (spec section 4); member
 * info carries the verdict as `isAgent` and `isTrial`, computed by the server from the type with the
 * contract's `accountRoleOf`, so the client does not keep a second copy of the list.
 */
export function loginStatusOf(info: Pick<MemberInfo, 'isAgent' | 'isTrial'>): 'trial' | 'member' | 'agent' {
  if (info.isTrial) return 'trial';
  return info.isAgent ? 'agent' : 'member';
}

// ------------------------------------------------------------------ token store

type TokenState = { token: string | null; passwordChangePending: boolean };

const tokenListeners = new Set<() => void>();
let tokenState: TokenState = readTokenState();

function readTokenState(): TokenState {
  return {
    token: getToken(),
    passwordChangePending: readStorage('sessionStorage', storageKeys.passwordChangePending) === '1',
  };
}

/** Re-reads sessionStorage (it may have been written before this module loaded, or by tests) and notifies. */
export function syncSessionFromStorage(): void {
  refreshTokenState();
}

function refreshTokenState(): void {
  const next = readTokenState();
  if (next.token === tokenState.token && next.passwordChangePending === tokenState.passwordChangePending) return;
  tokenState = next;
  for (const listener of tokenListeners) listener();
}

function subscribeToken(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => {
    tokenListeners.delete(listener);
  };
}

function getTokenState(): TokenState {
  return tokenState;
}

/** Sets or clears the forced change-password step (`cpw`). */
export function setPasswordChangePending(pending: boolean): void {
  writeStorage('sessionStorage', storageKeys.passwordChangePending, pending ? '1' : null);
  refreshTokenState();
}

// ------------------------------------------------------------------ member info

export const memberInfoQueryKey = ['member', 'info'] as const;

/**
 * Member info of the session behind `token`. A token the server no longer knows (expired, revoked,
 * logged out elsewhere) ends the session here: the player simply becomes a visitor again.
 */
export function getMemberInfoQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...memberInfoQueryKey, token],
    queryFn: async ({ signal }): Promise<MemberInfo | null> => {
      try {
        const { fetchMemberInfo } = await import('./member-info-call');
        return await fetchMemberInfo(signal);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'AUTH_REQUIRED' && getToken() === token) {
          clearSessionData();
          refreshTokenState();
          return null;
        }
        throw error;
      }
    },
    enabled: token !== null,
    staleTime: 60_000,
  });
}

/** The current session; re-renders when the player logs in or out. */
export function useSession(): Session {
  const { token, passwordChangePending } = useSyncExternalStore(subscribeToken, getTokenState, getTokenState);
  // Tests and the URL token adoption write sessionStorage directly; pick that up on mount.
  useEffect(() => refreshTokenState(), []);
  const query = useQuery({ ...getMemberInfoQueryOptions(token), enabled: token !== null && !passwordChangePending });
  if (token === null) return { status: 'visitor', token: null, info: null };
  if (passwordChangePending) return { status: 'passwordChange', token, info: null };
  const info = query.data ?? null;
  // Also while a failed call (network) is retried: the token is intact, so the player is not logged out.
  if (!info) return { status: 'loading', token, info: null };
  if (info.mustChangePassword) return { status: 'passwordChange', token, info };
  return { status: loginStatusOf(info), token, info };
}

// ------------------------------------------------------------------ transitions

export type EstablishedSession = { kind: 'passwordChange' } | { kind: 'ready'; info: MemberInfo | null };

/**
 * After a successful login, registration, free play or password reset (spec section 4 "Login success"):
 * stores the token, then either opens the forced change-password step (the result says so: default or
 * expired password, never after an SMS login) or loads member info.
 */
export async function establishSession(queryClient: QueryClient, result: LoginResult): Promise<EstablishedSession> {
  // Whatever the previous account (a trial user registering, a member switching accounts) had cached goes.
  removeSessionQueries(queryClient);
  setToken(result.token);
  writeStorage('sessionStorage', storageKeys.passwordChangePending, result.mustChangePassword ? '1' : null);
  refreshTokenState();
  if (result.mustChangePassword) return { kind: 'passwordChange' };
  try {
    return { kind: 'ready', info: await queryClient.fetchQuery(getMemberInfoQueryOptions(result.token)) };
  } catch {
    // The player is logged in; the header's member-info query tries again on its own.
    return { kind: 'ready', info: null };
  }
}

/** After the password changed: the forced step is over and member info is loaded afresh. */
export async function reloadLoginInfo(queryClient: QueryClient): Promise<MemberInfo | null> {
  setPasswordChangePending(false);
  const token = getToken();
  await queryClient.invalidateQueries({ queryKey: memberInfoQueryKey });
  return token ? queryClient.fetchQuery(getMemberInfoQueryOptions(token)) : null;
}

/** Drops every cached query of the account; the site's configuration (`system`) stays. */
function removeSessionQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'system' });
}

/**
 * Ends the session on this device (spec section 4 "Logout"): clears the session data but keeps the
 * merchant code, and forgets everything cached for the account. The server call is the caller's.
 */
export function clearSession(queryClient: QueryClient): void {
  clearSessionData();
  refreshTokenState();
  removeSessionQueries(queryClient);
}

/**
 * Spec section 4 "Language change": while logged in, a language the player picks is also sent to the
 * server (update-language), so messages and SMS texts follow it. Mount once.
 */
export function useServerLanguageSync(): void {
  useEffect(
    () =>
      onLanguageChosen(async (language) => {
        const { token, passwordChangePending } = getTokenState();
        if (!token || passwordChangePending) return;
        await apiCall(calls.updateLanguage, { body: { language } });
      }),
    [],
  );
}
