import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { cartClient } from './support/cart-factories';
import { insertBook, insertTitle } from './support/catalog-factories';
import { testClock } from './support/subscription-factories';
import { member } from './support/wallet-factories';

/** The console's point campaigns (bulk-buy included), bundles and coin packs, and the store reading what they set. */
const START = new TZDate(2027, 0, 10, 12, 0, 0, 'Asia/Tokyo').getTime();
const clock = testClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());
const db = () => t.database.db;
const auditOf = (subject: string) => db().selectFrom('admin_audit_log').selectAll().where('subject', '=', subject).orderBy('id').execute();
const get = (url: string, cookie = '') => t.app.inject({ url: `/api${url}`, headers: cookie ? { cookie } : {} });
const campaignLines = async (bookId: number) =>
  ((await get(`/book_point_campaigns/by_book?book_id=${bookId}`)).json()?.list ?? []) as { id: number; point: number }[];

describe('point campaigns', () => {
  it('a series campaign created in the console gives its points on the book at once; a stale edit is 409; ending it stops it; each step is audited', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const titleId = await insertTitle(db());
    const bookId = await insertBook(db(), titleId, 1, { price: 500 });
    const created = await op.change('POST', '/point_campaigns', {
      type: 'series',
      name: '春のシリーズ還元',
      rate: 20,
      start: '2027-01-01T00:00',
      end: '2027-02-01T00:00',
      expireDays: 90,
      titleId,
    });
    expect(created.statusCode, created.body).toBe(200);
    const campaign = created.json();
    expect(campaign).toMatchObject({ type: 'series', rate: 20, titleId, active: true, version: 0, start: '2027-01-01T00:00' });
    expect((await campaignLines(bookId)).find((l) => l.id === campaign.id)?.point).toBe(100);

    const edit = {
      type: 'series',
      name: '春のシリーズ還元',
      rate: 30,
      start: '2027-01-01T00:00',
      end: '2027-02-01T00:00',
      expireDays: 90,
      titleId,
    };
    const first = await op.change('PUT', `/point_campaigns/${campaign.id}`, { ...edit, version: 0 });
    expect(first.json()).toMatchObject({ rate: 30, version: 1 });
    const stale = await op.change('PUT', `/point_campaigns/${campaign.id}`, { ...edit, rate: 5, version: 0 });
    expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'EDIT_CONFLICT']);
    expect((await campaignLines(bookId)).find((l) => l.id === campaign.id)?.point).toBe(150);

    const ended = await op.change('POST', `/point_campaigns/${campaign.id}/end`, { version: 1 });
    expect(ended.json()).toMatchObject({ active: false, end: '2027-01-10T12:00' });
    expect((await campaignLines(bookId)).some((l) => l.id === campaign.id)).toBe(false);
    expect((await op.change('POST', `/point_campaigns/${campaign.id}/end`, { version: 2 })).json().messages).toEqual([
      'end: has already ended',
    ]);

    const entries = await auditOf(`point_campaign:${campaign.id}`);
    expect(entries.map((e) => [e.action, e.actor_user_id])).toEqual([
      ['point_campaign.create', op.userId],
      ['point_campaign.update', op.userId],
      ['point_campaign.end', op.userId],
    ]);
    expect(JSON.parse(entries[1]!.before_json!)).toMatchObject({ rate: 20 });
    expect(JSON.parse(entries[1]!.after_json!)).toMatchObject({ rate: 30 });
  });

  it('a bulk-buy campaign for a title puts it on the bulk-buy list the cart reads', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const titleId = await insertTitle(db());
    for (const vol of [1, 2, 3]) await insertBook(db(), titleId, vol);
    const r = await op.change('POST', '/point_campaigns', {
      type: 'bulkBuy',
      name: '3冊まとめ買い10%',
      rate: 10,
      expireDays: 60,
      titleId,
      minBooks: 3,
    });
    expect(r.statusCode, r.body).toBe(200);
    const list = (await get('/point_campaign/bulk_buy_title_list?limit=100')).json().list as {
      titleId: number;
      campaign: { id: number };
    }[];
    expect(list.find((l) => l.titleId === titleId)?.campaign.id).toBe(r.json().id);
  });

  it('a genre campaign and a publisher campaign reach only the books of their genre and publisher', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const genreId = 900 + Math.floor(Math.random() * 90);
    await db()
      .insertInto('genres')
      .values({ id: genreId, name: 'テストジャンル' })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const { id: publisherId } = await db()
      .insertInto('publishers')
      .values({ name: 'テスト出版', kana: 'テストシュッパン' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inGenre = await insertBook(db(), await insertTitle(db(), { genre_id: genreId }), 1, { price: 1000 });
    const ofPublisher = await insertBook(db(), await insertTitle(db(), { publisher_id: publisherId }), 1, { price: 1000 });
    const other = await insertBook(db(), await insertTitle(db()), 1, { price: 1000 });

    const genre = await op.change('POST', '/point_campaigns', {
      type: 'specificGenres',
      name: 'ジャンル還元',
      rate: 10,
      expireDays: 30,
      genreIds: [genreId],
    });
    expect(genre.statusCode, genre.body).toBe(200);
    expect(genre.json()).toMatchObject({ type: 'specificGenres', genreIds: [genreId], publisherId: null });
    const publisher = await op.change('POST', '/point_campaigns', {
      type: 'publish',
      name: '出版社還元',
      rate: 5,
      expireDays: 30,
      publisherId,
    });
    expect(publisher.statusCode, publisher.body).toBe(200);

    const has = async (bookId: number, campaignId: number) => (await campaignLines(bookId)).some((l) => l.id === campaignId);
    expect([await has(inGenre, genre.json().id), await has(ofPublisher, genre.json().id), await has(other, genre.json().id)]).toEqual([
      true,
      false,
      false,
    ]);
    expect([
      await has(inGenre, publisher.json().id),
      await has(ofPublisher, publisher.json().id),
      await has(other, publisher.json().id),
    ]).toEqual([false, true, false]);

    const refused: [object, string][] = [
      [{ type: 'specificGenres', name: 'x', rate: 1, expireDays: 1 }, 'genreIds: is required for a genre campaign'],
      [{ type: 'specificGenres', name: 'x', rate: 1, expireDays: 1, genreIds: [999_999] }, 'genreIds: must be genre ids'],
      [{ type: 'publish', name: 'x', rate: 1, expireDays: 1 }, 'publisherId: is required for a publisher campaign'],
      [{ type: 'publish', name: 'x', rate: 1, expireDays: 1, publisherId: 999_999 }, 'publisherId: must be a publisher id'],
    ];
    for (const [payload, message] of refused) {
      const r = await op.change('POST', '/point_campaigns', payload);
      expect([r.statusCode, r.json().messages], JSON.stringify(payload)).toEqual([400, [message]]);
    }
  });

  it('refuses bad input with 400 naming the field, and records nothing', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const before = (await db().selectFrom('point_campaigns').select('id').execute()).length;
    const base = { type: 'basic', name: '通常', rate: 1, expireDays: 365 };
    const cases: [object, string][] = [
      [{ ...base, rate: -1 }, 'rate: must be a non-negative integer'],
      [{ ...base, rate: 1.5 }, 'rate: must be a non-negative integer'],
      [{ ...base, rate: 0, point: 0 }, 'rate: a rate or fixed points is required'],
      [{ ...base, start: '2027-02-01T00:00', end: '2027-01-01T00:00' }, 'end: must end after it starts'],
      [{ ...base, type: 'book' }, 'bookId: is required for a book campaign'],
      [{ ...base, type: 'book', bookId: 999_999 }, 'bookId: must be a book id'],
      [{ ...base, type: 'bulkBuy', minBooks: 1 }, 'minBooks: must be at least 2 for a bulk-buy campaign'],
      [{ ...base, expireDays: 0 }, 'expireDays: must be 1–3650'],
    ];
    for (const [payload, message] of cases) {
      const r = await op.change('POST', '/point_campaigns', payload);
      expect([r.statusCode, r.json().messages], JSON.stringify(payload)).toEqual([400, [message]]);
    }
    expect((await db().selectFrom('point_campaigns').select('id').execute()).length).toBe(before);
  });
});

