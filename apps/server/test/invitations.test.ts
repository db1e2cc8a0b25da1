import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { cartClient } from './support/cart-factories';
import { insertBook, insertTitle } from './support/catalog-factories';
import { createInvitationCampaign, endOpenCampaigns } from './support/invitation-factories';
import { buyWithMangaCoin, grantTo, ledgerInvariant, member } from './support/wallet-factories';

/** Friend invitations: codes, links, the invitee's ticket in the cart, the inviter's coins, every §8 refusal and races. */
let t: TestApp;
const now = Date.parse('2026-11-25T03:00:00Z');
const DAY = 86_400_000;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
});
afterAll(() => t.close());
const db = () => t.database.db;
const app = () => t.app;
const get = (cookie: string, url: string) => app().inject({ url: `/api${url}`, headers: { cookie } });
const post = (cookie: string, url: string, payload: object) =>
  app().inject({ method: 'POST', url: `/api${url}`, headers: { cookie }, payload });
const info = async (cookie: string) => (await get(cookie, '/invitation/campaign/incentive/inviter/info')).json().results;
const grant = (cookie: string, code: string) => post(cookie, '/invitation/campaign/incentive/invitee/grant', { code });
const refusal = (r: { statusCode: number; json(): { errorCode?: string } }) => [r.statusCode, r.json().errorCode];

async function fresh(overrides: Parameters<typeof createInvitationCampaign>[2] = {}) {
  await endOpenCampaigns(db(), now);
  const campaignId = await createInvitationCampaign(db(), now, overrides);
  const inviter = await member(app());
  const code = (await info(inviter.cookie)).invitationCode as string;
  return { campaignId, inviter, code };
}

/** The invitee buys two books (¥1,200) through the cart with the incentive ticket. */
async function buyWithTicket(invitee: { cookie: string; userId: number }) {
  const c = cartClient(app(), invitee.cookie);
  const title = await insertTitle(db());
  const books = [await insertBook(db(), title, 1, { price: 700 }), await insertBook(db(), title, 2, { price: 500 })];
  await c.addMany(books);
  await grantTo(db(), invitee.userId, 'COIN', 2000, { now });
  const coupons = (await c.coupons()).json().list as { id: number; rate: number; minCartPrice: number }[];
  const ticket = coupons.find((x) => x.rate === 500)!;
  expect(ticket.minCartPrice).toBe(1000);
  expect((await c.setCoupon(await c.token(), ticket.id)).statusCode).toBe(200);
  return c.order(await c.token(), { usePoint: 0, salePrice: 1200, bookIds: books, paymentType: 'COIN' });
}

