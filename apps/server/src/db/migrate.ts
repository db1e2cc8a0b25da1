import { type Kysely, Migrator, sql } from 'kysely';
import type { Database } from './schema';
import { migrations } from './migrations/index';

const provider = { getMigrations: async () => migrations };

/** The table Kysely's Migrator keeps applied migrations in. */
const MIGRATION_TABLE = 'kysely_migration';

/**
 * Applies every pending migration. Safe when several processes start at once: Kysely's Migrator
 * runs them in one transaction under a lock (`pg_advisory_xact_lock` on PostgreSQL, a lock row on
 * SQLite), so the first applies them and the others find nothing left to do. Refuses a database
 * whose schema is newer than this code (it has migrations the code does not know).
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    await refuseNewerSchema(db);
    const migrator = new Migrator({ db, provider });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    // SQLite has no lock across processes for Kysely to take: a second process migrating at the
    // same moment fails (locked, or its tables or columns appeared meanwhile) and its transaction
    // rolls back. Trying again finds the other's work done; on a busy machine the other's run
    // may outlast several busy timeouts, hence ten tries. A migration that fails alone fails on
    // every try and is reported after the last.
    if (attempt < 10) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(200 * attempt, 1000)));
      continue;
    }
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/** Names of applied migrations, oldest first; empty for a database never migrated. */
export async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db);
    return rows.map((r) => r.name);
  } catch {
    // No migration table yet (a new database). A failed query inside a PostgreSQL transaction
    // would abort it, so this is only called outside one.
    return [];
  }
}

/** Migrations this code has that the database has not applied. */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const applied = new Set(await appliedMigrations(db));
  return Object.keys(migrations).filter((name) => !applied.has(name));
}

export class SchemaNewerThanCode extends Error {}

/** Throws when the database has applied migrations that this code does not have. */
async function refuseNewerSchema(db: Kysely<Database>): Promise<void> {
  const unknown = (await appliedMigrations(db)).filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new SchemaNewerThanCode(
      `The database's schema is newer than this code: it has migration(s) ${unknown.join(', ')} that this version does not know. ` +
        'Run the newer version of the store (or restore a backup taken before it migrated); this one will not serve that database.',
    );
  }
}
