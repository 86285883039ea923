// Adds up vitest's "Tests  N passed | M failed" lines from CI logs and prints one plain closing line
// ("N passed, M failed"), so the whole CI run reports how many tests it ran.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the ANSI colour codes vitest prints.
  const text = readFileSync(file, 'utf8').replace(/\u001b\[[0-9;]*m/g, '');
  for (const line of text.split('\n')) {
    if (!/^\s*Tests\s/.test(line)) continue;
    passed += Number(/(\d+) passed/.exec(line)?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(line)?.[1] ?? 0);
    skipped += Number(/(\d+) skipped/.exec(line)?.[1] ?? 0);
  }
}
console.info(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
