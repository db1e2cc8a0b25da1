import type { Kysely } from 'kysely';
import { millis, notNull } from './helpers';

/**
 * Rankings computed by the scheduler (issue 40 item 8): the `rankings` job works out each term's
 * scores from the recorded events, the store's sales and the demo history once per interval for
 * the whole store, and every process reads them from here. `ranking_runs` says which window a
 * term's rows are of (a window with no scoring title has a run and no rows).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ranking_runs')
    .addColumn('term', 'text', (c) => c.primaryKey())
    .addColumn('window_from', millis, notNull)
    .addColumn('window_to', millis, notNull)
    .addColumn('computed_at', millis, notNull)
    .execute();
  await db.schema
    .createTable('ranking_scores')
    .addColumn('term', 'text', notNull)
    .addColumn('basis', 'text', notNull)
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('score', 'double precision', notNull)
    .addPrimaryKeyConstraint('ranking_scores_pk', ['term', 'basis', 'title_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ranking_scores').execute();
  await db.schema.dropTable('ranking_runs').execute();
}
