import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Paths the API server answers; the dev server forwards them so the console runs same-origin as in production. */
const serverPaths = ['/bo', '/wps', '/docs', '/healthz'];
const apiOrigin = 'http://localhost:3000';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const reactRouterDist = fromHere('../../node_modules/react-router/dist/production/');

/** The operator console, served by the server under /backoffice (a second @fastify/static root). */
export default defineConfig(({ command }) => ({
  plugins: [react()],
  base: '/backoffice/',
  resolve: {
    alias: [
      { find: '@', replacement: fromHere('./src') },
      // react-router's package exports always resolve its development build (remix-run/react-router#14102);
      // production builds use the production files it ships beside it, as the player app does.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${reactRouterDist}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterDist}dom-export.mjs` },
          ]
        : []),
    ],
  },
  server: {
    port: 5174,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: apiOrigin }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
      treeshake: {
        // The contract only declares constants and schemas; marking it side-effect free drops the player calls.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id),
      },
    },
  },
  test: {
    name: 'backoffice',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // A screen test's first render transforms the screens it loads on demand; on a busy 2-core machine (the suites
    // run side by side) that alone has taken most of the 5 s default.
    testTimeout: 15_000,
  },
}));
