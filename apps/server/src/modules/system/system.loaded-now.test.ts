import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, fixedCountryResolver } from '../../testing';

describe('system access and module checks without a promise (the call guard reads them on every call)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // The test app reloads the configuration on every read (TTL 0); here it is kept, as in production.
    app = await buildTestApp(
      { permissionCacheTtlMs: 60_000 },
      { countryResolver: fixedCountryResolver({ '203.0.113.7': 'KP' }) },
    );
  });
  afterAll(() => app.close());

  it('answers from the loaded configuration, as the async getters do', async () => {
    const { system } = app.services;
    await system.accessState('198.51.100.4');
    expect(system.accessStateNow('198.51.100.4')).toBe('normal');
    expect(system.isModuleEnabledNow('GAME')).toBe(true);
  });

  /**
   * Loads the configuration (as the call guard's async path does) until `now` answers `expected`: with Redis, this
   * instance's own change notice arrives after the first load and drops that snapshot once more.
   */
  async function loadedAgain(now: () => unknown, expected: unknown): Promise<void> {
    await vi.waitFor(async () => {
      await app.services.system.isModuleEnabled('GAME');
      expect(now()).toBe(expected);
    });
  }

  it('knows nothing after a change until the configuration is loaded again, then the new state', async () => {
    const { system } = app.services;
    await system.setMaintenance({ enabled: true, end: null });
    expect(system.accessStateNow('198.51.100.4')).toBeUndefined();
    expect(await system.accessState('198.51.100.4')).toBe('maintenance');
    await loadedAgain(() => system.accessStateNow('198.51.100.4'), 'maintenance');
    await system.setMaintenance({ enabled: false, end: null });

    await system.setRegionBlock({ countries: ['KP'], ipRanges: [] });
    await loadedAgain(() => system.accessStateNow('203.0.113.7'), 'restricted');
    await loadedAgain(() => system.accessStateNow('198.51.100.4'), 'normal');
    await system.setRegionBlock({ countries: [], ipRanges: [] });

    await system.setFeature('GAME', false);
    expect(system.isModuleEnabledNow('GAME')).toBeUndefined();
    expect(await system.isModuleEnabled('GAME')).toBe(false);
    await loadedAgain(() => system.isModuleEnabledNow('GAME'), false);
    await system.setFeature('GAME', true);
  });
});
