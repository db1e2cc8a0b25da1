import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole } from '../src/modules/admin/staff.repository';
import { unusedPaidBalance } from '../src/modules/wallet/reports';
import { adminClient, enrolSecondFactor, signIn, staffMember, titleInput, totpCode } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { cartClient } from './support/cart-factories';
import { insertBook, insertTitle } from './support/catalog-factories';
import { pageImage, zipBuffer } from './support/import-fixtures';
import { createMember, sessionCookieOf, signUp } from './support/members';
import { testClock } from './support/subscription-factories';
import { grantTo, ledgerInvariant, member } from './support/wallet-factories';

/** The operator console's API: roles, tokens, the audit log, the catalog, coupons, members and reports. */
const START = new TZDate(2027, 0, 10, 12, 0, 0, 'Asia/Tokyo').getTime();
const HOUR = 60 * 60 * 1000;
const clock = testClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());
const db = () => t.database.db;
const auditOf = (subject: string) => db().selectFrom('admin_audit_log').selectAll().where('subject', '=', subject).orderBy('id').execute();

describe('roles and access', () => {
  it('a guest gets 401 and a member without a role 403 with no data, on reads and changes alike', async () => {
    const guest = adminClient(t.app, '');
    for (const url of ['/me', '/titles', '/members?q=a', '/reports/sales?from=2027-01-01&to=2027-01-31', '/create_token']) {
      expect((await guest.get(url)).statusCode).toBe(401);
    }
    const m = await member(t.app);
    const plain = adminClient(t.app, m.cookie);
    for (const url of ['/me', '/titles', '/members?q=a', '/audit', '/create_token']) {
      const r = await plain.get(url);
      expect([r.statusCode, r.json()]).toEqual([403, { errorCode: 'FORBIDDEN' }]);
    }
    const post = await plain.send('POST', '/titles', { token: 'x', ...titleInput() });
    expect(post.statusCode).toBe(403);
    expect(await db().selectFrom('admin_audit_log').selectAll().execute()).toEqual([]);
  });

  it('a role given, changed or taken back ends the sessions already open: the new privilege needs a fresh sign-in (ASVS)', async () => {
    const input = createMember();
    const plainCookie = await signUp(t.app, input);
    const userId = (await t.app.inject({ url: '/api/common/get_status', headers: { cookie: plainCookie } })).json<{ userId: number }>()
      .userId;
    expect((await adminClient(t.app, plainCookie).get('/me')).statusCode).toBe(403);
    await setRole(db(), userId, 'operator', clock.now());
    // The session of before the grant does not carry the new role: it is over.
    expect((await adminClient(t.app, plainCookie).get('/me')).statusCode).toBe(401);
    const { cookie } = await enrolSecondFactor(t.app, await signIn(t.app, input));
    const c = adminClient(t.app, cookie);
    expect((await c.get('/me')).json()).toEqual({ userId, role: 'operator' });
    expect((await c.get('/titles')).statusCode).toBe(200);
    await setRole(db(), userId, 'support', clock.now());
    expect((await c.get('/titles')).statusCode).toBe(401);
    expect((await c.get(`/members/${userId}`)).statusCode).toBe(401);
    // Signed in again as support: the check is asked again, then support's pages open and an operator's do not.
    const s = adminClient(t.app, await signIn(t.app, input));
    expect((await s.get(`/members/${userId}`)).json()).toEqual({ errorCode: 'SECOND_FACTOR_REQUIRED' });
    const support = await sessionAfterCheck(s);
    expect((await support.get(`/members/${userId}`)).statusCode).toBe(200);
    expect((await support.get('/titles')).statusCode).toBe(403);
    await setRole(db(), userId, null, clock.now());
    expect((await support.get(`/members/${userId}`)).statusCode).toBe(401);
    expect((await adminClient(t.app, await signIn(t.app, input)).get(`/members/${userId}`)).statusCode).toBe(403);

    /** Checks the factor with the authenticator's code: the console client of the session's new id. */
    async function sessionAfterCheck(client: ReturnType<typeof adminClient>) {
      // The TOTP code of the enrolment's step was taken: the next step's code passes.
      const secret = (await db().selectFrom('staff_totp').select('secret').where('user_id', '=', userId).executeTakeFirstOrThrow()).secret;
      const r = await client.send('POST', '/second_factor', { code: await totpCode(t.app, secret, 1) });
      expect(r.statusCode, r.body).toBe(200);
      return adminClient(t.app, sessionCookieOf(r.headers['set-cookie']));
    }
  });

  it('support reads members and grants with a reason, and nothing else', async () => {
    const s = await staffMember(t.app, db(), 'support');
    const target = await member(t.app);
    const grant = await s.change('POST', `/members/${target.userId}/grant`, { currency: 'POINT', amount: 100, reason: 'お詫び' });
    expect(grant.statusCode, grant.body).toBe(200);
    for (const [method, url] of [
      ['GET', '/titles'],
      ['GET', '/coupons'],
      ['GET', '/audit'],
      ['GET', '/reports/sales?from=2027-01-01&to=2027-01-02'],
    ] as const) {
      expect((await s.send(method, url)).statusCode).toBe(403);
    }
    expect((await s.change('POST', '/titles', titleInput())).statusCode).toBe(403);
    expect((await s.change('POST', `/members/${target.userId}/suspend`, { suspended: true, reason: 'x' })).statusCode).toBe(403);
  });

  it('a console session idle for 12 hours ends; one used within them goes on', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    expect((await op.get('/me')).statusCode).toBe(200);
    clock.set(clock.now() + 11 * HOUR);
    expect((await op.get('/me')).statusCode).toBe(200);
    clock.set(clock.now() + 12 * HOUR + 1);
    expect((await op.get('/me')).statusCode).toBe(401);
    // The session itself is over, not only the console.
    const status = await t.app.inject({ url: '/api/common/get_status', headers: { cookie: op.cookie } });
    expect(status.json().userId ?? null).toBeNull();
    clock.set(START);
  });

  it('every change needs a one-time token: none is 400 naming it, a replay answers the first result and changes nothing', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const none = await op.send('POST', '/titles', titleInput());
    expect([none.statusCode, none.json().messages]).toEqual([400, ['token: is required']]);
    const forged = await op.send('POST', '/titles', { token: 'forged', ...titleInput() });
    expect([forged.statusCode, forged.json().errorCode]).toEqual([400, 'INVALID_TOKEN']);
    const token = await op.token();
    const first = await op.send('POST', '/titles', { token, ...titleInput({ name: '一度だけの作品' }) });
    const again = await op.send('POST', '/titles', { token, ...titleInput({ name: '一度だけの作品' }) });
    expect(again.json()).toEqual(first.json());
    expect(await db().selectFrom('titles').select('id').where('name', '=', '一度だけの作品').execute()).toHaveLength(1);
    const other = await op.send('POST', '/titles', { token, ...titleInput({ name: '別の作品' }) });
    expect(other.json().errorCode).toBe('TOKEN_REUSED_WITH_DIFFERENT_REQUEST');
    // A member's token for another purpose does not open the console.
    const cartToken = await cartClient(t.app, op.cookie).token();
    expect((await op.send('POST', '/titles', { token: cartToken, ...titleInput() })).json().errorCode).toBe('INVALID_TOKEN');
  });
});

