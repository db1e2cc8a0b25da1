import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../db/schema';

/** The PostgreSQL channel on which a change's topic is announced to every listening process. */
export const CHANGES_CHANNEL = 'hondana_store_changes';

const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Counts one change of `topic` (an upsert, so the first change creates the row) and, on
 * PostgreSQL, announces it: inside a transaction the notification is sent at commit, and not
 * at all on a rollback, so a process never hears of a change it cannot read yet.
 */
export async function bumpVersion(db: Db, topic: string, now: number): Promise<void> {
  await db
    .insertInto('store_changes')
    .values({ topic, version: 1, changed_at: now })
    .onConflict((oc) => oc.column('topic').doUpdateSet((eb) => ({ version: eb('store_changes.version', '+', 1), changed_at: now })))
    .execute();
  if (isPostgres(db)) await sql`select pg_notify(${CHANGES_CHANNEL}, ${topic})`.execute(db);
}

/** Every topic's change count: one small primary-key table, read in one statement. */
export async function versions(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('store_changes').select(['topic', 'version']).execute();
  return new Map(rows.map((r) => [r.topic, Number(r.version)]));
}

export async function readSetting(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('store_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

export async function writeSetting(db: Db, key: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('store_settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

/**
 * The store's `catalog` change count as a one-value subquery (`store_changes`, decision 018), for
 * a hot statement to read beside its own rows: every console write of the catalog, a campaign, a
 * mission or a lottery counts it in its own transaction (`admin/admin-mutation.ts`), as do the
 * import and the demo's reseed. NULL until the first change.
 */
export function catalogVersionQuery(db: Db) {
  return db.selectFrom('store_changes').select('version').where('topic', '=', 'catalog');
}
