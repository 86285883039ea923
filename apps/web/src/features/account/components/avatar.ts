import type { CSSProperties } from 'react';

/**
 * The fixed avatar set of `/wps/member/info/icon` (ids 1 to 12), drawn as gradients in the site's palette
 * around the member's initial, so the set needs no image downloads.
 */
const gradients: readonly [string, string][] = [
  ['#f5c451', '#e8893a'],
  ['#7c5cf0', '#4a2fc0'],
  ['#2fd07f', '#148a52'],
  ['#ff5a6a', '#b8233a'],
  ['#3aa8ff', '#1d5fc4'],
  ['#ff8ad8', '#c0399a'],
  ['#5ee6e0', '#1f8f96'],
  ['#ffb547', '#c9701a'],
  ['#a3e635', '#4d7c0f'],
  ['#c084fc', '#7e22ce'],
  ['#f97316', '#9a3412'],
  ['#94a3c4', '#3b4a6b'],
];

export function avatarStyle(id: number | null): CSSProperties {
  const [from, to] = gradients[((id ?? 1) - 1 + gradients.length) % gradients.length] ?? ['#f5c451', '#e8893a'];
  return { background: `linear-gradient(135deg, ${from}, ${to})` };
}
