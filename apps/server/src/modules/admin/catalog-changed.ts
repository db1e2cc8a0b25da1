import type { FastifyInstance } from 'fastify';

/**
 * Called after every catalog change the console commits (each recorded its `catalog` change in
 * its own transaction, `adminMutation`): this process's caches — guest pages, catalog rows,
 * bundle summaries — are dropped before the answer goes out, and every other process follows
 * within a second through the store's change counters (decision 018).
 */
export function catalogChanged(app: FastifyInstance): Promise<void> {
  return app.deps.changes.check();
}
