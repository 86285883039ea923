import { type CallEntry, devices, findCall, requestHeaders } from '@portal/contract';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Call table entry of this route; found by method and path when not given. */
    call?: CallEntry;
  }
}

export type AccessState = 'normal' | 'maintenance' | 'restricted';

export type CallGuardOptions = {
  /** The merchant this deployment serves; a request naming another is refused. */
  merchantCode: string;
  /** True when the whitelabel module and all its ancestors are enabled. */
  isModuleEnabled(moduleId: string): Promise<boolean>;
  /** `isModuleEnabled` from configuration already loaded, without a promise; undefined when it is not loaded. */
  isModuleEnabledNow(moduleId: string): boolean | undefined;
  /** Whether the site is in maintenance or the client's region is blocked. */
  accessState(request: FastifyRequest): Promise<AccessState>;
  /** `accessState` from configuration already loaded, without a promise; undefined when it is not loaded. */
  accessStateNow(request: FastifyRequest): AccessState | undefined;
  /** Payload encryption for calls marked E: whether it is on and how to open a body. */
  payloadEncryption(): Promise<{
    enabled: boolean;
    decrypt(body: unknown): unknown;
    isEncrypted(body: unknown): boolean;
  }>;
  /**
   * Establishes the session for calls marked T. The identity module supplies the real one;
   * until then every T call is refused as not logged in.
   * @throws AUTH_REQUIRED
   */
  authenticate(request: FastifyRequest): Promise<void>;
};

/** Calls that must keep answering in maintenance and for blocked regions: start-up reads them. */
const alwaysOpenPrefix = '/wps/system/';

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Guards every route that has a call table entry, in the order a player meets the rules:
 * headers, site access (maintenance first, then region), the whitelabel switch, the session,
 * then the encrypted body. Runs before schema validation so a decrypted body is validated as plain.
 */
function checkHeaders(request: FastifyRequest, options: CallGuardOptions): void {
  const merchant = headerValue(request, requestHeaders.merchant);
  if (merchant !== undefined && merchant !== options.merchantCode) {
    throw new AppError('SYSTEM_MERCHANT_UNKNOWN', { merchant });
  }
  const device = headerValue(request, requestHeaders.device);
  if (device !== undefined && !(devices as readonly string[]).includes(device)) {
    throw new AppError('VALIDATION_FAILED', {}, [
      { path: 'headers.device', code: 'invalid_value', message: `Device must be one of ${devices.join(', ')}` },
    ]);
  }
}

function guardFor(entry: CallEntry, options: CallGuardOptions): preValidationHookHandler {
  // Start-up calls with no module, session or encryption (the polled status and permission calls) only have their
  // headers checked: a synchronous hook, without the promise an async one costs on every poll.
  if (entry.path.startsWith(alwaysOpenPrefix) && !entry.module && !entry.token && !entry.encrypted) {
    return (request, _reply, done) => {
      try {
        checkHeaders(request, options);
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    };
  }
  const guarded = !entry.path.startsWith(alwaysOpenPrefix);
  const module = entry.module;
  const needsMore = entry.token || entry.encrypted;
  /**
   * What the synchronous checks left: the site and module checks when the configuration was not loaded (`open`
   * false; `accessState` and `isModuleEnabled` load it), then the session and the encrypted body.
   */
  const finish = async (request: FastifyRequest, open: boolean): Promise<void> => {
    if (!open) {
      if (guarded) refuseAccess(await options.accessState(request));
      if (module && !(await options.isModuleEnabled(module))) refuseModule(module);
    }
    if (entry.token) await options.authenticate(request);
    if (entry.encrypted) {
      const encryption = await options.payloadEncryption();
      if (encryption.enabled) {
        if (!encryption.isEncrypted(request.body)) throw new AppError('CRYPTO_PAYLOAD_REQUIRED');
        try {
          request.body = encryption.decrypt(request.body);
        } catch {
          throw new AppError('CRYPTO_PAYLOAD_INVALID');
        }
      }
    }
  };
  /** True when the site and module checks passed from loaded configuration; false when it is not loaded. */
  const checkOpenNow = (request: FastifyRequest): boolean => {
    if (guarded) {
      const access = options.accessStateNow(request);
      if (access === undefined) return false;
      refuseAccess(access);
    }
    if (module) {
      const enabled = options.isModuleEnabledNow(module);
      if (enabled === undefined) return false;
      if (!enabled) refuseModule(module);
    }
    return true;
  };
  // A callback hook: while the configuration is loaded (nearly always), the site and module checks are answered
  // from it without a promise, so a call with no session and no encrypted body (the game lists) goes on at once.
  return (request, _reply, done) => {
    let open: boolean;
    try {
      checkHeaders(request, options);
      open = checkOpenNow(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (open && !needsMore) {
      done();
      return;
    }
    finish(request, open).then(() => done(), done);
  };
}

/** @throws SYSTEM_MAINTENANCE or SYSTEM_ACCESS_RESTRICTED unless the site is open to this client. */
function refuseAccess(access: AccessState): void {
  if (access === 'maintenance') throw new AppError('SYSTEM_MAINTENANCE');
  if (access === 'restricted') throw new AppError('SYSTEM_ACCESS_RESTRICTED');
}

/** @throws SYSTEM_FUNCTION_NOT_ENABLED */
function refuseModule(module: string): never {
  throw new AppError('SYSTEM_FUNCTION_NOT_ENABLED', { module });
}

/** Attaches the call-table guard to every route registered after it whose method and path are in the table. */
export const callGuard = fp<CallGuardOptions>(
  async (app: FastifyInstance, options) => {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const entry = route.config?.call ?? methods.map((method) => findCall(method, route.url)).find(Boolean);
      if (!entry) return;
      route.config = { ...route.config, call: entry };
      const existing = route.preValidation
        ? Array.isArray(route.preValidation)
          ? route.preValidation
          : [route.preValidation]
        : [];
      route.preValidation = [guardFor(entry, options), ...existing];
    });
  },
  { name: 'call-guard' },
);
