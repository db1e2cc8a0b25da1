import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { createCampaign, createTicket } from './support/campaign-factories';
import { cartClient } from './support/cart-factories';
import { insertBook, insertTitle } from './support/catalog-factories';
import { buyWithMangaCoin, grantTo, ledgerInvariant, member, tokenFor } from './support/wallet-factories';

/** Lottery: grants per event and Tokyo day, §8 outcomes, draws and their races. */
let t: TestApp;
// 2026-11-25 12:00 in Tokyo; the clock moves only when a test moves it.
let now = Date.parse('2026-11-25T03:00:00Z');
const HOUR = 3_600_000;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
});
afterAll(() => t.close());
const db = () => t.database.db;
const app = () => t.app;

const get = (cookie: string, url: string) => app().inject({ url, headers: { cookie } });
const consume = async (cookie: string, ticketId: number, reCaptchaToken = 'ok', token?: string) =>
  app().inject({
    method: 'POST',
    url: `/api/lottery/tickets/consume?token=${token ?? (await tokenFor(app(), cookie, '/api/lottery/tickets/create_token'))}`,
    headers: { cookie },
    payload: { ticketId, titleId: 0, reCaptchaToken },
  });
const tickets = async (cookie: string, campaignId: number) =>
  (await get(cookie, `/api/lottery/tickets/me?lottery_campaign_id=${campaignId}`)).json().results as {
    totalCount: number;
    tickets: { ticketId: number; usedFlg: number; expireDatetime: number }[];
  };

/** Each test gets its own campaign; earlier ones are ended so only this one runs. */
async function freshCampaign(options: Omit<Parameters<typeof createCampaign>[1], 'now'> = {}) {
  await db()
    .updateTable('lottery_campaigns')
    .set({ end_at: now - 1, start_at: now - 2 })
    .where('end_at', '>', now)
    .execute();
  return createCampaign(db(), { now, ...options });
}

