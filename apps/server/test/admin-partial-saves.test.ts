import { TZDate } from '@date-fns/tz';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMember, titleInput } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { insertSerial } from './support/serial-factories';
import { testClock } from './support/subscription-factories';

/**
 * Issue 34: a console save changes only the fields it sends. Each editor's update is sent with one
 * field, and every other field the row held is still there (a field left out was once reset to its
 * default or emptied: a volume's 紹介文 by a price change). The rules that tie fields together are
 * still checked, on the row as the save leaves it.
 */
const START = new TZDate(2027, 0, 10, 12, 0, 0, 'Asia/Tokyo').getTime();
const at = (day: number, hour = 0) => new TZDate(2027, 0, day, hour, 0, 0, 'Asia/Tokyo').getTime();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: testClock(START) });
});
afterAll(() => t.close());
const db = () => t.database.db;
const operator = () => staffMember(t.app, db(), 'operator');
const error = (r: { statusCode: number; json: () => { errorCode?: string; messages?: string[] } }) => [
  r.statusCode,
  r.json().errorCode,
  r.json().messages,
];

describe('a partial save keeps the fields it does not send', () => {
  it('volume: a new price keeps the 紹介文, the sale, the free period, the release and the sample size', async () => {
    const op = await operator();
    const titleId = await insertTitle(db());
    const bookId = await insertBook(db(), titleId, 6, {
      contents_name: '星の図書館 6',
      description: '明かされる過去の真実。',
      price: 550,
      sale_price: 385,
      sale_start_datetime: at(1),
      sale_end_datetime: at(20),
      free_flg: 1,
      free_start_datetime: at(25),
      free_end_datetime: at(28),
      start_datetime: at(1, 7),
      sample_page_total: 8,
    });
    const before = (await op.get(`/titles/${titleId}`)).json().books[0];
    const saved = await op.change('PUT', `/books/${bookId}`, { version: before.version, price: 660 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...before, price: 660, version: before.version + 1 });
    expect(saved.json()).toMatchObject({
      description: '明かされる過去の真実。',
      sale: { price: 385, start: '2027-01-01T00:00', end: '2027-01-20T00:00' },
      samplePageTotal: 8,
    });

    const [entry] = await db()
      .selectFrom('admin_audit_log')
      .select(['before_json', 'after_json'])
      .where('subject', '=', `book:${bookId}`)
      .execute();
    expect(JSON.parse(entry!.after_json!).description).toBe('明かされる過去の真実。');

    // The sale must stay below the price the save leaves: a price under it is refused, naming the price.
    expect(error(await op.change('PUT', `/books/${bookId}`, { version: before.version + 1, price: 300 }))).toEqual([
      400,
      'BAD_REQUEST',
      ['price: must be above the sale price (385)'],
    ]);
    // Sent as null, a period is ended (null is a value; only a field left out is kept).
    const ended = await op.change('PUT', `/books/${bookId}`, { version: before.version + 1, sale: null });
    expect(ended.json()).toMatchObject({ sale: null, description: '明かされる過去の真実。', free: { start: '2027-01-25T00:00' } });
  });

  it('title: a new name keeps the description, genre, rating, publisher, magazine and every credit', async () => {
    const op = await operator();
    const authors = [
      { name: '原 作子', kana: 'ハラ サクコ', role: 'original' },
      { name: '作画 太郎', kana: 'サクガ タロウ', role: 'art' },
    ];
    const created = await op.change(
      'POST',
      '/titles',
      titleInput({ name: '二人の作品', kana: 'フタリノサクヒン', eroticType: 1, authors }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const before = created.json();
    const saved = await op.change('PUT', `/titles/${before.id}`, { version: before.version, name: '二人の作品 新装版' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...before, name: '二人の作品 新装版', version: before.version + 1 });
    expect(saved.json().authors).toEqual(authors);
  });

  it('point campaign: a new rate keeps the period, the title and the expiry; the rules hold on the result', async () => {
    const op = await operator();
    const titleId = await insertTitle(db());
    const input = {
      type: 'series',
      name: '春の還元',
      rate: 20,
      start: '2027-01-01T00:00',
      end: '2027-02-01T00:00',
      expireDays: 45,
      titleId,
    };
    const before = (await op.change('POST', '/point_campaigns', input)).json();
    const saved = await op.change('PUT', `/point_campaigns/${before.id}`, { version: 0, rate: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...before, rate: 30, version: 1 });
    expect(error(await op.change('PUT', `/point_campaigns/${before.id}`, { version: 1, end: '2026-12-01T00:00' }))).toEqual([
      400,
      'BAD_REQUEST',
      ['end: must end after it starts'],
    ]);
    expect(error(await op.change('PUT', `/point_campaigns/${before.id}`, { version: 1, type: 'book' }))).toEqual([
      400,
      'BAD_REQUEST',
      ['bookId: is required for a book campaign'],
    ]);
  });

  it('bundle: a new name keeps the books, the price and the period', async () => {
    const op = await operator();
    const titleId = await insertTitle(db());
    const bookIds = [await insertBook(db(), titleId, 1), await insertBook(db(), titleId, 2)];
    const before = (
      await op.change('POST', '/bundles', { name: '1–2巻セット', price: 900, bookIds, start: '2027-01-01T00:00', end: '2027-03-01T00:00' })
    ).json();
    const saved = await op.change('PUT', `/bundles/${before.id}`, { version: 0, name: '1–2巻 お得セット' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...before, name: '1–2巻 お得セット', version: 1 });
    expect(error(await op.change('PUT', `/bundles/${before.id}`, { version: 1, price: 1100 }))).toEqual([
      400,
      'BAD_REQUEST',
      ["price: must be below the books' list prices together (1100)"],
    ]);
  });

  it('coin pack: a new price keeps the coins, bonuses, limit, highlight, scene, order and payment types', async () => {
    const op = await operator();
    const input = {
      price: 1200,
      coin: 1100,
      bonus: 100,
      bonusPoint: 12,
      limit: 3,
      highlight: 'popular',
      displayScene: 'cart',
      paymentMethods: ['creditcard', 'docomo'],
      sortOrder: 7,
    };
    const before = (await op.change('POST', '/coin_packs', input)).json();
    const saved = await op.change('PUT', `/coin_packs/${before.id}`, { version: 0, price: 1100 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...before, price: 1100, version: 1 });
  });

  it('banner: a new priority keeps the image, link, colour, place and period; the period still has to end after it starts', async () => {
    const op = await operator();
    const png = await sharp({ create: { width: 480, height: 90, channels: 3, background: '#ffeecc' } })
      .png()
      .toBuffer();
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/admin/banner_images?token=${await op.token()}`,
      headers: { cookie: op.cookie, 'content-type': 'image/png' },
      payload: png,
    });
    const input = {
      imageId: upload.json().imageId,
      jumpUrl: '/free',
      colorCode: '#ffeecc',
      location: 'top',
      priority: 3,
      start: '2027-01-01T00:00',
      end: '2027-02-01T00:00',
    };
    const before = (await op.change('POST', '/banners', input)).json();
    const saved = await op.change('PUT', `/banners/${before.id}`, { version: 0, priority: 9 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...before, priority: 9, version: 1 });
    expect(error(await op.change('PUT', `/banners/${before.id}`, { version: 1, end: '2026-12-31T00:00' }))).toEqual([
      400,
      'BAD_REQUEST',
      ['end: must end after it starts'],
    ]);
  });

  it('serial settings: a new rental length keeps the refill, order-only and special-ticket settings', async () => {
    const op = await operator();
    const { serialId } = await insertSerial(db(), {
      episodes: 2,
      chargeMinutes: 600,
      rentalMinutes: 180,
      orderOnly: true,
      ticketUsable: false,
      now: START,
    });
    const before = (await op.get(`/serials/${serialId}`)).json();
    const saved = await op.change('PUT', `/serials/${serialId}`, { version: before.version, rentalMinutes: 4320 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...before, rentalMinutes: 4320, version: before.version + 1 });
  });

  it('episode: a save without its end keeps the end; a price alone keeps the rest; the spend rules hold on the result', async () => {
    const op = await operator();
    const { serialId } = await insertSerial(db(), { episodes: 1, now: START });
    const input = { title: '第2話 灯り', price: 60, spendType: 2, releaseAt: '2027-01-11T07:00', endAt: '2027-06-01T00:00', pageCount: 2 };
    const before = (await op.change('POST', `/serials/${serialId}/episodes`, input)).json();
    const withoutEnd = await op.change('PUT', `/episodes/${before.id}`, {
      version: 0,
      title: '第2話 灯り',
      price: 60,
      spendType: 2,
      releaseAt: '2027-01-11T07:00',
    });
    expect(withoutEnd.statusCode, withoutEnd.body).toBe(200);
    expect(withoutEnd.json()).toEqual({ ...before, version: 1 });
    const price = await op.change('PUT', `/episodes/${before.id}`, { version: 1, price: 80 });
    expect(price.json()).toEqual({ ...before, price: 80, version: 2 });
    expect(error(await op.change('PUT', `/episodes/${before.id}`, { version: 2, spendType: 0 }))).toEqual([
      400,
      'BAD_REQUEST',
      ['price: must be 0 for a free episode'],
    ]);
    expect(error(await op.change('PUT', `/episodes/${before.id}`, { version: 2, endAt: '2027-01-11T06:00' }))).toEqual([
      400,
      'BAD_REQUEST',
      ['endAt: must be after the release'],
    ]);
  });

  it('sample: a new first-pages count keeps the chosen pages', async () => {
    const op = await operator();
    const bookId = await insertBook(db(), await insertTitle(db()), 1, { page_count: 12 });
    const chosen = await op.change('PUT', `/books/${bookId}/sample`, { version: 0, samplePageTotal: 3, customSamplePages: [0, 4, 9] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const saved = await op.change('PUT', `/books/${bookId}/sample`, { version: 1, samplePageTotal: 2 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ samplePageTotal: 2, customSamplePages: [0, 4, 9], version: 2 });
  });

  it('coupon: switching it off changes nothing else (a coupon has no other edit)', async () => {
    const op = await operator();
    const input = {
      name: '春の10%OFF',
      couponType: 1,
      rate: 10,
      limit: 2,
      minCartPrice: 500,
      expireAt: '2027-03-01T00:00',
      targetScope: 0,
      audience: 'NEW',
    };
    const created = (await op.change('POST', '/coupons', input)).json();
    const { given: _given, ...before } = created;
    const off = await op.change('POST', `/coupons/${created.id}/enabled`, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ ...before, enabled: false });
  });
});
