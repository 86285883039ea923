import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { applyServerV8Flags } from './platform/v8-flags';

/** Starts the server: read config, build the app (opens and migrates the database), listen, close gracefully. */
async function main(): Promise<void> {
  applyServerV8Flags();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const startedAt = performance.now();
  const app = await buildApp(config);
  closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await app.close();
  });
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { address, startMs: Math.round(performance.now() - startedAt), database: app.database.kind },
    'server listening',
  );
  process.send?.({ type: 'listening', address, demoLogins: app.demoLogins, backofficeOwner: app.backofficeFirstOwner });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
