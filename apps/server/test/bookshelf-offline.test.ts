import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LayoutType } from '@hondana/domain/catalog/catalog';
import { cancelBookOrder } from '../src/modules/orders/cancel-order.service';
import { grantEntitlement } from '../src/modules/orders/entitlements';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { memberClient } from './support/review-helpers';
import { buyWithMangaCoin, grantTo, member as walletMember } from './support/wallet-factories';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25, 3);
let t: TestApp;
const books: Record<string, number> = {};

async function own(userId: number, bookId: number) {
  await t.database.db
    .transaction()
    .execute((trx) => grantEntitlement(trx, { userId, bookId, possessionStatus: 'OWNED', source: 'GRANT', orderId: null, now: NOW }));
}

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(NOW) });
  const { db } = t.database;
  const titleId = await insertTitle(db, { name: 'オフラインの本', kana: 'オフラインノホン' });
  for (const vol of [1, 2, 3]) books[`vol${vol}`] = await insertBook(db, titleId, vol, { price: 300 });
  books.later = await insertBook(db, titleId, 4, { start_datetime: NOW + 10 * DAY, sales_status: 'IN_RESERVATION' });
});
afterAll(async () => {
  await t?.close();
});

const check = (client: ReturnType<typeof memberClient>, ids: number[]) =>
  client.get(`/api/user_books/me/offline?book_ids=${ids.join(',')}`);