describe('campaigns and codes', () => {
  it('lists open campaigns only, with the §3 fields', async () => {
    const { campaignId } = await fresh();
    await createInvitationCampaign(db(), now, { name: '終了済み', start_at: now - 10 * DAY, end_at: now - DAY });
    const open = (await app().inject({ url: '/api/invitation/campaigns?campaign_status=open' })).json().results;
    expect(open.map((c: { id: number }) => c.id)).toEqual([campaignId]);
    expect(open[0]).toMatchObject({
      utmCampaign: 'friend_invitation',
      inviterIncentive: { limit: 3, useSteps: false, steps: [{ mangaCoinAmount: 300, expireDays: 90 }] },
      inviteeIncentive: { amount: 500, minCartPrice: 1000 },
    });
    const bad = await app().inject({ url: '/api/invitation/campaigns?campaign_status=closed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages.join()).toContain('campaign_status');
  });

  it('a member has one code per campaign, the same on every ask, even asked in parallel', async () => {
    await endOpenCampaigns(db(), now);
    await createInvitationCampaign(db(), now);
    const m = await member(app());
    const codes = await Promise.all([1, 2, 3, 4].map(() => info(m.cookie)));
    expect(new Set(codes.map((c) => c.invitationCode)).size).toBe(1);
    expect(codes[0]).toMatchObject({
      invitationAchievedCount: 0,
      invitationAchievedMangaCoin: 0,
      invitationLimit: 3,
      invitationLimitMangaCoin: 900,
    });
    const v2 = (await get(m.cookie, '/invitation/campaign/incentive/inviter/info/v2')).json().results;
    expect(v2).toMatchObject({ limitReached: false, inviterMaximum: 900, info: { invitationCode: codes[0].invitationCode } });
    expect((await app().inject({ url: '/api/invitation/campaign/incentive/inviter/info' })).statusCode).toBe(401);
  });

  it('short links per destination lead to the appeal page with the utm parameters; another member’s code is 403', async () => {
    const { inviter, code } = await fresh();
    const body = {
      code,
      titleId: 0,
      urlComponents: ['web', 'twitter', 'line'].map((utmSource) => ({ path: 'invitation', utmParameter: { utmSource } })),
    };
    const links = (await post(inviter.cookie, '/invitation/link/urls', body)).json().results as {
      shareDestination: string;
      linkUrl: string;
    }[];
    expect(links.map((l) => l.shareDestination)).toEqual(['web', 'twitter', 'line']);
    const again = (await post(inviter.cookie, '/invitation/link/urls', body)).json().results;
    expect(again).toEqual(links);
    const opened = await app().inject({ url: new URL(links[1]!.linkUrl).pathname });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(
      `/invitation?code=${code}&utm_source=twitter&utm_medium=invitation&utm_campaign=friend_invitation`,
    );
    const other = await member(app());
    expect(refusal(await post(other.cookie, '/invitation/link/urls', body))).toEqual([403, 'FORBIDDEN']);
    const badDestination = await post(inviter.cookie, '/invitation/link/urls', {
      ...body,
      urlComponents: [{ path: 'invitation', utmParameter: { utmSource: 'mail' } }],
    });
    expect(badDestination.statusCode).toBe(400);
    expect(badDestination.json().messages.join()).toContain('urlComponents');
  });

  it('the appeal page reads the campaign of a code, guests too', async () => {
    const { campaignId, code } = await fresh();
    const r = await app().inject({ url: `/api/invitation/code/campaign?code=${code}` });
    expect(r.json().results.id).toBe(campaignId);
    expect(refusal(await app().inject({ url: '/api/invitation/code/campaign?code=ZZZZZZZZZZ' }))).toEqual([404, 'INVITATION_NOT_EXIST']);
    expect((await app().inject({ url: '/api/invitation/code/campaign?code=x' })).statusCode).toBe(400);
  });
});

describe('the incentive flow', () => {
  it('the invitee’s ticket discounts the cart; the first purchase gives the inviter coins as a lot with its ledger entry', async () => {
    const { inviter, code } = await fresh();
    const invitee = await member(app());
    expect((await get(invitee.cookie, `/invitation/code/inspection?code=${code}`)).json().results.available).toBe(true);
    const granted = await grant(invitee.cookie, code);
    expect(granted.json().results).toEqual({
      hasAvailableTicket: true,
      ticketDiscountAmount: 500,
      minCartPrice: 1000,
      expireDatetime: now + 30 * DAY,
    });
    expect((await get(invitee.cookie, '/invitation/campaign/incentive/ticket')).json().results.hasAvailableTicket).toBe(true);

    const order = await buyWithTicket(invitee);
    expect(order.statusCode).toBe(200);
    expect(order.json().results).toMatchObject({ totalPrice: 1200, discount: 500, payPrice: 700 });
    expect((await get(invitee.cookie, '/invitation/campaign/incentive/ticket')).json().results.hasAvailableTicket).toBe(false);

    expect((await ledgerInvariant(db(), inviter.userId, now)).MANGA_COIN).toBe(300);
    const lot = await db().selectFrom('wallet_lots').selectAll().where('user_id', '=', inviter.userId).executeTakeFirstOrThrow();
    expect({ amount: lot.amount, paid: lot.paid, expires: Number(lot.expires_at) }).toEqual({
      amount: 300,
      paid: 0,
      expires: now + 90 * DAY,
    });
    const entry = await db().selectFrom('wallet_ledger').selectAll().where('lot_id', '=', lot.id).executeTakeFirstOrThrow();
    expect([entry.kind, entry.amount, entry.reason]).toEqual(['GRANT', 300, '友達招待「友達招待キャンペーン」達成特典']);
    expect(await info(inviter.cookie)).toMatchObject({ invitationAchievedCount: 1, invitationAchievedMangaCoin: 300 });

    // A second purchase by the same invitee gives nothing more.
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 300 });
    await grantTo(db(), invitee.userId, 'MANGA_COIN', 300, { now });
    expect((await buyWithMangaCoin(app(), invitee.cookie, book, 300)).statusCode).toBe(200);
    expect((await ledgerInvariant(db(), inviter.userId, now)).MANGA_COIN).toBe(300);
  });

  it('the ticket is refused under its minCartPrice and after its expiry', async () => {
    const { code } = await fresh();
    const invitee = await member(app());
    await grant(invitee.cookie, code);
    const c = cartClient(app(), invitee.cookie);
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 800 });
    await c.add(book);
    const ticket = ((await c.coupons()).json().list as { id: number }[])[0]!;
    expect(refusal(await c.setCoupon(await c.token(), ticket.id))).toEqual([403, 'COUPON_INVALID']);
    const ticketState = async () => (await get(invitee.cookie, '/invitation/campaign/incentive/ticket')).json().results.hasAvailableTicket;
    expect(await ticketState()).toBe(true);
    // Sessions last less than the ticket: the ticket's expiry is moved to now instead of the clock.
    await db().updateTable('coupons').set({ expire_at: now }).where('id', '=', ticket.id).execute();
    expect(await ticketState()).toBe(false);
    await c.add(await insertBook(db(), await insertTitle(db()), 1, { price: 800 }));
    expect(refusal(await c.setCoupon(await c.token(), ticket.id))).toEqual([403, 'COUPON_INVALID']);
  });

  it('steps: each achieved invitation earns the next step until the limit, then the invitee still gets a ticket', async () => {
    const { inviter, code } = await fresh({
      use_steps: 1,
      inviter_limit: 10,
      steps: JSON.stringify([
        { mangaCoinAmount: 100, expireDays: 30 },
        { mangaCoinAmount: 200, expireDays: 30 },
      ]),
    });
    const balances: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const invitee = await member(app());
      expect((await grant(invitee.cookie, code)).statusCode).toBe(200);
      expect((await buyWithTicket(invitee)).statusCode).toBe(200);
      balances.push((await ledgerInvariant(db(), inviter.userId, now)).MANGA_COIN);
    }
    expect(balances).toEqual([100, 300, 300]);
    expect(await info(inviter.cookie)).toMatchObject({
      invitationAchievedCount: 2,
      invitationLimit: 2,
      invitationLimitMangaCoin: 300,
      invitationAchievedMangaCoin: 300,
    });
    const v2 = (await get(inviter.cookie, '/invitation/campaign/incentive/inviter/info/v2')).json().results;
    expect(v2.limitReached).toBe(true);
  });
});

