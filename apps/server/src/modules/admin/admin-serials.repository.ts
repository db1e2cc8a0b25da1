import { type SqlBool, type Transaction, sql } from 'kysely';
import { LayoutType } from '@hondana/domain/catalog/catalog';
import { escapeLike } from '@hondana/domain/catalog/search-text';
import type { Database, Db } from '../../db/schema';
import { FIXED_PAGE_SIZE, WEBTOON_SEGMENT_SIZE } from '../../media/media-spec';

/** Serials whose name contains `q` (or the one with id `q`), newest first. */
export async function searchSerials(db: Db, q: string, offset: number) {
  let query = db
    .selectFrom('serials as s')
    .select((eb) => [
      's.id',
      's.name',
      's.title_id',
      eb
        .selectFrom('serial_episodes as e')
        .select((x) => x.fn.countAll<number>().as('n'))
        .whereRef('e.serial_id', '=', 's.id')
        .as('episode_count'),
    ])
    .orderBy('s.id', 'desc')
    .offset(offset)
    .limit(50);
  const term = q.trim();
  if (/^\d+$/.test(term)) query = query.where('s.id', '=', Number(term));
  else if (term) query = query.where(sql<SqlBool>`s.name LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`);
  return query.execute();
}

export const serialRow = (db: Db, serialId: number) =>
  db
    .selectFrom('serials')
    .select([
      'id',
      'name',
      'title_id',
      'description',
      'theme_color',
      'sub_color',
      'category',
      'reward_usable',
      'end_datetime',
      'charge_minutes',
      'rental_minutes',
      'order_only',
      'ticket_usable',
      'version',
      'image_key',
      'image_version',
    ])
    .where('id', '=', serialId)
    .executeTakeFirst();
export type SerialRow = NonNullable<Awaited<ReturnType<typeof serialRow>>>;

const EPISODE_COLUMNS = [
  'id',
  'serial_id',
  'order_sequence',
  'title',
  'price',
  'free_flg',
  'spend_type',
  'release_datetime',
  'end_datetime',
  'page_count',
  'layout_type',
  'book_id',
  'version',
  'media_version',
] as const;

export const serialEpisodes = (db: Db, serialId: number) =>
  db.selectFrom('serial_episodes').select(EPISODE_COLUMNS).where('serial_id', '=', serialId).orderBy('order_sequence').execute();

export const episodeRow = (db: Db, episodeId: number) =>
  db.selectFrom('serial_episodes').select(EPISODE_COLUMNS).where('id', '=', episodeId).executeTakeFirst();
export type EpisodeRow = NonNullable<Awaited<ReturnType<typeof episodeRow>>>;

export interface SerialColumns {
  charge_minutes: number;
  rental_minutes: number;
  order_only: 0 | 1;
  ticket_usable: 0 | 1;
}

