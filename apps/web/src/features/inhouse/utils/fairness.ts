/**
 * The in-house games' draw, recomputed in the browser with Web Crypto, so a member can check a revealed seed without
 * trusting the server's own verification: SHA-256(server seed) must equal the hash shown before the bets, and
 * HMAC-SHA256(server seed, `${clientSeed}:${nonce}`) gives each bet's number (first 52 bits over 2^52).
 */

const encoder = new TextEncoder();
const twoTo52 = 2n ** 52n;

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(value: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(value)));
}

export async function fairInteger(serverSeed: string, clientSeed: string, nonce: number): Promise<bigint> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const digest = hex(await crypto.subtle.sign('HMAC', key, encoder.encode(`${clientSeed}:${nonce}`)));
  return BigInt(`0x${digest.slice(0, 13)}`);
}

/** Dice roll in hundredths (0–9999). */
export function diceRoll(value: bigint): number {
  return Number((value * 10_000n) / twoTo52);
}

/** Limbo multiplier in hundredths (at least 100 = 1.00×). */
export function limboMultiplier(value: bigint): number {
  const multiplier = (99n * twoTo52) / (twoTo52 - value);
  return Number(multiplier < 100n ? 100n : multiplier);
}

/** What a round's result should be, recomputed here. */
export async function recompute(
  gameCode: string,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
): Promise<Record<string, number>> {
  const value = await fairInteger(serverSeed, clientSeed, nonce);
  return gameCode === 'BGS_DICE'
    ? { rollHundredths: diceRoll(value) }
    : { multiplierHundredths: limboMultiplier(value) };
}

/** Dice: the pay multiplier in hundredths for a winning chance of `winningRolls` out of 10,000 (1% house edge). */
export function dicePayoutHundredths(direction: 'under' | 'over', targetHundredths: number): number | null {
  const winning = direction === 'under' ? targetHundredths : 9999 - targetHundredths;
  if (winning < 100 || winning > 9800) return null;
  return Math.floor((9900 * 100) / winning);
}