describe('catalog', () => {
  it('creates a title with its authors, publisher and magazine, and the audit log records who and what', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const r = await op.change('POST', '/titles', titleInput());
    expect(r.statusCode, r.body).toBe(200);
    const title = r.json();
    expect(title).toMatchObject({
      name: '星降る図書館',
      publisher: '本棚出版',
      magazine: '月刊ほんだな',
      version: 0,
      books: [],
      authors: [{ name: '星野 灯', kana: 'ホシノ アカリ', role: 'author' }],
    });
    const [entry] = await auditOf(`title:${title.id}`);
    expect(entry).toMatchObject({
      actor_user_id: op.userId,
      actor_role: 'operator',
      action: 'title.create',
      before_json: null,
      created_at: START,
    });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ name: '星降る図書館' });
    // Found by the store's search by its author's reading.
    expect((await op.get('/titles?q=ホシノ')).json().titles.map((x: { id: number }) => x.id)).toContain(title.id);
    // The console's title pickers find it by part of its name, typed as the operator remembers it.
    expect((await op.get('/titles?q=降る図')).json().titles.map((x: { id: number; name: string }) => x.name)).toContain('星降る図書館');
    const listed = (await op.get(`/audit?subject=title:${title.id}`)).json().entries;
    expect(listed[0]).toMatchObject({ action: 'title.create', actorUserId: op.userId, actorEmail: expect.stringContaining('@') });
  });

  it('an edit made against an older version is refused with 409 and the first edit stays', async () => {
    const op1 = await staffMember(t.app, db(), 'operator');
    const op2 = await staffMember(t.app, db(), 'operator');
    const title = (await op1.change('POST', '/titles', titleInput())).json();
    const counted = async () =>
      Number((await db().selectFrom('store_changes').select('version').where('topic', '=', 'catalog').executeTakeFirst())?.version ?? 0);
    const before = await counted();
    const a = await op1.change('PUT', `/titles/${title.id}`, titleInput({ version: 0, name: '一人目の題' }));
    const b = await op2.change('PUT', `/titles/${title.id}`, titleInput({ version: 0, name: '二人目の題' }));
    expect([a.statusCode, b.statusCode]).toEqual([200, 409]);
    expect(b.json().errorCode).toBe('EDIT_CONFLICT');
    // The landed edit is counted as a catalog change for every process; the refused one is not.
    expect(await counted()).toBe(before + 1);
    expect((await op2.get(`/titles/${title.id}`)).json()).toMatchObject({ name: '一人目の題', version: 1 });
    const entries = await auditOf(`title:${title.id}`);
    expect(entries.map((e) => e.action)).toEqual(['title.create', 'title.update']);
    expect(JSON.parse(entries[1]!.before_json!).name).toBe('星降る図書館');
    expect(JSON.parse(entries[1]!.after_json!).name).toBe('一人目の題');
  });

  it('ten operators saving the same book at once: one edit lands, nine get 409, one audit entry', async () => {
    const ops = await Promise.all(Array.from({ length: 10 }, () => staffMember(t.app, db(), 'operator')));
    const titleId = await insertTitle(db());
    const bookId = await insertBook(db(), titleId, 1);
    const tokens = await Promise.all(ops.map((op) => op.token()));
    const results = await Promise.all(
      ops.map((op, i) =>
        op.send('PUT', `/books/${bookId}`, {
          token: tokens[i],
          version: 0,
          contentsName: `版${i}`,
          price: 500 + i,
          releaseAt: '2027-01-01T00:00',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const winner = results.findIndex((r) => r.statusCode === 200);
    const row = await db()
      .selectFrom('books')
      .select(['price', 'version', 'contents_name'])
      .where('id', '=', bookId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ price: 500 + winner, version: 1, contents_name: `版${winner}` });
    const entries = await auditOf(`book:${bookId}`);
    expect(entries.map((e) => [e.action, e.actor_user_id])).toEqual([['book.update', ops[winner]!.userId]]);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const titleId = await insertTitle(db());
    const bookId = await insertBook(db(), titleId, 1);
    const base = { version: 0, contentsName: '巻1', price: 550, releaseAt: '2027-01-01T00:00' };
    const cases: [object, string][] = [
      [{ ...base, price: -1 }, 'price: must be a non-negative integer'],
      [{ ...base, price: 1.5 }, 'price: must be a non-negative integer'],
      [{ ...base, sale: { price: 300, start: '2027-01-10T00:00', end: '2027-01-09T00:00' } }, 'sale.end: must end after it starts'],
      [{ ...base, sale: { price: 600, start: '2027-01-10T00:00', end: '2027-01-19T00:00' } }, 'sale.price: must be below the price'],
      [{ ...base, free: { start: '2027-01-10T00:00', end: '2027-01-10T00:00' } }, 'free.end: must end after it starts'],
      [{ ...base, releaseAt: '2027-02-30T00:00' }, 'releaseAt: must be a date and time (YYYY-MM-DDTHH:mm, Asia/Tokyo)'],
    ];
    for (const [payload, message] of cases) {
      const r = await op.change('PUT', `/books/${bookId}`, payload);
      expect([r.statusCode, r.json().messages], JSON.stringify(payload)).toEqual([400, [message]]);
    }
    const badTitle = await op.change('POST', '/titles', titleInput({ kana: 'ほしふる' }));
    expect(badTitle.json().messages).toEqual(['kana: must be katakana']);
    const coupon = { name: 'x', couponType: 1, rate: 150, expireAt: '2027-02-01T00:00', targetScope: 0, audience: 'ALL' };
    expect((await op.change('POST', '/coupons', coupon)).json().messages).toEqual(['rate: must be 1–100 for a discount coupon']);
    expect((await op.change('POST', '/coupons', { ...coupon, rate: 30, targetScope: 20 })).json().messages).toEqual([
      'targetIds: are required for this target scope',
    ]);
    // Nothing refused was recorded or changed.
    expect(await auditOf(`book:${bookId}`)).toEqual([]);
    expect((await op.get(`/titles/${titleId}`)).json().books[0]).toMatchObject({ price: 550, version: 0 });
  });

  it('a published book needs pages and a price or a free period; a refused change leaves no audit entry (one transaction)', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const titleId = await insertTitle(db());
    const bookId = await insertBook(db(), titleId, 1, { price: 0, sales_status: 'STOPPED' });
    const publish = await op.change('POST', `/books/${bookId}/publish`, { version: 0, published: true });
    expect([publish.statusCode, publish.json().messages]).toEqual([400, ['price: a published book needs a price or a free period']]);
    const empty = await insertBook(db(), titleId, 2, { price: 500, page_count: 0, sales_status: 'STOPPED' });
    expect((await op.change('POST', `/books/${empty}/publish`, { version: 0, published: true })).json().messages).toEqual([
      'published: a book without pages cannot be published',
    ]);
    expect(await auditOf(`book:${bookId}`)).toEqual([]);
    // The update that passed its own check but failed the published rule rolls back whole.
    const live = await insertBook(db(), titleId, 3, { price: 500 });
    const toZero = await op.change('PUT', `/books/${live}`, { version: 0, contentsName: '巻3', price: 0, releaseAt: '2027-01-01T00:00' });
    expect(toZero.statusCode).toBe(400);
    expect(await db().selectFrom('books').select(['price', 'version']).where('id', '=', live).executeTakeFirstOrThrow()).toEqual({
      price: 500,
      version: 0,
    });
    expect(await auditOf(`book:${live}`)).toEqual([]);
  });
});

