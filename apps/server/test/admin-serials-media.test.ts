import { TZDate } from '@date-fns/tz';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { pageImage } from './support/import-fixtures';
import { insertSerial } from './support/serial-factories';
import { testClock } from './support/subscription-factories';
import { member } from './support/wallet-factories';

/** The console's serials (schedule, spend type, price, ticket settings), covers, samples, and the top titles and coin pack reports. */
const START = new TZDate(2027, 0, 10, 12, 0, 0, 'Asia/Tokyo').getTime();
const clock = testClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());
const db = () => t.database.db;
const auditOf = (subject: string) => db().selectFrom('admin_audit_log').selectAll().where('subject', '=', subject).orderBy('id').execute();
const catalogCount = async () =>
  Number((await db().selectFrom('store_changes').select('version').where('topic', '=', 'catalog').executeTakeFirst())?.version ?? 0);
const storeEpisodes = async (serialId: number) =>
  (await t.app.inject({ url: `/api/serial_episodes?serial_id=${serialId}&offset=0&limit=50&sort=sequence` })).json() as {
    serialEpisodes?: { id: number; title: string; price: number; spendType: number; releaseDatetime: number; released: boolean }[];
  };
const episodesOf = async (serialId: number) => {
  const body = (await storeEpisodes(serialId)) as Record<string, unknown>;
  return (body.serialEpisodes ?? body.episodes ?? body) as {
    id: number;
    title: string;
    price: number;
    spendType: number;
    releaseDatetime: number;
    released: boolean;
  }[];
};

