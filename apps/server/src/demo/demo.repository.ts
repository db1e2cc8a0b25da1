import { type Insertable, type Kysely, type Transaction, sql } from 'kysely';
import type { DialectName } from '../db/database';
import type { Database } from '../db/schema';
import { refreshSearchText } from '../modules/catalog/search.service';
import { buildDemoCoupons } from './demo-coupons';
import type { DemoPlan } from './demo-plan';
import { insertDemoPreOrderBonuses } from './demo-pre-order-bonuses';
import { buildDemoBundles } from './demo-bundles';
import { insertDemoOsusumes } from './demo-osusumes';
import { insertDemoSubscriptionPlans } from './demo-subscriptions';
import { insertDemoNonLoginAppeal } from './demo-invitations';
import { deleteDemoCampaigns, insertDemoCampaigns } from './demo-campaigns';
import { deleteDemoInvitations, insertDemoInvitations } from './demo-invitations';
import { insertDemoTaxonomy } from './demo-taxonomy';
import { insertDemoSerials } from './demo-serials';

type Tx = Transaction<Database> | Kysely<Database>;

/** The demo's queries: whether a catalog exists, its rows inserted and deleted as a whole. */

export async function hasTitles(db: Tx): Promise<boolean> {
  return (await db.selectFrom('titles').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Several app processes may start at once on one PostgreSQL: one of them generates, the others wait. */
export async function lockDemoGeneration(db: Transaction<Database>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(7202611220)`.execute(db);
}

/** Bound parameters per statement: under SQLite's and PostgreSQL's limits with room to spare. */
const MAX_PARAMS = 30_000;

/** Inserts rows in multi-row statements sized to the parameter limit. */
export async function insertBatched<T extends keyof Database & string>(db: Tx, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
  for (let i = 0; i < rows.length; i += size) {
    // Kysely cannot see that `table` and `rows` belong together through the generic.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

/** Catalog tables, parents first; deleted in the reverse order. */
const CATALOG_TABLES = [
  'authors',
  'publishers',
  'magazines',
  'genres',
  'titles',
  'title_authors',
  'books',
  'book_pages',
  'book_navigations',
  'book_text_chapters',
  'pre_order_bonuses',
  'bundles',
  'bundle_books',
  'serials',
  'serial_episodes',
  'serial_episode_pages',
  'serial_osusumes',
  'serial_osusume_items',
  'coupons',
  'catalog_events',
  'ranking_runs',
  'ranking_scores',
] as const satisfies readonly (keyof Database)[];

/** Tables whose `id` is generated: after inserting explicit ids PostgreSQL's sequences must move past them. */
const SERIAL_ID_TABLES = ['authors', 'publishers', 'magazines', 'titles', 'books', 'catalog_events', 'bundles'] as const;

export async function insertPlan(
  db: Transaction<Database>,
  dialect: DialectName,
  plan: DemoPlan,
  events: DemoPlanEvents,
  now = Date.now(),
): Promise<void> {
  await insertBatched(db, 'genres', plan.genres);
  await insertDemoTaxonomy(db, plan);
  await insertBatched(db, 'authors', plan.authors);
  await insertBatched(db, 'titles', plan.titles);
  await insertBatched(db, 'title_authors', plan.titleAuthors);
  await refreshSearchText(
    db,
    plan.titles.map((t) => t.id!),
  );
  await insertBatched(db, 'books', plan.books);
  await insertBatched(db, 'book_pages', plan.bookPages);
  await insertBatched(db, 'book_navigations', plan.bookNavigations);
  await insertBatched(db, 'book_text_chapters', plan.bookTextChapters);
  const { bundles, bundleBooks } = buildDemoBundles(plan, now);
  await insertBatched(db, 'bundles', bundles);
  await insertBatched(db, 'bundle_books', bundleBooks);
  await insertDemoSubscriptionPlans(db, now);
  // Through the console's services, as the campaigns below: their ids are the store's to give.
  const serials = await insertDemoSerials(db, plan);
  await insertBatched(db, 'coupons', buildDemoCoupons(now));
  // The events name a serial by its place in the plan; it now has its id.
  await insertBatched(
    db,
    'catalog_events',
    events.map((e) => (e.serial_id == null ? e : { ...e, serial_id: serials.get(e.serial_id)!.id })),
  );
  if (dialect === 'postgres') await syncSequences(db);
  await insertDemoOsusumes(db, [...serials.values()], now);
  await insertDemoPreOrderBonuses(db, plan, now);
  await insertDemoCampaigns(db, plan, now);
  await insertDemoInvitations(db, now);
  await insertDemoNonLoginAppeal(db, now);
}

type DemoPlanEvents = Insertable<Database['catalog_events']>[];

async function syncSequences(db: Tx): Promise<void> {
  for (const table of SERIAL_ID_TABLES) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), COALESCE((SELECT MAX(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

/** Empties the catalog. Fails (and changes nothing) when other data, such as orders, still refers to it. */
export async function deleteCatalog(db: Tx): Promise<void> {
  await deleteDemoCampaigns(db);
  await deleteDemoInvitations(db);
  for (const table of [...CATALOG_TABLES].reverse()) {
    await db.deleteFrom(table).execute();
  }
}
