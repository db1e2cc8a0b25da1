import type { FastifyInstance } from 'fastify';
import { invalidateCatalogCache } from '../catalog/catalog-reads';

type Listener = () => void;

/** Per app (its shared `deps`): what drops an in-process copy of catalog data. */
const listeners = new WeakMap<object, Set<Listener>>();

/** Registers what to clear when the catalog changes (the guest page cache registers itself). */
export function onCatalogChange(app: FastifyInstance, listener: Listener): void {
  let set = listeners.get(app.deps);
  if (!set) listeners.set(app.deps, (set = new Set()));
  set.add(listener);
}

/**
 * Called after every catalog change the console commits: this process's guest pages and cached
 * catalog rows are dropped, so its next page shows the change.
 */
export function catalogChanged(app: FastifyInstance): void {
  invalidateCatalogCache(app.deps.database.db);
  for (const listener of listeners.get(app.deps) ?? []) listener();
}