describe('serials', () => {
  it('schedules an episode with a spend type and price, and the store shows it (released at its Tokyo time)', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const { serialId } = await insertSerial(db(), { episodes: 2, now: START });
    const listed = (await op.get('/serials')).json().serials;
    expect(listed.find((s: { id: number }) => s.id === serialId)).toMatchObject({ episodeCount: 2 });
    const before = await catalogCount();
    const created = await op.change('POST', `/serials/${serialId}/episodes`, {
      title: '第3話 夜明け',
      price: 60,
      spendType: 2,
      releaseAt: '2027-01-11T07:00',
      pageCount: 3,
    });
    expect(created.statusCode, created.body).toBe(200);
    const episode = created.json();
    expect(episode).toMatchObject({
      orderSequence: 3,
      title: '第3話 夜明け',
      price: 60,
      spendType: 2,
      releaseAt: '2027-01-11T07:00',
      pageCount: 3,
      version: 0,
    });
    expect(await catalogCount()).toBe(before + 1);
    const [entry] = await auditOf(`episode:${episode.id}`);
    expect(entry).toMatchObject({ action: 'episode.create', actor_user_id: op.userId, before_json: null });

    // Coins only, though the serial has a normal ticket; not released until 7:00 Tokyo on the 11th.
    let shown = (await episodesOf(serialId)).find((e) => e.id === episode.id)!;
    expect(shown).toMatchObject({
      title: '第3話 夜明け',
      price: 60,
      spendType: 2,
      released: false,
      releaseDatetime: new TZDate(2027, 0, 11, 7, 0, 0, 'Asia/Tokyo').getTime(),
    });
    clock.set(new TZDate(2027, 0, 11, 7, 0, 0, 'Asia/Tokyo').getTime());
    shown = (await episodesOf(serialId)).find((e) => e.id === episode.id)!;
    expect(shown.released).toBe(true);
    clock.set(START);

    // Edited to the normal ticket at 40 coins: the store follows, the log keeps before and after.
    const edited = await op.change('PUT', `/episodes/${episode.id}`, {
      version: 0,
      title: '第3話 夜明け',
      price: 40,
      spendType: 1,
      releaseAt: '2027-01-12T19:00',
      endAt: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    shown = (await episodesOf(serialId)).find((e) => e.id === episode.id)!;
    expect(shown).toMatchObject({ price: 40, spendType: 1 });
    const entries = await auditOf(`episode:${episode.id}`);
    expect(entries.map((e) => e.action)).toEqual(['episode.create', 'episode.update']);
    expect(JSON.parse(entries[1]!.before_json!)).toMatchObject({ price: 60, spendType: 2 });
    expect(JSON.parse(entries[1]!.after_json!)).toMatchObject({ price: 40, spendType: 1, releaseAt: '2027-01-12T19:00' });
  });

  it('refuses bad input naming the field, and a second edit of the same version with 409', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const op2 = await staffMember(t.app, db(), 'operator');
    const { serialId, episodeIds } = await insertSerial(db(), { episodes: 2, chargeMinutes: 0, now: START });
    const bad = async (body: object, message: string, url = `/serials/${serialId}/episodes`, method: 'POST' | 'PUT' = 'POST') => {
      const r = await op.change(method, url, body);
      expect([r.statusCode, r.json().errorCode, r.json().messages]).toEqual([400, 'BAD_REQUEST', [message]]);
    };
    const ok = { title: '第3話', price: 30, spendType: 2, releaseAt: '2027-01-11T07:00', pageCount: 2 };
    await bad({ ...ok, price: -1 }, 'price: must be a non-negative integer');
    await bad({ ...ok, price: 1.5 }, 'price: must be a non-negative integer');
    await bad({ ...ok, price: 0 }, 'price: must be at least 1 for a ticket or coin episode');
    await bad({ ...ok, spendType: 0 }, 'price: must be 0 for a free episode');
    await bad({ ...ok, endAt: '2027-01-11T06:00' }, 'endAt: must be after the release');
    await bad({ ...ok, releaseAt: '2027-02-30T07:00' }, 'releaseAt: must be a date and time (YYYY-MM-DDTHH:mm, Asia/Tokyo)');
    // This serial has no normal ticket (chargeMinutes 0): an episode cannot open with one.
    await bad({ ...ok, spendType: 1 }, 'spendType: the serial has no normal ticket (chargeMinutes is 0): choose coins');
    await bad(
      { version: 0, chargeMinutes: -5, rentalMinutes: 0, orderOnly: false, ticketUsable: true },
      'chargeMinutes: must be a non-negative integer',
      `/serials/${serialId}`,
      'PUT',
    );
    expect(await auditOf(`serial:${serialId}`)).toEqual([]);

    const edit = { version: 0, title: '第2話', price: 50, spendType: 2, releaseAt: '2027-01-09T19:00', endAt: null };
    const [a, b] = [
      await op.change('PUT', `/episodes/${episodeIds[1]}`, edit),
      await op2.change('PUT', `/episodes/${episodeIds[1]}`, { ...edit, price: 70 }),
    ];
    expect([a.statusCode, b.statusCode, b.json().errorCode]).toEqual([200, 409, 'EDIT_CONFLICT']);
    expect((await episodesOf(serialId)).find((e) => e.id === episodeIds[1])!.price).toBe(50);
  });

  it("sets the serial's refill, rental length, order-only and tickets, shown on the store's serial", async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const { serialId } = await insertSerial(db(), { episodes: 3, now: START });
    const r = await op.change('PUT', `/serials/${serialId}`, {
      version: 0,
      chargeMinutes: 600,
      rentalMinutes: 0,
      orderOnly: true,
      ticketUsable: false,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ chargeMinutes: 600, rentalMinutes: 0, orderOnly: true, ticketUsable: false, version: 1 });
    const store = (await t.app.inject({ url: `/api/serials/${serialId}` })).json();
    expect(store).toMatchObject({ chargeMinutes: 600, rentalMinutes: 0, orderOnly: true, ticketUsable: false });
    const stale = await op.change('PUT', `/serials/${serialId}`, {
      version: 0,
      chargeMinutes: 60,
      rentalMinutes: 0,
      orderOnly: false,
      ticketUsable: true,
    });
    expect(stale.statusCode).toBe(409);
    // Ticket episodes need the refill: turning it off while they exist is refused.
    const off = await op.change('PUT', `/serials/${serialId}`, {
      version: 1,
      chargeMinutes: 0,
      rentalMinutes: 0,
      orderOnly: false,
      ticketUsable: true,
    });
    expect(off.json().messages[0]).toMatch(/^chargeMinutes: /);
    const [entry] = await auditOf(`serial:${serialId}`);
    expect(JSON.parse(entry!.before_json!)).toMatchObject({ chargeMinutes: 1380, rentalMinutes: 180, orderOnly: false });
  });

  it('a member without the role gets 403 and a change needs a token', async () => {
    const m = await member(t.app);
    const { serialId } = await insertSerial(db(), { episodes: 1, now: START });
    expect((await t.app.inject({ url: `/api/admin/serials/${serialId}`, headers: { cookie: m.cookie } })).statusCode).toBe(403);
    const op = await staffMember(t.app, db(), 'operator');
    const none = await op.send('PUT', `/serials/${serialId}`, {
      version: 0,
      chargeMinutes: 60,
      rentalMinutes: 0,
      orderOnly: false,
      ticketUsable: true,
    });
    expect([none.statusCode, none.json().messages]).toEqual([400, ['token: is required']]);
  });
});

