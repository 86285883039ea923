import {
  calls,
  enabledFeatures,
  type FeatureId,
  type PermissionResponse,
  type SystemStatusCode,
  systemStatusCodes,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ApiError,
  apiCall,
  checkResponse,
  clientErrorCodes,
  configureApiClient,
  type EarlyRequest,
} from './api-client';
import { applyConfiguredLanguage } from './i18n';

/**
 * The permission response (`/wps/system/whitelabel`) is the first call of every visit (spec section 1):
 * it names the site, its languages, customer service, feature switches and the system status. It lives
 * in lib rather than a feature because every feature and the app shell read it, as bulletproof-react
 * does with the signed-in user in `lib/auth`.
 */
export const permissionQueryKey = ['system', 'whitelabel'] as const;

/** While the site is in maintenance it is asked again at this interval, so players see it come back. */
const maintenancePollMs = 60_000;

declare global {
  interface Window {
    /** Set by `public/early-requests.js`, which index.html runs before the app's scripts have downloaded. */
    __earlyWhitelabel?: EarlyRequest;
    /** Set by the same script once the configuration has arrived and the site is open (announcements on). */
    __earlyAnnouncements?: EarlyRequest;
  }
}

/**
 * The permission call index.html already sent (`public/early-requests.js`), handed out once. Every screen waits
 * for this answer, so sending it while the scripts download rather than after they have run brings the first
 * screen forward by a round trip and the whole script start-up. The answer is taken only when that request carried
 * exactly the headers `apiCall` would send (the early script applies the same language rule, stored shipped
 * language else English, and sends Device WEB and no Merchant: a build with VITE_MERCHANT_CODE asks again itself);
 * otherwise, or for a later load (Retry after a failure, the maintenance poll), the server is asked afresh.
 */
function takeEarlyPermissionRequest(): EarlyRequest | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = window.__earlyWhitelabel;
  window.__earlyWhitelabel = undefined;
  return early;
}

/**
 * The response schema (with zod) loads on demand, outside the start-up scripts: its download starts when this module
 * runs, beside the call, so it is there by the time the answer arrives. A failed download counts as a network failure
 * (the start-up screen offers Retry, which loads it again).
 */
let permissionSchema: Promise<typeof import('./permission-schema')> | undefined;
function loadPermissionSchema(): Promise<typeof import('./permission-schema')> {
  permissionSchema ??= import('./permission-schema').catch((cause: unknown) => {
    permissionSchema = undefined;
    throw new ApiError({ code: clientErrorCodes.NETWORK, cause });
  });
  return permissionSchema;
}
if (typeof window !== 'undefined') loadPermissionSchema().catch(() => undefined);

async function fetchPermission(signal: AbortSignal): Promise<PermissionResponse> {
  const early = takeEarlyPermissionRequest();
  const [value, { permissionResponseSchema }] = await Promise.all([
    apiCall(calls.systemWhitelabel, { signal, ...(early ? { early } : {}) }),
    loadPermissionSchema(),
  ]);
  const permission = checkResponse(calls.systemWhitelabel, permissionResponseSchema, value);
  configureApiClient({
    merchantCode: permission.info.merchantCode,
    payloadEncryption: permission.info.payloadEncryption,
  });
  await applyConfiguredLanguage(permission.info.defaultLanguage, permission.info.languages);
  return permission;
}

/** Spec section 4: maintenance takes priority over region restriction. */
export function systemStatusOf(permission: PermissionResponse): SystemStatusCode {
  if (permission.maintenance) return systemStatusCodes.MAINTENANCE;
  if (permission.regionRestriction) return systemStatusCodes.REGION_RESTRICTED;
  return systemStatusCodes.NORMAL;
}

export function getPermissionQueryOptions() {
  return queryOptions({
    queryKey: permissionQueryKey,
    queryFn: ({ signal }) => fetchPermission(signal),
    // Cached for the session: the configuration does not change while a player browses.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    // The start-up screen offers its own Retry button; silent retries would only delay it.
    retry: false,
    refetchInterval: (query) =>
      query.state.data && systemStatusOf(query.state.data) === systemStatusCodes.MAINTENANCE
        ? maintenancePollMs
        : false,
  });
}

/** The query itself, for the start-up gate that shows loading, error and status screens. */
export function usePermissionQuery() {
  return useQuery(getPermissionQueryOptions());
}

/**
 * The loaded permission response. Everything below the start-up gate may rely on it being there.
 * @throws Error when rendered outside the gate, which is a wiring mistake rather than a runtime state.
 */
export function usePermission(): PermissionResponse {
  const { data } = useQuery(getPermissionQueryOptions());
  if (!data) throw new Error('usePermission() is only available below the start-up gate');
  return data;
}

const featureSets = new WeakMap<PermissionResponse, Set<string>>();

export function isFeatureEnabled(permission: PermissionResponse, feature: FeatureId): boolean {
  let enabled = featureSets.get(permission);
  if (!enabled) {
    enabled = enabledFeatures(permission.info.whitelabel);
    featureSets.set(permission, enabled);
  }
  return enabled.has(feature);
}

/** Whether a whitelabel module and all its ancestors are switched on for this site. */
export function useFeature(feature: FeatureId): boolean {
  return isFeatureEnabled(usePermission(), feature);
}
