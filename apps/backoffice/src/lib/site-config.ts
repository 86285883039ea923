import { backofficePaths, type SiteConfiguration, siteConfigurationSchema } from '@portal/contract';
import { useToast } from '@portal/ui/toast';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type KeyedEntry, withEntryKeys, withoutEntryKeys } from '@/components/ui/ordered-entry-list';
import { boCall, describeError } from './api-client';

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

/**
 * The state of an ordered-list settings editor (customer-service entries, resources): the rows being edited (reset
 * when the saved list changes), the rows as they would be saved (`normalise` trims each), whether they differ from
 * the saved ones, when to show the checks' messages, and the save with its toasts. Each editor keeps its own checks
 * and cells.
 */
export function useOrderedEntriesEditor<T extends { sort: number }>(options: {
  saved: readonly T[];
  path: ConfigPath;
  normalise: (entry: Omit<T & KeyedEntry, 'key'>) => T;
}) {
  const { saved, path, normalise } = options;
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveConfig<{ entries: T[] }>(path);
  const initial = useMemo(() => withEntryKeys(saved), [saved]);
  const [entries, setEntries] = useState<(T & KeyedEntry)[]>(initial);
  const [showErrors, setShowErrors] = useState(false);

  useEffect(() => {
    setEntries(initial);
    setShowErrors(false);
  }, [initial]);

  const normalised = withoutEntryKeys(entries).map(normalise);
  const dirty = JSON.stringify(normalised) !== JSON.stringify(withoutEntryKeys(initial));

  return {
    entries,
    setEntries,
    normalised,
    dirty,
    showErrors,
    saving: save.isPending,
    reset: () => setEntries(initial),
    update: (key: number, change: Partial<T>) =>
      setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry))),
    /** Shows the checks' messages from now on and saves when `valid`. */
    submit: (valid: boolean) => {
      setShowErrors(true);
      if (!valid) return;
      save.mutate(
        { entries: normalised },
        {
          onSuccess: () => toast.success(t('ui.saved')),
          onError: (error) => toast.error(describeError(error)),
        },
      );
    },
  };
}
