// Bundles the vendor simulator into dist/main.js so `npm start` boots it without compiling TypeScript.
// Workspace packages (@portal/*) are bundled in; every npm dependency stays external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
});