describe('§8 refusals', () => {
  it('not exist, out of term, own code, already received, already purchased', async () => {
    const { inviter, code, campaignId } = await fresh();
    expect(refusal(await grant(inviter.cookie, 'NOSUCHCODE'))).toEqual([404, 'INVITATION_NOT_EXIST']);
    expect(refusal(await grant(inviter.cookie, code))).toEqual([403, 'INVITATION_OWN_CODE']);
    expect(refusal(await get(inviter.cookie, `/invitation/code/inspection?code=${code}`))).toEqual([403, 'INVITATION_OWN_CODE']);

    const invitee = await member(app());
    expect((await grant(invitee.cookie, code)).statusCode).toBe(200);
    expect(refusal(await grant(invitee.cookie, code))).toEqual([403, 'USER_HAS_RECEIVED_TICKET']);
    const otherInviter = await member(app());
    const otherCode = (await info(otherInviter.cookie)).invitationCode;
    expect(refusal(await grant(invitee.cookie, otherCode))).toEqual([403, 'USER_HAS_RECEIVED_TICKET']);

    const buyer = await member(app());
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 300 });
    await grantTo(db(), buyer.userId, 'MANGA_COIN', 300, { now });
    await buyWithMangaCoin(app(), buyer.cookie, book, 300);
    expect(refusal(await grant(buyer.cookie, code))).toEqual([403, 'USER_HAS_PURCHASED_BOOK']);

    await db()
      .updateTable('invitation_campaigns')
      .set({ end_at: now - 1, start_at: now - 2 })
      .where('id', '=', campaignId)
      .execute();
    const late = await member(app());
    expect(refusal(await grant(late.cookie, code))).toEqual([403, 'INVITATION_OUT_OF_TERM']);
    expect(refusal(await app().inject({ url: `/api/invitation/code/campaign?code=${code}` }))).toEqual([403, 'INVITATION_OUT_OF_TERM']);
  });

  it('bad input is a 400 naming the field; no login is 401', async () => {
    const { code } = await fresh();
    const m = await member(app());
    const r = await post(m.cookie, '/invitation/campaign/incentive/invitee/grant', { code: 'ab' });
    expect(r.statusCode).toBe(400);
    expect(r.json().messages.join()).toContain('code');
    expect(
      (await app().inject({ method: 'POST', url: '/api/invitation/campaign/incentive/invitee/grant', payload: { code } })).statusCode,
    ).toBe(401);
  });

  it('the same email cannot take a ticket twice, even on a new account', async () => {
    const { code } = await fresh();
    const invitee = await member(app());
    await grant(invitee.cookie, code);
    const { email } = await db().selectFrom('users').select('email').where('id', '=', invitee.userId).executeTakeFirstOrThrow();
    // The first account is withdrawn and its address given to a new account.
    await db()
      .updateTable('users')
      .set({ email: `withdrawn-${invitee.userId}@example.jp` })
      .where('id', '=', invitee.userId)
      .execute();
    const again = await member(app());
    await db().updateTable('users').set({ email }).where('id', '=', again.userId).execute();
    expect(refusal(await grant(again.cookie, code))).toEqual([403, 'USER_HAS_RECEIVED_TICKET']);
  });
});

