// Fills a member's bookshelf for bench/bookshelf.mjs: `count` books of the bench dataset (10
// volumes a title, bought over two years), a synced page on every fifth and a read-end on
// every tenth. Usage: tsx bench/bookshelf-setup.ts <data-dir> <user-id> [count=5000]
import { openDatabase } from '../apps/server/src/db/database';
import { refreshShelfSeries } from '../apps/server/src/modules/bookshelf/shelf-series.repository';

const [dataDir, userIdText, countText] = process.argv.slice(2);
if (!dataDir || !userIdText) throw new Error('usage: tsx bench/bookshelf-setup.ts <data-dir> <user-id> [count]');
const userId = Number(userIdText);
const count = Number(countText ?? 5000);
const handle = openDatabase({ dataDir, poolSize: 2 });
const DAY = 86_400_000;
const now = Date.now();
// Released books only, in id order (about 500 titles).
const books = await handle.db
  .selectFrom('books')
  .select(['id', 'page_count'])
  .where('start_datetime', '<=', now)
  .orderBy('id')
  .limit(count)
  .execute();
await handle.db.transaction().execute(async (trx) => {
  for (let i = 0; i < books.length; i += 500) {
    const slice = books.slice(i, i + 500);
    await trx
      .insertInto('user_books')
      .values(
        slice.map((b, j) => ({
          user_id: userId,
          book_id: b.id,
          possession_status: 'OWNED',
          source: (i + j) % 17 === 0 ? 'FREE' : 'PURCHASE',
          order_id: null,
          created_at: now - 730 * DAY + (i + j) * 3_600_000,
        })),
      )
      .execute();
    const read = slice.filter((_, j) => (i + j) % 5 === 0);
    if (read.length) {
      await trx
        .insertInto('reading_positions')
        .values(
          read.map((b, j) => ({
            user_id: userId,
            book_id: b.id,
            page: 1 + (j % 100),
            font: null,
            read_at: now - j * 60_000,
            device_id: null,
            updated_at: now,
          })),
        )
        .execute();
    }
    const ended = slice.filter((_, j) => (i + j) % 10 === 0);
    if (ended.length)
      await trx
        .insertInto('read_ends')
        .values(ended.map((b) => ({ user_id: userId, book_id: b.id, created_at: now })))
        .execute();
  }
  // The shelf summary the store keeps as books are granted (inserted directly here, so refreshed once).
  const titles = await trx
    .selectFrom('user_books as ub')
    .innerJoin('books as b', 'b.id', 'ub.book_id')
    .select('b.title_id')
    .distinct()
    .where('ub.user_id', '=', userId)
    .execute();
  await refreshShelfSeries(
    trx,
    userId,
    titles.map((t) => t.title_id),
  );
});
console.log(`SETUP ${JSON.stringify({ userId, books: books.length })}`);
await handle.destroy();
