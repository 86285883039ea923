import { calls, type MemberSecurity, memberSecuritySchema } from '@portal/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiCall } from '@/lib/api-client';
import { memberInfoQueryKey } from '@/lib/session';

export const memberSecurityQueryKey = ['member', 'security'] as const;

/** The security centre's state: bound contacts, payment password, two-step verification, recent logins. */
export function getMemberSecurityQueryOptions() {
  return queryOptions({
    queryKey: memberSecurityQueryKey,
    queryFn: ({ signal }): Promise<MemberSecurity> =>
      apiCall(calls.memberSecurity, { schema: memberSecuritySchema, signal }),
  });
}

export function useMemberSecurity() {
  return useQuery(getMemberSecurityQueryOptions());
}

/** After a change: the security state and member info (masked contacts) load again. */
export function useRefreshSecurity() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: memberSecurityQueryKey }),
      queryClient.invalidateQueries({ queryKey: memberInfoQueryKey }),
    ]);
  }, [queryClient]);
}
