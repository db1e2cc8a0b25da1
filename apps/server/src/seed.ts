import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createMediaStore } from './media/media-config';
import { type DemoOptions, ensureDemoCatalog, resetDemoCatalog } from './demo/demo-catalog';
import { recordChange } from './ops/store-changes';

/**
 * `npm run seed`: migrates and fills an empty catalog with the demo (as the first start does).
 * `npm run seed -- --reset`: deletes the catalog and its media and generates them again.
 * `--all-pages` also draws every page now instead of on first request.
 */
async function seed(args: string[]): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const options: DemoOptions = {
      dataDir: config.dataDir,
      media: createMediaStore(config.dataDir, config.media),
      log: (message) => console.log(message),
      images: args.includes('--all-pages') ? 'all' : 'sample',
    };
    const result = args.includes('--reset') ? await resetDemoCatalog(database, options) : await ensureDemoCatalog(database, options);
    // A store already running on this database drops what it kept of the old catalog.
    if (result.created) await recordChange(database.db, 'catalog');
    console.log(
      result.created
        ? `demo catalog ready in ${(result.ms / 1000).toFixed(1)} s (${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}, media in ${config.dataDir}/media)`
        : 'the catalog already has titles; nothing to do (use --reset to regenerate)',
    );
  } finally {
    await database.destroy();
  }
}

seed(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
