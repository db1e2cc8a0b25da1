import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriesPage } from '../src/modules/bookshelf/bookshelf.repository';
import * as bookshelfMigration from '../src/db/migrations/2026-11-25T0820-bookshelf';
import { refreshShelfSeries, summaryPage } from '../src/modules/bookshelf/shelf-series.repository';
import { cancelBookOrder } from '../src/modules/orders/cancel-order.service';
import { grantEntitlement } from '../src/modules/orders/entitlements';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { adultViewers, insertBook, insertTitle } from './support/catalog-factories';
import { signUp } from './support/members';
import { userIdOf } from './support/reading-factories';
import { memberClient } from './support/review-helpers';
import { insertSerial } from './support/serial-factories';
import { buyWithMangaCoin, grantTo, member as walletMember } from './support/wallet-factories';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 10, 25, 3);
let now = START;
let t: TestApp;
type Client = ReturnType<typeof memberClient>;
let alice: Client;
let bob: Client;
let guest: Client;
let aliceId = 0;
let bobId = 0;

/** Titles of the shelf, by what alice holds of them. */
const ids = { bought: 0, free: 0, reserved: 0, serialTitle: 0, otherBob: 0 };
const books: Record<string, number> = {};
let episodeIds: number[] = [];

async function own(userId: number, bookId: number, source: 'PURCHASE' | 'FREE' | 'GRANT', at: number) {
  await t.database.db
    .transaction()
    .execute((trx) => grantEntitlement(trx, { userId, bookId, possessionStatus: 'OWNED', source, orderId: null, now: at }));
}

async function credit(titleId: number, name: string, kana: string) {
  const { db } = t.database;
  const author = await db.insertInto('authors').values({ name, kana, created_at: 0 }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('title_authors').values({ title_id: titleId, author_id: author.id, role: 'author', sort_order: 0 }).execute();
}

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
  const { db } = t.database;
  // Kana order: アオゾラ (reserved) < ヨアケノトショカン (bought) < ワンダフル (free); authors in the opposite order.
  ids.bought = await insertTitle(db, {
    name: '夜明けの図書館',
    kana: 'ヨアケノトショカン',
    search_text: 'よあけのとしょかん\u0001夜明けの図書館',
  });
  ids.free = await insertTitle(db, { name: 'ワンダフル日和', kana: 'ワンダフルビヨリ', search_text: 'わんだふるびより' });
  ids.reserved = await insertTitle(db, { name: '青空エール', kana: 'アオゾラエール', search_text: 'あおぞらえーる' });
  await credit(ids.bought, '桐谷 湊', 'キリタニ ミナト');
  await credit(ids.free, '天野 悠', 'アマノ ユウ');
  await credit(ids.reserved, '真白 栞', 'マシロ シオリ');
  for (const vol of [1, 2, 3, 4]) books[`bought${vol}`] = await insertBook(db, ids.bought, vol, { page_count: 20 });
  books.free1 = await insertBook(db, ids.free, 1, { free_flg: 1 });
  books.reserved1 = await insertBook(db, ids.reserved, 1, { start_datetime: START + 10 * DAY, sales_status: 'IN_RESERVATION' });
  ids.otherBob = await insertTitle(db);
  books.bob1 = await insertBook(db, ids.otherBob, 1);

  const aliceCookie = await signUp(t.app);
  const bobCookie = await signUp(t.app);
  alice = memberClient(t.app, aliceCookie);
  bob = memberClient(t.app, bobCookie);
  guest = memberClient(t.app);
  aliceId = await userIdOf(t.app, aliceCookie);
  bobId = await userIdOf(t.app, bobCookie);

  await own(aliceId, books.bought1!, 'PURCHASE', START - 3 * DAY);
  await own(aliceId, books.bought2!, 'PURCHASE', START - 2 * DAY);
  await own(aliceId, books.free1!, 'FREE', START - 1 * DAY);
  await own(aliceId, books.reserved1!, 'PURCHASE', START - 4 * DAY);
  await own(bobId, books.bob1!, 'PURCHASE', START);
  await own(bobId, books.bought4!, 'PURCHASE', START);

  // A rented episode (3 hours) of a serial of its own title.
  const serial = await insertSerial(db, { now: START, rentalMinutes: 180 });
  episodeIds = serial.episodeIds;
  const serialRow = await db.selectFrom('serials').select('title_id').where('id', '=', serial.serialId).executeTakeFirstOrThrow();
  ids.serialTitle = serialRow.title_id!;
  await db
    .insertInto('user_serial_episodes')
    .values({
      user_id: aliceId,
      episode_id: episodeIds[1]!,
      serial_id: serial.serialId,
      spend_type: 2,
      price: 40,
      payment_type: 2,
      rented_at: START - HOUR,
      rental_end: START + 2 * HOUR,
      read_started_at: START - HOUR,
      read_ended_at: null,
    })
    .execute();
  await db
    .insertInto('user_serials')
    .values({
      user_id: aliceId,
      serial_id: serial.serialId,
      charge_used_at: null,
      notification: 0,
      last_episode_id: episodeIds[1]!,
      last_read_at: START - HOUR,
      history_visible: 1,
      created_at: START - HOUR,
    })
    .execute();
  // What the serials area's rental does after recording one.
  await refreshShelfSeries(db, aliceId, [ids.serialTitle]);
});
afterAll(async () => {
  await t?.close();
});

