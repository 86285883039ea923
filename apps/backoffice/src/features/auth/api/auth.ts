import {
  backofficePaths,
  type ChangeOperatorPasswordInput,
  type OperatorLoginInput,
  type OperatorTotpInput,
  operatorLoginStepSchema,
  operatorMeSchema,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { boCall, nullResponse } from '@/lib/api-client';
import { meQueryKey } from '@/lib/session';

/** Sign-in step 1: username and password; answers with the TOTP step or the enrolment step. */
export function usePasswordStep() {
  return useMutation({
    mutationFn: (input: OperatorLoginInput) =>
      boCall('POST', backofficePaths.login, { schema: operatorLoginStepSchema, body: input }),
  });
}

/** Sign-in step 2: the TOTP code. The server sets the session cookie and answers with the operator. */
export function useTotpStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OperatorTotpInput) =>
      boCall('POST', backofficePaths.totp, { schema: operatorMeSchema, body: input }),
    onSuccess: (me) => client.setQueryData(meQueryKey, me),
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeOperatorPasswordInput) =>
      boCall('POST', backofficePaths.password, { schema: operatorMeSchema, body: input }),
    onSuccess: (me) => client.setQueryData(meQueryKey, me),
  });
}

/** Ends the session; the cache is cleared so nothing of the operator's data stays in the page. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => boCall('POST', backofficePaths.logout, { schema: nullResponse }),
    onSettled: () => {
      client.removeQueries({ predicate: (query) => query.queryKey[0] === 'bo' && query.queryKey[1] !== 'me' });
      client.setQueryData(meQueryKey, null);
    },
  });
}