describe('GET /api/user_books/me/offline (which saved books a device may keep)', () => {
  it('answers 401 to a guest and names book_ids in a 400', async () => {
    expect((await check(memberClient(t.app), [books.vol1!])).statusCode).toBe(401);
    const alice = await walletMember(t.app);
    const client = memberClient(t.app, alice.cookie);
    for (const query of ['', '?book_ids=', '?book_ids=a,b', `?book_ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`]) {
      const response = await client.get(`/api/user_books/me/offline${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().messages.join(' '), query).toContain('book_ids:');
    }
  });

  it("keeps only the asking member's own released books, never another member's", async () => {
    const alice = await walletMember(t.app);
    const bob = await walletMember(t.app);
    await own(alice.userId, books.vol1!);
    await own(alice.userId, books.later!);
    await own(bob.userId, books.vol2!);
    const response = await check(memberClient(t.app, alice.cookie), [books.vol1!, books.vol2!, books.later!, 999_999]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({ bookIds: [books.vol1] });
    expect((await check(memberClient(t.app, bob.cookie), [books.vol1!, books.vol2!])).json()).toEqual({ bookIds: [books.vol2] });
  });

  it('drops a book whose order was cancelled', async () => {
    const { db } = t.database;
    const buyer = await walletMember(t.app);
    await grantTo(db, buyer.userId, 'MANGA_COIN', 1000, { now: NOW });
    const bought = await buyWithMangaCoin(t.app, buyer.cookie, books.vol3!, 300);
    expect(bought.statusCode, bought.body).toBe(200);
    const client = memberClient(t.app, buyer.cookie);
    expect((await check(client, [books.vol3!])).json()).toEqual({ bookIds: [books.vol3] });
    const order = await db
      .selectFrom('order_items as oi')
      .innerJoin('orders as o', 'o.id', 'oi.order_id')
      .select('oi.order_id')
      .where('oi.book_id', '=', books.vol3!)
      .where('o.user_id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    await cancelBookOrder(db, order.order_id, 'test', NOW);
    expect((await check(client, [books.vol3!])).json()).toEqual({ bookIds: [] });
  });

  it('a pre-ordered book becomes keepable on its release date (the injectable clock)', async () => {
    const later = await buildTestApp({ clock: () => new Date(NOW + 11 * DAY) });
    try {
      const carol = await walletMember(later.app);
      await later.database.db.transaction().execute(async (trx) => {
        const titleId = await insertTitle(trx, { name: '発売待ち', kana: 'ハツバイマチ' });
        const bookId = await insertBook(trx, titleId, 1, { start_datetime: NOW + 10 * DAY });
        await grantEntitlement(trx, {
          userId: carol.userId,
          bookId,
          possessionStatus: 'RESERVED',
          source: 'PURCHASE',
          orderId: null,
          now: NOW,
        });
        books.released = bookId;
      });
      expect((await check(memberClient(later.app, carol.cookie), [books.released!])).json()).toEqual({ bookIds: [books.released] });
    } finally {
      await later.close();
    }
  });
});

describe('GET /api/browser/book_text?offline=1 (saving a text book on a device)', () => {
  const text: Record<string, number> = {};
  const CHAPTERS = ['第一章 図書室', '第二章 貸出カウンター', '第三章 鍵'];

  beforeAll(async () => {
    const { db } = t.database;
    const titleId = await insertTitle(db, { name: 'オフラインの小説', kana: 'オフラインノショウセツ' });
    const reflow = { layout_type: LayoutType.REFLOW, writing_mode: 'vertical' as const, page_count: 0, sample_page_total: 1, price: 300 };
    text.owned = await insertBook(db, titleId, 1, reflow);
    text.other = await insertBook(db, titleId, 2, reflow);
    text.free = await insertBook(db, titleId, 3, { ...reflow, free_flg: 1, price: 0 });
    text.cancelled = await insertBook(db, titleId, 4, reflow);
    text.later = await insertBook(db, titleId, 5, { ...reflow, start_datetime: NOW + 10 * DAY, sales_status: 'IN_RESERVATION' });
    for (const bookId of Object.values(text)) {
      await db
        .insertInto('book_text_chapters')
        .values(
          CHAPTERS.map((title, i) => ({
            book_id: bookId,
            chapter_no: i,
            title,
            body: `${title}の本文。\n｜湊斗《みなと》は本を開いた。`,
            char_count: 20,
          })),
        )
        .execute();
    }
  });

  const offlineText = (client: ReturnType<typeof memberClient>, bookId: number, chapter?: number) =>
    client.get(`/api/browser/book_text?book_id=${bookId}&ac=1&offline=1${chapter === undefined ? '' : `&chapter=${chapter}`}`);

  it('gives the owner the contents without text, then each chapter on its own', async () => {
    const alice = await walletMember(t.app);
    await own(alice.userId, text.owned!);
    const client = memberClient(t.app, alice.cookie);
    const contents = await offlineText(client, text.owned!);
    expect(contents.statusCode, contents.body).toBe(200);
    expect(contents.headers['cache-control']).toBe('private, no-store');
    expect(contents.json()).toEqual({
      bookId: text.owned,
      writingMode: 'vertical',
      chapters: CHAPTERS.map((title, i) => ({ chapterNo: i, title, charCount: 20, sample: i === 0, html: null })),
    });
    for (const [i, title] of CHAPTERS.entries()) {
      const chapter = await offlineText(client, text.owned!, i);
      expect(chapter.statusCode, chapter.body).toBe(200);
      const [only] = chapter.json().chapters;
      expect(only.title).toBe(title);
      expect(only.html).toBe(`<p>${title}の本文。</p><p><ruby>湊斗<rt>みなと</rt></ruby>は本を開いた。</p>`);
    }
  });

  it('refuses a guest (401) and every part of a book the member does not own, the sample chapter too (403)', async () => {
    const guest = memberClient(t.app);
    expect((await offlineText(guest, text.owned!)).statusCode).toBe(401);
    expect((await offlineText(guest, text.owned!, 0)).statusCode).toBe(401);
    const bob = await walletMember(t.app);
    await own(bob.userId, text.owned!);
    const client = memberClient(t.app, bob.cookie);
    // Another member's book, a free book read without holding it, a pre-order held but not out yet.
    await own(bob.userId, text.later!);
    for (const bookId of [text.other!, text.free!, text.later!]) {
      for (const chapter of [undefined, 0, 1]) {
        const response = await offlineText(client, bookId, chapter);
        expect(response.statusCode, `book ${bookId} chapter ${chapter}`).toBe(403);
        expect(response.json().errorCode).toBe('FORBIDDEN');
        expect(response.body).not.toContain('<p>');
      }
    }
    // Without offline=1 the reader still gets the sample chapter (and the free book) as before.
    expect((await client.get(`/api/browser/book_text?book_id=${text.other}&ac=1&chapter=0`)).statusCode).toBe(200);
    expect((await client.get(`/api/browser/book_text?book_id=${text.free}&ac=1&chapter=2`)).statusCode).toBe(200);
  });

  it('stops answering a chapter once the order is cancelled (each part is checked when fetched)', async () => {
    const { db } = t.database;
    const buyer = await walletMember(t.app);
    await grantTo(db, buyer.userId, 'MANGA_COIN', 1000, { now: NOW });
    const bought = await buyWithMangaCoin(t.app, buyer.cookie, text.cancelled!, 300);
    expect(bought.statusCode, bought.body).toBe(200);
    const client = memberClient(t.app, buyer.cookie);
    expect((await offlineText(client, text.cancelled!)).statusCode).toBe(200);
    expect((await offlineText(client, text.cancelled!, 0)).statusCode).toBe(200);
    const order = await db
      .selectFrom('order_items as oi')
      .innerJoin('orders as o', 'o.id', 'oi.order_id')
      .select('oi.order_id')
      .where('oi.book_id', '=', text.cancelled!)
      .where('o.user_id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    await cancelBookOrder(db, order.order_id, 'test', NOW);
    // The sample chapter and the contents too: nothing more is saved after the entitlement ended.
    for (const chapter of [undefined, 0, 1])
      expect((await offlineText(client, text.cancelled!, chapter)).statusCode, `chapter ${chapter}`).toBe(403);
  });

  it('answers 404 for an image book and 400 naming offline', async () => {
    const alice = await walletMember(t.app);
    await own(alice.userId, books.vol1!);
    const client = memberClient(t.app, alice.cookie);
    expect((await offlineText(client, books.vol1!)).statusCode).toBe(404);
    const bad = await client.get(`/api/browser/book_text?book_id=${text.owned}&offline=2`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0]).toMatch(/^offline: /);
  });
  it("signs a chapter's illustration for the owner, so the device can fetch it at the width it keeps (720)", async () => {
    const { db } = t.database;
    const titleId = await insertTitle(db, { name: '挿絵の小説', kana: 'サシエノショウセツ' });
    const bookId = await insertBook(db, titleId, 1, {
      layout_type: LayoutType.REFLOW,
      writing_mode: 'vertical',
      page_count: 0,
      sample_page_total: 1,
      price: 300,
    });
    await db
      .insertInto('book_text_chapters')
      .values(
        [0, 1].map((i) => ({
          book_id: bookId,
          chapter_no: i,
          title: `第${i + 1}章`,
          body: i === 1 ? '前の文。\n［＃挿絵0］\n後の文。' : '試し読み。',
          char_count: 8,
        })),
      )
      .execute();
    const FIGURE_KEY = `originals/${'f'.repeat(64)}.png`;
    await t.app.deps.media.put(
      FIGURE_KEY,
      await sharp({ create: { width: 300, height: 400, channels: 3, background: '#2e5a7a' } })
        .png()
        .toBuffer(),
    );
    await db
      .insertInto('book_text_images')
      .values({ book_id: bookId, image_no: 0, chapter_no: 1, original_key: FIGURE_KEY, width: 300, height: 400 })
      .execute();
    const owner = await walletMember(t.app);
    await own(owner.userId, bookId);
    const chapter = await offlineText(memberClient(t.app, owner.cookie), bookId, 1);
    expect(chapter.statusCode, chapter.body).toBe(200);
    const html = chapter.json().chapters[0].html as string;
    const smallest = /srcset="([^ "]+) 720w/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    expect(smallest).toMatch(new RegExp(`^/media/figures/${bookId}/0/720\\.webp\\?`));
    const served = await t.app.inject({ url: smallest! });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(720);
    // Another member, who may not save the book, gets no chapter and so no URL (the URL itself is the owner's grant).
    const stranger = await walletMember(t.app);
    expect((await offlineText(memberClient(t.app, stranger.cookie), bookId, 1)).statusCode).toBe(403);
  });
});
