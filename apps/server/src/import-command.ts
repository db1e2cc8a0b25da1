import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { SchemaNewerThanCode, migrateToLatest } from './db/migrate';
import { runImport } from './import/import-cli';
import { createMediaStore } from './media/media-config';
import { findOrAddPublisher } from './modules/admin/publishers';

/**
 * `npm run import -- [--json] [--title-id N] [--dry-run] [--all-derivatives] PATH...` on the store's DATA_DIR or
 * DATABASE_URL and its media store (MEDIA_S3_*), while the store runs or not. An entry point beside
 * `main.ts`, `admin.ts` and `seed.ts`: it wires the import to the console's publishers.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await migrateToLatest(database.db);
    const media = createMediaStore(config.dataDir, config.media);
    return await runImport(
      process.argv.slice(2),
      { db: database.db, media, findOrAddPublisher },
      {
        stdout: (text) => process.stdout.write(text),
        stderr: (text) => process.stderr.write(text),
        tty: process.stderr.isTTY === true,
      },
    );
  } finally {
    await database.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof SchemaNewerThanCode || error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
