import path from 'node:path';
import { ensureSimFiles, loadSimSettings, SIM_FILES, SimConfigError } from './config';
import { startVendorSim } from './sim';

/** Runs the simulator on its own: `node dist/main.js` (scripts/start.mjs does it before the portal). */
async function main(): Promise<void> {
  // biome-ignore lint/style/noProcessEnv: the standalone entry is the simulator's only reader of the environment.
  const env = process.env;
  let settings: ReturnType<typeof loadSimSettings>;
  try {
    settings = loadSimSettings(env);
  } catch (error) {
    if (error instanceof SimConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { keys, shared } = await ensureSimFiles(settings.dir, env);
  const publicUrl = settings.publicUrl ?? `http://localhost:${settings.port}`;
  /** The settings the portal needs to reach this simulator (scripts/start.mjs passes them on). */
  const portalSettings = (port: number) => {
    const local = `http://127.0.0.1:${port}`;
    return {
      HUB88_API_URL: `${local}/hub88`,
      HUB88_OPERATOR_ID: shared.operatorId,
      HUB88_OPERATOR_PRIVATE_KEY_FILE: path.resolve(settings.dir, SIM_FILES.operatorPrivateKey),
      HUB88_PUBLIC_KEY_FILE: path.resolve(settings.dir, SIM_FILES.simPublicKey),
      TCG_API_URL: `${local}/tcg/api`,
      TCG_MERCHANT_CODE: shared.merchantCode,
      TCG_DES_KEY: shared.desKey,
      TCG_SIGN_KEY: shared.signKey,
    };
  };
  // With a fixed port the settings are known before the simulator listens: the portal can be started beside its
  // own start (scripts/start.mjs) rather than after it. 'listening' follows when the simulator answers.
  if (settings.port !== 0)
    process.send?.({ type: 'settings', url: publicUrl, portalSettings: portalSettings(settings.port) });
  const sim = await startVendorSim({
    port: settings.port,
    host: settings.host,
    publicUrl,
    portalUrl: settings.portalUrl,
    hub88: {
      operatorId: shared.operatorId,
      privateKeyPem: keys.sim.privateKeyPem,
      operatorPublicKeyPem: keys.operator.publicKeyPem,
    },
    tcg: { merchantCode: shared.merchantCode, desKey: shared.desKey, signKey: shared.signKey },
    currency: settings.currency,
    rtp: settings.rtp,
    gameListRateLimitPerMinute: settings.gameListRateLimitPerMinute,
    lottery: { intervalScale: settings.lotteryIntervalScale },
    tcgStateFile: path.join(settings.dir, SIM_FILES.tcgState),
    devRoutes: settings.devRoutes,
  });
  const port = Number(new URL(sim.url).port);
  const listening = portalSettings(port);
  console.info(
    `Vendor simulator listening on ${sim.url} (Hub88 ${listening.HUB88_API_URL}, TCG ${listening.TCG_API_URL})`,
  );
  process.send?.({
    type: 'listening',
    url: settings.publicUrl ?? `http://localhost:${port}`,
    portalSettings: listening,
  });
  const stop = async () => {
    await sim.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
