import type { Db } from '../../db/schema';

/** Reach banners in their period, highest priority first (then the newest). */
export function activeReachBanners(db: Db, now: number, location: string | undefined) {
  let q = db.selectFrom('reach_banners').selectAll().where('start_at', '<=', now).where('end_at', '>', now);
  if (location) q = q.where('location', '=', location);
  return q.orderBy('priority', 'desc').orderBy('id', 'desc').execute();
}

/** The non-login appeal in its period ending first. */
export function activeNonLoginAppeal(db: Db, now: number) {
  return db
    .selectFrom('non_login_appeals')
    .selectAll()
    .where('start_at', '<=', now)
    .where('end_at', '>', now)
    .orderBy('end_at')
    .orderBy('id')
    .executeTakeFirst();
}

/** Every non-login appeal not ended by `now` (running or yet to start), for the top page's kept appeal. */
export function nonLoginAppealsNotEnded(db: Db, now: number) {
  return db.selectFrom('non_login_appeals').selectAll().where('end_at', '>', now).orderBy('end_at').orderBy('id').execute();
}
