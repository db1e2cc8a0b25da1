import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest, pendingMigrations } from '../db/migrate';

/**
 * `npm run migrate`: applies the pending migrations to the store's database (DATA_DIR's SQLite
 * file or DATABASE_URL) and says which. `npm start` does the same before serving; running it
 * first is for deploys that migrate as a step of their own.
 */
async function migrate(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const where = config.databaseUrl ? 'PostgreSQL' : `${config.dataDir}/hondana.db`;
    const pending = await pendingMigrations(database.db);
    if (pending.length === 0) {
      await migrateToLatest(database.db); // still refuses a schema newer than this code
      console.log(`${where}: the schema is up to date`);
      return;
    }
    const applied = await migrateToLatest(database.db);
    console.log(
      `${where}: applied ${applied.length} migration(s)${applied.length ? `: ${applied.join(', ')}` : ' (another process had applied them)'}`,
    );
  } finally {
    await database.destroy();
  }
}

migrate().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
