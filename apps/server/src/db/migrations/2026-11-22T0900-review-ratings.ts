import { type Kysely, sql } from 'kysely';

/**
 * Rating of each title kept on the title (§2 book tile stars, §3 Rating summary):
 * `review_count` and `review_star_total` of its live reviews. Every catalog list already reads
 * `titles` for its tiles, so the average costs no extra query; the reviews service moves both
 * columns by deltas inside the review's own transaction (add, modify, delete, undo), which stay
 * right under concurrent writers on PostgreSQL (an increment re-reads the locked row). Filled
 * here from the reviews already written.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('titles')
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('titles')
    .addColumn('review_star_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    UPDATE titles SET
      review_count = (SELECT COUNT(*) FROM reviews r WHERE r.title_id = titles.id AND r.deleted_at IS NULL),
      review_star_total = (SELECT COALESCE(SUM(r.star), 0) FROM reviews r WHERE r.title_id = titles.id AND r.deleted_at IS NULL)
    WHERE EXISTS (SELECT 1 FROM reviews r WHERE r.title_id = titles.id)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('titles').dropColumn('review_star_total').execute();
  await db.schema.alterTable('titles').dropColumn('review_count').execute();
}
