import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topPageBooks } from '../src/modules/catalog/catalog.service';
import { getSeriesPage } from '../src/modules/catalog/titles.service';
import { recordChange } from '../src/ops/store-changes';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { buyWithMangaCoin, grantTo, ledgerInvariant, member, tokenFor } from './support/wallet-factories';

/** §3 point breakdown: the thirteen types computed by the domain wherever points are granted or shown. */
const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 28, 3);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
});
afterAll(() => t.close());
const db = () => t.database.db;

type Line = { type: string; point: number };
const types = (summary: { list: Line[] } | null) => (summary?.list ?? []).map((l) => `${l.type}:${l.point}`).sort();

async function campaign(values: {
  type: string;
  rate: number;
  book_id?: number;
  title_id?: number;
  genre_ids?: string;
  publisher_id?: number;
  start_at?: number;
}) {
  await db()
    .insertInto('point_campaigns')
    .values({ name: `${values.type}キャンペーン`, point: 0, expire_days: 90, min_books: 0, ...values })
    .execute();
  // Counted as the console's save counts it (a purchase's kept campaigns follow the count).
  await recordChange(db(), 'catalog', now);
}

/** A title with its own genre and publisher, two volumes (vol 1 released yesterday) and campaigns scoped to it. */
let publishers = 0;
async function campaignTitle() {
  // Publisher names are unique (the console's taxonomy editor): one of its own per call.
  const name = `還元出版${++publishers}`;
  const publisher = (
    await db().insertInto('publishers').values({ name, kana: 'カンゲンシュッパン' }).returning('id').executeTakeFirstOrThrow()
  ).id;
  const genre = 900 + publisher;
  await db()
    .insertInto('genres')
    .values({ id: genre, name: `ジャンル${genre}` })
    .execute();
  const title = await insertTitle(db(), { genre_id: genre, publisher_id: publisher });
  const v1 = await insertBook(db(), title, 1, { price: 1000, start_datetime: now - DAY });
  const v2 = await insertBook(db(), title, 2, { price: 1000, start_datetime: now - DAY });
  const start = now - 2 * DAY;
  await campaign({ type: 'specificGenres', rate: 2, genre_ids: `1,${genre}` });
  await campaign({ type: 'publish', rate: 3, publisher_id: publisher });
  await campaign({ type: 'firstStep', rate: 4, title_id: title });
  await campaign({ type: 'continueBuy', rate: 5, title_id: title });
  await campaign({ type: 'newSeriesFirst', rate: 6, title_id: title, start_at: start });
  await campaign({ type: 'newlyBook', rate: 7, title_id: title, start_at: start });
  await campaign({ type: 'book', rate: 8, book_id: v2 });
  return { title, v1, v2 };
}

