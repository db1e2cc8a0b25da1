import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { openDatabase } from './db/database';
import { SchemaNewerThanCode, migrateToLatest } from './db/migrate';
import { createMediaStore } from './media/media-config';
import { ensureDemoCatalog } from './demo/demo-catalog';
import { isClusterWorker, runClusterPrimary } from './ops/cluster';
import { exitCleanlyOnSignals } from './ops/shutdown';
import { type StartupProgress, startupProgress } from './ops/startup-progress';

/**
 * Process entry: configuration, migrations, the demo catalog on first start, then serve. With
 * WEB_CONCURRENCY=N > 1 this process prepares the database and forks N workers (`ops/cluster.ts`),
 * each of which comes back here and serves.
 */
async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const worker = isClusterWorker();
  const clustered = !worker && config.webConcurrency > 1;
  if (clustered && !config.databaseUrl) {
    console.error(
      `WEB_CONCURRENCY=${config.webConcurrency} needs PostgreSQL (DATABASE_URL): SQLite takes one writer at a time, ` +
        'so on SQLite the store runs as one process (WEB_CONCURRENCY=1, the default). See docs/deploy.md.',
    );
    process.exit(1);
  }
  const progress = startupProgress();
  if (!worker) await prepareDatabase(config, progress);
  const serving = (address: string, what: string) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    // The one line a person starting the store looks for, whatever the log level.
    progress.done(`本棚 is serving ${address.replace('0.0.0.0', 'localhost')} (${what}, data in ${config.dataDir}, ready in ${seconds} s)`);
  };
  if (clustered) {
    await runClusterPrimary(config, (address) => serving(address, `postgres, ${config.webConcurrency} workers`));
    return;
  }
  const { address, dialect } = await serve(config);
  if (!worker) serving(address, dialect);
}

/** Migrations and, on first start, the demo catalog: done once, before any process serves. */
async function prepareDatabase(config: Config, progress: StartupProgress): Promise<void> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    progress.update('Preparing the database…');
    await migrateToLatest(database.db);
    await ensureDemoCatalog(database, {
      dataDir: config.dataDir,
      media: createMediaStore(config.dataDir, config.media),
      log: (message) => progress.update(message),
    });
  } finally {
    await database.destroy();
  }
}

/** One store process: the app on its port, its scheduler running, a clean exit on SIGTERM. */
async function serve(config: Config): Promise<{ address: string; dialect: string }> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({
    database,
    config,
    web: process.env.HONDANA_WEB !== 'false',
    logger: { level: config.logLevel },
  });
  // Already done by the process that prepared the database; a no-op then, and safe when
  // processes on several machines start at once (migrate.ts).
  await migrateToLatest(database.db);
  exitCleanlyOnSignals({ app, database, timeoutMs: config.shutdownTimeoutMs, delayMs: config.shutdownDelayMs });
  // Fastify logs a line per listening address; the serving line below says it once.
  const level = app.log.level;
  app.log.level = 'warn';
  const address = await app.listen({ port: config.port, host: config.host }).finally(() => (app.log.level = level));
  app.ops.scheduler.start();
  return { address, dialect: database.dialect };
}

main().catch((error: unknown) => {
  // A refusal says what to do in its message; anything else keeps its stack.
  console.error(error instanceof SchemaNewerThanCode ? error.message : error);
  process.exit(1);
});
