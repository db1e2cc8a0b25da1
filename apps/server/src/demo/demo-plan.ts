import { instantToTokyoMinute } from '@hondana/domain/common/time';
import type { CreateEpisodeBody, CreateSerialBody } from '@hondana/domain/admin/admin-serials-api';
import { LayoutType, SalesStatus, readingDirection } from '@hondana/domain/catalog/catalog';
import { DEFAULT_CHARGE_MINUTES, SpendType } from '@hondana/domain/serials/serials';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type {
  AuthorsTable,
  BookNavigationsTable,
  BookPagesTable,
  BookTextChaptersTable,
  BooksTable,
  GenresTable,
  MagazinesTable,
  PublishersTable,
  TitleAuthorsTable,
  TitlesTable,
} from '../db/catalog-schema';
import { hsl, titleHue } from './art/palette';
import { FIXED_PAGE_SIZE, WEBTOON_SEGMENT_SIZE } from '../media/media-spec';
import { demoAuthors, demoGenres, demoMagazines, demoPublishers } from './demo-people';
import { episodeSubtitles, textChapters, visibleLength, volumeBlurb } from './demo-prose';
import { type TitleSeed, demoTitles } from './demo-titles';
import { Random } from './random';

export const DAY = 86_400_000;
const JST_OFFSET = 9 * 3_600_000;

/** 00:00 in Tokyo of the day that contains `now` (Japan has no daylight saving time). */
export const tokyoDayStart = (now: number): number => Math.floor((now + JST_OFFSET) / DAY) * DAY - JST_OFFSET;

/**
 * A serial of the demo as an operator makes it in the console: the requests the console sends
 * (`POST /api/admin/serials`, then `POST /api/admin/serials/:id/episodes` for each episode, times
 * in Asia/Tokyo), made through the console's services by demo-serials.ts.
 */
export interface DemoSerial {
  /** Its place among the demo's serials, from 1 (its id in an empty catalog); the demo's events name it by this until it is made. */
  ref: number;
  titleId: number;
  /** When the operator made it (its row's `created_at`). */
  createdAt: number;
  request: Omit<z.input<typeof CreateSerialBody>, 'token'>;
  episodes: { createdAt: number; request: Omit<z.input<typeof CreateEpisodeBody>, 'token'> }[];
}

/** Every row of the demo catalog, with explicit ids so that relations are known before inserting; its serials as console requests. */
export interface DemoPlan {
  authors: Insertable<AuthorsTable>[];
  publishers: Insertable<PublishersTable>[];
  magazines: Insertable<MagazinesTable>[];
  genres: Insertable<GenresTable>[];
  titles: Insertable<TitlesTable>[];
  titleAuthors: Insertable<TitleAuthorsTable>[];
  books: Insertable<BooksTable>[];
  bookPages: Insertable<BookPagesTable>[];
  bookNavigations: Insertable<BookNavigationsTable>[];
  bookTextChapters: Insertable<BookTextChaptersTable>[];
  serials: DemoSerial[];
}

/**
 * The demo catalog as rows, decided by `seed` alone; dates are laid out around the Tokyo day
 * of `now` so the store always has new releases, running sales, limited free books and pre-orders.
 */
export function buildDemoPlan(seed: number, now: number): DemoPlan {
  const anchor = tokyoDayStart(now);
  const plan: DemoPlan = {
    authors: demoAuthors.map((a, i) => ({
      id: i + 1,
      name: a.name,
      kana: a.kana,
      profile: a.profile,
      created_at: anchor - 1000 * DAY,
    })),
    publishers: demoPublishers.map((p, i) => ({ id: i + 1, name: p.name, kana: p.kana })),
    magazines: demoMagazines.map((m, i) => ({
      id: i + 1,
      name: m.name,
      kana: m.kana,
      publisher_id: idOf(demoPublishers, m.publisher),
    })),
    genres: demoGenres.map((g) => ({ ...g })),
    titles: [],
    titleAuthors: [],
    books: [],
    bookPages: [],
    bookNavigations: [],
    bookTextChapters: [],
    serials: [],
  };
  demoTitles.forEach((title, index) => addTitle(plan, title, index + 1, seed, anchor));
  return plan;
}

function idOf(list: { key: string }[], key: string): number {
  const index = list.findIndex((item) => item.key === key);
  if (index < 0) throw new Error(`demo catalog: unknown key ${key}`);
  return index + 1;
}