describe('point breakdown (§3)', () => {
  it('a member earns every type that applies: first book of a series, then a continuation', async () => {
    const { v1, v2 } = await campaignTitle();
    const m = await member(t.app);
    await grantTo(db(), m.userId, 'MANGA_COIN', 2000, { now });
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/order/book/manga_coin/buy_check',
      headers: { cookie: m.cookie },
      payload: { book_id: v1, request_price: 1000 },
    });
    expect(types(check.json().results.pointCampaign)).toEqual(
      ['basic:10', 'first:100', 'specificGenres:20', 'publish:30', 'firstStep:40', 'newSeriesFirst:60', 'newlyBook:70'].sort(),
    );
    expect((await buyWithMangaCoin(t.app, m.cookie, v1, 1000)).statusCode).toBe(200);
    expect((await ledgerInvariant(db(), m.userId, now)).POINT).toBe(330);

    const second = await t.app.inject({
      method: 'POST',
      url: '/api/order/book/manga_coin/buy_check',
      headers: { cookie: m.cookie },
      payload: { book_id: v2, request_price: 1000 },
    });
    expect(types(second.json().results.pointCampaign)).toEqual(
      ['basic:10', 'specificGenres:20', 'publish:30', 'continueBuy:50', 'newlyBook:70', 'book:80'].sort(),
    );
    expect((await buyWithMangaCoin(t.app, m.cookie, v2, 1000)).statusCode).toBe(200);
    expect((await ledgerInvariant(db(), m.userId, now)).POINT).toBe(330 + 260);
    // the order's earned points are what was granted
    const orders = await db().selectFrom('orders').select('point').where('user_id', '=', m.userId).orderBy('id').execute();
    expect(orders.map((o) => o.point)).toEqual([330, 260]);
  });

  it("bookinfo's and the viewer's pointCampaign: a guest sees the lines every buyer earns, a member also their own", async () => {
    const { v2 } = await campaignTitle();
    const guestDetail = (await t.app.inject({ url: `/api/books/${v2}` })).json();
    expect(types(guestDetail.pointCampaign)).toEqual(['basic:10', 'specificGenres:20', 'publish:30', 'newlyBook:70', 'book:80'].sort());
    expect(guestDetail.pointTotal).toBe(210);
    const m = await member(t.app);
    const memberDetail = (await t.app.inject({ url: `/api/books/${v2}`, headers: { cookie: m.cookie } })).json();
    expect(types(memberDetail.pointCampaign)).toEqual(
      ['basic:10', 'first:100', 'specificGenres:20', 'publish:30', 'firstStep:40', 'newlyBook:70', 'book:80'].sort(),
    );
    const viewer = (await t.app.inject({ url: `/api/browser/bookinfo/v2?bookId=${v2}` })).json();
    expect(viewer.book_data.pointCampaign).toMatchObject({ totalPoint: 210 });
    const byBook = (await t.app.inject({ url: `/api/book_point_campaigns/by_book?book_id=${v2}`, headers: { cookie: m.cookie } })).json();
    expect(byBook.totalPoint).toBe(memberDetail.pointCampaign.totalPoint);
  });

  it("a guest's point lines, kept between calls, follow a campaign's start and end on the clock and an edit at once", async () => {
    const clock = { now };
    const other = await buildTestApp({ clock: () => new Date(clock.now) });
    try {
      const odb = other.database.db;
      const book = await insertBook(odb, await insertTitle(odb), 1, { price: 1000, start_datetime: now - DAY });
      const lines = async () => types((await other.app.inject({ url: `/api/books/${book}` })).json().pointCampaign);
      expect(await lines()).toEqual(['basic:10']);
      // An editor's save: the row, then the catalog change it publishes.
      const { id } = await odb
        .insertInto('point_campaigns')
        .values({
          name: '一巻キャンペーン',
          type: 'book',
          rate: 8,
          point: 0,
          expire_days: 90,
          min_books: 0,
          book_id: book,
          start_at: now + 3_600_000,
          end_at: now + 7_200_000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await other.app.deps.changes.publish('catalog');
      expect(await lines()).toEqual(['basic:10']);
      clock.now = now + 3_600_000;
      expect(await lines()).toEqual(['basic:10', 'book:80']);
      await odb.updateTable('point_campaigns').set({ rate: 9 }).where('id', '=', id).execute();
      await other.app.deps.changes.publish('catalog');
      expect(await lines()).toEqual(['basic:10', 'book:90']);
      clock.now = now + 7_200_000;
      expect(await lines()).toEqual(['basic:10']);
      // A clock moved back works the lines out again.
      clock.now = now + 5_400_000;
      expect(await lines()).toEqual(['basic:10', 'book:90']);
    } finally {
      await other.close();
    }
  });

  it('a free book earns nothing and shows no pointCampaign', async () => {
    const free = await insertBook(db(), await insertTitle(db()), 1, { price: 0 });
    expect((await t.app.inject({ url: `/api/books/${free}` })).json().pointCampaign).toBeNull();
  });

  it('a pre-order earns the pre-order basic rate instead of the basic one', async () => {
    await campaign({ type: 'preOrderBasic', rate: 5 });
    const m = await member(t.app);
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 600, start_datetime: now + DAY });
    await grantTo(db(), m.userId, 'MANGA_COIN', 600, { now });
    const token = await tokenFor(t.app, m.cookie, '/api/pre_order/create_token');
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/pre_order/manga_coin/order/book?token=${token}`,
      headers: { cookie: m.cookie },
      payload: { bookId: book, price: 600 },
    });
    expect(r.statusCode, r.body).toBe(200);
    // pre-order basic 5% (30) + first purchase 10% (60); no basic 1%
    expect((await ledgerInvariant(db(), m.userId, now)).POINT).toBe(90);
    await db().deleteFrom('point_campaigns').where('type', '=', 'preOrderBasic').execute();
    await recordChange(db(), 'catalog', now);
  });

  it('the series page tiles and the rankings carry the 即時還元 coins anyone earns', async () => {
    const { title, v1, v2 } = await campaignTitle();
    const page = await getSeriesPage(db(), { titleId: title, volumePage: 1, includeAdult: false, userId: null, now });
    const coins = Object.fromEntries(page!.volumes.map((v) => [v.bookId, v.refundCoins]));
    // vol 1: basic 10 + genre 20 + publisher 30 + new series 60 + newly 70; vol 2: basic + genre + publisher + newly + book 80
    expect(coins).toEqual({ [v1]: 190, [v2]: 210 });
    const plain = await insertBook(db(), await insertTitle(db()), 1, { price: 1000 });
    expect(
      (await topPageBooks(db(), { limit: 100, includeAdult: false, now: new Date(now) })).find((b) => b.bookId === plain)?.refundCoins,
    ).toBe(10);
  });
});
