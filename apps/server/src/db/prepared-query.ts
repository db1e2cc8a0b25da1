import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './schema';

/** Stands for the parameter `name` while a prepared query is built and compiled. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A Kysely query built and compiled once per database (and per `shape`), then run with new
 * values: for the statements of the buy path, where building and compiling a query costs more
 * CPU than SQLite spends running it. `build` gets `$`, whose every property stands for the
 * parameter of that name (typed as `P` says); each one must end up as a bound value, which is
 * checked when the query is compiled. `shape` (typed as `S` says; none unless `build` names
 * one: a row count, a flag, or plain data of them) is what changes the SQL itself (how many rows or
 * list items, which columns, a lock), and `build` gets it to build that variant; each distinct
 * shape (by value) is compiled once.
 */
export function preparedQuery<P extends object, O, S = undefined>(build: (db: Db, $: P, shape: S) => Compilable<O>) {
  // Keyed by the dialect adapter: one per Kysely instance, shared by its transactions.
  const compiled = new WeakMap<object, Map<string, CompiledQuery<O>>>();
  const compile = (db: Db, shape: S): CompiledQuery<O> => {
    const adapter = db.getExecutor().adapter;
    let variants = compiled.get(adapter);
    if (!variants) compiled.set(adapter, (variants = new Map()));
    const key = typeof shape === 'object' ? JSON.stringify(shape) : String(shape);
    let query = variants.get(key);
    if (!query) {
      let used = 0;
      const $ = new Proxy({} as P, {
        get: (_, name) => {
          used += 1;
          return new Slot(String(name));
        },
      });
      query = build(db, $, shape).compile();
      const bound = new Set(query.parameters.filter((value) => value instanceof Slot)).size;
      if (bound !== used) throw new Error(`prepared query: ${used - bound} parameter(s) not bound in ${query.sql}`);
      variants.set(key, query);
    }
    return query;
  };
  return {
    async execute(db: Db, params: P, ...[shape]: S extends undefined ? [] : [shape: S]): Promise<QueryResult<O>> {
      const query = compile(db, shape as S);
      const values = params as Record<string, unknown>;
      return db.executeQuery<O>({
        ...query,
        parameters: query.parameters.map((value) => (value instanceof Slot ? values[value.name] : value)),
      });
    },
  };
}

/** Parameters `i0`…`i{n-1}` of a list of ids: a prepared query's `IN (…)` of `count` items, keyed by that count. */
export type IdSlots = Record<`i${number}`, number>;

/** The `count` slots of an id list, inside a prepared query's `build`. */
export const idSlots = ($: IdSlots, count: number): number[] => Array.from({ length: count }, (_, i) => $[`i${i}`]!);

/** The values of those slots, for `execute`. */
export const idParams = (ids: readonly number[]): IdSlots => Object.fromEntries(ids.map((id, i) => [`i${i}`, id])) as IdSlots;
