// Bundles the server into dist/main.js so `npm start` boots without compiling TypeScript.
// Workspace packages (@portal/*) are bundled in; every npm dependency stays external.
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';

const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'externalise-npm-packages',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
};

await build({ ...options, entryPoints: ['src/main.ts'], outfile: 'dist/main.js' });
// The migrated PGlite template that a first start on fresh data unpacks instead of running initdb.
await build({ ...options, entryPoints: ['src/platform/db/template.cli.ts'], outfile: 'dist/template.cli.js' });
execFileSync(process.execPath, ['dist/template.cli.js'], { stdio: 'inherit' });
