import type { Db } from '../../db/schema';

interface ReleasedEpisodeRow {
  episode_id: number;
  serial_id: number;
  episode_title: string;
  serial_name: string;
}

/**
 * Episodes released in (after, now] — by their release time, whenever they were added or last
 * moved — that the scan has not announced yet, on serials still distributed; oldest release first.
 * One statement: the release index's range, each episode's notice row looked up by its key.
 */
export function unannouncedEpisodes(db: Db, q: { after: number; now: number; limit: number }): Promise<ReleasedEpisodeRow[]> {
  return db
    .selectFrom('serial_episodes as e')
    .innerJoin('serials as s', 's.id', 'e.serial_id')
    .select(['e.id as episode_id', 'e.serial_id', 'e.title as episode_title', 's.name as serial_name'])
    .where('e.release_datetime', '>', q.after)
    .where('e.release_datetime', '<=', q.now)
    .where((eb) => eb.or([eb('e.end_datetime', 'is', null), eb('e.end_datetime', '>', q.now)]))
    .where((eb) => eb.or([eb('s.end_datetime', 'is', null), eb('s.end_datetime', '>', q.now)]))
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('serial_episode_notices as n').select('n.episode_id').whereRef('n.episode_id', '=', 'e.id'))),
    )
    .orderBy('e.release_datetime')
    .orderBy('e.id')
    .limit(q.limit)
    .execute();
}

/** Marks the episode announced; false when another run already did (its pushes are that run's). */
export async function claimEpisodeNotice(db: Db, episodeId: number, now: number): Promise<boolean> {
  const result = await db
    .insertInto('serial_episode_notices')
    .values({ episode_id: episodeId, noticed_at: now })
    .onConflict((oc) => oc.column('episode_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** The members who have the serial's notification on and at least one browser that takes pushes. */
export async function serialFollowersWithBrowsers(db: Db, serialId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_serials as u')
    .select('u.user_id')
    .where('u.serial_id', '=', serialId)
    .where('u.notification', '=', 1)
    .where((eb) => eb.exists(eb.selectFrom('push_subscriptions as p').select('p.id').whereRef('p.user_id', '=', 'u.user_id')))
    .orderBy('u.user_id')
    .execute();
  return rows.map((r) => r.user_id);
}