const shelf = async (client: Client, query = '') => {
  const response = await client.get(`/api/user_books/me?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { totalCount: number; series: { titleId: number; bookCount: number; imageUrl: string | null }[] };
};
const titlesOf = async (client: Client, query = '') => (await shelf(client, query)).series.map((s) => s.titleId);

const expectField = (response: { statusCode: number; json(): { errorCode: string; messages: string[] } }, field: string) => {
  expect(response.statusCode).toBe(400);
  expect(response.json().errorCode).toBe('BAD_REQUEST');
  expect(response.json().messages.join(' ')).toContain(`${field}:`);
};

describe('the bookshelf', () => {
  it('answers 401 to a guest on every call', async () => {
    for (const path of [
      '/api/user_books/me',
      `/api/user_books/me/by_title?title_id=${ids.bought}`,
      '/api/user_books/me/continue',
      '/api/user_books/me/hide/create_token',
    ]) {
      expect((await guest.get(path)).statusCode, path).toBe(401);
    }
    expect((await guest.post('/api/user_books/me/hide', { token: 'x', book_ids: books.bought1! })).statusCode).toBe(401);
  });

  it('names the bad parameter in a 400', async () => {
    expectField(await alice.get('/api/user_books/me?sort=PRICE'), 'sort');
    expectField(await alice.get('/api/user_books/me?filter=OWNED'), 'filter');
    expectField(await alice.get('/api/user_books/me?limit=0'), 'limit');
    expectField(await alice.get('/api/user_books/me?offset=-1'), 'offset');
    expectField(await alice.get('/api/user_books/me/by_title'), 'title_id');
    expectField(await alice.get('/api/user_books/me/continue?limit=50'), 'limit');
    expectField(await alice.post('/api/user_books/me/hide', { book_ids: books.bought1! }), 'token');
    expectField(await alice.post('/api/user_books/me/hide', { token: 'x', book_ids: 'a,b' }), 'book_ids');
  });

  it("lists one tile per series with the count and the newest cover, only the member's own", async () => {
    const result = await shelf(alice);
    expect(result.totalCount).toBe(4);
    const bought = result.series.find((s) => s.titleId === ids.bought)!;
    expect(bought.bookCount).toBe(2);
    expect(bought.imageUrl).toContain(`/covers/${books.bought2}/`);
    expect(result.series.find((s) => s.titleId === ids.serialTitle)?.bookCount).toBe(1);
    expect(result.series.map((s) => s.titleId)).not.toContain(ids.otherBob);
    expect(await titlesOf(bob)).toEqual(expect.arrayContaining([ids.otherBob, ids.bought]));
    expect((await shelf(bob)).series.find((s) => s.titleId === ids.bought)?.bookCount).toBe(1);
  });

  it('filters purchased, rented, reserved, free and reading books', async () => {
    expect(await titlesOf(alice, 'filter=PURCHASED')).toEqual([ids.bought]);
    expect(await titlesOf(alice, 'filter=RENTAL')).toEqual([ids.serialTitle]);
    expect(await titlesOf(alice, 'filter=RESERVED')).toEqual([ids.reserved]);
    expect(await titlesOf(alice, 'filter=FREE')).toEqual([ids.free]);
    expect(await titlesOf(alice, 'filter=READING')).toEqual([]);
    const sync = await alice.json('POST', '/api/book/sync_page', { book_id: books.bought1, reading_page: 5 });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(await titlesOf(alice, 'filter=READING')).toEqual([ids.bought]);
  });

  it('sorts by purchase date, last read, title kana and author kana', async () => {
    expect(await titlesOf(alice, 'sort=PURCHASE_DATE')).toEqual([ids.serialTitle, ids.free, ids.bought, ids.reserved]);
    expect(await titlesOf(alice, 'sort=TITLE')).toEqual(
      [ids.reserved, ids.serialTitle, ids.bought, ids.free].sort((a, b) => kanaOf(a).localeCompare(kanaOf(b))),
    );
    expect((await titlesOf(alice, 'sort=TITLE')).indexOf(ids.reserved)).toBeLessThan(
      (await titlesOf(alice, 'sort=TITLE')).indexOf(ids.free),
    );
    // アマノ (free) < キリタニ (bought) < マシロ (reserved); the serial's title has no author and comes first.
    expect(await titlesOf(alice, 'sort=AUTHOR')).toEqual([ids.serialTitle, ids.free, ids.bought, ids.reserved]);
    now = START + 5 * 60_000;
    await alice.json('POST', '/api/book/sync_page', { book_id: books.free1, reading_page: 0 });
    const byRead = await titlesOf(alice, 'sort=LAST_READ');
    expect(byRead.slice(0, 3)).toEqual([ids.free, ids.bought, ids.serialTitle]);
    now = START;
  });

  it("finds series by keyword with the store's kana folding and pages through them", async () => {
    expect(await titlesOf(alice, `word=${encodeURIComponent('よあけ')}`)).toEqual([ids.bought]);
    expect(await titlesOf(alice, `word=${encodeURIComponent('ﾖｱｹ')}`)).toEqual([ids.bought]);
    expect(await titlesOf(alice, `word=${encodeURIComponent('アオゾラ')}`)).toEqual([ids.reserved]);
    expect(await titlesOf(alice, `word=${encodeURIComponent('図書館')}`)).toEqual([ids.bought]);
    expect(await titlesOf(alice, `word=${encodeURIComponent('ない作品')}`)).toEqual([]);
    const page = await shelf(alice, 'sort=PURCHASE_DATE&offset=1&limit=2');
    expect(page.totalCount).toBe(4);
    expect(page.series.map((s) => s.titleId)).toEqual([ids.free, ids.bought]);
    expect((await shelf(alice, 'offset=10')).totalCount).toBe(4);
  });

  it("shows a series' volumes with progress, 読了, 予約 and the next volume to buy", async () => {
    await alice.json('POST', '/api/finish_read/register', { book_id: books.bought2, reading_page: 19 });
    const response = await alice.get(`/api/user_books/me/by_title?title_id=${ids.bought}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.title).toMatchObject({ id: ids.bought, name: '夜明けの図書館', authors: [{ name: '桐谷 湊' }] });
    expect(body.books.map((b: { vol: number }) => b.vol)).toEqual([1, 2]);
    expect(body.books[0]).toMatchObject({
      possessionStatus: 'OWNED',
      source: 'PURCHASE',
      progress: { page: 5, totalPage: 20, percent: 30, finished: false },
    });
    expect(body.books[1].progress).toMatchObject({ finished: true, percent: 100 });
    expect(body.nextBook).toMatchObject({ bookId: books.bought3, vol: 3, price: 550, reservable: false });
    const reserved = (await alice.get(`/api/user_books/me/by_title?title_id=${ids.reserved}`)).json();
    expect(reserved.books[0]).toMatchObject({ possessionStatus: 'RESERVED', startDatetime: START + 10 * DAY });
    expect(reserved.nextBook).toBeNull();
    // Bob holds vol 4 only: nothing after it to offer.
    expect((await bob.get(`/api/user_books/me/by_title?title_id=${ids.bought}`)).json().nextBook).toBeNull();
    expect((await alice.get('/api/user_books/me/by_title?title_id=999999')).statusCode).toBe(404);
  });

  it('rentals run out on the clock: renting, then expired', async () => {
    const at = async () => (await alice.get(`/api/user_books/me/by_title?title_id=${ids.serialTitle}`)).json().episodes;
    expect(await at()).toMatchObject([{ serialEpisodeId: episodeIds[1], rentalState: 'RENTING', rentalEnd: START + 2 * HOUR }]);
    now = START + 2 * HOUR;
    expect((await at())[0].rentalState).toBe('EXPIRED');
    expect(await titlesOf(alice, 'filter=RENTAL')).toEqual([ids.serialTitle]);
    now = START;
  });

  it("hides and shows books with one-time tokens, only the member's own", async () => {
    const hide = async (client: Client, bookIds: number[], action: 'hide' | 'unhide' = 'hide', token?: string) =>
      client.post(`/api/user_books/me/${action}`, {
        token: token ?? (await client.token(`/api/user_books/me/${action}/create_token`)),
        book_ids: bookIds.join(','),
      });
    const token = await alice.token('/api/user_books/me/hide/create_token');
    const first = await hide(alice, [books.free1!], 'hide', token);
    expect(first.json()).toMatchObject({ status: { code: 0 }, result: { updatedCount: 1, hidden: true } });
    expect((await hide(alice, [books.free1!], 'hide', token)).json()).toEqual(first.json());
    expect(await titlesOf(alice)).not.toContain(ids.free);
    expect(await titlesOf(alice, 'filter=HIDDEN')).toEqual([ids.free]);
    expect((await hide(alice, [books.bought1!], 'hide', token)).statusCode).toBe(400);
    // Bob cannot hide alice's book, nor use her token.
    expect((await hide(bob, [books.bought1!])).json().result.updatedCount).toBe(0);
    expect((await hide(bob, [books.free1!], 'unhide', await alice.token('/api/user_books/me/unhide/create_token'))).statusCode).toBe(400);
    expect(await titlesOf(alice)).toContain(ids.bought);
    expect((await hide(alice, [books.free1!], 'unhide')).json().result.updatedCount).toBe(1);
    expect(await titlesOf(alice)).toContain(ids.free);
  });

  it('ten parallel hides with one token hide once and answer alike', async () => {
    const token = await alice.token('/api/user_books/me/hide/create_token');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => alice.post('/api/user_books/me/hide', { token, book_ids: books.bought2! })),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(answers.filter((a) => a.json().result.updatedCount === 1)).toHaveLength(10);
    const unhide = await alice.token('/api/user_books/me/unhide/create_token');
    expect((await alice.post('/api/user_books/me/unhide', { token: unhide, book_ids: books.bought2! })).json().result.updatedCount).toBe(1);
  });

  it('continues with the books and episodes last opened, at the synced page', async () => {
    now = START + HOUR;
    await alice.json('POST', '/api/book/sync_page', { book_id: books.bought1, reading_page: 7 });
    const response = await alice.get('/api/user_books/me/continue?limit=5');
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json().items as { kind: string; bookId: number | null; serialEpisodeId: number | null; page: number }[];
    expect(items[0]).toMatchObject({ kind: 'book', bookId: books.bought1, page: 7 });
    expect(items.map((i) => i.kind)).toContain('episode');
    expect(items.find((i) => i.kind === 'episode')?.serialEpisodeId).toBe(episodeIds[1]);
    // vol 2 was read to the end: nothing to continue there.
    expect(items.map((i) => i.bookId)).not.toContain(books.bought2);
    expect((await bob.get('/api/user_books/me/continue')).json().items).toEqual([]);
    now = START;
  });

  it('the kept summary answers the unfiltered shelf as grouping every book would', async () => {
    const { db } = t.database;
    for (const sort of ['PURCHASE_DATE', 'LAST_READ', 'TITLE', 'AUTHOR'] as const) {
      const scope = { userId: aliceId, now, filter: 'ALL' as const, words: [], eroticTypes: [0, 1] };
      const live = await seriesPage(db, scope, sort, { offset: 0, limit: 100 });
      const kept = await summaryPage(db, { ...scope, sort, offset: 0, limit: 100 });
      const view = (rows: { titleId: number; n: number; newestVol: number | null; boughtAt: number; total: number }[]) =>
        rows.map(({ titleId, n, newestVol, boughtAt, total }) => ({ titleId, n, newestVol, boughtAt, total }));
      expect(view(kept), sort).toEqual(view(live));
    }
  });

  it('ten volumes of one series granted in parallel transactions all count on its tile', async () => {
    const { db } = t.database;
    const titleId = await insertTitle(db, { name: '並行の本', kana: 'ヘイコウノホン' });
    const bookIds = await Promise.all(Array.from({ length: 10 }, (_, i) => insertBook(db, titleId, i + 1)));
    await Promise.all(bookIds.map((bookId, i) => own(bobId, bookId, 'PURCHASE', START + i)));
    const tile = (await shelf(bob)).series.find((s) => s.titleId === titleId)!;
    expect(tile.bookCount).toBe(10);
    expect(tile.imageUrl).toContain(`/covers/${bookIds[9]}/`);
    const row = await db
      .selectFrom('shelf_series')
      .selectAll()
      .where('user_id', '=', bobId)
      .where('title_id', '=', titleId)
      .executeTakeFirstOrThrow();
    expect({ n: row.book_count, vol: row.newest_vol, at: Number(row.last_bought_at) }).toEqual({ n: 10, vol: 10, at: START + 9 });
  });

  it('a bought volume is on the shelf, and leaves it when its order is cancelled', async () => {
    const { db } = t.database;
    const buyer = await walletMember(t.app);
    const client = memberClient(t.app, buyer.cookie);
    const titleId = await insertTitle(db, { name: '取消の本', kana: 'トリケシノホン' });
    const bookId = await insertBook(db, titleId, 1, { price: 300 });
    await grantTo(db, buyer.userId, 'MANGA_COIN', 1000, { now });
    const bought = await buyWithMangaCoin(t.app, buyer.cookie, bookId, 300);
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await shelf(client)).series.map((s) => [s.titleId, s.bookCount])).toEqual([[titleId, 1]]);
    const order = await db.selectFrom('order_items').select('order_id').where('book_id', '=', bookId).executeTakeFirstOrThrow();
    await cancelBookOrder(db, order.order_id, 'test', now);
    expect((await shelf(client)).totalCount).toBe(0);
    expect((await client.get(`/api/user_books/me/by_title?title_id=${titleId}`)).json().books).toEqual([]);
  });

  it('lists R18 titles only to a confirmed adult asking with ac=1 (§6)', async () => {
    const { db } = t.database;
    const r18 = await insertTitle(db, { erotic_type: 4, name: '大人の本', kana: 'オトナノホン' });
    const book = await insertBook(db, r18, 1);
    const viewers = await adultViewers(t.app);
    const adult = memberClient(t.app, viewers.adult);
    const minor = memberClient(t.app, viewers.under18);
    await own(await userIdOf(t.app, viewers.adult), book, 'PURCHASE', START);
    await own(await userIdOf(t.app, viewers.under18), book, 'PURCHASE', START);
    expect(await titlesOf(adult, 'ac=1')).toEqual([r18]);
    expect(await titlesOf(adult)).toEqual([]);
    expect(await titlesOf(minor, 'ac=1')).toEqual([]);
    expect((await minor.get(`/api/user_books/me/by_title?title_id=${r18}&ac=1`)).statusCode).toBe(404);
    expect((await adult.get(`/api/user_books/me/by_title?title_id=${r18}&ac=1`)).json().books).toHaveLength(1);
  });
});

