import {
  calls,
  type MemberProfile,
  memberIconResultSchema,
  memberProfileSchema,
  type RegisterSettings,
  registerSettingsSchema,
  type UpdateProfileInput,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { memberInfoQueryKey } from '@/lib/session';

export const memberProfileQueryKey = ['member', 'profile'] as const;

export function getMemberProfileQueryOptions() {
  return queryOptions({
    queryKey: memberProfileQueryKey,
    queryFn: ({ signal }): Promise<MemberProfile> =>
      apiCall(calls.memberProfile, { schema: memberProfileSchema, signal }),
  });
}

export function useMemberProfile() {
  return useQuery(getMemberProfileQueryOptions());
}

/**
 * The merchant's field rules, to judge the profile fields before saving exactly as the server will. The same
 * cache entry as the registration form's (kept under `system`, spec section 5 "rules cached for session").
 */
export function useFieldRules() {
  return useQuery({
    queryKey: ['system', 'registerSettings'] as const,
    queryFn: ({ signal }): Promise<RegisterSettings> =>
      apiCall(calls.systemRegisterSettings, { schema: registerSettingsSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) =>
      apiCall(calls.updateMemberProfile, { body: input, schema: memberProfileSchema }),
    onSuccess: async (profile) => {
      queryClient.setQueryData(memberProfileQueryKey, profile);
      await queryClient.invalidateQueries({ queryKey: memberInfoQueryKey });
    },
  });
}

export function useSetAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (avatarId: number) => apiCall(calls.memberIcon, { body: { avatarId }, schema: memberIconResultSchema }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: memberProfileQueryKey }),
        queryClient.invalidateQueries({ queryKey: memberInfoQueryKey }),
      ]);
    },
  });
}
