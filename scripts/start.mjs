// `npm start`: builds whatever is missing or stale, then serves the whole product on one port with
// embedded PGlite, demo data and development tools, and prints where everything is.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time under each source path, walked once per start (several outputs share sources). */
const newestByPath = new Map();
function newestMtime(dir) {
  if (!newestByPath.has(dir)) newestByPath.set(dir, walkNewestMtime(dir));
  return newestByPath.get(dir);
}

function walkNewestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? walkNewestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

let sim;

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    sim?.kill('SIGTERM');
    process.exit(result.status ?? 1);
  }
}

const simEnabled = process.env.VENDOR_SIM_ENABLED !== 'false';
if (simEnabled && stale(path.join(root, 'apps/vendor-sim/dist/main.js'), ['apps/vendor-sim/src'])) {
  console.info('Building the vendor simulator…');
  run(['run', 'build', '-w', '@portal/vendor-sim']);
}

const env = { DEV_TOOLS: 'true', SEED_DEMO: 'true', ...process.env };
const port = env.PORT ?? '3000';

/**
 * The vendor simulator (apps/vendor-sim) starts first: it makes its key pairs and shared secrets once under
 * <DATA_DIR>/vendor-sim/ and reports the HUB88_* / TCG_* settings the portal needs to reach it. Settings the user
 * set keep their values. The other outputs are checked (and built when stale) while it starts.
 */
let simReady = Promise.resolve(null);
if (simEnabled) {
  const simPort = env.VENDOR_SIM_PORT ?? '3100';
  sim = spawn(process.execPath, ['--enable-source-maps', 'apps/vendor-sim/dist/main.js'], {
    cwd: root,
    env: {
      VENDOR_SIM_PORT: simPort,
      VENDOR_SIM_PORTAL_URL: `http://127.0.0.1:${port}`,
      VENDOR_SIM_DEV_ROUTES: env.DEV_TOOLS,
      ...env,
    },
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  // 'settings' comes as soon as the simulator has its keys (before it listens), so the portal starts beside the
  // simulator's own start; 'listening' is enough too (a simulator on a random port sends only that).
  simReady = new Promise((resolve) => {
    sim.on('message', (message) => ['settings', 'listening'].includes(message?.type) && resolve(message));
    sim.on('exit', () => resolve(null));
  });
}

if (
  stale(path.join(root, 'apps/web/dist/index.html'), [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'packages/contract/src',
    'packages/ui/src',
  ])
) {
  console.info('Building the web app…');
  run(['run', 'build', '-w', '@portal/web']);
}
if (
  stale(path.join(root, 'apps/backoffice/dist/index.html'), [
    'apps/backoffice/src',
    'apps/backoffice/index.html',
    'apps/backoffice/public',
    'packages/contract/src',
    'packages/ui/src',
  ])
) {
  console.info('Building the back office…');
  run(['run', 'build', '-w', '@portal/backoffice']);
}
if (stale(path.join(root, 'apps/server/dist/main.js'), ['apps/server/src', 'packages/contract/src'])) {
  console.info('Building the server…');
  run(['run', 'build', '-w', '@portal/server']);
}

let simUrl;
if (simEnabled) {
  const ready = await simReady;
  if (!ready) {
    console.error('The vendor simulator did not start (set VENDOR_SIM_ENABLED=false to run without it).');
    process.exit(1);
  }
  simUrl = ready.url;
  const vendorSettings = {
    ...ready.portalSettings,
    // The simulator's TCG products: its lotteries, and its sports and e-sports books (numbers of its own).
    TCG_PRODUCTS:
      '2:LOTT:LOTT,420:TCG_LOTTO_VN:LOTT,384:TCG_SEA:ELOTT,386:ELOTT:ELOTT,1001:SBT:SPORTS,1002:IBC:SPORTS,1101:AV:ESPORTS,1102:IMES:ESPORTS,1103:TF:ESPORTS',
  };
  const userSetHub88 = Object.keys(env).some((name) => name.startsWith('HUB88_'));
  const userSetTcg = Object.keys(env).some((name) => name.startsWith('TCG_'));
  for (const [name, value] of Object.entries(vendorSettings)) {
    if ((name.startsWith('HUB88_') && !userSetHub88) || (name.startsWith('TCG_') && !userSetTcg)) env[name] = value;
  }
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  env,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
// The simulator may still fail after it sent its settings (its port taken, say): then nothing runs half.
let simFailed = false;
sim?.on('exit', (code, signal) => {
  if (signal || code === 0) return;
  simFailed = true;
  console.error(`The vendor simulator stopped (exit code ${code}); stopping the portal.`);
  server.kill('SIGTERM');
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
      `    Vendor sim      ${simUrl ? `${simUrl}   (Hub88 seamless + TCG transfer games; keys in ${env.VENDOR_SIM_DIR ?? `${env.DATA_DIR ?? './.data'}/vendor-sim`})` : 'off (VENDOR_SIM_ENABLED=false)'}`,
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

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.kill(signal);
    sim?.kill(signal);
  });
server.on('exit', (code) => {
  sim?.kill('SIGTERM');
  process.exit(simFailed ? 1 : (code ?? 0));
});
