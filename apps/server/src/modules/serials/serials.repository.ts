import type { Db } from '../../db/schema';

/** Serial and episode queries (§7 "Serials and episodes"); member rows live in user-serials.repository. */

export interface SerialRow {
  id: number;
  titleId: number | null;
  name: string;
  description: string;
  category: string;
  themeColor: string;
  subColor: string;
  ticketUsable: number;
  rewardUsable: number;
  chargeMinutes: number;
  rentalMinutes: number;
  orderOnly: number;
  endDatetime: number | null;
  /** Moves with each key visual uploaded in the console (0: the drawn one); the image addresses carry it. */
  imageVersion: number;
  totalEpisodes: number;
  releasedEpisodes: number;
  totalPage: number;
  readCount: number;
  latestRelease: number | null;
}

export interface EpisodeRow {
  id: number;
  serialId: number;
  orderSequence: number;
  title: string;
  price: number;
  freeFlg: number;
  releaseDatetime: number;
  endDatetime: number | null;
  layoutType: number;
  pageCount: number;
  bookId: number | null;
  vol: number | null;
  /** The operator's spend type; null when derived (domain `episodeSpendType`). */
  spendType: number | null;
}

function serialQuery(db: Db, now: number) {
  return db.selectFrom('serials as s').select((eb) => [
    's.id',
    's.title_id as titleId',
    's.name',
    's.description',
    's.category',
    's.theme_color as themeColor',
    's.sub_color as subColor',
    's.ticket_usable as ticketUsable',
    's.reward_usable as rewardUsable',
    's.charge_minutes as chargeMinutes',
    's.rental_minutes as rentalMinutes',
    's.order_only as orderOnly',
    's.end_datetime as endDatetime',
    's.image_version as imageVersion',
    eb
      .selectFrom('serial_episodes as e')
      .whereRef('e.serial_id', '=', 's.id')
      .select((x) => x.fn.countAll<number>().as('n'))
      .as('totalEpisodes'),
    eb
      .selectFrom('serial_episodes as e')
      .whereRef('e.serial_id', '=', 's.id')
      .where('e.release_datetime', '<=', now)
      .select((x) => x.fn.countAll<number>().as('n'))
      .as('releasedEpisodes'),
    eb
      .selectFrom('serial_episodes as e')
      .whereRef('e.serial_id', '=', 's.id')
      .where('e.release_datetime', '<=', now)
      .select((x) => x.fn.coalesce(x.fn.sum<number>('e.page_count'), x.lit(0)).as('n'))
      .as('totalPage'),
    eb
      .selectFrom('catalog_events as c')
      .whereRef('c.serial_id', '=', 's.id')
      .where('c.kind', '=', 'read')
      .select((x) => x.fn.countAll<number>().as('n'))
      .as('readCount'),
    eb
      .selectFrom('serial_episodes as e')
      .whereRef('e.serial_id', '=', 's.id')
      .where('e.release_datetime', '<=', now)
      .select((x) => x.fn.max('e.release_datetime').as('n'))
      .as('latestRelease'),
  ]);
}

const toSerial = (r: Record<string, unknown>): SerialRow =>
  ({
    ...r,
    totalEpisodes: Number(r.totalEpisodes ?? 0),
    releasedEpisodes: Number(r.releasedEpisodes ?? 0),
    totalPage: Number(r.totalPage ?? 0),
    readCount: Number(r.readCount ?? 0),
    latestRelease: r.latestRelease === null || r.latestRelease === undefined ? null : Number(r.latestRelease),
  }) as SerialRow;

export async function findSerial(db: Db, serialId: number, now: number): Promise<SerialRow | null> {
  const row = await serialQuery(db, now).where('s.id', '=', serialId).executeTakeFirst();
  return row ? toSerial(row) : null;
}

export interface SerialListQuery {
  ids?: number[];
  category?: string;
  titleId?: number;
  /** The genre (§7 by_meta `meta_id`) of the serial's title. */
  genreId?: number;
  /** Serials in an adult category (§4 adult gate) only for a viewer whose age is confirmed. */
  includeAdult?: boolean;
  order: 'recent' | 'reads';
  offset: number;
  limit: number;
}

/** Serials with at least one released episode, newest release or most read first. */
export async function listSerials(db: Db, q: SerialListQuery, now: number): Promise<SerialRow[]> {
  let query = serialQuery(db, now);
  if (q.ids) query = query.where('s.id', 'in', q.ids.length ? q.ids : [-1]);
  if (q.category) query = query.where('s.category', '=', q.category);
  if (q.titleId !== undefined) query = query.where('s.title_id', '=', q.titleId);
  if (q.genreId !== undefined) {
    const genreId = q.genreId;
    query = query.where('s.title_id', 'in', (eb) => eb.selectFrom('titles').select('titles.id').where('titles.genre_id', '=', genreId));
  }
  if (q.includeAdult === false) query = query.where('s.category', 'not like', 'adult%');
  const rows = (await query.execute()).map(toSerial).filter((s) => s.releasedEpisodes > 0);
  rows.sort((a, b) =>
    q.order === 'reads' ? b.readCount - a.readCount || a.id - b.id : (b.latestRelease ?? 0) - (a.latestRelease ?? 0) || a.id - b.id,
  );
  return rows.slice(q.offset, q.offset + q.limit);
}

function episodeQuery(db: Db) {
  return db
    .selectFrom('serial_episodes as e')
    .leftJoin('books as b', 'b.id', 'e.book_id')
    .select([
      'e.id',
      'e.serial_id as serialId',
      'e.order_sequence as orderSequence',
      'e.title',
      'e.price',
      'e.free_flg as freeFlg',
      'e.release_datetime as releaseDatetime',
      'e.end_datetime as endDatetime',
      'e.layout_type as layoutType',
      'e.page_count as pageCount',
      'e.book_id as bookId',
      'e.spend_type as spendType',
      'b.vol as vol',
    ]);
}

export async function findEpisode(db: Db, episodeId: number): Promise<EpisodeRow | null> {
  return (await episodeQuery(db).where('e.id', '=', episodeId).executeTakeFirst()) ?? null;
}

export async function listEpisodes(db: Db, serialId: number, descending = false): Promise<EpisodeRow[]> {
  return episodeQuery(db)
    .where('e.serial_id', '=', serialId)
    .orderBy('e.order_sequence', descending ? 'desc' : 'asc')
    .execute();
}

/** The episode's pages with its media version (the `v` of their URLs, bumped by a console upload). */
export async function episodePages(db: Db, episodeId: number) {
  return db
    .selectFrom('serial_episode_pages as p')
    .innerJoin('serial_episodes as e', 'e.id', 'p.episode_id')
    .select(['p.page_no as page', 'p.width', 'p.height', 'e.media_version as mediaVersion'])
    .where('p.episode_id', '=', episodeId)
    .orderBy('p.page_no')
    .execute();
}

export async function neighbourEpisodes(db: Db, ep: EpisodeRow): Promise<{ prev: EpisodeRow | null; next: EpisodeRow | null }> {
  const [prev, next] = await Promise.all([
    episodeQuery(db)
      .where('e.serial_id', '=', ep.serialId)
      .where('e.order_sequence', '<', ep.orderSequence)
      .orderBy('e.order_sequence', 'desc')
      .executeTakeFirst(),
    episodeQuery(db)
      .where('e.serial_id', '=', ep.serialId)
      .where('e.order_sequence', '>', ep.orderSequence)
      .orderBy('e.order_sequence')
      .executeTakeFirst(),
  ]);
  return { prev: prev ?? null, next: next ?? null };
}
