import { afterEach, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../src/demo/demo-catalog';
import { getRankingPage } from '../src/modules/catalog/rankings.service';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { addEvents, createTitle, jst, member } from './support/discovery-factories';
import { buyWithMangaCoin, grantTo, member as walletMember } from './support/wallet-factories';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

interface Page {
  entities: {
    rank: number;
    titleId: number;
    titleName: string;
    imageUrl: string;
    pageType: string;
    eroticType: number;
    book: { bookId: number };
  }[];
  nextPage: number | null;
  lastRank: number;
  offset: number;
}

async function start(at: number) {
  const clock = { now: at };
  t = await buildTestApp({ clock: () => new Date(clock.now) });
  return { app: t.app, db: t.database.db, clock };
}

const get = async (url: string, cookie?: string) => {
  const res = await t!.app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const ids = (page: Page) => page.entities.map((e) => e.titleId);

describe('ranking windows (Asia/Tokyo, injected clock)', () => {
  it('daily counts yesterday in Tokyo: an event at 23:59:59 counts, one at 0:00 waits for tomorrow', async () => {
    const { db, clock } = await start(jst('2026-11-22T10:00:00'));
    const before = await createTitle(db, { name: '前日' });
    const after = await createTitle(db, { name: '当日' });
    const older = await createTitle(db, { name: '一昨日' });
    await addEvents(db, before.titleId, [{ kind: 'purchase', at: jst('2026-11-21T23:59:59.999'), count: 5 }]);
    await addEvents(db, after.titleId, [{ kind: 'purchase', at: jst('2026-11-22T00:00:00'), count: 6 }]);
    await addEvents(db, older.titleId, [{ kind: 'purchase', at: jst('2026-11-20T23:59:59.999'), count: 20 }]);

    expect(ids(await get('/api/rankings?term=daily'))).toEqual([before.titleId]);
    expect(ids(await get('/api/rankings?term=weekly'))).toEqual([older.titleId, before.titleId]);

    clock.now = jst('2026-11-22T23:59:59');
    expect(ids(await get('/api/rankings?term=daily'))).toEqual([before.titleId]);
    clock.now = jst('2026-11-23T00:00:00');
    expect(ids(await get('/api/rankings?term=daily'))).toEqual([after.titleId]);
    expect(ids(await get('/api/rankings?term=weekly'))).toEqual([older.titleId, after.titleId, before.titleId]);
  });

  it('weighs purchase 3, wish 2, read 1 (popular) and counts only purchases for sales', async () => {
    const { db } = await start(jst('2026-11-22T10:00:00'));
    const bought = await createTitle(db, { name: '購入' });
    const read = await createTitle(db, { name: '既読' });
    const yesterday = jst('2026-11-21T12:00:00');
    await addEvents(db, bought.titleId, [{ kind: 'purchase', at: yesterday, count: 2 }]);
    await addEvents(db, read.titleId, [
      { kind: 'read', at: yesterday, count: 5 },
      { kind: 'wish', at: yesterday, count: 1 },
    ]);
    expect(ids(await get('/api/rankings?term=daily'))).toEqual([read.titleId, bought.titleId]);
    expect(ids(await get('/api/rankings?term=daily&sort=sales'))).toEqual([bought.titleId]);
    expect(ids(await get('/api/rankings?term=daily&sort=reads'))).toEqual([read.titleId]);
    expect(ids(await get('/api/book_rank/title_sales_rank?term=daily'))).toEqual([bought.titleId]);
  });

  it('trending ranks growth: a steady big title falls behind a small rising one', async () => {
    const { db } = await start(jst('2026-11-22T10:00:00'));
    const steady = await createTitle(db, { name: '定番' });
    const rising = await createTitle(db, { name: '急上昇' });
    for (let d = 1; d <= 17; d++) {
      await addEvents(db, steady.titleId, [{ kind: 'purchase', at: jst('2026-11-22T12:00:00') - d * 86_400_000, count: 10 }]);
    }
    await addEvents(db, rising.titleId, [{ kind: 'purchase', at: jst('2026-11-21T12:00:00'), count: 5 }]);
    expect(ids(await get('/api/rankings?term=monthly'))).toEqual([steady.titleId, rising.titleId]);
    expect(ids(await get('/api/rankings?term=trending'))).toEqual([rising.titleId]);
  });
});

describe('rank genders and page types', () => {
  it('a gender ranks only its shelves', async () => {
    const { db } = await start(jst('2026-11-22T10:00:00'));
    const male = await createTitle(db, { name: '少年', page_type: 'male' });
    const female = await createTitle(db, { name: '少女', page_type: 'female' });
    const bl = await createTitle(db, { name: 'BL', page_type: 'bl' });
    const y = jst('2026-11-21T12:00:00');
    await addEvents(db, male.titleId, [{ kind: 'purchase', at: y, count: 3 }]);
    await addEvents(db, female.titleId, [{ kind: 'purchase', at: y, count: 2 }]);
    await addEvents(db, bl.titleId, [{ kind: 'purchase', at: y, count: 1 }]);
    const rank = (gender: string) => get(`/api/book_rank/book_sales_rank?term=daily&gender=${gender}`).then(ids);
    expect(await rank('all')).toEqual([male.titleId, female.titleId, bl.titleId]);
    expect(await rank('male')).toEqual([male.titleId]);
    expect(await rank('female')).toEqual([female.titleId]);
    expect(await rank('all_female')).toEqual([female.titleId, bl.titleId]);
    expect(ids(await get('/api/rankings?term=daily&page_type=bl'))).toEqual([bl.titleId]);
    expect(ids(await get('/api/rank/title/category?term_code=daily&category=female'))).toEqual([female.titleId]);
    expect(ids(await get('/api/book_rank/book_sales_rank?term=daily&category=male&gender=female'))).toEqual([]);
  });

  it('the demo catalog ranks differently by window and by gender, and shows no R18 to a guest', async () => {
    const now = jst('2026-11-22T15:00:00');
    const { db } = await start(now);
    await ensureDemoCatalog(t!.database, { dataDir: t!.database.dataDir, log: () => {}, images: 'none', now: new Date(now) });
    const daily = await getRankingPage(db, { term: 'daily', gender: 'all', page: 1, includeAdult: false, now });
    const weekly = await getRankingPage(db, { term: 'weekly', gender: 'all', page: 1, includeAdult: false, now });
    const monthly = await getRankingPage(db, { term: 'monthly', gender: 'all', page: 1, includeAdult: false, now });
    const trending = await getRankingPage(db, { term: 'trending', gender: 'all', page: 1, includeAdult: false, now });
    for (const page of [daily, weekly, monthly, trending]) expect(page.entities.length).toBeGreaterThan(3);
    expect(ids(daily)).not.toEqual(ids(weekly));
    expect(ids(weekly)).not.toEqual(ids(monthly));
    expect(ids(trending)).not.toEqual(ids(monthly));
    const male = await getRankingPage(db, { term: 'weekly', gender: 'male', page: 1, includeAdult: false, now });
    const female = await getRankingPage(db, { term: 'weekly', gender: 'female', page: 1, includeAdult: false, now });
    expect(male.entities.every((e) => e.pageType === 'male')).toBe(true);
    expect(female.entities.every((e) => e.pageType === 'female')).toBe(true);
    expect(ids(male)).not.toEqual(ids(female));
    const guest = await get('/api/rankings?term=monthly&ac=1&limit=100');
    expect(guest.entities.some((e) => e.eroticType === 4)).toBe(false);
    expect(guest.entities.map((e) => e.rank)).toEqual(guest.entities.map((_, i) => i + 1));
  });
});

describe('the adult rule', () => {
  it('R18 ranks only for an age-checked member asking with ac=1', async () => {
    const { app, db } = await start(jst('2026-11-22T10:00:00'));
    const r18 = await createTitle(db, { name: '成人', erotic_type: 4, page_type: 'adult_male' });
    const normal = await createTitle(db, { name: '一般', page_type: 'adult_male' });
    const y = jst('2026-11-21T12:00:00');
    await addEvents(db, r18.titleId, [{ kind: 'purchase', at: y, count: 3 }]);
    await addEvents(db, normal.titleId, [{ kind: 'purchase', at: y, count: 1 }]);
    const adult = await member(app, { adult: true });
    const minor = await member(app, { birth_date: '2015-01-01' });
    const unchecked = await member(app);
    expect(ids(await get('/api/rankings?ac=1'))).toEqual([normal.titleId]);
    expect(ids(await get('/api/rankings?ac=1', minor.cookie))).toEqual([normal.titleId]);
    expect(ids(await get('/api/rankings?ac=1', unchecked.cookie))).toEqual([normal.titleId]);
    expect(ids(await get('/api/rankings?ac=0', adult.cookie))).toEqual([normal.titleId]);
    expect(ids(await get('/api/rankings?ac=1', adult.cookie))).toEqual([r18.titleId, normal.titleId]);
    expect(ids(await get('/api/book_rank/title_sales_rank?ac=1&gender=adult_male', adult.cookie))).toEqual([r18.titleId, normal.titleId]);
  });
});

describe('paging', () => {
  it('pages by offset or lastRank, reports nextPage and lastRank, sizes covers by thumbnail_type', async () => {
    const { db, app } = await start(jst('2026-11-22T10:00:00'));
    const titles = [];
    for (let i = 0; i < 5; i++) {
      const title = await createTitle(db, { name: `作品${i}`, books: [{}, {}, { start_datetime: jst('2026-12-01T00:00:00') }] });
      await addEvents(db, title.titleId, [{ kind: 'purchase', at: jst('2026-11-21T12:00:00'), count: 10 - i }]);
      titles.push(title);
    }
    const first = await get('/api/rankings?limit=2&thumbnail_type=60');
    expect(first).toMatchObject({ nextPage: 2, lastRank: 2, offset: 0 });
    expect(first.entities[0]!.imageUrl).toMatch(/\/60\.webp/);
    // the tile is the newest released volume (vol 2; vol 3 is a pre-order)
    expect(first.entities[0]!.book.bookId).toBe(titles[0]!.bookIds[1]);
    const next = await get('/api/rankings?limit=2&lastRank=2');
    expect(next.entities.map((e) => e.rank)).toEqual([3, 4]);
    const last = await get('/api/rankings?limit=2&offset=4');
    expect(last).toMatchObject({ nextPage: null, lastRank: 5, offset: 4 });
    const page = await getRankingPage(db, { term: 'daily', gender: 'all', page: 2, includeAdult: false, now: jst('2026-11-22T10:00:00') });
    expect(page).toMatchObject({ entities: [], offset: 20, nextPage: null, lastRank: 0 });
    void app;
  });

  it('newly released sales ranking admits only titles with a volume out in the last 30 days', async () => {
    const { db } = await start(jst('2026-11-22T10:00:00'));
    const old = await createTitle(db, { name: '旧作' });
    const fresh = await createTitle(db, { name: '新作', books: [{ start_datetime: jst('2026-11-10T00:00:00') }] });
    for (const title of [old, fresh]) await addEvents(db, title.titleId, [{ kind: 'purchase', at: jst('2026-11-21T12:00:00') }]);
    expect(ids(await get('/api/book_rank/newly_book_sales_rank'))).toEqual([fresh.titleId]);
  });
});

describe('bad input', () => {
  const cases: [string, string][] = [
    ['/api/rankings?term=yearly', 'term'],
    ['/api/rankings?limit=101', 'limit'],
    ['/api/rankings?limit=0', 'limit'],
    ['/api/rankings?offset=-1', 'offset'],
    ['/api/rankings?offset=abc', 'offset'],
    ['/api/rankings?sort=price', 'sort'],
    ['/api/rankings?page_type=kids', 'page_type'],
    ['/api/rankings?thumbnail_type=15', 'thumbnail_type'],
    ['/api/rankings?lastRank=-2', 'lastRank'],
    ['/api/rankings?ac=2', 'ac'],
    ['/api/book_rank/book_sales_rank?gender=robot', 'gender'],
    ['/api/book_rank/free_book_title_rank?category=kids', 'category'],
    ['/api/book_rank/title_sales_rank?term=hourly', 'term'],
    ['/api/book_rank/newly_book_sales_rank?limit=1000', 'limit'],
    ['/api/rank/title/category?term_code=x', 'term_code'],
    ['/api/rank/title/category?offset=-5', 'offset'],
  ];
  it.each(cases)('%s → 400 naming %s', async (url, field) => {
    await start(jst('2026-11-22T10:00:00'));
    const res = await t!.app.inject({ url });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { errorCode: string; messages: string[] };
    expect(body.errorCode).toBe('BAD_REQUEST');
    expect(body.messages.join(' ')).toContain(field);
  });
});

describe("the store's own sales (issue 40 item 8)", () => {
  it("a member's purchase yesterday ranks its title in today's daily ranking; a cancelled order does not", async () => {
    const { app, db, clock } = await start(jst('2026-11-21T12:00:00'));
    const bought = await createTitle(db, { name: '買われた作品', books: [{ start_datetime: jst('2026-11-01T00:00:00') }] });
    const read = await createTitle(db, { name: '読まれた作品' });
    await addEvents(db, read.titleId, [{ kind: 'read', at: jst('2026-11-21T09:00:00'), count: 2 }]);
    const buyer = await walletMember(app);
    await grantTo(db, buyer.userId, 'MANGA_COIN', 1000);
    expect((await buyWithMangaCoin(app, buyer.cookie, bought.bookIds[0]!, 500)).statusCode).toBe(200);
    // A book order that did not complete counts nothing.
    const other = await createTitle(db, { name: '取り消された作品' });
    const { id: orderId } = await db
      .insertInto('orders')
      .values({
        user_id: buyer.userId,
        kind: 'BOOK',
        status: 'CANCEL',
        payment_type: 'MANGA_COIN',
        total_price: 500,
        created_at: clock.now,
        updated_at: clock.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('order_items').values({ order_id: orderId, book_id: other.bookIds[0]!, price: 500, point: 0 }).execute();

    clock.now = jst('2026-11-22T10:00:00');
    // Popular: a purchase (3) outweighs two reads (2); sales counts the purchase only.
    expect(ids(await get('/api/rankings?term=daily'))).toEqual([bought.titleId, read.titleId]);
    expect(ids(await get('/api/rankings?term=daily&sort=sales'))).toEqual([bought.titleId]);
  });
});
