import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateVendorKeysInParallel, type VendorKeys } from './keys';

/** Settings of the standalone simulator (`npm start` runs it); tests call startVendorSim with options instead. */
export type SimSettings = {
  port: number;
  host: string;
  publicUrl?: string;
  portalUrl: string;
  dir: string;
  currency: string;
  rtp: number;
  devRoutes: boolean;
  gameListRateLimitPerMinute: number;
  lotteryIntervalScale: number;
};

/** Files under the simulator directory that both sides read (the portal gets the paths from scripts/start.mjs). */
export const SIM_FILES = {
  simPrivateKey: 'hub88-sim-private.pem',
  simPublicKey: 'hub88-sim-public.pem',
  operatorPrivateKey: 'hub88-operator-private.pem',
  operatorPublicKey: 'hub88-operator-public.pem',
  shared: 'settings.json',
  tcgState: 'tcg-state.json',
} as const;

export type SharedSettings = { operatorId: string; merchantCode: string; desKey: string; signKey: string };

export class SimConfigError extends Error {}

function number(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  check: (value: number) => boolean,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || !check(value)) throw new SimConfigError(`${name} is not valid: ${raw}`);
  return value;
}

export function loadSimSettings(env: Record<string, string | undefined>): SimSettings {
  const port = number(env, 'VENDOR_SIM_PORT', 3100, (v) => Number.isInteger(v) && v >= 0 && v <= 65535);
  const publicUrl = env.VENDOR_SIM_PUBLIC_URL || undefined;
  if (publicUrl && !/^https?:\/\//.test(publicUrl))
    throw new SimConfigError('VENDOR_SIM_PUBLIC_URL must be an http(s) URL');
  const portalUrl = env.VENDOR_SIM_PORTAL_URL || `http://127.0.0.1:${env.PORT || 3000}`;
  if (!/^https?:\/\//.test(portalUrl)) throw new SimConfigError('VENDOR_SIM_PORTAL_URL must be an http(s) URL');
  return {
    port,
    host: env.VENDOR_SIM_HOST || '0.0.0.0',
    ...(publicUrl ? { publicUrl } : {}),
    portalUrl,
    dir: env.VENDOR_SIM_DIR || path.join(env.DATA_DIR || './.data', 'vendor-sim'),
    currency: env.VENDOR_SIM_CURRENCY || env.MERCHANT_CURRENCY || 'BDT',
    rtp: number(env, 'VENDOR_SIM_RTP', 0.96, (v) => v > 0.5 && v < 1),
    devRoutes: env.VENDOR_SIM_DEV_ROUTES === 'true',
    gameListRateLimitPerMinute: number(env, 'VENDOR_SIM_GAME_LIST_PER_MINUTE', 1, (v) => v >= 0),
    lotteryIntervalScale: number(env, 'VENDOR_SIM_LOTTERY_INTERVAL_SCALE', 1, (v) => v > 0 && v <= 100),
  };
}

/**
 * Makes the key pairs and the shared TCG/Hub88 identifiers once, under the simulator directory, and reads them on
 * every later start. Values set in the environment (the portal's own names) win over the files.
 */
export async function ensureSimFiles(
  dir: string,
  env: Record<string, string | undefined>,
): Promise<{ keys: VendorKeys; shared: SharedSettings }> {
  mkdirSync(dir, { recursive: true });
  const file = (name: string) => path.join(dir, name);
  if (!existsSync(file(SIM_FILES.simPrivateKey)) || !existsSync(file(SIM_FILES.operatorPrivateKey))) {
    const keys = await generateVendorKeysInParallel();
    writeFileSync(file(SIM_FILES.simPrivateKey), keys.sim.privateKeyPem, { mode: 0o600 });
    writeFileSync(file(SIM_FILES.simPublicKey), keys.sim.publicKeyPem);
    writeFileSync(file(SIM_FILES.operatorPrivateKey), keys.operator.privateKeyPem, { mode: 0o600 });
    writeFileSync(file(SIM_FILES.operatorPublicKey), keys.operator.publicKeyPem);
  }
  if (!existsSync(file(SIM_FILES.shared))) {
    const generated: SharedSettings = {
      operatorId: String(1000 + (randomBytes(2).readUInt16BE() % 9000)),
      merchantCode: 'SIMTCG',
      desKey: randomBytes(6).toString('base64url').slice(0, 8),
      signKey: randomBytes(24).toString('base64url'),
    };
    writeFileSync(file(SIM_FILES.shared), JSON.stringify(generated, null, 2), { mode: 0o600 });
  }
  const stored = JSON.parse(readFileSync(file(SIM_FILES.shared), 'utf8')) as SharedSettings;
  return {
    keys: {
      sim: {
        privateKeyPem: readFileSync(file(SIM_FILES.simPrivateKey), 'utf8'),
        publicKeyPem: readFileSync(file(SIM_FILES.simPublicKey), 'utf8'),
      },
      operator: {
        privateKeyPem: readFileSync(file(SIM_FILES.operatorPrivateKey), 'utf8'),
        publicKeyPem: readFileSync(file(SIM_FILES.operatorPublicKey), 'utf8'),
      },
    },
    shared: {
      operatorId: env.HUB88_OPERATOR_ID || stored.operatorId,
      merchantCode: env.TCG_MERCHANT_CODE || stored.merchantCode,
      desKey: env.TCG_DES_KEY || stored.desKey,
      signKey: env.TCG_SIGN_KEY || stored.signKey,
    },
  };
}
