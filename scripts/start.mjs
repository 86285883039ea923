// `npm start`: builds whatever is missing or stale, then serves the whole product on one port with
// embedded PGlite, demo data and development tools, and prints where everything is.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (
  stale(path.join(root, 'apps/web/dist/index.html'), [
    'apps/web/src',
    'apps/web/index.html',
    'packages/contract/src',
    'packages/ui/src',
  ])
) {
  console.info('Building the web app…');
  run(['run', 'build', '-w', '@portal/web']);
}
if (stale(path.join(root, 'apps/server/dist/main.js'), ['apps/server/src', 'packages/contract/src'])) {
  console.info('Building the server…');
  run(['run', 'build', '-w', '@portal/server']);
}

const env = { DEV_TOOLS: 'true', SEED_DEMO: 'true', ...process.env };
const port = env.PORT ?? '3000';
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  env,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});

server.on('message', (message) => {
  if (message?.type !== 'listening') return;
  const base = `http://localhost:${port}`;
  console.info(
    [
      '',
      '  Portal is running',
      `    Player portal   ${base}/`,
      `    Back office     ${base}/backoffice`,
      `    API reference   ${base}/docs`,
      `    Health          ${base}/healthz   ${base}/readyz   ${base}/metrics`,
      `    Dev tools       ${base}/dev/      (DEV_TOOLS=${env.DEV_TOOLS})`,
      `    Database        ${env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${env.DATA_DIR ?? './.data'}`}`,
      '',
      '  Seeded: merchant (BDT, EN/BN), whitelabel feature tree, registration rules, help centre, customer-service links.',
      '  Demo logins (player site; agents also at /agent):',
      ...(message.demoLogins ?? []).map(
        (login) => `    ${login.role.padEnd(8)} ${login.username.padEnd(16)} ${login.password}`,
      ),
      '',
      ...(message.backofficeOwner
        ? [
            '  Back office (first start only — note it now): sign in, then set a new password and two-step verification',
            `    ${base}/backoffice   owner ${message.backofficeOwner.username}  ${message.backofficeOwner.password}`,
            '',
          ]
        : [`  Back office: ${base}/backoffice (owner account created on the first start)`, '']),
    ].join('\n'),
  );
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