describe('covers and samples', () => {
  const upload = async (op: Awaited<ReturnType<typeof staffMember>>, bookId: number, body: Buffer, version: number, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/books/${bookId}/cover?token=${token ?? (await op.token())}&version=${version}`,
      headers: { cookie: op.cookie, 'content-type': 'image/png' },
      payload: body,
    });

  it('an uploaded cover replaces the drawn one at a new media version, made ahead with sharp', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const titleId = await insertTitle(db());
    const bookId = await insertBook(db(), titleId, 1, { page_count: 6 });
    const before = (await op.get(`/books/${bookId}/media`)).json();
    expect(before.coverUploaded).toBe(false);
    const red = await pageImage(300, 420, { r: 220, g: 20, b: 30 }, 'png');
    const token = await op.token();
    const r = await upload(op, bookId, red, 0, token);
    expect(r.statusCode, r.body).toBe(200);
    const after = r.json();
    expect(after.coverUploaded).toBe(true);
    expect(after.coverUrl).not.toBe(before.coverUrl);
    expect(await t.app.deps.media.exists(`covers/${bookId}/256.webp`)).toBe(true);
    const served = await t.app.inject({ url: after.coverUrl });
    expect(served.statusCode).toBe(200);
    const { data } = await sharp(served.rawPayload).resize(1, 1).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(180);
    expect(data[1]).toBeLessThan(70);
    // A replay answers the first result and uploads nothing twice.
    const replay = await upload(op, bookId, red, 0, token);
    expect(replay.json()).toEqual(after);
    const entries = await auditOf(`book:${bookId}`);
    expect(entries.map((e) => e.action)).toEqual(['book.cover']);
    // The series page's data carries the new cover version.
    const detail = (await t.app.inject({ url: `/api/book/detail?book_id=${bookId}` })).json();
    expect(detail.imageUrl).toContain(
      `v=${(await db().selectFrom('books').select('media_version').where('id', '=', bookId).executeTakeFirstOrThrow()).media_version}`,
    );

    const stale = await upload(op, bookId, red, 0);
    expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'EDIT_CONFLICT']);
    const broken = await upload(op, bookId, Buffer.from('not an image'), 1);
    expect([broken.statusCode, broken.json().messages[0]]).toEqual([400, expect.stringMatching(/^file: not a decodable image/)]);
  });

  it('takes an uploaded cover back: the drawn cover returns at a new media version, once, and audited', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const titleId = await insertTitle(db());
    const bookId = await insertBook(db(), titleId, 1, { page_count: 6 });
    const drawn = await t.app.inject({ url: (await op.get(`/books/${bookId}/media`)).json().coverUrl });
    const none = await op.change('POST', `/books/${bookId}/cover/revert`, { version: 0 });
    expect([none.statusCode, none.json().messages]).toEqual([400, ['cover: has no uploaded cover to take back']]);
    const red = await pageImage(300, 420, { r: 220, g: 20, b: 30 }, 'png');
    const uploaded = (await upload(op, bookId, red, 0)).json();
    expect(uploaded.coverUploaded).toBe(true);
    const stale = await op.change('POST', `/books/${bookId}/cover/revert`, { version: 0 });
    expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'EDIT_CONFLICT']);
    const r = await op.change('POST', `/books/${bookId}/cover/revert`, { version: uploaded.version });
    expect(r.statusCode, r.body).toBe(200);
    const after = r.json();
    expect(after).toMatchObject({ coverUploaded: false, version: uploaded.version + 1 });
    expect(after.coverUrl).not.toBe(uploaded.coverUrl);
    const served = await t.app.inject({ url: after.coverUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(drawn.rawPayload), 'the drawn cover again, not the red upload').toBe(true);
    expect((await op.change('POST', `/books/${bookId}/cover/revert`, { version: after.version })).statusCode).toBe(400);
    expect((await auditOf(`book:${bookId}`)).map((e) => e.action)).toEqual(['book.cover', 'book.coverRevert']);
  });

  it('sets a custom sample the viewer follows, refusing pages the book lacks', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const titleId = await insertTitle(db());
    const bookId = await insertBook(db(), titleId, 1, { page_count: 8, sample_page_total: 3 });
    const outside = await op.change('PUT', `/books/${bookId}/sample`, { version: 0, samplePageTotal: 2, customSamplePages: [0, 8] });
    expect([outside.statusCode, outside.json().messages]).toEqual([400, ['customSamplePages: must be pages of the book (0–7)']]);
    const tooMany = await op.change('PUT', `/books/${bookId}/sample`, { version: 0, samplePageTotal: 9, customSamplePages: null });
    expect(tooMany.json().messages).toEqual(["samplePageTotal: must be at most the book's 8 pages"]);
    const negative = await op.change('PUT', `/books/${bookId}/sample`, { version: 0, samplePageTotal: -1 });
    expect(negative.json().messages).toEqual(['samplePageTotal: must be a non-negative integer']);
    const r = await op.change('PUT', `/books/${bookId}/sample`, { version: 0, samplePageTotal: 2, customSamplePages: [6, 0, 4] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ samplePageTotal: 2, customSamplePages: [0, 4, 6], version: 1 });
    const stored = await db()
      .selectFrom('books')
      .select(['custom_sample_pages', 'sample_page_total'])
      .where('id', '=', bookId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ custom_sample_pages: '[0,4,6]', sample_page_total: 2 });
    const info = (await t.app.inject({ url: `/api/browser/bookinfo/v2?bookId=${bookId}` })).json();
    expect(info.book_data).toMatchObject({ samplePageTotal: 2, customSamplePages: [0, 4, 6] });
    const [entry] = await auditOf(`book:${bookId}`);
    expect(entry).toMatchObject({ action: 'book.sample' });
    expect(JSON.parse(entry!.before_json!)).toMatchObject({ samplePageTotal: 3, customSamplePages: null });
    const stale = await op.change('PUT', `/books/${bookId}/sample`, { version: 0, samplePageTotal: 1, customSamplePages: null });
    expect(stale.statusCode).toBe(409);
  });
});

describe('a serial’s key visual (issue 37)', () => {
  const upload = async (op: Awaited<ReturnType<typeof staffMember>>, serialId: number, body: Buffer, version: number, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/serials/${serialId}/image?token=${token ?? (await op.token())}&version=${version}`,
      headers: { cookie: op.cookie, 'content-type': 'image/png' },
      payload: body,
    });
  const colourOf = async (url: string) => {
    const served = await t.app.inject({ url });
    expect(served.statusCode, url).toBe(200);
    return { data: (await sharp(served.rawPayload).resize(1, 1).raw().toBuffer()).subarray(0, 3), cache: served.headers['cache-control'] };
  };

  it('an uploaded image of §9’s shape replaces the drawn one: the store’s addresses move to its version, kept for good; audited once', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const { serialId } = await insertSerial(db(), { episodes: 1, now: START });
    const before = (await op.get(`/serials/${serialId}`)).json();
    expect(before).toMatchObject({ imageUploaded: false, imageUrl: `/media/serials/${serialId}/522.webp` });
    const shownBefore = (await t.app.inject({ url: `/api/serials/${serialId}` })).json().images;
    expect(shownBefore.large).toBe(`/media/serials/${serialId}/522.webp`);

    const green = await pageImage(1044, 654, { r: 20, g: 200, b: 40 }, 'png');
    const token = await op.token();
    const r = await upload(op, serialId, green, before.version, token);
    expect(r.statusCode, r.body).toBe(200);
    const after = r.json();
    expect(after).toMatchObject({ imageUploaded: true, imageUrl: `/media/serials/${serialId}/522.webp?v=1`, version: before.version + 1 });
    // A replay answers the first result; the log has one entry.
    expect((await upload(op, serialId, green, before.version, token)).json()).toEqual(after);
    expect((await auditOf(`serial:${serialId}`)).map((e) => e.action)).toEqual(['serial.image']);

    // The store's serial answer carries the version; every width is made from the upload.
    const shown = (await t.app.inject({ url: `/api/serials/${serialId}` })).json().images;
    expect(shown).toEqual({
      small: `/media/serials/${serialId}/164.webp?v=1`,
      medium: `/media/serials/${serialId}/335.webp?v=1`,
      large: `/media/serials/${serialId}/522.webp?v=1`,
    });
    for (const url of Object.values(shown) as string[]) {
      const { data, cache } = await colourOf(url);
      expect(data[1]).toBeGreaterThan(150);
      expect(data[0]).toBeLessThan(80);
      expect(cache).toContain('immutable');
    }
    // Without the current version the address is kept a day only.
    expect((await colourOf(`/media/serials/${serialId}/522.webp`)).cache).toBe('public, max-age=86400');
    expect((await t.app.inject({ url: `/media/serials/999999/522.webp` })).statusCode).toBe(404);
  });

  it('refuses a stale version (409), a file that is not an image or not the shape (400 naming file), and support (403)', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const support = await staffMember(t.app, db(), 'support');
    const { serialId } = await insertSerial(db(), { episodes: 1, now: START });
    const { version } = (await op.get(`/serials/${serialId}`)).json();
    const right = await pageImage(522, 327, { r: 30, g: 30, b: 200 }, 'png');
    const square = await pageImage(600, 600, { r: 30, g: 30, b: 200 }, 'png');
    const refused = async (body: Buffer, v: number, status: number, message: RegExp) => {
      const r = await upload(op, serialId, body, v);
      expect([r.statusCode, r.json().messages?.[0]], r.body).toEqual([status, expect.stringMatching(message)]);
    };
    await refused(Buffer.from('not an image'), version, 400, /^file: not a decodable image/);
    await refused(square, version, 400, /^file: must be 522×327 or the same shape larger .*not 600×600$/);
    expect((await upload(op, serialId, right, version)).statusCode).toBe(200);
    await refused(right, version, 409, /^serial: changed by someone else/);
    const bySupport = await upload(support, serialId, right, version + 1);
    expect(bySupport.statusCode).toBe(403);
    expect((await op.get(`/serials/${serialId}`)).json()).toMatchObject({
      version: version + 1,
      imageUrl: `/media/serials/${serialId}/522.webp?v=1`,
    });
  });
});