async function cbz(): Promise<Buffer> {
  const page = await pageImage(60, 90, { r: 200, g: 40, b: 40 });
  return zipBuffer([1, 2, 3].map((n) => ({ name: `p${n}.jpg`, data: page })));
}

describe('a title from import to sale, with a coupon, a purchase and the report', () => {
  it('imports a CBZ into a title unlisted, prices it with a sale, publishes; a member gets the 30% coupon, buys, and the report shows the order', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const title = (await op.change('POST', '/titles', titleInput({ name: '販売の物語', kana: 'ハンバイノモノガタリ' }))).json();
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/admin/titles/${title.id}/import?token=${await op.token()}&name=hanbai-01.cbz`,
      headers: { cookie: op.cookie, 'content-type': 'application/octet-stream' },
      payload: await cbz(),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const { bookId } = upload.json();
    expect(upload.json()).toMatchObject({ action: 'created', totalPage: 3 });
    const detail = (await op.get(`/titles/${title.id}`)).json();
    expect(detail.books[0]).toMatchObject({ id: bookId, published: false, pageCount: 3, price: 0 });
    expect((await auditOf(`book:${bookId}`)).map((e) => e.action)).toEqual(['book.import.created']);
    // Unlisted: a member cannot put it in the cart yet.
    const earlyMember = await member(t.app);
    const early = cartClient(t.app, earlyMember.cookie);
    expect((await early.add(bookId)).statusCode).not.toBe(200);
    // The same token again: the first answer, no second book.
    const replayToken = await op.token();
    const file = await cbz();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/titles/${title.id}/import?token=${replayToken}&name=hanbai-01.cbz`,
        headers: { cookie: op.cookie, 'content-type': 'application/octet-stream' },
        payload: file,
      });
    const [once, twice] = [await send(), await send()];
    expect(twice.json()).toEqual({ bookId: once.json().bookId, action: once.json().action });

    const priced = await op.change('PUT', `/books/${bookId}`, {
      version: detail.books[0].version,
      contentsName: '販売の物語 1',
      price: 660,
      sale: { price: 440, start: '2027-01-10T00:00', end: '2027-01-20T00:00' },
      releaseAt: '2027-01-01T00:00',
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json()).toMatchObject({
      price: 660,
      sale: { price: 440, start: '2027-01-10T00:00', end: '2027-01-20T00:00' },
      published: false,
    });
    const published = await op.change('POST', `/books/${bookId}/publish`, { version: priced.json().version, published: true });
    expect(published.json()).toMatchObject({ published: true });
    const coupon = await op.change('POST', '/coupons', {
      name: '販売の物語 30%オフ',
      couponType: 1,
      rate: 30,
      expireAt: '2027-01-31T23:59',
      targetScope: 20,
      targetIds: [title.id],
      audience: 'ALL',
    });
    expect(coupon.statusCode, coupon.body).toBe(200);
    expect(coupon.json().given).toBeGreaterThan(0);
    const heldByEarly = await db()
      .selectFrom('user_coupons')
      .select('status')
      .where('user_id', '=', earlyMember.userId)
      .where('coupon_id', '=', coupon.json().id)
      .execute();
    expect(heldByEarly).toEqual([{ status: 'UNUSED' }]);

    // A member who signs up after an ALL coupon does not get it; one who was a member does.
    const m = await member(t.app);
    await op.change('POST', '/coupons', {
      name: '個別',
      couponType: 2,
      rate: 100,
      expireAt: '2027-01-31T23:59',
      targetScope: 0,
      audience: 'LIST',
      members: [String(m.userId)],
    });
    const c = cartClient(t.app, m.cookie);
    expect((await c.add(bookId)).statusCode).toBe(200);
    const shown = (await c.view()).json();
    expect(shown.salePrice).toBe(440);
    await grantTo(db(), m.userId, 'MANGA_COIN', 1000, { paid: true, yenValue: 1000, now: START });
    const coupons = (await c.coupons()).json();
    const listCoupon = (coupons.list ?? coupons.results?.list ?? []).find((x: { name: string }) => x.name === '個別');
    expect(listCoupon).toBeTruthy();
    // The ALL coupon went to the members there were at its creation; a list gives this later member one.
    const later = await op.change('POST', '/coupons', {
      name: '販売の物語 30%オフ（追加）',
      couponType: 1,
      rate: 30,
      expireAt: '2027-01-31T23:59',
      targetScope: 20,
      targetIds: [title.id],
      audience: 'LIST',
      members: [String(m.userId)],
    });
    await c.setCoupon(await c.token(), later.json().id);
    const preview = (await c.view()).json();
    expect(preview).toMatchObject({ salePrice: 440, totalDiscount: 132, totalAmount: 308 });
    const order = await c.order(await c.token(), { usePoint: 0, salePrice: 440, bookIds: [bookId], paymentType: 'MANGA_COIN' });
    expect(order.statusCode, order.body).toBe(200);
    expect((await ledgerInvariant(db(), m.userId, START)).MANGA_COIN).toBe(692);

    const report = (await op.get('/reports/sales?from=2027-01-10&to=2027-01-10&by=title')).json();
    expect(report.rows.find((r: { key: string }) => r.key === String(title.id))).toMatchObject({
      label: '販売の物語',
      orders: 1,
      books: 1,
      coins: 308,
      yen: 0,
    });
    const byDay = (await op.get('/reports/sales?from=2027-01-10&to=2027-01-10')).json();
    expect(byDay.rows[0]).toMatchObject({ key: '2027-01-10', coins: 308 });
    const csv = await op.get('/reports/sales?from=2027-01-10&to=2027-01-10&by=title&format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('作品,注文数,冊数,円,コイン,ポイント,無料冊数');
    expect(csv.body).toContain('販売の物語,1,1,0,308,0,0');
    const badRange = await op.get('/reports/sales?from=2027-01-10&to=2027-01-09');
    expect(badRange.json().messages).toEqual(['to: must not be before from']);

    // The 資金決済法 report is the wallet's own.
    const unused = (await op.get('/reports/unused_balance?date=2027-03-31')).json();
    expect(unused).toEqual(await unusedPaidBalance(db(), '2027-03-31'));
  });
});