function addTitle(plan: DemoPlan, seed: TitleSeed, titleId: number, randomSeed: number, anchor: number): void {
  const rnd = Random.of(randomSeed, 1, titleId);
  const magazineIssue = seed.pageType === 'magazine_photo' && seed.volumes > 1;
  const upcoming = !seed.complete && seed.volumes >= 3 && rnd.chance(0.45) ? 1 : 0;
  const released = seed.volumes - upcoming;
  const interval = magazineIssue ? 7 : rnd.int(70, 120);
  const latestAgo = magazineIssue ? rnd.int(0, 6) : rnd.int(0, 50);
  const releaseOf = (vol: number) =>
    vol <= released ? anchor - (latestAgo + (released - vol) * interval) * DAY : anchor + rnd.int(4, 40) * DAY;

  const starts = Array.from({ length: seed.volumes }, (_, i) => releaseOf(i + 1));
  plan.titles.push({
    id: titleId,
    name: seed.name,
    kana: seed.kana,
    description: seed.description,
    page_type: seed.pageType,
    genre_id: seed.genreId,
    erotic_type: seed.eroticType,
    complete_flg: seed.complete ? 1 : 0,
    magazine_id: seed.magazine ? idOf(demoMagazines, seed.magazine) : null,
    publisher_id: idOf(demoPublishers, seed.publisher),
    created_at: starts[0]! - 14 * DAY,
    updated_at: Math.max(...starts.filter((s) => s <= anchor)),
  });
  seed.authors.forEach(([key, role], i) =>
    plan.titleAuthors.push({ title_id: titleId, author_id: idOf(demoAuthors, key), role, sort_order: i }),
  );
  const firstBookId = plan.books.length + 1;
  for (let vol = 1; vol <= seed.volumes; vol++) {
    addBook(plan, seed, titleId, plan.books.length + 1, vol, starts[vol - 1]!, anchor, rnd);
  }
  if (seed.serial) addSerial(plan, seed, titleId, firstBookId, anchor, rnd);
}

function addBook(
  plan: DemoPlan,
  seed: TitleSeed,
  titleId: number,
  bookId: number,
  vol: number,
  start: number,
  anchor: number,
  rnd: Random,
): void {
  const price = Math.floor(seed.basePrice * 1.1);
  const reserved = start > anchor;
  const free = vol <= (seed.freeVolumes ?? 0);
  const onSale = !free && !reserved && (rnd.chance(0.18) || (titleId % 6 === 3 && vol === 1));
  const story = !['business_practical', 'magazine_photo'].includes(seed.pageType);
  const pages = pageCountOf(seed, rnd);
  const { FIXED, WEBTOON, REFLOW } = LayoutType;
  plan.books.push({
    id: bookId,
    title_id: titleId,
    vol,
    contents_name: contentsName(seed, vol),
    description: vol === 1 ? seed.description : volumeBlurb(rnd, story, seed.hero, vol),
    price,
    tax_amount: price - seed.basePrice,
    sale_price: onSale ? Math.floor(price * rnd.pick([0.5, 0.7, 0.8])) : null,
    sale_start_datetime: onSale ? anchor - rnd.int(1, 6) * DAY : null,
    sale_end_datetime: onSale ? anchor + rnd.int(2, 14) * DAY : null,
    free_flg: free ? 1 : 0,
    free_start_datetime: free && !seed.freeForever ? anchor - rnd.int(1, 10) * DAY : null,
    free_end_datetime: free && !seed.freeForever ? anchor + rnd.int(3, 21) * DAY : null,
    start_datetime: start,
    end_datetime: null,
    sales_status: reserved ? SalesStatus.IN_RESERVATION : SalesStatus.ON_SALE,
    layout_type: seed.layout,
    direction: readingDirection(seed.genreId, seed.layout === WEBTOON ? 'ltr' : 'rtl'),
    writing_mode: seed.layout === REFLOW ? 'vertical' : null,
    page_count: pages,
    sample_page_total: seed.layout === REFLOW ? 1 : seed.layout === WEBTOON ? 2 : rnd.int(3, 5),
    custom_sample_pages: null,
    imaged_reflow: 0,
    rental_minutes: null,
    created_at: Math.min(start, anchor) - DAY,
  });
  const size = seed.layout === WEBTOON ? WEBTOON_SEGMENT_SIZE : FIXED_PAGE_SIZE;
  // Story manga carry one double-page spread (one wide image) past the sample, as printed volumes do.
  const spread = seed.layout === FIXED && story ? pages - 6 : -1;
  for (let page = 0; page < pages; page++) {
    const wide = page === spread;
    const width = wide ? size.width * 2 : size.width;
    plan.bookPages.push({ book_id: bookId, page_no: page, width, height: size.height, wide_flg: wide ? 1 : 0 });
  }
  if (seed.layout === FIXED) addNavigations(plan, bookId, vol, pages, story);
  if (seed.layout === REFLOW) {
    textChapters(Random.of(titleId, vol, 7), seed.hero, 5).forEach((chapter, i) =>
      plan.bookTextChapters.push({
        book_id: bookId,
        chapter_no: i,
        title: chapter.title,
        body: chapter.body,
        char_count: visibleLength(chapter.body),
      }),
    );
  }
}

