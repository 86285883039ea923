import { defineConfig } from 'vitest/config';

/** Browser journeys: real Chromium against the real server on a free port with a fresh database. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/src/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser at a time: the machine has two cores and each journey starts its own server.
    fileParallelism: false,
  },
});
