import { PageType, pageTypeLabels, pageTypes } from '@hondana/domain/catalog/catalog';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type {
  SerialByMeta,
  SerialOsusumeList,
  SerialOsusumePage,
  SerialReadRanks,
  SerialTypical,
  SerialTypicals,
} from '@hondana/domain/serials/serials-api';
import { isAdultCategory } from '@hondana/domain/serials/serials';
import * as discovery from './serial-discovery.repository';
import * as repo from './serials.repository';
import type { Db } from '../../db/schema';
import { isExpired, toSerial } from './serial-views';
import { requireSerial } from './serials.service';

/**
 * §7 serial discovery: editorial lists (osusumes), one typical serial per category, serials by
 * the genre of their title (by_meta) and a serial's place in the read ranking. Serials in an
 * adult category appear only for a viewer whose age is confirmed (§4, §6).
 */

export interface Visibility {
  includeAdult: boolean;
  now: number;
}

/** The serial, or 403 ADULT_CHECK_REQUIRED when it is in an adult category and the viewer is not confirmed. */
export async function requireVisibleSerial(db: Db, serialId: number, v: Visibility): Promise<repo.SerialRow> {
  const serial = await requireSerial(db, serialId, v.now);
  if (isAdultCategory(serial.category) && !v.includeAdult)
    throw new AppError(403, ErrorCode.ADULT_CHECK_REQUIRED, ['serial_id: adult serial']);
  return serial;
}

/** The serials of some osusume lists in their editorial order, released and visible to the viewer. */
async function osusumeSerials(db: Db, osusumeIds: number[], v: Visibility) {
  if (osusumeIds.length === 0) return new Map<number, ReturnType<typeof toSerial>[]>();
  const items = await discovery.osusumeItems(db, osusumeIds);
  const serials = await repo.listSerials(
    db,
    { ids: [...new Set(items.map((i) => i.serial_id))], includeAdult: v.includeAdult, order: 'recent', offset: 0, limit: 1_000 },
    v.now,
  );
  const byId = new Map(serials.filter((s) => !isExpired(s, v.now)).map((s) => [s.id, toSerial(s, v.now)]));
  const lists = new Map<number, ReturnType<typeof toSerial>[]>(osusumeIds.map((id) => [id, []]));
  for (const item of items) {
    const serial = byId.get(item.serial_id);
    if (serial) lists.get(item.osusume_id)!.push(serial);
  }
  return lists;
}

/** `GET /serial_osusumes`: the editorial lists running now, in their order (a page of lists). */
export async function osusumes(db: Db, page: { offset: number; limit: number }, v: Visibility): Promise<SerialOsusumeList> {
  const all = await discovery.activeOsusumes(db, v.now);
  const shown = all.slice(page.offset, page.offset + page.limit);
  const lists = await osusumeSerials(
    db,
    shown.map((o) => o.id),
    v,
  );
  return { total: all.length, osusumes: shown.map((o) => ({ ...o, serials: lists.get(o.id) ?? [] })) };
}

/** `GET /serial_osusumes/{osusume_id}`: one running list with a page of its serials; 404 OSUSUME_NOT_EXISTS otherwise. */
export async function osusume(
  db: Db,
  osusumeId: number,
  page: { offset: number; limit: number },
  v: Visibility,
): Promise<SerialOsusumePage> {
  const [found] = await discovery.activeOsusumes(db, v.now, osusumeId);
  if (!found) throw new AppError(404, ErrorCode.OSUSUME_NOT_EXISTS, ['osusume_id: no such osusume']);
  const serials = (await osusumeSerials(db, [found.id], v)).get(found.id) ?? [];
  return { ...found, total: serials.length, serials: serials.slice(page.offset, page.offset + page.limit) };
}

/** `GET /serials/typicals`: for each category, its most read serial on release (ties: lowest id). */
export async function typicals(db: Db, v: Visibility): Promise<SerialTypicals> {
  const ranked = await repo.listSerials(db, { includeAdult: v.includeAdult, order: 'reads', offset: 0, limit: 10_000 }, v.now);
  const result: SerialTypical[] = [];
  for (const category of pageTypes) {
    if (category === PageType.ALL) continue;
    const top = ranked.find((s) => s.category === category && !isExpired(s, v.now));
    if (top) result.push({ category, categoryName: pageTypeLabels[category], serial: toSerial(top, v.now) });
  }
  return { typicals: result };
}

/** `GET /serials/by_meta?meta_id=&limit=&offset=`: serials whose title is of genre `meta_id`, newest release first. */
export async function byMeta(db: Db, q: { metaId: number; offset: number; limit: number }, v: Visibility): Promise<SerialByMeta> {
  const genre = await discovery.findGenre(db, q.metaId);
  if (!genre) throw new AppError(404, ErrorCode.NOT_FOUND, ['meta_id: no such genre']);
  const all = await repo.listSerials(
    db,
    { genreId: genre.id, includeAdult: v.includeAdult, order: 'recent', offset: 0, limit: 10_000 },
    v.now,
  );
  return {
    metaId: genre.id,
    name: genre.name,
    total: all.length,
    serials: all.slice(q.offset, q.offset + q.limit).map((s) => toSerial(s, v.now)),
  };
}

/**
 * `GET /serials/{serial_id}/read_ranks`: where the serial stands by reads (catalog read
 * events), among all serials on release (`general`, as `/serial_read_ranks` lists them) and in
 * its own category. `rank` is null while the serial has no released episode.
 */
export async function readRanks(db: Db, serialId: number, v: Visibility): Promise<SerialReadRanks> {
  const serial = await requireVisibleSerial(db, serialId, v);
  const general = await repo.listSerials(db, { includeAdult: v.includeAdult, order: 'reads', offset: 0, limit: 10_000 }, v.now);
  const inCategory = general.filter((s) => s.category === serial.category);
  const rankIn = (list: repo.SerialRow[]) => {
    const i = list.findIndex((s) => s.id === serial.id);
    return i < 0 ? null : i + 1;
  };
  return {
    serialId: serial.id,
    readCount: serial.readCount,
    ranks: [
      { category: 'general', rank: rankIn(general), total: general.length },
      { category: serial.category, rank: rankIn(inCategory), total: inCategory.length },
    ],
  };
}
