/**
 * `npm run ledger:verify`: reconciles the wallet ledger of the configured database (DATABASE_URL, or the
 * embedded PGlite under DATA_DIR) and prints one verdict line, then the breaches if any.
 * Exit codes: 0 the ledger is consistent, 1 a breach was found, 2 the check could not run.
 *
 * Embedded PGlite belongs to one process at a time: run this against DATA_DIR only while the server is stopped,
 * or ask the running server (GET /bo/api/ledger/verify). Against PostgreSQL it runs beside live traffic.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../platform/db';
import { createWalletService } from './wallet.service';

async function main(): Promise<number> {
  let database: Database | null = null;
  try {
    const config = loadConfig();
    if (!config.databaseUrl) {
      const dataDir = path.join(config.dataDir, 'pglite');
      if (!existsSync(dataDir)) {
        console.error(`ledger:verify FAILED: no database at ${dataDir} (set DATA_DIR or DATABASE_URL)`);
        return 2;
      }
      database = await openDatabase({ kind: 'pglite', dataDir });
    } else {
      database = await openDatabase({
        kind: 'postgres',
        url: config.databaseUrl,
        poolMax: 2,
        autoPrepare: config.databaseAutoPrepare,
        // It only reads, on the pool.
        pipeline: false,
      });
    }
    const wallet = createWalletService({ db: database.db, merchantCode: config.merchantCode });
    const report = await wallet.verifyLedger({ limitPerCheck: 50 });
    const counts = `accounts=${report.accounts} transfers=${report.transfers} entries=${report.entries}`;
    if (report.ok) {
      console.info(`ledger:verify OK ${counts}`);
      return 0;
    }
    console.error(`ledger:verify FAILED: ${report.breaches.length} breach(es) ${counts}`);
    for (const breach of report.breaches) console.error(`  ${breach.check}: ${breach.detail}`);
    return 1;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    console.error(`ledger:verify FAILED: could not run: ${message}${cause}`);
    return 2;
  } finally {
    await database?.close();
  }
}

process.exitCode = await main();
