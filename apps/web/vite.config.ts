import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

/** Paths the API server answers; the dev server forwards them so the app runs same-origin as in production. */
const serverPaths = ['/wps', '/lgw', '/lotto', '/bo', '/dev', '/docs', '/healthz', '/readyz', '/metrics', '/gateway'];
const apiOrigin = 'http://localhost:3000';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const reactRouterDist = fromHere('../../node_modules/react-router/dist/production/');

/** The design system's stylesheets that the start-up cover in index.html needs: the tokens, the base rules, the cover. */
const coverStylesheets = ['theme/tokens.css', 'theme/global.css', 'wordmark.css', 'loading-cover.css'].map((file) =>
  fromHere(`../../packages/ui/src/${file}`),
);

/**
 * Paints the start-up cover without waiting for the stylesheet: the cover's own rules (about 2 KB compressed) go into
 * index.html, and the app's stylesheet moves to the end of the body, where it no longer holds back the first paint of
 * what comes before it (the cover) but still holds back the scripts, which wait for it as before. The same rules
 * arrive again with the stylesheet, so nothing changes on screen when it does.
 */
function inlineCoverStyles(): Plugin {
  return {
    name: 'portal:inline-cover-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const stylesheet = /\s*<link rel="stylesheet"[^>]*href="\/assets\/index-[^"]+\.css"[^>]*>/.exec(html);
        if (!stylesheet) throw new Error('index.html has no entry stylesheet to move');
        const css = coverStylesheets
          .map((file) => readFileSync(file, 'utf8'))
          .join('\n')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s*\n\s*/g, '\n')
          .trim();
        return html
          .replace(stylesheet[0], '')
          .replace('</head>', `  <style>${css}</style>\n  </head>`)
          .replace('</body>', `  ${stylesheet[0].trim()}\n  </body>`);
      },
    },
  };
}

/**
 * Starts the app after the page's first paint: the entry's module script becomes a modulepreload link marked
 * `data-app-entry` (fetched at once, as before), which public/early-requests.js turns into the module script once
 * the start-up cover has been painted. When the scripts arrived before the first frame, they used to run first and
 * hold the cover (and the home page's promotion in it) off the screen for their whole first long task.
 */
function startAppAfterFirstPaint(): Plugin {
  return {
    name: 'portal:start-app-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"><\/script>/.exec(html);
        if (!entry) throw new Error('index.html has no entry module script to start after the first paint');
        if (!html.includes('<script src="/early-requests.js" async></script>'))
          throw new Error('index.html has no early-requests script to start the app');
        return html.replace(entry[0], `<link rel="modulepreload" crossorigin href="${entry[1]}" data-app-entry>`);
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    inlineCoverStyles(),
    startAppAfterFirstPaint(),
    // Brotli (quality 11) and gzip (level 9) copies of the built text files, made once at build time: the server sends
    // them as they are (`preCompressed`), instead of compressing each answer on the fly at a quality fast enough for
    // that (Brotli 4), which made the start-up scripts about 10% larger on the wire.
    compression({
      include: /\.(js|css|html|svg|webmanifest|json)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  base: '/',
  resolve: {
    alias: [
      { find: '@', replacement: fromHere('./src') },
      // react-router's package exports always resolve its development build, which carries dev-only
      // warnings and about a third more code (remix-run/react-router#14102); production builds use the
      // production files it ships beside it.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${reactRouterDist}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterDist}dom-export.mjs` },
          ]
        : []),
    ],
  },
  server: {
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: apiOrigin }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React changes far less often than the app, so browsers keep it cached across deploys.
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
      treeshake: {
        // The contract only declares constants and schemas; marking it side-effect free lets the bundle
        // drop the schemas and tables the player app never imports (registration patterns, back-office calls).
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id),
      },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // A screen test's first render transforms the screens it loads on demand; on a busy 2-core machine (the suites
    // run side by side) that alone has taken most of the 5 s default.
    testTimeout: 15_000,
  },
}));