describe('members', () => {
  it('finds a member by email or id, shows their orders, ledger, coupons and books; cancels an order with a reason', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const m = await member(t.app);
    const email = (await db().selectFrom('users').select('email').where('id', '=', m.userId).executeTakeFirstOrThrow()).email;
    expect((await op.get(`/members?q=${encodeURIComponent(email)}`)).json().members).toEqual([
      expect.objectContaining({ id: m.userId, email }),
    ]);
    expect((await op.get(`/members?q=${m.userId}`)).json().members[0].id).toBe(m.userId);
    const titleId = await insertTitle(db());
    const bookId = await insertBook(db(), titleId, 1, { price: 300 });
    await grantTo(db(), m.userId, 'COIN', 500, { now: START });
    const c = cartClient(t.app, m.cookie);
    await c.add(bookId);
    const order = await c.order(await c.token(), { usePoint: 0, salePrice: 300, bookIds: [bookId], paymentType: 'COIN' });
    const orderId = order.json().results.orderId;
    const detail = (await op.get(`/members/${m.userId}`)).json();
    expect(detail.orders[0]).toMatchObject({ id: orderId, status: 'COMPLETE', totalPrice: 300 });
    expect(detail.books.map((b: { bookId: number }) => b.bookId)).toEqual([bookId]);
    expect(detail.ledger.entries.length).toBeGreaterThan(1);

    const noReason = await op.change('POST', `/members/${m.userId}/orders/${orderId}/cancel`, { reason: '' });
    expect(noReason.json().messages).toEqual(['reason: is required']);
    const cancel = await op.change('POST', `/members/${m.userId}/orders/${orderId}/cancel`, { reason: '二重購入' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await ledgerInvariant(db(), m.userId, START)).COIN).toBe(500);
    const after = (await op.get(`/members/${m.userId}`)).json();
    expect([after.orders[0].status, after.books]).toEqual(['CANCEL', []]);
    const [entry] = await auditOf(`order:${orderId}`);
    expect(entry).toMatchObject({ action: 'order.cancel', reason: '二重購入' });
  });

  it('grants coins as the CLI does (an ADJUST entry and a bonus lot) and records it', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const m = await member(t.app);
    const bad = await op.change('POST', `/members/${m.userId}/grant`, { currency: 'MANGA_COIN', amount: 0, reason: 'x' });
    expect(bad.json().messages).toEqual(['amount: must be a positive integer']);
    const r = await op.change('POST', `/members/${m.userId}/grant`, { currency: 'MANGA_COIN', amount: 250, reason: '障害のお詫び' });
    expect(r.statusCode).toBe(200);
    const entries = (await op.get(`/members/${m.userId}`)).json().ledger.entries;
    expect(entries).toEqual([expect.objectContaining({ kind: 'ADJUST', amount: 250, currency: 'MANGA_COIN' })]);
    expect((await auditOf(`member:${m.userId}`))[0]).toMatchObject({ action: 'member.grant', reason: '障害のお詫び' });
  });

  it('suspends a member: open sessions end and login is refused until restored', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const email = `suspend-${process.pid}@example.jp`;
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'correct horse battery', nickname: '停止', birth_date: '1990-04-01' },
    });
    const cookie = sessionCookieOf(signup.headers['set-cookie']);
    const userId = signup.json().userId;
    const r = await op.change('POST', `/members/${userId}/suspend`, { suspended: true, reason: '不正利用' });
    expect(r.statusCode, r.body).toBe(200);
    expect((await t.app.inject({ url: '/api/common/get_status', headers: { cookie } })).json().userId ?? null).toBeNull();
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'correct horse battery' } });
    expect(login.statusCode).toBe(403);
    await op.change('POST', `/members/${userId}/suspend`, { suspended: false, reason: '確認済み' });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'correct horse battery' } })).statusCode,
    ).toBe(200);
  });
});