describe('ticket grants', () => {
  it('a purchase during a campaign returns userLotteryTickets and the ticket is the member’s', async () => {
    const { campaignId } = await freshCampaign();
    const m = await member(app());
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 300 });
    await grantTo(db(), m.userId, 'MANGA_COIN', 1000, { now });
    const bought = await buyWithMangaCoin(app(), m.cookie, book, 300);
    expect(bought.json().results.userLotteryTickets).toEqual([{ lotteryCampaignId: campaignId }]);
    const mine = await tickets(m.cookie, campaignId);
    expect(mine.totalCount).toBe(1);
    expect(mine.tickets[0]).toMatchObject({ usedFlg: 0, expireDatetime: now + 3 * 24 * HOUR });
    const order = await get(m.cookie, `/api/lottery/campaigns/order?order_id=${bought.json().results.orderId}`);
    expect(order.json().results.userLotteryTickets).toHaveLength(1);
  });

  it('a cart order during a campaign lists its ticket too (order v3)', async () => {
    const { campaignId } = await freshCampaign();
    const m = await member(app());
    const c = cartClient(app(), m.cookie);
    const title = await insertTitle(db());
    const books = [await insertBook(db(), title, 1, { price: 300 }), await insertBook(db(), title, 2, { price: 200 })];
    await c.addMany(books);
    await grantTo(db(), m.userId, 'COIN', 1000, { now });
    const r = await c.order(await c.token(), { usePoint: 0, salePrice: 500, bookIds: books, paymentType: 'COIN' });
    expect(r.statusCode).toBe(200);
    expect(r.json().results.userLotteryTickets).toEqual([{ lotteryCampaignId: campaignId }]);
  });

  it('no purchase ticket outside the campaign period', async () => {
    const { campaignId } = await freshCampaign({ campaign: { start_at: now + HOUR, end_at: now + 48 * HOUR } });
    const m = await member(app());
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 100 });
    await grantTo(db(), m.userId, 'MANGA_COIN', 100, { now });
    expect((await buyWithMangaCoin(app(), m.cookie, book, 100)).json().results.userLotteryTickets).toEqual([]);
    expect((await tickets(m.cookie, campaignId)).totalCount).toBe(0);
  });

  it('a free book read to the end grants once per Tokyo day; the next Tokyo day grants again (§9)', async () => {
    const { campaignId } = await freshCampaign();
    const m = await member(app());
    const free = await insertBook(db(), await insertTitle(db()), 1, { free_flg: 1 });
    const first = await get(m.cookie, `/api/lottery/tickets/read_end?book_id=${free}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().results).toMatchObject({ lotteryCampaignId: campaignId, status: 'GRANTED', error: null });
    const again = await get(m.cookie, `/api/lottery/tickets/read_end?book_id=${free}`);
    expect(again.statusCode).toBe(403);
    expect(again.json().errorCode).toBe('ALREADY_GRANT_TICKET');
    const saved = now;
    now = Date.parse('2026-11-25T15:00:00Z'); // 0:00 of 11/26 in Tokyo
    expect((await get(m.cookie, `/api/lottery/tickets/read_end?book_id=${free}`)).statusCode).toBe(200);
    now = saved;
    expect((await tickets(m.cookie, campaignId)).totalCount).toBe(2);
  });

  it('a priced book read to the end is granted apart from the free one, and only when owned', async () => {
    const { campaignId } = await freshCampaign();
    const m = await member(app());
    const title = await insertTitle(db());
    const free = await insertBook(db(), title, 1, { free_flg: 1 });
    const priced = await insertBook(db(), title, 2, { price: 200 });
    const notOwned = await get(m.cookie, `/api/lottery/tickets/read_end?book_id=${priced}`);
    expect(notOwned.json()).toMatchObject({ errorCode: 'NOT_TARGET_BOOK' });
    await grantTo(db(), m.userId, 'MANGA_COIN', 200, { now });
    await buyWithMangaCoin(app(), m.cookie, priced, 200);
    expect((await get(m.cookie, `/api/lottery/tickets/read_end?book_id=${free}`)).statusCode).toBe(200);
    expect((await get(m.cookie, `/api/lottery/tickets/read_end?book_id=${priced}`)).statusCode).toBe(200);
    // purchase + free read-end + priced read-end
    expect((await tickets(m.cookie, campaignId)).totalCount).toBe(3);
  });

  it('a campaign that gives tickets only for free books answers NOT_TARGET_BOOK for a priced one; none running is OUT_OF_TERM', async () => {
    await freshCampaign({ events: ['READ_END_FREE'] });
    const m = await member(app());
    const priced = await insertBook(db(), await insertTitle(db()), 1, { price: 0, free_flg: 0 });
    await db()
      .insertInto('user_books')
      .values({ user_id: m.userId, book_id: priced, possession_status: 'OWNED', source: 'GRANT', order_id: null, created_at: now })
      .execute();
    expect((await get(m.cookie, `/api/lottery/tickets/read_end?book_id=${priced}`)).json().errorCode).toBe('NOT_TARGET_BOOK');
    await db()
      .updateTable('lottery_campaigns')
      .set({ end_at: now - 1, start_at: now - 2 })
      .where('end_at', '>', now)
      .execute();
    const free = await insertBook(db(), await insertTitle(db()), 1, { free_flg: 1 });
    const out = await get(m.cookie, `/api/lottery/tickets/read_end?book_id=${free}`);
    expect([out.statusCode, out.json().errorCode]).toEqual([403, 'OUT_OF_TERM']);
  });

  it('sharing grants once a Tokyo day; parallel grants of one day give one ticket', async () => {
    const { campaignId } = await freshCampaign();
    const m = await member(app());
    const answers = await Promise.all(Array.from({ length: 10 }, () => get(m.cookie, '/api/lottery/tickets/share')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().errorCode))).toEqual(new Set(['ALREADY_GRANT_TICKET']));
    expect((await tickets(m.cookie, campaignId)).totalCount).toBe(1);
    const events = await get(m.cookie, '/api/lottery/ticket_distribution_events/me');
    expect(events.json().results.events.find((e: { eventType: string }) => e.eventType === 'SHARE').grantedToday).toBe(true);
  });

  it('guests get 401; bad input gets 400 naming the field', async () => {
    expect((await app().inject({ url: '/api/lottery/tickets/share' })).statusCode).toBe(401);
    const m = await member(app());
    const bad = await get(m.cookie, '/api/lottery/tickets/read_end?book_id=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('book_id');
  });
});

describe('draws', () => {
  it('a draw grants the prize with a Japanese ledger line, and the prize shows under /prizes/me', async () => {
    const { campaignId } = await freshCampaign({
      prizes: [{ rank: 1, name: '50マンガコイン', kind: 'MANGA_COIN', amount: 50, weight: 1 }],
    });
    const m = await member(app());
    const ticketId = await createTicket(db(), { userId: m.userId, campaignId, now });
    const drawn = await consume(m.cookie, ticketId);
    expect(drawn.statusCode).toBe(200);
    expect(drawn.json().results.prize).toMatchObject({ kind: 'MANGA_COIN', amount: 50 });
    expect((await ledgerInvariant(db(), m.userId, now)).MANGA_COIN).toBe(50);
    const line = await db().selectFrom('wallet_ledger').select('reason').where('user_id', '=', m.userId).executeTakeFirstOrThrow();
    expect(line.reason).toBe('くじ「テストくじ」50マンガコイン当選');
    const prizes = (await get(m.cookie, '/api/lottery/prizes/me')).json().results;
    expect(prizes.totalCount).toBe(1);
    expect((await tickets(m.cookie, campaignId)).tickets[0]!.usedFlg).toBe(1);
  });

  it('points, a book and a coupon are granted as a lot, an entitlement and the member’s coupon', async () => {
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 500 });
    const coupon = await db()
      .insertInto('coupons')
      .values({ name: '100円引き', coupon_type: 2, rate: 100, limit_count: null, expire_at: now + 30 * 24 * HOUR })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [prize, check] of [
      [
        { rank: 3, name: '30ポイント', kind: 'POINT', amount: 30, weight: 1 },
        async (u: number) => expect((await ledgerInvariant(db(), u, now)).POINT).toBe(30),
      ],
      [
        { rank: 1, name: '作品', kind: 'BOOK', bookId: book, weight: 1 },
        async (u: number) =>
          expect(await db().selectFrom('user_books').select('source').where('user_id', '=', u).execute()).toEqual([{ source: 'GRANT' }]),
      ],
      [
        { rank: 2, name: 'クーポン', kind: 'COUPON', couponId: coupon.id, weight: 1 },
        async (u: number) =>
          expect(await db().selectFrom('user_coupons').select('status').where('user_id', '=', u).execute()).toEqual([{ status: 'UNUSED' }]),
      ],
    ] as const) {
      const { campaignId } = await freshCampaign({ prizes: [prize] });
      const m = await member(app());
      expect((await consume(m.cookie, await createTicket(db(), { userId: m.userId, campaignId, now }))).statusCode).toBe(200);
      await check(m.userId);
    }
  });

  it('an expired ticket cannot be used; a used one says so; a failed human check changes nothing', async () => {
    const { campaignId } = await freshCampaign();
    const m = await member(app());
    const expired = await createTicket(db(), { userId: m.userId, campaignId, now: now - 2 * HOUR, expiresAt: now - HOUR });
    expect((await consume(m.cookie, expired)).json().errorCode).toBe('LOTTERY_TICKET_EXPIRED');
    const ticket = await createTicket(db(), { userId: m.userId, campaignId, now });
    const refused = await consume(m.cookie, ticket, 'fail');
    expect([refused.statusCode, refused.json().errorCode]).toEqual([403, 'HUMAN_CHECK_FAILED']);
    expect((await consume(m.cookie, ticket)).statusCode).toBe(200);
    expect((await consume(m.cookie, ticket)).json().errorCode).toBe('LOTTERY_TICKET_USED');
    const other = await member(app());
    expect((await consume(other.cookie, ticket)).statusCode).toBe(404);
  });

  it('100 parallel consumes of one ticket draw once', async () => {
    const { campaignId } = await freshCampaign({
      prizes: [{ rank: 1, name: '10マンガコイン', kind: 'MANGA_COIN', amount: 10, weight: 1 }],
    });
    const m = await member(app());
    const ticket = await createTicket(db(), { userId: m.userId, campaignId, now });
    const tokens = await Promise.all(Array.from({ length: 100 }, () => tokenFor(app(), m.cookie, '/api/lottery/tickets/create_token')));
    const answers = await Promise.all(tokens.map((token) => consume(m.cookie, ticket, 'ok', token)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().errorCode))).toEqual(new Set(['LOTTERY_TICKET_USED']));
    expect(await db().selectFrom('lottery_draws').select('id').where('user_id', '=', m.userId).execute()).toHaveLength(1);
    expect((await ledgerInvariant(db(), m.userId, now)).MANGA_COIN).toBe(10);
  });

  it('parallel draws of the last prize: one winner, the others draw the unlimited prize, stock never below 0', async () => {
    const { campaignId, prizeIds } = await freshCampaign({
      prizes: [
        { rank: 1, name: '1000マンガコイン', kind: 'MANGA_COIN', amount: 1000, weight: 1000, stock: 1 },
        { rank: 9, name: '1ポイント', kind: 'POINT', amount: 1, weight: 1, stock: null },
      ],
    });
    const members = await Promise.all(Array.from({ length: 20 }, () => member(app())));
    const ticketIds = await Promise.all(members.map((m) => createTicket(db(), { userId: m.userId, campaignId, now })));
    const answers = await Promise.all(members.map((m, i) => consume(m.cookie, ticketIds[i]!)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const winners = answers.filter((a) => a.json().results.prize.prizeId === prizeIds[0]);
    expect(winners).toHaveLength(1);
    const prize = await db().selectFrom('lottery_prizes').select('remaining').where('id', '=', prizeIds[0]!).executeTakeFirstOrThrow();
    expect(prize.remaining).toBe(0);
  });

  it('when every prize is gone the ticket stays unused', async () => {
    const { campaignId } = await freshCampaign({ prizes: [{ rank: 1, name: '作品', kind: 'POINT', amount: 5, weight: 1, stock: 1 }] });
    const [a, b] = [await member(app()), await member(app())];
    expect((await consume(a.cookie, await createTicket(db(), { userId: a.userId, campaignId, now }))).statusCode).toBe(200);
    const ticket = await createTicket(db(), { userId: b.userId, campaignId, now });
    expect((await consume(b.cookie, ticket)).json().errorCode).toBe('LOTTERY_PRIZE_SOLD_OUT');
    expect((await tickets(b.cookie, campaignId)).tickets[0]!.usedFlg).toBe(0);
  });

  it('the campaign, its boxes and the OGP image are public', async () => {
    const { campaignId, prizeIds } = await freshCampaign();
    const c = await app().inject({ url: `/api/lottery/campaign?lottery_campaign_id=${campaignId}` });
    expect(c.json().results.boxes[0].prizes[0]).toMatchObject({ prizeId: prizeIds[0], odds: 1 });
    expect(
      (await app().inject({ url: '/api/lottery/campaigns' }))
        .json()
        .results.campaigns.map((x: { lotteryCampaignId: number }) => x.lotteryCampaignId),
    ).toEqual([campaignId]);
    const png = await app().inject({ url: `/api/lottery/ogp_image?prize_id=${prizeIds[0]}` });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await app().inject({ url: '/api/lottery/ogp_image?prize_id=999999' })).statusCode).toBe(404);
  });
});
