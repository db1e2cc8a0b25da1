// Prepares a store database for bench/purchases.mjs: migrated, one title with `count` books at
// 100 coins (so the demo catalog is not generated). Usage: tsx bench/purchases-setup.ts <count>
// with DATA_DIR or DATABASE_URL set as for the server.
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';

const count = Number(process.argv[2] ?? 3000);
const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR, poolSize: 2 });
await migrateToLatest(handle.db);
const title = await handle.db
  .insertInto('titles')
  .values({
    name: 'ベンチ作品',
    kana: 'ベンチサクヒン',
    description: '',
    page_type: 'male',
    genre_id: null,
    erotic_type: 0,
    complete_flg: 0,
    magazine_id: null,
    publisher_id: null,
    created_at: 0,
    updated_at: 0,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
for (let start = 0; start < count; start += 500) {
  const rows = [];
  for (let vol = start + 1; vol <= Math.min(count, start + 500); vol += 1) {
    rows.push({
      title_id: title.id,
      vol,
      contents_name: `ベンチ ${vol}`,
      description: '',
      price: 100,
      tax_amount: 9,
      start_datetime: 0,
      sales_status: 'ON_SALE',
      layout_type: 0,
      direction: 'rtl' as const,
      page_count: 10,
      sample_page_total: 2,
      free_flg: 0 as const,
      imaged_reflow: 0 as const,
      created_at: 0,
    });
  }
  await handle.db.insertInto('books').values(rows).execute();
}
const first = await handle.db.selectFrom('books').select('id').where('title_id', '=', title.id).orderBy('id').executeTakeFirstOrThrow();
console.log(`SETUP ${JSON.stringify({ firstBookId: first.id, count })}`);
await handle.destroy();