describe('races', () => {
  it('parallel grants of one invitee give one ticket', async () => {
    const { code } = await fresh();
    const invitee = await member(app());
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => grant(invitee.cookie, code)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403, 403, 403, 403]);
    const coupons = await db().selectFrom('user_coupons').select('coupon_id').where('user_id', '=', invitee.userId).execute();
    expect(coupons).toHaveLength(1);
  });

  it('parallel first purchases of many invitees never pass the inviter’s limit', async () => {
    const { inviter, code } = await fresh({ inviter_limit: 2 });
    const invitees = await Promise.all([1, 2, 3, 4].map(() => member(app())));
    for (const i of invitees) expect((await grant(i.cookie, code)).statusCode).toBe(200);
    const prepared = await Promise.all(
      invitees.map(async (i) => {
        const book = await insertBook(db(), await insertTitle(db()), 1, { price: 300 });
        await grantTo(db(), i.userId, 'MANGA_COIN', 300, { now });
        return { i, book };
      }),
    );
    const orders = await Promise.all(prepared.map(({ i, book }) => buyWithMangaCoin(app(), i.cookie, book, 300)));
    expect(orders.every((o) => o.statusCode === 200)).toBe(true);
    expect((await ledgerInvariant(db(), inviter.userId, now)).MANGA_COIN).toBe(600);
    const achieved = await db()
      .selectFrom('invitation_grants')
      .select(['achieved_seq', 'inviter_coins'])
      .where('inviter_user_id', '=', inviter.userId)
      .orderBy('achieved_seq')
      .execute();
    expect(achieved.map((a) => a.inviter_coins).sort()).toEqual([0, 0, 300, 300]);
  });
});
