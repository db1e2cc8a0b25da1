import { listCampaigns } from '../src/modules/invitations/invitations.service';
import { DEMO_INVITATION_NAME } from '../src/demo/demo-invitations';
import { listInvitationCampaigns } from '../src/modules/admin/invitation-campaigns.service';
import { EroticType, LayoutType, pageTypes } from '@hondana/domain/catalog/catalog';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SEED, ensureDemoCatalog, resetDemoCatalog } from '../src/demo/demo-catalog';
import { serialDetail } from '../src/modules/admin/admin-serials.service';
import { CreateSerialBody } from '@hondana/domain/admin/admin-serials-api';
import { demoAuthors, demoGenres, demoMagazines, demoPublishers } from '../src/demo/demo-people';
import { buildDemoPlan } from '../src/demo/demo-plan';
import { balloonLines, episodeSubtitles, soundEffects } from '../src/demo/demo-prose';
import { demoTitles } from '../src/demo/demo-titles';
import { font } from '../src/media/art/font';
import { COVER_EAGER_WIDTHS, PAGE_WIDTHS, mediaKey } from '../src/media/media-spec';
import { FileMediaStore, mediaRoot } from '../src/media/media-store';
import { prerenderCatalogMedia } from '../src/demo/prerender';
import { type TestDatabase, createTestDatabase } from './support/test-database';

/** Characters the art font has no glyph for (the demo's text must be drawable). */
const missingGlyphs = (text: string): string[] => [...new Set(text)].filter((c) => c.trim() !== '' && font().charToGlyph(c).index === 0);

const NOW = new Date('2026-11-22T03:00:00Z');