function pageCountOf(seed: TitleSeed, rnd: Random): number {
  if (seed.layout === LayoutType.REFLOW) return 0;
  if (seed.layout === LayoutType.WEBTOON) return rnd.int(6, 8);
  return rnd.int(7, 11) * 2;
}

function contentsName(seed: TitleSeed, vol: number): string {
  if (seed.volumes === 1) return seed.name;
  if (seed.pageType === 'magazine_photo') return `${seed.name} Vol.${vol}`;
  return `${seed.name}（${vol}）`;
}

function addNavigations(plan: DemoPlan, bookId: number, vol: number, pages: number, story: boolean): void {
  const half = Math.floor(pages / 2);
  const labels = story ? [`第${vol * 2 - 1}話`, `第${vol * 2}話`] : ['第1章', '第2章'];
  plan.bookNavigations.push({ book_id: bookId, seq: 0, page_no: 0, text: labels[0]! });
  plan.bookNavigations.push({ book_id: bookId, seq: 1, page_no: half, text: labels[1]! });
}

function addSerial(plan: DemoPlan, seed: TitleSeed, titleId: number, firstBookId: number, anchor: number, rnd: Random): void {
  const serial = seed.serial!;
  const ref = plan.serials.length + 1;
  const hue = titleHue(titleId);
  const webtoon = seed.layout === LayoutType.WEBTOON;
  const step = webtoon ? 3 : 7;
  const future = rnd.int(1, 2);
  const firstRelease = anchor - (serial.episodes - future) * step * DAY + 10 * 3_600_000;
  const releasedBooks = plan.books.filter((b) => b.title_id === titleId && b.start_datetime <= anchor);
  const perVolume = Math.ceil(serial.episodes / Math.max(1, seed.volumes));
  const subtitles = Random.of(titleId, 99).shuffle(episodeSubtitles);
  const episodes: DemoSerial['episodes'] = [];
  for (let n = 1; n <= serial.episodes; n++) {
    const volumeIndex = Math.floor((n - 1) / perVolume);
    const release = firstRelease + (n - 1) * step * DAY;
    const free = n <= 3;
    episodes.push({
      createdAt: Math.min(release, anchor),
      request: {
        title: `第${n}話 ${subtitles[(n - 1) % subtitles.length]}`,
        // The first three free; the rest open with the serial's normal ticket (待てば無料) or coins.
        spendType: free ? SpendType.FREE : SpendType.CHARGE,
        price: free ? 0 : webtoon ? 30 : 40,
        releaseAt: instantToTokyoMinute(release),
        endAt: null,
        // Pages or a webtoon: the console's schema refuses any other layout (demo-serials.ts checks the request with it).
        layoutType: seed.layout as 0 | 1,
        pageCount: webtoon ? 4 : 8,
        bookId: volumeIndex < releasedBooks.length ? firstBookId + volumeIndex : null,
      },
    });
  }
  plan.serials.push({
    ref,
    titleId,
    createdAt: firstRelease - 7 * DAY,
    request: {
      titleId,
      name: serial.name ?? seed.name,
      description: serial.description,
      category: seed.pageType,
      themeColor: hsl(hue, 60, 42),
      subColor: hsl(hue, 70, 88),
      ticketUsable: true,
      rewardUsable: webtoon,
      chargeMinutes: DEFAULT_CHARGE_MINUTES,
      rentalMinutes: ref % 2 === 0 ? 0 : 180,
      orderOnly: false,
      endAt: null,
    },
    episodes,
  });
}
