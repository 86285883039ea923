// `npm run dev`: the API with hot reload (tsx watch) and the web app through Vite's dev server,
// which proxies API paths to the API on port 3000.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { DEV_TOOLS: 'true', SEED_DEMO: 'true', SERVE_WEB: 'false', ...process.env };
const children = [
  spawn('npm', ['run', 'dev', '-w', '@portal/server'], { cwd: root, env, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@portal/web'], { cwd: root, env, stdio: 'inherit' }),
];

function stopAll(signal) {
  for (const child of children) child.kill(signal);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exit(code ?? 0);
  });
}
