import type { Db } from '../db/schema';

/** The `catalog` change count's subquery a hot statement reads beside its rows (its SQL is the store changes' repository's). */
export { catalogVersionQuery } from './store-changes.repository';

/** The count as a number, from the subquery's column (NULL, or a string on PostgreSQL's bigint). */
export const catalogVersionOf = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

interface Entry<T> {
  version: number;
  from: number;
  until: number;
  value: T;
}

/**
 * A value of the store's configuration that a hot write reads on every call and that changes only
 * with a catalog change or at an instant known in advance (the running missions and lotteries of
 * a purchase's rewards: until the next one starts or a running one ends). Kept per database (one
 * per process; a transaction shares its database's) with the `catalog` change count it was read
 * at; a caller passes the count it read in a statement of its own transaction
 * (`catalogVersionQuery`), and gets the kept value only while that count is the same and the
 * clock is inside the value's window, otherwise the value read afresh in its transaction. So a
 * change committed before the caller's statement is seen by the very next call on every process,
 * without waiting for the change's signal (`StoreChanges`, up to a second away on another
 * process); an earlier `now` (a clock moved back) reads again. Without a count (a caller that did
 * not read one) the value is read afresh and not kept. The kept value is frozen: callers share it.
 */
export function keptUntilChange<T>(
  read: (db: Db, now: number) => Promise<T>,
  until: (db: Db, now: number, value: T) => Promise<number>,
): (db: Db, catalogVersion: number | undefined, now: number) => Promise<T> {
  const kept = new WeakMap<object, Entry<T>>();
  return async (db, catalogVersion, now) => {
    if (catalogVersion === undefined) return read(db, now);
    const key = db.getExecutor().adapter;
    const entry = kept.get(key);
    if (entry && entry.version === catalogVersion && entry.from <= now && now < entry.until) return entry.value;
    const value = Object.freeze(await read(db, now));
    // Read after the caller's count, in its transaction: never older than that count says.
    kept.set(key, { version: catalogVersion, from: now, until: await until(db, now, value), value });
    return value;
  };
}

/** The first of `instants` after `now` (null ones and those not after `now` left out); +∞ when none. */
export function firstAfter(now: number, instants: readonly (number | null | undefined)[]): number {
  let first = Number.POSITIVE_INFINITY;
  for (const t of instants) if (t !== null && t !== undefined && t > now && t < first) first = t;
  return first;
}
