import type { Db } from '../../db/schema';
import { readNextBookChange } from './catalog.repository';
import { runningPointCampaigns, runningPointCampaignsUntil } from '../orders/purchase';

/**
 * The tile lists of the store's pages (the top page's rankings, free lists and new arrivals) are
 * every viewer's of an adult state: kept per database, list and adult state from the instant
 * they were worked out until the next instant any of them can change, and dropped on a catalog
 * change (`catalog-caches.ts`). They change when a volume is released, ends, or a sale or free
 * period starts or ends (`nextBookChange`), when a point campaign starts or ends (the tiles'
 * badges: `runningPointCampaigns` is read for its own instants), and at Tokyo's midnight (a new
 * ranking window). The rankings themselves are kept ten minutes (`rankings.service.ts`). A clock
 * moved back works them out again. Issue 36: the top page's five statements (and Kysely's
 * building of them) were a fifth of its CPU.
 */
const kept = new WeakMap<Db, Map<string, { from: number; until: number; value: Promise<unknown> }>>();
const bookChanges = new WeakMap<Db, { from: number; until: number; next: Promise<number> }>();

export function forgetTileLists(db: Db): void {
  kept.delete(db);
  bookChanges.delete(db);
}

export function keptTileList<T>(db: Db, key: string, now: number, work: () => Promise<T>): Promise<T> {
  if (db.isTransaction) return work();
  let byKey = kept.get(db);
  if (!byKey) kept.set(db, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit && hit.from <= now && now < hit.until) return hit.value as Promise<T>;
  const entry = { from: now, until: now, value: Promise.resolve() as Promise<unknown> };
  const map = byKey;
  entry.value = Promise.all([work(), validUntil(db, now)]).then(([value, until]) => {
    entry.until = until;
    return value;
  });
  map.set(key, entry);
  entry.value.catch(() => map.get(key) === entry && map.delete(key));
  return entry.value as Promise<T>;
}

const DAY_MS = 86_400_000;
const TOKYO_OFFSET_MS = 9 * 3_600_000;

/** The next Tokyo midnight after `now` (Japan keeps no daylight saving time). */
const nextTokyoMidnight = (now: number) => (Math.floor((now + TOKYO_OFFSET_MS) / DAY_MS) + 1) * DAY_MS - TOKYO_OFFSET_MS;

async function validUntil(db: Db, now: number): Promise<number> {
  const [books] = await Promise.all([nextBookChange(db, now), runningPointCampaigns(db, now)]);
  return Math.min(books, runningPointCampaignsUntil(db) ?? now, nextTokyoMidnight(now));
}

/** The first instant after `now` at which any book is released or ends, or a sale or free period starts or ends. */
function nextBookChange(db: Db, now: number): Promise<number> {
  const hit = bookChanges.get(db);
  if (hit && hit.from <= now && now < hit.until) return hit.next;
  const entry = { from: now, until: now, next: readNextBookChange(db, now) };
  bookChanges.set(db, entry);
  entry.next.then(
    (next) => (entry.until = next),
    () => bookChanges.get(db) === entry && bookChanges.delete(db),
  );
  return entry.next;
}
