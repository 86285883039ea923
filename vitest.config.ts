import { defineConfig } from 'vitest/config';

/**
 * Unit, API and integration suites. Each project runs in its own environment; the browser
 * journeys have their own config in e2e/ because they need a built web app.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'vendor-sim',
          include: ['apps/vendor-sim/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      'packages/ui/vitest.config.ts',
      'apps/web/vite.config.ts',
      'apps/backoffice/vite.config.ts',
    ],
  },
});