describe('bundles', () => {
  it('a bundle created in the console is sold in the cart at its price; a stale edit is 409; ending it takes it off sale', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const titleId = await insertTitle(db());
    const bookIds = [await insertBook(db(), titleId, 1, { price: 500 }), await insertBook(db(), titleId, 2, { price: 500 })];
    const created = await op.change('POST', '/bundles', {
      name: '1〜2巻セット',
      price: 800,
      bookIds,
      start: '2027-01-01T00:00',
      end: '2027-03-01T00:00',
    });
    expect(created.statusCode, created.body).toBe(200);
    const bundle = created.json();
    expect(bundle).toMatchObject({ price: 800, listPrice: 1000, discountRate: 20, onSale: true, version: 0 });
    expect(bundle.books.map((b: { id: number }) => b.id)).toEqual(bookIds);
    // The volume detail's bundle summary shows it at once (the cache of this process was dropped).
    expect((await get(`/bundles/${bundle.id}`)).json()).toMatchObject({ bundleSalePrice: 800, bundleTotalPrice: 1000, onSale: true });

    const m = await member(t.app);
    const cart = cartClient(t.app, m.cookie);
    expect((await cart.send('POST', '/cart/bundle', { bundle_id: bundle.id })).statusCode).toBe(200);
    expect((await cart.view()).json().items).toMatchObject([{ cartType: 'BUNDLE', bundleId: bundle.id, price: 800, regularPrice: 1000 }]);

    const edit = { name: '1〜2巻セット', price: 700, bookIds, start: '2027-01-01T00:00', end: '2027-03-01T00:00' };
    expect((await op.change('PUT', `/bundles/${bundle.id}`, { ...edit, version: 0 })).json()).toMatchObject({ price: 700, version: 1 });
    const stale = await op.change('PUT', `/bundles/${bundle.id}`, { ...edit, price: 600, version: 0 });
    expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'EDIT_CONFLICT']);
    expect((await get(`/bundles/${bundle.id}`)).json().bundleSalePrice).toBe(700);

    expect((await op.change('POST', `/bundles/${bundle.id}/end`, { version: 1 })).json()).toMatchObject({ onSale: false });
    expect((await get(`/bundles/${bundle.id}`)).json().onSale).toBe(false);
    const other = await member(t.app);
    expect((await cartClient(t.app, other.cookie).send('POST', '/cart/bundle', { bundle_id: bundle.id })).json().errorCode).toBe(
      'BUNDLE_INVALID',
    );
    expect((await auditOf(`bundle:${bundle.id}`)).map((e) => e.action)).toEqual(['bundle.create', 'bundle.update', 'bundle.end']);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const titleId = await insertTitle(db());
    const bookIds = [await insertBook(db(), titleId, 1, { price: 500 }), await insertBook(db(), titleId, 2, { price: 500 })];
    const base = { name: 'セット', price: 800, bookIds, start: '2027-01-01T00:00' };
    const cases: [object, string][] = [
      [{ ...base, price: -10 }, 'price: must be a non-negative integer'],
      [{ ...base, price: 1000 }, "price: must be below the books' list prices together (1000)"],
      [{ ...base, end: '2026-12-01T00:00' }, 'end: must end after it starts'],
      [{ ...base, bookIds: [bookIds[0]] }, 'bookIds: must hold at least 2 books'],
      [{ ...base, bookIds: [bookIds[0], bookIds[0]] }, 'bookIds: must not repeat a book'],
      [{ ...base, bookIds: [bookIds[0], 999_999] }, 'bookIds: no such book: 999999'],
      [{ ...base, start: '2027-13-01T00:00' }, 'start: must be a date and time (YYYY-MM-DDTHH:mm, Asia/Tokyo)'],
    ];
    for (const [payload, message] of cases) {
      const r = await op.change('POST', '/bundles', payload);
      expect([r.statusCode, r.json().messages], JSON.stringify(payload)).toEqual([400, [message]]);
    }
  });
});

