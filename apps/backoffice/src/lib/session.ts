import { backofficePaths, type OperatorMe, type OperatorPermission, operatorMeSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, boCall, signedOutCodes } from './api-client';

export const meQueryKey = ['bo', 'me'] as const;

/**
 * The signed-in operator, or null when nobody is signed in (the server answered BO_AUTH_REQUIRED or
 * BO_SESSION_EXPIRED). Every screen of the console reads permissions from here.
 */
export function getMeQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: async ({ signal }): Promise<OperatorMe | null> => {
      try {
        return await boCall('GET', backofficePaths.me, { schema: operatorMeSchema, signal });
      } catch (error) {
        if (error instanceof ApiError && signedOutCodes.has(error.code)) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}

/** Whether the signed-in operator's role grants a permission; false while signed out. */
export function useCan(permission: OperatorPermission): boolean {
  const { data } = useMe();
  return data?.permissions.includes(permission) ?? false;
}
