import type { Kysely } from 'kysely';

/**
 * The §3 point breakdown types that need a scope besides a book or a title: `specificGenres`
 * (the genres, a comma-separated list of genre ids) and `publish` (a publisher).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('point_campaigns').addColumn('genre_ids', 'text').execute();
  await db.schema.alterTable('point_campaigns').addColumn('publisher_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('point_campaigns').dropColumn('publisher_id').execute();
  await db.schema.alterTable('point_campaigns').dropColumn('genre_ids').execute();
}
