import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { outboxMails } from './support/mail';
import { createMember, signUp } from './support/members';
import { memberClient } from './support/review-helpers';
import { demoPlans, subscribeByCard } from './support/subscription-factories';
import { buyWithMangaCoin, grantTo, tokenFor } from './support/wallet-factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('withdrawal (退会)', () => {
  it('shows what is lost, asks for the password, then closes the account and keeps only the records the law requires', async () => {
    const member = createMember();
    const cookie = await signUp(t.app, member);
    const userId = (await t.app.inject({ url: '/api/common/get_status', headers: { cookie } })).json().userId as number;
    const title = await insertTitle(db(), { name: '退会前に買った作品' });
    const book = await insertBook(db(), title, 1, { price: 200 });
    await grantTo(db(), userId, 'MANGA_COIN', 700, { paid: true, yenValue: 700 });
    expect((await buyWithMangaCoin(t.app, cookie, book, 200)).statusCode).toBe(200);
    const { standard } = await demoPlans(db());
    expect((await subscribeByCard(t.app, cookie, standard)).statusCode).toBe(200);
    const reviewer = memberClient(t.app, cookie);
    const review = await reviewer.post('/api/review_title/add_review', {
      token: await reviewer.token('/api/review_title/create_token'),
      title_id: title,
      star: 5,
      title: '最高',
      comment: '面白かった',
      nickname: 'ほんの虫',
      ameba: 0,
      spoiler: 0,
    });
    expect(review.statusCode).toBe(200);

    const summary = (await t.app.inject({ url: '/api/user/withdrawal/summary', headers: { cookie } })).json();
    expect(summary).toMatchObject({
      books: 1,
      points: expect.any(Number),
      subscriptions: [{ name: standard.name }],
      passwordConfirmed: false,
    });
    expect(summary.mangaCoin).toBeGreaterThanOrEqual(500);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/reauthenticate',
      headers: { cookie },
      payload: { password: 'not the password' },
    });
    expect(wrong.json().errorCode).toBe('INVALID_CREDENTIALS');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/reauthenticate', headers: { cookie }, payload: { password: member.password } }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/api/user/withdrawal/summary', headers: { cookie } })).json().passwordConfirmed).toBe(true);
    const token = await tokenFor(t.app, cookie, '/api/user/create_token');
    const done = await t.app.inject({ url: `/api/user/withdrawal?token=${token}`, headers: { cookie } });
    expect(done.statusCode).toBe(200);
    expect(String(done.headers['set-cookie'])).toContain('Max-Age=0');

    // The old session is refused; the old credentials log in nowhere.
    expect((await t.app.inject({ url: '/api/user/get_profile', headers: { cookie } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } }))
        .statusCode,
    ).toBe(401);
    // Personal data is gone from the member row; the review stays with its author shown as 退会したユーザー.
    const row = await db().selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: `withdrawn-${userId}@invalid`,
      nickname: '退会したユーザー',
      profile: '',
      password_hash: '',
      birth_date: '1900-01-01',
    });
    expect(row.withdrawn_at).not.toBeNull();
    const reviews = (await t.app.inject({ url: `/api/title_reviews/list?title_id=${title}&sort=new&offset=0&limit=10` })).json();
    expect(JSON.stringify(reviews)).toContain('退会したユーザー');
    expect(JSON.stringify(reviews)).not.toContain('ほんの虫');
    // Subscriptions end now; orders and the ledger stay (資金決済法, tax records), pointing at the anonymised row.
    const subscriptions = await db()
      .selectFrom('user_manga_coin_subscriptions')
      .select(['status', 'failure_code'])
      .where('user_id', '=', userId)
      .execute();
    expect(subscriptions).toEqual([{ status: 'CANCEL', failure_code: 'WITHDRAWN' }]);
    expect((await db().selectFrom('orders').select('id').where('user_id', '=', userId).execute()).length).toBeGreaterThanOrEqual(2);
    expect((await db().selectFrom('wallet_ledger').select('id').where('user_id', '=', userId).execute()).length).toBeGreaterThan(0);
    expect(await db().selectFrom('sessions').select('id_hash').where('user_id', '=', userId).execute()).toEqual([]);
    // The member's earlier mails keep no contents; the last one goes to the address they had.
    const mails = await outboxMails(db(), { userId });
    expect(mails.filter((m) => m.status !== 'PENDING').every((m) => m.payload === '{}' && m.to_address === null)).toBe(true);
    const [farewell] = await outboxMails(db(), { kind: 'WITHDRAWAL_DONE', to: member.email });
    expect(farewell?.data.nickname).toBe(member.nickname);

    // Signing up again with the address is a new account, with nothing of the old one.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: member });
    expect(again.statusCode).toBe(200);
    expect(again.json().userId).not.toBe(userId);
    expect(
      (
        await t.app.inject({ url: '/api/user/withdrawal/summary', headers: { cookie: String(again.headers['set-cookie']).split(';')[0]! } })
      ).json(),
    ).toMatchObject({ books: 0, mangaCoin: 0, subscriptions: [] });
  });
});