function kanaOf(titleId: number): string {
  return (
    { [ids.bought]: 'ヨアケノトショカン', [ids.free]: 'ワンダフルビヨリ', [ids.reserved]: 'アオゾラエール' }[titleId] ??
    `テストサクヒン${titleId}`
  );
}

describe('the bookshelf migration', () => {
  it("fills every member's series summaries as the area's refresh computes them", async () => {
    const { db } = t.database;
    const snapshot = async () =>
      (await db.selectFrom('shelf_series').selectAll().orderBy('user_id').orderBy('title_id').execute()).map((row) =>
        Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? null : Number(v)])),
      );
    // The migration ran before any book could be hidden.
    await db.updateTable('user_books').set({ hidden_at: null }).execute();
    const held = [
      ...(await db
        .selectFrom('user_books as ub')
        .innerJoin('books as b', 'b.id', 'ub.book_id')
        .select(['ub.user_id as userId', 'b.title_id as titleId'])
        .execute()),
      ...(await db
        .selectFrom('user_serial_episodes as ue')
        .innerJoin('serials as s', 's.id', 'ue.serial_id')
        .where('ue.rental_end', 'is not', null)
        .select(['ue.user_id as userId', 's.title_id as titleId'])
        .execute()),
    ];
    await db.deleteFrom('shelf_series').execute();
    for (const { userId, titleId } of held) if (titleId !== null) await refreshShelfSeries(db, userId, [titleId]);
    const refreshed = await snapshot();
    expect(refreshed.length).toBeGreaterThan(3);

    await bookshelfMigration.down(db);
    await bookshelfMigration.up(db);
    expect(await snapshot()).toEqual(refreshed);
  });
});
