// Reads behind serial discovery: the editorial lists (osusumes) and the genres serials are found by.
import type { Db } from '../../db/schema';

/** The osusume lists running at `now` (or only list `id`), in their editorial order. */
export async function activeOsusumes(db: Db, now: number, id?: number) {
  let query = db
    .selectFrom('serial_osusumes')
    .select(['id', 'name', 'description'])
    .where('start_datetime', '<=', now)
    .where((eb) => eb.or([eb('end_datetime', 'is', null), eb('end_datetime', '>', now)]));
  if (id !== undefined) query = query.where('id', '=', id);
  return query.orderBy('sort_order').orderBy('id').execute();
}

/** The serials of the given osusume lists, list by list in their editorial order. */
export async function osusumeItems(db: Db, osusumeIds: number[]) {
  return db
    .selectFrom('serial_osusume_items')
    .select(['osusume_id', 'serial_id'])
    .where('osusume_id', 'in', osusumeIds)
    .orderBy('osusume_id')
    .orderBy('sort_order')
    .orderBy('serial_id')
    .execute();
}

export async function findGenre(db: Db, genreId: number) {
  return db.selectFrom('genres').select(['id', 'name']).where('id', '=', genreId).executeTakeFirst();
}
