import { backofficePaths, type SiteConfiguration, siteConfigurationSchema } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boCall } from './api-client';

export const configQueryKey = ['bo', 'config'] as const;

/** The site configuration as stored; every settings screen reads and writes through it. */
export function getConfigQueryOptions() {
  return queryOptions({
    queryKey: configQueryKey,
    queryFn: ({ signal }) => boCall('GET', backofficePaths.config, { schema: siteConfigurationSchema, signal }),
  });
}

export function useSiteConfig() {
  return useQuery(getConfigQueryOptions());
}

type ConfigPath =
  | typeof backofficePaths.configMaintenance
  | typeof backofficePaths.configRegionBlock
  | typeof backofficePaths.configPayloadEncryption
  | typeof backofficePaths.configGeneral
  | typeof backofficePaths.configFeature
  | typeof backofficePaths.configRegisterFields
  | typeof backofficePaths.configCustomerService
  | typeof backofficePaths.configResources;

/**
 * A configuration change: PUT to one of the config paths. The server answers with the whole configuration
 * as stored after the change, which replaces the cache, so every screen shows the saved values at once.
 * `toRequest` splits an input into path parameters and body when the path has parameters.
 */
export function useSaveConfig<TInput>(
  path: ConfigPath,
  toRequest: (input: TInput) => { body: unknown; params?: Record<string, string> } = (input) => ({ body: input }),
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => {
      const { body, params } = toRequest(input);
      return boCall('PUT', path, { schema: siteConfigurationSchema, body, ...(params ? { params } : {}) });
    },
    onSuccess: (config: SiteConfiguration) => client.setQueryData(configQueryKey, config),
  });
}
