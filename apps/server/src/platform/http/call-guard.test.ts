import { calls } from '@portal/contract';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from './app-error';
import { type AccessState, type CallGuardOptions, callGuard } from './call-guard';
import { installErrorHandler } from './error-handler';

/** The loaded configuration as the guard's synchronous getters see it; undefined stands for "not loaded". */
type Loaded = { access: AccessState; modules: Record<string, boolean> } | undefined;

async function guarded(loaded: Loaded, stored: { access: AccessState; modules: Record<string, boolean> }) {
  const options = {
    merchantCode: 'DEMO',
    accessStateNow: vi.fn(() => loaded?.access),
    isModuleEnabledNow: vi.fn((moduleId: string) => (loaded ? (loaded.modules[moduleId] ?? true) : undefined)),
    accessState: vi.fn(async () => stored.access),
    isModuleEnabled: vi.fn(async (moduleId: string) => stored.modules[moduleId] ?? true),
    payloadEncryption: vi.fn(async () => ({
      enabled: false,
      decrypt: (body: unknown) => body,
      isEncrypted: () => false,
    })),
    authenticate: vi.fn(async () => {
      throw new AppError('AUTH_REQUIRED');
    }),
  } satisfies CallGuardOptions;
  const app = Fastify();
  installErrorHandler(app);
  await app.register(callGuard, options);
  app.post(calls.gameList.path, async () => ({ success: true }));
  app.get(calls.memberInfo.path, async () => ({ success: true }));
  await app.ready();
  const list = () => app.inject({ method: 'POST', url: calls.gameList.path, payload: {} });
  return { app, options, list };
}

const open = { access: 'normal' as const, modules: {} };

describe('call guard', () => {
  it('answers the site and module checks from loaded configuration, without the async getters', async () => {
    const { options, list } = await guarded(open, { access: 'maintenance', modules: { GAME: false } });
    expect((await list()).statusCode).toBe(200);
    expect(options.accessStateNow).toHaveBeenCalledTimes(1);
    expect(options.isModuleEnabledNow).toHaveBeenCalledWith('GAME');
    expect(options.accessState).not.toHaveBeenCalled();
    expect(options.isModuleEnabled).not.toHaveBeenCalled();
  });

  it('refuses maintenance, a blocked region and a switched-off module from loaded configuration', async () => {
    const maintenance = await guarded({ access: 'maintenance', modules: {} }, open);
    const closed = await maintenance.list();
    expect(closed.statusCode).toBe(503);
    expect(closed.json().code).toBe('SYSTEM_MAINTENANCE');
    const restricted = await (await guarded({ access: 'restricted', modules: {} }, open)).list();
    expect(restricted.statusCode).toBe(403);
    expect(restricted.json().code).toBe('SYSTEM_ACCESS_RESTRICTED');
    const off = await (await guarded({ access: 'normal', modules: { GAME: false } }, open)).list();
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'SYSTEM_FUNCTION_NOT_ENABLED', params: { module: 'GAME' } });
    expect(maintenance.options.accessState).not.toHaveBeenCalled();
  });

  it('waits for the async getters while the configuration is not loaded', async () => {
    const loading = await guarded(undefined, { access: 'maintenance', modules: {} });
    expect((await loading.list()).json().code).toBe('SYSTEM_MAINTENANCE');
    expect(loading.options.accessState).toHaveBeenCalledTimes(1);
    const off = await guarded(undefined, { access: 'normal', modules: { GAME: false } });
    expect((await off.list()).json().code).toBe('SYSTEM_FUNCTION_NOT_ENABLED');
    const fine = await guarded(undefined, open);
    expect((await fine.list()).statusCode).toBe(200);
    expect(fine.options.isModuleEnabled).toHaveBeenCalledWith('GAME');
  });

  it('still checks the session of a token call after the synchronous checks pass', async () => {
    const { app, options } = await guarded(open, open);
    const response = await app.inject({ method: 'GET', url: calls.memberInfo.path });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('AUTH_REQUIRED');
    expect(options.authenticate).toHaveBeenCalledTimes(1);
    expect(options.accessState).not.toHaveBeenCalled();
  });
});
