import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { createMagazine, createPublisher } from '../modules/admin/taxonomy.service';
import type { DemoPlan } from './demo-plan';

/**
 * The demo's publishers and magazines, made through the console's own service as an operator
 * makes them (issue 37), before the titles filed under them. The plan numbers them from 1; the
 * rows get the ids the database gives (a catalog reset on PostgreSQL goes on counting), and the
 * plan's titles are pointed at those. Genres 1–17 are not the operator's: they are §9's fixed
 * list (11–17 read left to right), written with the catalog; the console adds genres from 18.
 */
export async function insertDemoTaxonomy(db: Kysely<Database> | Transaction<Database>, plan: DemoPlan): Promise<void> {
  const publishers = new Map<number, number>();
  for (const p of plan.publishers) publishers.set(p.id!, (await createPublisher(db, { name: p.name, kana: p.kana ?? '' })).body.id);
  const magazines = new Map<number, number>();
  for (const m of plan.magazines) {
    const publisherId = m.publisher_id == null ? null : publishers.get(m.publisher_id)!;
    magazines.set(m.id!, (await createMagazine(db, { name: m.name, kana: m.kana ?? '', publisherId })).body.id);
  }
  for (const t of plan.titles) {
    if (t.publisher_id != null) t.publisher_id = publishers.get(t.publisher_id)!;
    if (t.magazine_id != null) t.magazine_id = magazines.get(t.magazine_id)!;
  }
}