async function count(
  db: TestDatabase['db'],
  table: 'titles' | 'books' | 'authors' | 'publishers' | 'magazines' | 'genres' | 'serials' | 'catalog_events',
) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the demo catalog', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureDemoCatalog(database, { dataDir: database.dataDir, images: 'none', now: NOW });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('has at least 24 titles with kana-read authors, publishers, magazines and genres', async () => {
    const { db } = database;
    expect(await count(db, 'titles')).toBeGreaterThanOrEqual(24);
    expect(await count(db, 'publishers')).toBeGreaterThanOrEqual(4);
    expect(await count(db, 'magazines')).toBeGreaterThanOrEqual(4);
    expect(await count(db, 'genres')).toBe(17);
    const authors = await db.selectFrom('authors').select(['name', 'kana']).execute();
    expect(authors.length).toBeGreaterThanOrEqual(20);
    for (const a of authors) expect(a.kana).toMatch(/^[ァ-ヶー ]+$/);
    expect(authors).toContainEqual({ name: '新海 遥斗', kana: 'シンカイ ハルト' });
    const untitled = await db
      .selectFrom('titles as t')
      .leftJoin('title_authors as ta', 'ta.title_id', 't.id')
      .select('t.id')
      .where('ta.author_id', 'is', null)
      .execute();
    expect(untitled).toEqual([]);
  });

  it('covers every page type of §9 but "all"', async () => {
    const rows = await database.db.selectFrom('titles').select('page_type').distinct().execute();
    expect(rows.map((r) => r.page_type).sort()).toEqual(pageTypes.filter((p) => p !== 'all').sort());
  });

  it('has at least 80 volumes, some free now and some on sale now, and pre-orders', async () => {
    const books = await database.db.selectFrom('books').selectAll().execute();
    const now = NOW.getTime();
    expect(books.length).toBeGreaterThanOrEqual(80);
    const freeNow = books.filter((b) => b.free_flg === 1 && (b.free_start_datetime ?? 0) <= now && (b.free_end_datetime ?? Infinity) > now);
    expect(freeNow.length).toBeGreaterThanOrEqual(5);
    const onSale = books.filter(
      (b) => b.sale_price !== null && b.sale_start_datetime! <= now && b.sale_end_datetime! > now && b.sale_price < b.price,
    );
    expect(onSale.length).toBeGreaterThanOrEqual(3);
    expect(books.some((b) => b.sales_status === 'IN_RESERVATION' && b.start_datetime > now)).toBe(true);
    for (const b of books) {
      expect(Number.isInteger(b.price) && Number.isInteger(b.tax_amount)).toBe(true);
      expect(b.tax_amount).toBe(b.price - Math.round(b.price / 1.1));
    }
  });

  it('has exactly one R18 title', async () => {
    const r18 = await database.db.selectFrom('titles').select('name').where('erotic_type', '=', EroticType.R18).execute();
    expect(r18).toHaveLength(1);
  });

  it('has webtoon titles of tall strips and vertical reflow text books with chapters', async () => {
    const { db } = database;
    const webtoon = await db.selectFrom('books').select(['id', 'title_id']).where('layout_type', '=', LayoutType.WEBTOON).execute();
    expect(new Set(webtoon.map((b) => b.title_id)).size).toBeGreaterThanOrEqual(2);
    const strip = await db.selectFrom('book_pages').selectAll().where('book_id', '=', webtoon[0]!.id).execute();
    expect(strip.every((p) => p.height >= 2 * p.width)).toBe(true);

    const reflow = await db.selectFrom('books').selectAll().where('layout_type', '=', LayoutType.REFLOW).execute();
    expect(reflow.length).toBeGreaterThanOrEqual(3);
    for (const book of reflow) {
      expect(book.writing_mode).toBe('vertical');
      expect(book.direction).toBe('rtl');
      const chapters = await db.selectFrom('book_text_chapters').selectAll().where('book_id', '=', book.id).orderBy('chapter_no').execute();
      expect(chapters.length).toBeGreaterThanOrEqual(3);
      expect(chapters[0]!.title).toMatch(/^第一章/);
      expect(chapters.every((c) => c.char_count > 1000)).toBe(true);
      expect(chapters.some((c) => /｜[^《]+《[^》]+》/.test(c.body))).toBe(true);
    }
  });

  it('reads left to right in genres 11–17 and right to left otherwise (fixed layout)', async () => {
    const rows = await database.db
      .selectFrom('books as b')
      .innerJoin('titles as t', 't.id', 'b.title_id')
      .select(['b.direction', 't.genre_id', 'b.layout_type'])
      .execute();
    for (const r of rows) {
      if (r.genre_id! >= 11 && r.genre_id! <= 17) expect(r.direction).toBe('ltr');
      else if (r.layout_type === LayoutType.FIXED) expect(r.direction).toBe('rtl');
    }
  });

  it('has at least 6 serials with 20 or more episodes each, released in order', async () => {
    const { db } = database;
    const serials = await db
      .selectFrom('serials as s')
      .innerJoin('serial_episodes as e', 'e.serial_id', 's.id')
      .select(['s.id', 's.charge_minutes', (eb) => eb.fn.countAll<number>().as('episodes')])
      .groupBy(['s.id', 's.charge_minutes'])
      .execute();
    expect(serials.length).toBeGreaterThanOrEqual(6);
    for (const s of serials) {
      expect(Number(s.episodes)).toBeGreaterThanOrEqual(20);
      expect(s.charge_minutes).toBe(1380);
    }
    const episodes = await db
      .selectFrom('serial_episodes')
      .selectAll()
      .where('serial_id', '=', serials[0]!.id)
      .orderBy('order_sequence')
      .execute();
    for (let i = 1; i < episodes.length; i++) expect(episodes[i]!.release_datetime).toBeGreaterThan(episodes[i - 1]!.release_datetime);
    expect(episodes.filter((e) => e.free_flg === 1).length).toBeGreaterThan(0);
  });

  it("makes its serials and episodes through the console's services: the console shows each as the plan's request", async () => {
    const plan = buildDemoPlan(DEMO_SEED, NOW.getTime());
    expect(plan.serials.length).toBeGreaterThanOrEqual(6);
    for (const planned of plan.serials) {
      const { id } = await database.db.selectFrom('serials').select('id').where('title_id', '=', planned.titleId).executeTakeFirstOrThrow();
      const { token: _token, ...request } = CreateSerialBody.parse({ token: 'x', ...planned.request });
      const shown = await serialDetail(database.db, id);
      expect(shown).toMatchObject({ ...request, endAt: null, version: 0, imageUploaded: false });
      expect(
        shown.episodes.map(({ orderSequence, title, price, spendType, releaseAt, endAt, pageCount, layoutType, bookId, version }) => ({
          orderSequence,
          title,
          price,
          spendType,
          releaseAt,
          endAt,
          pageCount,
          layoutType,
          bookId,
          version,
        })),
      ).toEqual(planned.episodes.map((e, i) => ({ orderSequence: i + 1, ...e.request, version: 0 })));
    }
    // The console's service sets each episode's spend type (a plan's direct rows left it empty).
    expect(await database.db.selectFrom('serial_episodes').select('id').where('spend_type', 'is', null).execute()).toEqual([]);
  });

  it('runs editorial serial lists of general serials only', async () => {
    const { db } = database;
    const lists = await db.selectFrom('serial_osusumes').selectAll().where('start_datetime', '<=', NOW.getTime()).execute();
    expect(lists.length).toBeGreaterThanOrEqual(1);
    const items = await db
      .selectFrom('serial_osusume_items as i')
      .innerJoin('serials as s', 's.id', 'i.serial_id')
      .select(['i.osusume_id', 's.category'])
      .execute();
    for (const list of lists) expect(items.filter((i) => i.osusume_id === list.id).length).toBeGreaterThan(0);
    expect(items.filter((i) => i.category.startsWith('adult'))).toEqual([]);
  });

  it('seeds a ranking history whose leaders differ between the last day and the last month', async () => {
    const { db } = database;
    expect(await count(db, 'catalog_events')).toBeGreaterThan(5000);
    const leader = async (since: number) =>
      (
        await db
          .selectFrom('catalog_events')
          .select(['title_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('kind', '=', 'purchase')
          .where('created_at', '>=', since)
          .groupBy('title_id')
          .orderBy('n', 'desc')
          .orderBy('title_id')
          .limit(5)
          .execute()
      ).map((r) => r.title_id);
    const day = 86_400_000;
    const daily = await leader(NOW.getTime() - day);
    const monthly = await leader(NOW.getTime() - 30 * day);
    expect(daily).toHaveLength(5);
    expect(daily).not.toEqual(monthly);
    const latest = await db
      .selectFrom('catalog_events')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .executeTakeFirstOrThrow();
    expect(Number(latest.at)).toBeLessThanOrEqual(NOW.getTime());
  });

  it('gives its R18 titles events on every day, so the daily adult ranking of a verified adult is never empty', async () => {
    const { db } = database;
    const day = 86_400_000;
    const r18 = await db.selectFrom('titles').select('id').where('erotic_type', '=', 4).execute();
    for (let daysAgo = 1; daysAgo <= 7; daysAgo++) {
      const from = NOW.getTime() - (daysAgo + 1) * day;
      const events = await db
        .selectFrom('catalog_events')
        .select('title_id')
        .where(
          'title_id',
          'in',
          r18.map((t) => t.id),
        )
        .where('created_at', '>=', from)
        .where('created_at', '<', from + day)
        .execute();
      expect(events.length, `day -${daysAgo}`).toBeGreaterThan(0);
    }
  });

  it('leaves generated ids free for rows added later', async () => {
    const { db } = database;
    const max = await db
      .selectFrom('titles')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const row = await db
      .insertInto('titles')
      .values({
        name: '追加作品',
        kana: 'ツイカサクヒン',
        description: '',
        page_type: 'male',
        genre_id: 1,
        erotic_type: 0,
        complete_flg: 0,
        magazine_id: null,
        publisher_id: null,
        created_at: 0,
        updated_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(Number(max.id) + 1);
    await db.deleteFrom('titles').where('id', '=', row.id).execute();
  });

  it('is a fast no-op once titles exist', async () => {
    const before = await count(database.db, 'books');
    const started = performance.now();
    const result = await ensureDemoCatalog(database, { dataDir: database.dataDir, images: 'none', now: NOW });
    expect(result.created).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
    expect(await count(database.db, 'books')).toBe(before);
  });

  it('draws covers and sample pages as WebP and JPEG in two widths or more', async () => {
    const { db } = database;
    const webtoon = await db.selectFrom('books').select('id').where('layout_type', '=', LayoutType.WEBTOON).executeTakeFirstOrThrow();
    const store = new FileMediaStore(mediaRoot(database.dataDir));
    const result = await prerenderCatalogMedia(db, store, { bookIds: [1, webtoon.id] });
    const book1 = await db.selectFrom('books').select('sample_page_total').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(result.files).toBe((2 * COVER_EAGER_WIDTHS.length + (book1.sample_page_total + 2) * PAGE_WIDTHS.length) * 2);

    for (const width of [COVER_EAGER_WIDTHS[0], 480]) {
      const webp = await sharp((await store.get(mediaKey({ kind: 'cover', bookId: 1, width, format: 'webp' })))!).metadata();
      const jpeg = await sharp((await store.get(mediaKey({ kind: 'cover', bookId: 1, width, format: 'jpg' })))!).metadata();
      expect([webp.format, webp.width, jpeg.format, jpeg.width]).toEqual(['webp', width, 'jpeg', width]);
    }
    for (const width of PAGE_WIDTHS) {
      const page = await sharp((await store.get(mediaKey({ kind: 'page', bookId: 1, page: 0, width, format: 'webp' })))!).metadata();
      expect(page.width).toBe(width);
      expect(page.height).toBe(Math.round((1536 * width) / 1080));
    }
    expect(await store.exists(mediaKey({ kind: 'page', bookId: 1, page: book1.sample_page_total, width: 720, format: 'webp' }))).toBe(
      false,
    );
    const again = await prerenderCatalogMedia(db, store, { bookIds: [1] });
    expect(again.files).toBe(0);
  });

  it('generates the same catalog on every run and after a reset', async () => {
    const other = await createTestDatabase();
    try {
      await ensureDemoCatalog(other, { dataDir: other.dataDir, images: 'none', now: NOW });
      const snapshot = (db: TestDatabase['db']) =>
        db
          .selectFrom('books')
          .select(['id', 'title_id', 'contents_name', 'price', 'sale_price', 'page_count', 'start_datetime'])
          .orderBy('id')
          .execute();
      // Serials by their title: the store gives their ids, which move on after a reset.
      const serials = (db: TestDatabase['db']) =>
        db
          .selectFrom('serials as s')
          .innerJoin('serial_episodes as e', 'e.serial_id', 's.id')
          .innerJoin('serial_episode_pages as p', 'p.episode_id', 'e.id')
          .select(['s.title_id', 's.name', 's.rental_minutes', 'e.order_sequence', 'e.title', 'e.release_datetime', 'p.page_no', 'p.width'])
          .orderBy('s.title_id')
          .orderBy('e.order_sequence')
          .orderBy('p.page_no')
          .execute();
      // Each serial read of the ranking history names its title's serial.
      const strayReads = (db: TestDatabase['db']) =>
        db
          .selectFrom('catalog_events as e')
          .leftJoin('serials as s', 's.id', 'e.serial_id')
          .select(['e.id', 'e.title_id', 's.title_id as serialTitleId'])
          .where('e.serial_id', 'is not', null)
          .where((eb) => eb.or([eb('s.id', 'is', null), eb('s.title_id', '!=', eb.ref('e.title_id'))]))
          .execute();
      const first = await snapshot(database.db);
      const firstSerials = await serials(database.db);
      expect(await snapshot(other.db)).toEqual(first);
      expect(await serials(other.db)).toEqual(firstSerials);
      const serialReads = await other.db.selectFrom('catalog_events').select('id').where('serial_id', 'is not', null).execute();
      expect(serialReads.length).toBeGreaterThan(0);
      expect(await strayReads(other.db)).toEqual([]);

      await resetDemoCatalog(other, { dataDir: other.dataDir, images: 'none', now: NOW });
      expect(await snapshot(other.db)).toEqual(first);
      expect(await serials(other.db)).toEqual(firstSerials);
      expect(await strayReads(other.db)).toEqual([]);
    } finally {
      await other.destroy();
    }
  });

  it('runs a lottery campaign with four prize ranks and three missions', async () => {
    const db = database.db;
    const campaigns = await db.selectFrom('lottery_campaigns').selectAll().execute();
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0]!.start_at).toBeLessThanOrEqual(NOW.getTime());
    expect(campaigns[0]!.end_at).toBeGreaterThan(NOW.getTime());
    const prizes = await db.selectFrom('lottery_prizes').select(['rank', 'kind', 'weight']).orderBy('rank').execute();
    expect(prizes.map((p) => p.kind)).toEqual(['MANGA_COIN', 'BOOK', 'COUPON', 'POINT']);
    // Made through the console's service: its box's odds are per-mille and add up to 1,000 ‰.
    expect(prizes.reduce((sum, p) => sum + p.weight, 0)).toBe(1000);
    const events = await db.selectFrom('lottery_distribution_events').select('event_type').execute();
    expect(events.map((e) => e.event_type).sort()).toEqual(['PURCHASE', 'READ_END_FREE', 'SHARE']);
    expect(await db.selectFrom('missions').select('reward_type').orderBy('id').execute()).toEqual([
      { reward_type: 100 },
      { reward_type: 1 },
      { reward_type: 10 },
    ]);
  });

  it('runs one open friend invitation campaign', async () => {
    const open = await listCampaigns(database.db, { campaign_status: 'open' }, NOW.getTime());
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      name: DEMO_INVITATION_NAME,
      inviteeIncentive: { amount: 500, minCartPrice: 1000 },
      inviterIncentive: { limit: 5 },
    });
    // Made through the console's service: the console lists it as running, at its first version, for an operator to end.
    const consoleRunning = await listInvitationCampaigns(database.db, 'running', NOW.getTime());
    expect(consoleRunning.map((c) => [c.name, c.version, c.inviterMaximum])).toEqual([[DEMO_INVITATION_NAME, 0, 1500]]);
  });
});

describe('the demo plan', () => {
  it('is a pure function of seed and day', () => {
    const a = buildDemoPlan(1, NOW.getTime());
    expect(buildDemoPlan(1, NOW.getTime() + 3_600_000)).toEqual(a);
    expect(buildDemoPlan(2, NOW.getTime()).books).not.toEqual(a.books);
  });

  it('uses only characters the shipped font can draw', () => {
    const text = [
      ...demoTitles.flatMap((t) => [t.name, t.serial?.name ?? '']),
      ...demoAuthors.map((a) => a.name),
      ...demoPublishers.map((p) => p.name),
      ...demoMagazines.map((m) => m.name),
      ...demoGenres.map((g) => g.name),
      ...balloonLines,
      ...soundEffects,
      ...episodeSubtitles,
      'よむ方向タテヨミ小説連載全話第巻0123456789R',
    ].join('');
    expect(missingGlyphs(text)).toEqual([]);
  });
});
