import { seededRng } from '../rng';
import type { SimGame } from './generator';

/** Colour themes of the generated artwork: [background from, background to, accent, text]. */
type Palette = [string, string, string, string];
export const PALETTES: Palette[] = [
  ['#3b0a45', '#8e2de2', '#ffd166', '#ffffff'],
  ['#0b3d2e', '#14a06f', '#f9e07f', '#ffffff'],
  ['#4a0d0d', '#d62828', '#fcbf49', '#fff8e7'],
  ['#0a2540', '#1f6feb', '#7ee8fa', '#ffffff'],
  ['#2b1a00', '#c77d00', '#fff3b0', '#fffdf5'],
  ['#1a1a2e', '#e94560', '#f5f5f5', '#ffffff'],
  ['#003b46', '#07575b', '#66a5ad', '#f1f1f1'],
  ['#240046', '#ff006e', '#8ecae6', '#ffffff'],
];

export const paletteOf = (index: number): Palette => PALETTES[index % PALETTES.length] as Palette;

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
  );

/** Splits a title into at most two lines of about 14 characters. */
function titleLines(title: string): string[] {
  const words = title.split(' ');
  const lines: string[] = [''];
  for (const word of words) {
    const current = lines[lines.length - 1] as string;
    if (current && current.length + word.length + 1 > 14 && lines.length < 2) lines.push(word);
    else lines[lines.length - 1] = current ? `${current} ${word}` : word;
  }
  return lines;
}

/**
 * A deterministic thumbnail: gradient by palette, seeded decoration (rays, coins, a central emblem), the title and
 * the provider badge. `wide` makes the 16:9 background variant.
 */
export function renderArt(game: SimGame, wide = false): string {
  const [from, to, accent, ink] = paletteOf(game.palette);
  const rng = seededRng(game.seed);
  const width = wide ? 640 : 400;
  const height = 360;
  const cx = width / 2;
  const rays = Array.from({ length: 12 }, (_, i) => {
    const angle = (i * Math.PI) / 6 + rng.next() * 0.2;
    const x = cx + Math.cos(angle) * 420;
    const y = 150 + Math.sin(angle) * 420;
    return `<polygon points="${cx},150 ${x.toFixed(1)},${y.toFixed(1)} ${(x + 60).toFixed(1)},${(y + 60).toFixed(1)}" fill="${accent}" opacity="0.07"/>`;
  }).join('');
  const coins = Array.from({ length: 7 }, () => {
    const x = (rng.next() * width).toFixed(1);
    const y = (rng.next() * height * 0.6).toFixed(1);
    const r = (6 + rng.next() * 14).toFixed(1);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${accent}" opacity="${(0.25 + rng.next() * 0.4).toFixed(2)}"/>`;
  }).join('');
  const sides = 3 + (game.seed % 6);
  const emblem = Array.from({ length: sides * 2 }, (_, i) => {
    const radius = i % 2 === 0 ? 70 : 34;
    const angle = (i * Math.PI) / sides - Math.PI / 2;
    return `${(cx + Math.cos(angle) * radius).toFixed(1)},${(132 + Math.sin(angle) * radius).toFixed(1)}`;
  }).join(' ');
  const emblemShape =
    game.kind === 'baccarat'
      ? `<rect x="${cx - 52}" y="78" width="60" height="84" rx="8" fill="${ink}" transform="rotate(-12 ${cx} 120)"/><rect x="${cx - 8}" y="78" width="60" height="84" rx="8" fill="${accent}" transform="rotate(10 ${cx} 120)"/>`
      : `<polygon points="${emblem}" fill="${accent}" stroke="${ink}" stroke-width="4"/>`;
  const lines = titleLines(game.name.toUpperCase());
  const title = lines
    .map(
      (line, i) =>
        `<text x="${cx}" y="${250 + i * 34}" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" font-size="28" font-weight="900" fill="${ink}" stroke="${from}" stroke-width="1">${escapeXml(line)}</text>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(game.name)}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    rays,
    coins,
    emblemShape,
    title,
    `<rect x="${cx - 60}" y="${height - 40}" width="120" height="26" rx="13" fill="${from}" opacity="0.85"/>`,
    `<text x="${cx}" y="${height - 22}" text-anchor="middle" font-family="Arial, sans-serif" font-size="14" font-weight="700" fill="${accent}">${escapeXml(game.providerCode)}</text>`,
    '</svg>',
  ].join('');
}