/** Writes the serial only if it is still at `version` (and bumps it); false when another edit came first. */
export async function updateSerialAt(db: Db, serialId: number, version: number, s: Partial<SerialColumns>): Promise<boolean> {
  const result = await db
    .updateTable('serials')
    .set((eb) => ({ ...s, version: eb('version', '+', 1) }))
    .where('id', '=', serialId)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

type NewSerialColumns = SerialColumns & {
  title_id: number;
  name: string;
  description: string;
  theme_color: string;
  sub_color: string;
  category: string;
  reward_usable: 0 | 1;
  end_datetime: number | null;
};

/**
 * Adds the title's serial: 'taken' when it already has one (the store shows one serial per title).
 * The caller has locked the title's row first (the catalog's `lockTitle`), so two creates for the
 * same title at once run one after the other and the second sees the first's serial.
 */
export async function insertSerialForTitle(db: Transaction<Database>, s: NewSerialColumns, now: number): Promise<number | 'taken'> {
  const held = await db.selectFrom('serials').select('id').where('title_id', '=', s.title_id).limit(1).executeTakeFirst();
  if (held) return 'taken';
  const { id } = await db
    .insertInto('serials')
    .values({ ...s, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface EpisodeColumns {
  title: string;
  price: number;
  free_flg: 0 | 1;
  spend_type: number;
  release_datetime: number;
  end_datetime: number | null;
  /** Absent on a create: the serial's last episode's layout. */
  layout_type?: number;
  book_id: number | null;
}

/** The volumes of a title, the ones its serial's episodes can be collected in. */
export const titleVolumes = (db: Db, titleId: number) =>
  db
    .selectFrom('books')
    .select(['id', 'vol', 'contents_name as name'])
    .where('title_id', '=', titleId)
    .orderBy('vol')
    .orderBy('id')
    .execute();

/** Whether `bookId` is a volume of `titleId`. */
export const isVolumeOf = async (db: Db, bookId: number, titleId: number) =>
  (await db.selectFrom('books').select('id').where('id', '=', bookId).where('title_id', '=', titleId).executeTakeFirst()) !== undefined;

/** Writes the episode only if it is still at `version` (and bumps it); false when another edit came first. */
export async function updateEpisodeAt(db: Db, episodeId: number, version: number, e: Partial<EpisodeColumns>): Promise<boolean> {
  const result = await db
    .updateTable('serial_episodes')
    .set((eb) => ({ ...e, version: eb('version', '+', 1) }))
    .where('id', '=', episodeId)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Adds an episode after the serial's last one, with `pageCount` pages shaped like its last
 * episode's first page when that one reads the same way, else as the store draws a page of its
 * layout (a page, or a webtoon's tall segment); the store draws episode pages until they are uploaded.
 * The serial's row is written first, so two adds at once take their sequences one after the other.
 */
export async function insertEpisode(
  db: Transaction<Database>,
  serialId: number,
  e: EpisodeColumns,
  pageCount: number,
  now: number,
): Promise<number> {
  await db
    .updateTable('serials')
    .set((eb) => ({ version: eb('version', '+', 0) }))
    .where('id', '=', serialId)
    .execute();
  const last = await db
    .selectFrom('serial_episodes as e')
    .leftJoin('serial_episode_pages as p', (j) => j.onRef('p.episode_id', '=', 'e.id').on('p.page_no', '=', 0))
    .select(['e.order_sequence', 'e.layout_type', 'p.width', 'p.height'])
    .where('e.serial_id', '=', serialId)
    .orderBy('e.order_sequence', 'desc')
    .limit(1)
    .executeTakeFirst();
  const layout = e.layout_type ?? last?.layout_type ?? LayoutType.FIXED;
  const { id } = await db
    .insertInto('serial_episodes')
    .values({
      serial_id: serialId,
      order_sequence: (last?.order_sequence ?? 0) + 1,
      ...e,
      layout_type: layout,
      page_count: pageCount,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const size =
    last?.layout_type === layout && last.width !== null && last.height !== null
      ? { width: last.width, height: last.height }
      : layout === LayoutType.WEBTOON
        ? WEBTOON_SEGMENT_SIZE
        : FIXED_PAGE_SIZE;
  await db
    .insertInto('serial_episode_pages')
    .values(Array.from({ length: pageCount }, (_, page_no) => ({ episode_id: id, page_no, ...size })))
    .execute();
  return id;
}

/**
 * Replaces the episode's pages with uploaded ones if it is still at `version`: the page rows take
 * the images' sizes, each page keeps its original, and the page count, version and media version
 * move in the same statement that checks the version.
 */
export async function replaceEpisodePagesAt(
  db: Transaction<Database>,
  episodeId: number,
  version: number,
  pages: { key: string; width: number; height: number }[],
): Promise<boolean> {
  const result = await db
    .updateTable('serial_episodes')
    .set((eb) => ({ page_count: pages.length, version: eb('version', '+', 1), media_version: eb('media_version', '+', 1) }))
    .where('id', '=', episodeId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await db.deleteFrom('serial_episode_page_originals').where('episode_id', '=', episodeId).execute();
  await db.deleteFrom('serial_episode_pages').where('episode_id', '=', episodeId).execute();
  const rows = pages.map((p, page_no) => ({ episode_id: episodeId, page_no, width: p.width, height: p.height }));
  const originals = pages.map((p, page_no) => ({ episode_id: episodeId, page_no, original_key: p.key }));
  // In slices: a long webtoon episode must stay under SQLite's bound-parameter limit.
  for (let i = 0; i < pages.length; i += 200) {
    await db
      .insertInto('serial_episode_pages')
      .values(rows.slice(i, i + 200))
      .execute();
    await db
      .insertInto('serial_episode_page_originals')
      .values(originals.slice(i, i + 200))
      .execute();
  }
  return true;
}

export async function episodeExists(db: Db, episodeId: number): Promise<boolean> {
  return (await db.selectFrom('serial_episodes').select('id').where('id', '=', episodeId).executeTakeFirst()) !== undefined;
}

/** Gives the serial its uploaded key visual if it is still at `version`; the image's version moves with it. */
export async function setSerialImageAt(db: Db, serialId: number, version: number, imageKey: string): Promise<boolean> {
  const result = await db
    .updateTable('serials')
    .set((eb) => ({ image_key: imageKey, image_version: eb('image_version', '+', 1), version: eb('version', '+', 1) }))
    .where('id', '=', serialId)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
