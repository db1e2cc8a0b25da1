import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { forgetRankings } from './rankings.service';
import { forgetTileLists } from './tile-lists';
import { invalidateCatalogCache } from './titles.repository';

/**
 * Everything the catalog area keeps in process for `db`: the title facts (and the volume details
 * memoised on them), the book → title index, the rankings, the set of titles with a free
 * volume and the pages' tile lists (`tile-lists.ts`). Dropped when the store's `catalog` change counter moves (an import, an editor, the
 * demo reseed), so every process shows the change within a second instead of after the TTLs.
 */
export function forgetCatalogCaches(db: Kysely<Database>): void {
  invalidateCatalogCache(db);
  forgetRankings(db);
  forgetTileLists(db);
}

/**
 * What the rankings feed in process: the rankings themselves and the tile lists (the top page's
 * ranking shelves). Dropped when the `rankings` job writes (its `rankings` change), so every
 * process shows the new rankings within a second of the job's run.
 */
export function forgetRankingCaches(db: Kysely<Database>): void {
  forgetRankings(db);
  forgetTileLists(db);
}