describe('coin packs', () => {
  const shop = async (method: string) =>
    (await get(`/manga_coin/items/v3?payment_type=${method}&display_scenes=shop`)).json().items as {
      id: number;
      coin: number;
      taxIncludedPrice: number;
      bonus: number;
      limit: number | null;
      highlight: string;
    }[];

  it('a pack created for one payment type shows in that shop only; edits with a stale version are 409; a hidden pack leaves the shop', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const created = await op.change('POST', '/coin_packs', {
      price: 3000,
      coin: 3000,
      bonus: 450,
      limit: 1,
      highlight: 'bargain',
      displayScene: 'shop',
      paymentMethods: ['paypay'],
      sortOrder: 0,
    });
    expect(created.statusCode, created.body).toBe(200);
    const pack = created.json();
    expect(pack).toMatchObject({
      price: 3000,
      coin: 3000,
      bonus: 450,
      limit: 1,
      paymentMethods: ['paypay'],
      active: true,
      sold: 0,
      version: 0,
    });
    expect((await shop('paypay')).find((i) => i.id === pack.id)).toMatchObject({
      coin: 3000,
      taxIncludedPrice: 3000,
      bonus: 450,
      limit: 1,
      highlight: 'bargain',
    });
    expect((await shop('creditcard')).some((i) => i.id === pack.id)).toBe(false);

    const edit = {
      price: 3000,
      coin: 3000,
      bonus: 600,
      limit: null,
      highlight: 'popular',
      displayScene: 'shop',
      paymentMethods: ['paypay', 'creditcard'],
      sortOrder: 0,
    };
    // Two operators save the same pack at once: one lands, one is refused.
    const tokens = [await op.token(), await op.token()];
    const both = await Promise.all(
      tokens.map((token, i) => op.send('PUT', `/coin_packs/${pack.id}`, { ...edit, bonus: 600 + i, token, version: 0 })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await shop('creditcard')).find((i) => i.id === pack.id)?.highlight).toBe('popular');

    const hidden = await op.change('POST', `/coin_packs/${pack.id}/active`, { version: 1, active: false });
    expect(hidden.json()).toMatchObject({ active: false, version: 2 });
    expect((await shop('paypay')).some((i) => i.id === pack.id)).toBe(false);
    expect((await auditOf(`coin_pack:${pack.id}`)).map((e) => e.action)).toEqual([
      'coin_pack.create',
      'coin_pack.update',
      'coin_pack.hide',
    ]);
    expect((await op.get('/coin_packs')).json().packs.find((p: { id: number }) => p.id === pack.id)).toMatchObject({ active: false });
  });

  it('refuses bad input with 400 naming the field', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const base = { price: 100, coin: 100, paymentMethods: ['creditcard'] };
    const cases: [object, string][] = [
      [{ ...base, price: -1 }, 'price: must be a positive integer'],
      [{ ...base, price: 0 }, 'price: must be a positive integer'],
      [{ ...base, coin: 10.5 }, 'coin: must be a positive integer'],
      [{ ...base, bonus: -5 }, 'bonus: must be a non-negative integer'],
      [{ ...base, limit: 0 }, 'limit: must be at least 1'],
      [{ ...base, paymentMethods: [] }, 'paymentMethods: must name at least one payment type'],
      [{ ...base, paymentMethods: ['bitcoin'] }, 'paymentMethods.0: must be a payment type'],
      [{ ...base, displayScene: 'home' }, 'displayScene: must be shop, viewer or cart'],
    ];
    for (const [payload, message] of cases) {
      const r = await op.change('POST', '/coin_packs', payload);
      expect([r.statusCode, r.json().messages], JSON.stringify(payload)).toEqual([400, [message]]);
    }
  });
});

describe('access and tokens', () => {
  it('support and members get 403; every change needs a one-time token and a replay changes nothing', async () => {
    const support = await staffMember(t.app, db(), 'support');
    for (const url of ['/point_campaigns', '/bundles', '/coin_packs']) expect((await support.get(url)).statusCode).toBe(403);
    expect((await support.change('POST', '/coin_packs', { price: 100, coin: 100, paymentMethods: ['creditcard'] })).statusCode).toBe(403);
    const op = await staffMember(t.app, db(), 'operator');
    const body = { price: 120, coin: 120, paymentMethods: ['au'] };
    const none = await op.send('POST', '/coin_packs', body);
    expect([none.statusCode, none.json().messages]).toEqual([400, ['token: is required']]);
    const token = await op.token();
    const first = await op.send('POST', '/coin_packs', { token, ...body });
    const again = await op.send('POST', '/coin_packs', { token, ...body });
    expect(again.json()).toEqual(first.json());
    expect(
      await db().selectFrom('manga_coin_items').select('id').where('payment_methods', '=', 'au').where('coin', '=', 120).execute(),
    ).toHaveLength(1);
  });
});
