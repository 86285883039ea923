// Writes the small Bengali faces of packages/ui/src/theme/fonts/ from Noto Sans Bengali (SIL OFL, @fontsource), cut
// down with HarfBuzz's subsetter (through `subset-font`, which keeps the shaping tables the kept letters need):
// - language-name-bengali.woff2: the letters of the language switcher's "বাংলা" (bold, as the switcher draws it);
// - taka-400.woff2 and taka-700.woff2: the taka sign ৳ that every amount in BDT carries.
// An English page shows both, and without these faces it downloads the whole Bengali face (48 KB a weight) for
// them. Run again if the language names change:
//   node scripts/subset-language-name-font.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const face = (weight) =>
  readFileSync(require.resolve(`@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-${weight}-normal.woff2`));
const outputs = [
  { file: 'language-name-bengali.woff2', weight: 700, text: 'বাংলা' },
  { file: 'taka-400.woff2', weight: 400, text: '৳' },
  { file: 'taka-700.woff2', weight: 700, text: '৳' },
];
for (const { file, weight, text } of outputs) {
  const target = path.join(root, 'packages/ui/src/theme/fonts', file);
  const subset = await subsetFont(face(weight), text, { targetFormat: 'woff2' });
  writeFileSync(target, subset);
  const codePoints = [...new Set([...text].map((char) => char.codePointAt(0)))].sort((a, b) => a - b);
  const range = codePoints.map((cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`).join(', ');
  process.stdout.write(`${file}: ${subset.length} bytes, unicode-range: ${range}\n`);
}