describe('reports', () => {
  it('ranks top titles by sales and sums coin pack payments by payment type, with CSV', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const buyer = await member(t.app);
    const day = new TZDate(2027, 1, 3, 10, 0, 0, 'Asia/Tokyo').getTime();
    const names = ['売上一位の作品', '売上二位の作品'];
    const books: number[] = [];
    for (const name of names) books.push(await insertBook(db(), await insertTitle(db(), { name }), 1));
    const order = async (o: {
      kind: string;
      payment: string;
      total: number;
      coin?: number;
      bonus?: number;
      status?: string;
      book?: number;
      at?: number;
    }) => {
      const { id } = await db()
        .insertInto('orders')
        .values({
          user_id: buyer.userId,
          kind: o.kind,
          status: o.status ?? 'COMPLETE',
          payment_type: o.payment,
          total_price: o.total,
          coin_item_id: null,
          coin: o.coin ?? 0,
          bonus: o.bonus ?? 0,
          failure_code: null,
          provider_ref: null,
          card_brand: null,
          card_last4: null,
          created_at: o.at ?? day,
          updated_at: o.at ?? day,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (o.book) await db().insertInto('order_items').values({ order_id: id, book_id: o.book, price: o.total, point: 0 }).execute();
    };
    await order({ kind: 'BOOK', payment: 'MANGA_COIN', total: 300, book: books[1] });
    await order({ kind: 'BOOK', payment: 'MANGA_COIN', total: 500, book: books[0] });
    await order({ kind: 'BOOK', payment: 'SIMPLY_PAY_CREDIT_CARD', total: 400, book: books[0] });
    await order({ kind: 'BOOK', payment: 'MANGA_COIN', total: 900, book: books[1], status: 'CANCELED' });
    await order({ kind: 'MANGA_COIN', payment: 'SIMPLY_PAY_CREDIT_CARD', total: 1000, coin: 1000, bonus: 50 });
    await order({ kind: 'MANGA_COIN', payment: 'SIMPLY_PAY_CREDIT_CARD', total: 500, coin: 500, bonus: 0 });
    await order({ kind: 'MANGA_COIN', payment: 'PAYPAY', total: 3000, coin: 3000, bonus: 300 });
    await order({ kind: 'MANGA_COIN', payment: 'PAYPAY', total: 3000, coin: 3000, bonus: 300, status: 'PAYMENT_ERROR' });
    // The day after the period: not counted.
    await order({ kind: 'MANGA_COIN', payment: 'DOCOMO', total: 1000, coin: 1000, at: day + 86_400_000 });

    const top = await op.get('/reports/top_titles?from=2027-02-03&to=2027-02-03&limit=2');
    expect(top.statusCode, top.body).toBe(200);
    expect(top.json().rows).toEqual([
      { rank: 1, titleId: expect.any(Number), name: '売上一位の作品', orders: 2, books: 2, yen: 400, coins: 500 },
      { rank: 2, titleId: expect.any(Number), name: '売上二位の作品', orders: 1, books: 1, yen: 0, coins: 300 },
    ]);
    const topCsv = await op.get('/reports/top_titles?from=2027-02-03&to=2027-02-03&format=csv');
    expect(topCsv.headers['content-disposition']).toContain('top-titles-2027-02-03-2027-02-03.csv');
    expect(topCsv.body).toContain('順位,作品ID,作品,注文数,冊数,円,コイン\r\n1,');
    expect(topCsv.body).toContain(',売上一位の作品,2,2,400,500');

    const packs = (await op.get('/reports/coin_packs?from=2027-02-03&to=2027-02-03')).json();
    expect(packs.rows).toEqual([
      { source: 'pack', paymentType: 'PAYPAY', orders: 1, yen: 3000, coins: 3000, bonus: 300 },
      { source: 'pack', paymentType: 'SIMPLY_PAY_CREDIT_CARD', orders: 2, yen: 1500, coins: 1500, bonus: 50 },
    ]);
    expect(packs.total).toEqual({ source: 'total', paymentType: '合計', orders: 3, yen: 4500, coins: 4500, bonus: 350 });
    const csv = await op.get('/reports/coin_packs?from=2027-02-03&to=2027-02-03&format=csv');
    expect(csv.body).toBe(
      '\uFEFF種類,支払い方法,注文数,円,コイン,ボーナスコイン\r\nコインパック,PayPay,1,3000,3000,300\r\nコインパック,クレジットカード,2,1500,1500,50\r\n,合計,3,4500,4500,350\r\n',
    );

    const bad = await op.get('/reports/top_titles?from=2027-02-03&to=2027-02-03&limit=0');
    expect([bad.statusCode, bad.json().messages]).toEqual([400, ['limit: must be 1–100']]);
    const support = await staffMember(t.app, db(), 'support');
    expect((await support.get('/reports/coin_packs?from=2027-02-03&to=2027-02-03')).statusCode).toBe(403);
  });
});
