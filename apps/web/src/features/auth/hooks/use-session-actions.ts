import { calls, type LoginResult, type MemberInfo } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiCall } from '@/lib/api-client';
import { closeModal } from '@/lib/modals';
import { clearSession, establishSession, loginStatusOf } from '@/lib/session';

export type LoginOutcome = { kind: 'passwordChange' } | { kind: 'ready'; info: MemberInfo | null };

/**
 * What every successful login, registration, free play and password reset does next (spec section 4):
 * store the session; then either the forced change-password step (the app opens it) or member info,
 * after which an agent goes to the agent centre and everyone else to `landing` (or stays where they are).
 */
export function useCompleteLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (result: LoginResult, options: { landing?: string } = {}): Promise<LoginOutcome> => {
      const outcome = await establishSession(queryClient, result);
      closeModal();
      if (outcome.kind === 'ready') {
        if (outcome.info && loginStatusOf(outcome.info) === 'agent') navigate('/agentHome');
        else if (options.landing) navigate(options.landing);
      }
      return outcome;
    },
    [queryClient, navigate],
  );
}

/**
 * Signing out (spec section 4 "Logout"): the caller shows its loader while `busy`; the server call ends
 * the session token, the session data is cleared (the merchant code stays) and the route is replaced
 * with `redirectTo`. A failed call (the session had already expired, the network is down) still signs
 * the player out on this device, which is what they asked for.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const signOut = useCallback(
    async (redirectTo = '/') => {
      setBusy(true);
      try {
        await apiCall(calls.logout);
      } catch {
        // See above: the local session ends either way.
      } finally {
        clearSession(queryClient);
        closeModal();
        setBusy(false);
        navigate(redirectTo, { replace: true });
      }
    },
    [queryClient, navigate],
  );
  return { signOut, busy };
}
