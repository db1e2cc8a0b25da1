import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ensureDemoCatalog } from './demo/demo-catalog';

/** Process entry: configuration, migrations, the demo catalog on first start, then listen. */
async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({
    database,
    config,
    web: process.env.HONDANA_WEB !== 'false',
    logger: { level: config.logLevel },
  });
  await migrateToLatest(database.db);
  await ensureDemoCatalog(database, { dataDir: config.dataDir, log: (msg) => app.log.info(msg) });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  // The one line a person starting the store looks for, whatever the log level.
  console.log(
    `本棚 is serving ${address.replace('0.0.0.0', 'localhost')} ` +
      `(${database.dialect}, data in ${config.dataDir}, ready in ${seconds} s)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
