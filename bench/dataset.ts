#!/usr/bin/env tsx
/**
 * Bench dataset ("Scale and speed"): 10,000 titles and 100,000 books (no images),
 * 3,000 authors and 45 days of purchase/read/wish events, written into a fresh SQLite file
 * in DATA_DIR in one transaction of batched inserts. The store started on that DATA_DIR
 * skips the demo (the catalog is not empty) and serves this catalog.
 *
 *   npx tsx bench/dataset.ts <data-dir> [titles=10000] [volumes-per-title=10]
 *
 * Prints `DATASET {json}` with counts, timings and sample ids/words for the benchmark.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { titleSearchText } from '@hondana/domain/catalog/search-text';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { demoGenres } from '../apps/server/src/demo/demo-people';
import { insertBatched } from '../apps/server/src/demo/demo.repository';
import { Random } from '../apps/server/src/demo/random';

const DAY = 86_400_000;
const EVENT_DAYS = 45;
const EVENTS_PER_DAY = 8_000;

const FAMILY: [string, string][] = [
  ['新海', 'シンカイ'],
  ['桐谷', 'キリタニ'],
  ['葉月', 'ハヅキ'],
  ['黒川', 'クロカワ'],
  ['七瀬', 'ナナセ'],
  ['藤宮', 'フジミヤ'],
  ['天野', 'アマノ'],
  ['霧島', 'キリシマ'],
  ['柚木', 'ユズキ'],
  ['真白', 'マシロ'],
  ['東雲', 'シノノメ'],
  ['早瀬', 'ハヤセ'],
  ['水無月', 'ミナヅキ'],
  ['白石', 'シライシ'],
  ['小鳥遊', 'タカナシ'],
  ['宮坂', 'ミヤサカ'],
  ['一ノ瀬', 'イチノセ'],
  ['秋月', 'アキヅキ'],
  ['青山', 'アオヤマ'],
  ['橘', 'タチバナ'],
  ['鳴海', 'ナルミ'],
  ['朝霧', 'アサギリ'],
  ['桜井', 'サクライ'],
  ['如月', 'キサラギ'],
  ['神崎', 'カンザキ'],
];
const GIVEN: [string, string][] = [
  ['遥斗', 'ハルト'],
  ['湊', 'ミナト'],
  ['悠', 'ユウ'],
  ['葵', 'アオイ'],
  ['つむぎ', 'ツムギ'],
  ['栞', 'シオリ'],
  ['琥珀', 'コハク'],
  ['玲', 'レイ'],
  ['ことは', 'コトハ'],
  ['千尋', 'チヒロ'],
  ['陣', 'ジン'],
  ['透', 'トオル'],
  ['りん', 'リン'],
  ['そら', 'ソラ'],
  ['ねね', 'ネネ'],
  ['航', 'ワタル'],
  ['あかり', 'アカリ'],
  ['ほのか', 'ホノカ'],
  ['蒼', 'ソウ'],
  ['結衣', 'ユイ'],
];
const HEAD: [string, string][] = [
  ['夜明けの', 'ヨアケノ'],
  ['真夜中の', 'マヨナカノ'],
  ['蒼き', 'アオキ'],
  ['最強の', 'サイキョウノ'],
  ['秘密の', 'ヒミツノ'],
  ['恋する', 'コイスル'],
  ['はじまりの', 'ハジマリノ'],
  ['さよならの', 'サヨナラノ'],
  ['銀河の', 'ギンガノ'],
  ['放課後の', 'ホウカゴノ'],
  ['異世界', 'イセカイ'],
  ['月下の', 'ゲッカノ'],
  ['灼熱の', 'シャクネツノ'],
  ['迷宮の', 'メイキュウノ'],
  ['花咲く', 'ハナサク'],
];
const TAIL: [string, string][] = [
  ['図書館', 'トショカン'],
  ['ラーメン物語', 'ラーメンモノガタリ'],
  ['騎士団', 'キシダン'],
  ['魔法使い', 'マホウツカイ'],
  ['探偵', 'タンテイ'],
  ['喫茶店', 'キッサテン'],
  ['勇者', 'ユウシャ'],
  ['王子様', 'オウジサマ'],
  ['ダンジョン', 'ダンジョン'],
  ['料理人', 'リョウリニン'],
  ['アイドル', 'アイドル'],
  ['剣士', 'ケンシ'],
  ['花嫁', 'ハナヨメ'],
  ['academy', 'アカデミー'],
];
const PAGE_TYPES: [string, number][] = [
  ['male', 30],
  ['female', 20],
  ['adult_male', 8],
  ['adult_female', 8],
  ['bl', 8],
  ['light_novel', 10],
  ['novel_literature', 8],
  ['business_practical', 5],
  ['magazine_photo', 3],
];

export interface DatasetResult {
  titles: number;
  books: number;
  authors: number;
  events: number;
  ms: number;
  sampleTitleId: number;
  sampleWord: string;
}

export async function buildDataset(dataDir: string, titleCount = 10_000, volumes = 10): Promise<DatasetResult> {
  const started = performance.now();
  mkdirSync(dataDir, { recursive: true });
  const database = openDatabase({ dataDir });
  await migrateToLatest(database.db);
  const rnd = Random.of(20261122, 99);
  const now = Date.now();
  const at0 = now - 5 * 365 * DAY;

  const authors = Array.from({ length: 3_000 }, (_, i) => {
    const [fk, fr] = FAMILY[i % FAMILY.length]!;
    const [gk, gr] = GIVEN[Math.floor(i / FAMILY.length) % GIVEN.length]!;
    return { id: i + 1, name: `${fk} ${gk}`, kana: `${fr} ${gr}`, created_at: at0 };
  });

  const titles = [];
  const titleAuthors = [];
  const books = [];
  const popularity: number[] = [];
  let bookId = 0;
  const ptWeights = PAGE_TYPES.map(([, w]) => w);
  for (let id = 1; id <= titleCount; id++) {
    const [hk, hr] = rnd.pick(HEAD);
    const [tk, tr] = rnd.pick(TAIL);
    const name = `${hk}${tk} ${id}`;
    const kana = `${hr}${tr}`;
    const pageType = PAGE_TYPES[rnd.weighted(ptWeights)]![0];
    const eroticType = rnd.chance(0.02) ? 4 : rnd.chance(0.05) ? 1 : 0;
    const credits = [authors[rnd.int(0, authors.length - 1)]!];
    if (rnd.chance(0.2)) credits.push(authors[rnd.int(0, authors.length - 1)]!);
    const unique = [...new Map(credits.map((a) => [a.id, a])).values()];
    const created = at0 + rnd.int(0, 4 * 365) * DAY;
    titles.push({
      id,
      name,
      kana,
      description: `${name}の物語。`,
      page_type: pageType,
      genre_id: demoGenres[rnd.int(0, demoGenres.length - 1)]!.id,
      erotic_type: eroticType,
      complete_flg: rnd.chance(0.3) ? 1 : 0,
      magazine_id: null,
      publisher_id: null,
      created_at: created,
      updated_at: created,
      search_text: titleSearchText({ name, kana }, unique),
    } as const);
    unique.forEach((a, i) => titleAuthors.push({ title_id: id, author_id: a.id, role: 'author', sort_order: i }));
    popularity.push((1 / id ** 0.8) * rnd.range(0.5, 1.5) * (eroticType === 4 ? 0.3 : 1));
    const freeTitle = rnd.chance(0.1);
    const step = Math.max(1, Math.floor((now - created) / volumes));
    for (let vol = 1; vol <= volumes; vol++) {
      bookId += 1;
      const start = vol === volumes && rnd.chance(0.02) ? now + 14 * DAY : created + (vol - 1) * step;
      const free = freeTitle && vol <= 2;
      const sale = rnd.chance(0.05);
      books.push({
        id: bookId,
        title_id: id,
        vol,
        contents_name: `${name} ${vol}`,
        description: '',
        price: 440 + 22 * rnd.int(0, 20),
        tax_amount: 40,
        sale_price: sale ? 220 : null,
        sale_start_datetime: sale ? now - 3 * DAY : null,
        sale_end_datetime: sale ? now + 7 * DAY : null,
        free_flg: free ? 1 : 0,
        free_start_datetime: free ? now - rnd.int(1, 20) * DAY : null,
        free_end_datetime: free && rnd.chance(0.5) ? now + rnd.int(1, 20) * DAY : null,
        start_datetime: start,
        end_datetime: null,
        sales_status: start > now ? 'IN_RESERVATION' : 'ON_SALE',
        layout_type: 0,
        direction: 'rtl',
        writing_mode: null,
        page_count: 180,
        sample_page_total: 10,
        custom_sample_pages: null,
        imaged_reflow: 0,
        rental_minutes: null,
        created_at: created,
      } as const);
    }
  }

  // Events: each title's popularity drifts over the days, so windows rank differently.
  const events = [];
  const drift = popularity.map(() => rnd.range(-1, 1));
  for (let daysAgo = EVENT_DAYS; daysAgo >= 0; daysAgo--) {
    const dayStart = now - daysAgo * DAY;
    const weights = popularity.map((p, i) => p * Math.exp(drift[i]! * (1 - daysAgo / EVENT_DAYS)));
    const cumulative: number[] = [];
    let sum = 0;
    for (const w of weights) cumulative.push((sum += w));
    const count = daysAgo === 0 ? Math.floor(EVENTS_PER_DAY / 2) : EVENTS_PER_DAY;
    for (let i = 0; i < count; i++) {
      const r = rnd.next() * sum;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid]! < r) lo = mid + 1;
        else hi = mid;
      }
      const titleId = lo + 1;
      const kind = rnd.chance(0.1) ? 'wish' : rnd.chance(0.45) ? 'read' : 'purchase';
      events.push({
        kind,
        title_id: titleId,
        book_id: kind === 'wish' ? null : (titleId - 1) * volumes + rnd.int(1, volumes - 1),
        serial_id: null,
        user_id: null,
        created_at: Math.min(now - 1, dayStart + Math.floor(rnd.next() * DAY)),
      } as const);
    }
  }

  await database.db.transaction().execute(async (tx) => {
    await insertBatched(tx, 'genres', demoGenres);
    await insertBatched(tx, 'authors', authors);
    await insertBatched(tx, 'titles', titles);
    await insertBatched(tx, 'title_authors', titleAuthors);
    await insertBatched(tx, 'books', books);
    await insertBatched(tx, 'catalog_events', events);
  });
  await database.destroy();
  return {
    titles: titles.length,
    books: books.length,
    authors: authors.length,
    events: events.length,
    ms: Math.round(performance.now() - started),
    sampleTitleId: titles.find((t) => t.id >= titleCount / 2 && t.erotic_type === 0)!.id,
    sampleWord: 'しんかい',
  };
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('bench', 'dataset.ts'))) {
  const [dir, titles, volumes] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: tsx bench/dataset.ts <data-dir> [titles] [volumes-per-title]');
    process.exit(2);
  }
  buildDataset(path.resolve(dir), titles ? Number(titles) : undefined, volumes ? Number(volumes) : undefined)
    .then((result) => console.log(`DATASET ${JSON.stringify(result)}`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
