import { calls, type RegisterSettings, registerSettingsSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/**
 * The merchant's registration settings and field rules (`/wps/system/setting/register`). The forms judge
 * every field with these rules before submitting, exactly as the server will. Cached for the session
 * (spec section 5: "Rules cached for session"); kept under `system` so logging out does not drop them.
 */
export function getRegisterSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['system', 'registerSettings'] as const,
    queryFn: ({ signal }): Promise<RegisterSettings> =>
      apiCall(calls.systemRegisterSettings, { schema: registerSettingsSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The settings, or undefined while they load or when the site has registration switched off. */
export function useRegisterSettings(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getRegisterSettingsQueryOptions(), enabled: options.enabled ?? true });
}
