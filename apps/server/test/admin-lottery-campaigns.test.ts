import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endTwiceAtOnce, staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { testClock } from './support/subscription-factories';
import { buyWithMangaCoin, grantTo, member, tokenFor } from './support/wallet-factories';

/** The console's lottery campaigns (`/api/admin/lottery_campaigns`) and the store's lottery calls showing what they set. */
const START = new TZDate(2027, 0, 10, 12, 0, 0, 'Asia/Tokyo').getTime();
const clock = testClock(START);
let t: TestApp;
let bookId = 0;
beforeAll(async () => {
  t = await buildTestApp({ clock });
  bookId = await insertBook(t.database.db, await insertTitle(t.database.db), 1, { price: 300 });
});
afterAll(() => t.close());
const db = () => t.database.db;
const auditOf = (subject: string) => db().selectFrom('admin_audit_log').selectAll().where('subject', '=', subject).orderBy('id').execute();

interface PrizeView {
  id: number;
  rank: number;
  name: string;
  kind: string;
  odds: number;
  stock: number | null;
  drawn: number;
}
interface CampaignView {
  id: number;
  version: number;
  state: string;
  end: string;
  boxes: { id: number; name: string; prizes: PrizeView[] }[];
  ticketRules: Record<string, number>;
}

const coins = { rank: 1, name: '500マンガコイン', kind: 'MANGA_COIN', amount: 500, odds: 1000, stock: 1 };
const points = { rank: 2, name: '10ポイント', kind: 'POINT', amount: 10, odds: 0, stock: null };
const campaign = (overrides: object = {}) => ({
  name: '冬のくじ',
  description: '作品を買うとくじがもらえます',
  colorCode: '#3366cc',
  start: '2027-01-01T00:00',
  end: '2027-02-01T00:00',
  ticketValidDays: 7,
  boxes: [{ name: 'ノーマルボックス', sortOrder: 0, prizes: [coins, points] }],
  ticketRules: { perOrder: 1, readEndFree: 1, readEndPriced: 0, share: 1 },
  ...overrides,
});

/** Only `keep` runs in the store: every other campaign ends (each test draws from its own). */
async function onlyRunning(keep: number) {
  await db()
    .updateTable('lottery_campaigns')
    .set({ start_at: START - 2, end_at: START - 1 })
    .where('id', '!=', keep)
    .where('end_at', '>', START)
    .execute();
}

/** A member buys the book (a ticket of each running campaign with an order rule) and draws it. */
async function buyAndDraw(): Promise<{ status: number; body: { results?: { prize: { name: string } } } }> {
  const m = await member(t.app);
  await grantTo(db(), m.userId, 'MANGA_COIN', 1000, { now: clock.now() });
  const bought = await buyWithMangaCoin(t.app, m.cookie, bookId, 300);
  expect(bought.statusCode, bought.body).toBe(200);
  const mine = (await t.app.inject({ url: '/api/lottery/tickets/me', headers: { cookie: m.cookie } })).json().results.tickets as {
    ticketId: number;
  }[];
  const token = await tokenFor(t.app, m.cookie, '/api/lottery/tickets/create_token');
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/lottery/tickets/consume?token=${token}`,
    headers: { cookie: m.cookie },
    payload: { ticketId: mine[0]!.ticketId, titleId: 0, reCaptchaToken: 'ok' },
  });
  return { status: r.statusCode, body: r.json() };
}

describe('lottery campaigns in the console', () => {
  it('a campaign created in the console runs in the store at once; edits keep the version; a stale edit is 409; stock rises, never below what was drawn; ending it stops it; each step is audited', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const created = await op.change('POST', '/lottery_campaigns', campaign());
    expect(created.statusCode, created.body).toBe(200);
    const c = created.json<CampaignView>();
    expect(c).toMatchObject({ state: 'running', version: 0, ticketRules: { perOrder: 1, readEndFree: 1, readEndPriced: 0, share: 1 } });
    expect(c.boxes[0]!.prizes.map((p) => [p.name, p.odds, p.stock, p.drawn])).toEqual([
      ['500マンガコイン', 1000, 1, 0],
      ['10ポイント', 0, null, 0],
    ]);
    await onlyRunning(c.id);

    // The store: the campaign, its box and prizes, and its ticket rules as distribution events.
    const store = (await t.app.inject({ url: `/api/lottery/campaign?lottery_campaign_id=${c.id}` })).json().results;
    expect(store).toMatchObject({ name: '冬のくじ', colorCode: '#3366cc', ticketValidDays: 7 });
    expect(store.boxes[0].prizes.map((p: { name: string; odds: number }) => [p.name, p.odds])).toEqual([
      ['500マンガコイン', 1],
      ['10ポイント', 0],
    ]);
    expect(store.distributionEvents.map((e: { eventType: string; tickets: number }) => [e.eventType, e.tickets])).toEqual([
      ['PURCHASE', 1],
      ['READ_END_FREE', 1],
      ['SHARE', 1],
    ]);

    // A member buys a book and draws the only prize there is: its stock of 1 is gone.
    const first = await buyAndDraw();
    expect([first.status, first.body.results?.prize.name]).toEqual([200, '500マンガコイン']);
    const drawn = (await op.get('/lottery_campaigns?state=running'))
      .json<{ campaigns: CampaignView[] }>()
      .campaigns.find((x) => x.id === c.id)!;
    expect(drawn.boxes[0]!.prizes[0]).toMatchObject({ stock: 1, drawn: 1 });

    // Stock below what was drawn is refused, naming the prize's field; raising it is taken while running.
    const box = drawn.boxes[0]!;
    const keep = (p: PrizeView, over: object = {}) => ({ ...p, ...over, drawn: undefined });
    const below = await op.change('PUT', `/lottery_campaigns/${c.id}`, {
      version: 0,
      boxes: [{ ...box, prizes: [keep(box.prizes[0]!, { stock: 0 }), keep(box.prizes[1]!)] }],
    });
    expect([below.statusCode, below.json().errorCode, below.json().messages]).toEqual([
      400,
      'BAD_REQUEST',
      ['boxes.0.prizes.0.stock: must not be below the 1 already drawn'],
    ]);
    const raised = await op.change('PUT', `/lottery_campaigns/${c.id}`, {
      version: 0,
      name: '冬のくじ（延長）',
      boxes: [{ ...box, prizes: [keep(box.prizes[0]!, { stock: 3, odds: 500 }), keep(box.prizes[1]!, { odds: 500 })] }],
      ticketRules: { perOrder: 2, readEndFree: 0, readEndPriced: 1, share: 0 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json<CampaignView>()).toMatchObject({
      version: 1,
      ticketRules: { perOrder: 2, readEndFree: 0, readEndPriced: 1, share: 0 },
    });
    expect(raised.json<CampaignView>().boxes[0]!.prizes.map((p) => [p.id, p.odds, p.stock, p.drawn])).toEqual([
      [box.prizes[0]!.id, 500, 3, 1],
      [box.prizes[1]!.id, 500, null, 0],
    ]);
    const left = await db().selectFrom('lottery_prizes').select('remaining').where('id', '=', box.prizes[0]!.id).executeTakeFirstOrThrow();
    expect(left.remaining).toBe(2);
    const events = (await t.app.inject({ url: `/api/lottery/campaign?lottery_campaign_id=${c.id}` })).json().results.distributionEvents;
    expect(events.map((e: { eventType: string; tickets: number }) => [e.eventType, e.tickets])).toEqual([
      ['PURCHASE', 2],
      ['READ_END_PRICED', 1],
    ]);

    // A prize already drawn cannot be removed.
    const removed = await op.change('PUT', `/lottery_campaigns/${c.id}`, {
      version: 1,
      boxes: [{ ...box, prizes: [{ ...points, odds: 1000 }] }],
    });
    expect([removed.statusCode, removed.json().messages[0]]).toEqual([
      400,
      expect.stringMatching(/^boxes: prize \d+ \(500マンガコイン\) has been drawn 1 times/),
    ]);

    // A save against the version read before another's save is refused, and changes nothing.
    const stale = await op.change('PUT', `/lottery_campaigns/${c.id}`, { version: 0, name: '古い名前' });
    expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'EDIT_CONFLICT']);

    // Ended: the store no longer runs it, and a second end is refused.
    clock.set(START + 3_600_000);
    const ended = await op.change('POST', `/lottery_campaigns/${c.id}/end`, { version: 1 });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<CampaignView>()).toMatchObject({ state: 'ended', end: '2027-01-10T13:00', version: 2 });
    expect(
      (await t.app.inject({ url: '/api/lottery/campaigns' }))
        .json()
        .results.campaigns.some((x: { lotteryCampaignId: number }) => x.lotteryCampaignId === c.id),
    ).toBe(false);
    expect((await op.change('POST', `/lottery_campaigns/${c.id}/end`, { version: 2 })).json().messages).toEqual(['end: has already ended']);
    const ticketsLeft = await db()
      .selectFrom('lottery_tickets')
      .select('expires_at')
      .where('campaign_id', '=', c.id)
      .where('used_at', 'is', null)
      .execute();
    expect(ticketsLeft.every((x) => Number(x.expires_at) <= START + 3_600_000)).toBe(true);
    expect((await op.get('/lottery_campaigns?state=ended')).json<{ campaigns: CampaignView[] }>().campaigns.map((x) => x.id)).toContain(
      c.id,
    );
    expect(
      (await op.get('/lottery_campaigns?state=running')).json<{ campaigns: CampaignView[] }>().campaigns.map((x) => x.id),
    ).not.toContain(c.id);

    const entries = await auditOf(`lottery_campaign:${c.id}`);
    expect(entries.map((e) => [e.action, e.actor_user_id])).toEqual([
      ['lottery_campaign.create', op.userId],
      ['lottery_campaign.update', op.userId],
      ['lottery_campaign.end', op.userId],
    ]);
    expect(JSON.parse(entries[1]!.before_json!)).toMatchObject({ name: '冬のくじ' });
    expect(JSON.parse(entries[1]!.after_json!)).toMatchObject({ name: '冬のくじ（延長）' });
    clock.set(START);
  });

  it('lists by state: running, scheduled, ended', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const later = (
      await op.change('POST', '/lottery_campaigns', campaign({ name: '春のくじ', start: '2027-03-01T00:00', end: '2027-04-01T00:00' }))
    ).json<CampaignView>();
    expect(later.state).toBe('scheduled');
    const ids = async (state: string) =>
      (await op.get(`/lottery_campaigns?state=${state}`)).json<{ campaigns: CampaignView[] }>().campaigns.map((x) => x.id);
    expect(await ids('scheduled')).toContain(later.id);
    expect(await ids('running')).not.toContain(later.id);
    expect((await op.get('/lottery_campaigns')).json<{ campaigns: CampaignView[] }>().campaigns.map((x) => x.id)).toContain(later.id);
    expect((await op.get('/lottery_campaigns?state=soon')).json().messages).toEqual(['state: must be running, scheduled, ended']);
    // Ending one that has not started: it is over and never ran.
    const ended = await op.change('POST', `/lottery_campaigns/${later.id}/end`, { version: 0 });
    expect(ended.json<CampaignView>().state).toBe('ended');
  });

  it('refuses odds that do not add up to 1,000 ‰ and bad fields with 400 naming the field, and records nothing', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const before = (await db().selectFrom('lottery_campaigns').select('id').execute()).length;
    const box = (prizes: object[]) => [{ name: '箱', prizes }];
    const cases: [object, string | string[]][] = [
      [
        campaign({
          boxes: box([
            { ...coins, odds: 600 },
            { ...points, odds: 300 },
          ]),
        }),
        'boxes.0.prizes: odds must add up to 1000‰ (now 900‰)',
      ],
      [
        campaign({ boxes: box([{ ...coins, odds: 1001 }]) }),
        ['boxes.0.prizes.0.odds: is too large', 'boxes.0.prizes: odds must add up to 1000‰ (now 1001‰)'],
      ],
      [campaign({ name: '' }), 'name: is required'],
      [campaign({ end: '2026-12-01T00:00' }), 'end: must end after it starts'],
      [campaign({ colorCode: 'gold' }), 'colorCode: must be a colour like #ffeecc'],
      [campaign({ boxes: [] }), 'boxes: must hold at least one box'],
      [campaign({ boxes: box([{ ...coins, kind: 'CAR' }]) }), 'boxes.0.prizes.0.kind: must be one of MANGA_COIN, POINT, BOOK, COUPON'],
      [campaign({ boxes: box([{ ...coins, kind: 'BOOK', bookId: null }]) }), 'boxes.0.prizes.0.bookId: is required for a book prize'],
      [campaign({ boxes: box([{ ...coins, kind: 'BOOK', bookId: 999_999 }]) }), 'boxes.0.prizes.0.bookId: must be a book of the catalog'],
      [campaign({ boxes: box([{ ...coins, amount: 0 }]) }), 'boxes.0.prizes.0.amount: must be at least 1 for coins or points'],
      [campaign({ ticketRules: { perOrder: -1 } }), 'ticketRules.perOrder: must be a non-negative integer'],
    ];
    for (const [payload, message] of cases) {
      const r = await op.change('POST', '/lottery_campaigns', payload);
      expect([r.statusCode, r.json().errorCode, r.json().messages], JSON.stringify(payload)).toEqual([
        400,
        'BAD_REQUEST',
        Array.isArray(message) ? message : [message],
      ]);
    }
    // An edit is checked on the campaign as it would be: odds of a saved box changed alone too.
    const c = (
      await op.change('POST', '/lottery_campaigns', campaign({ start: '2027-03-01T00:00', end: '2027-04-01T00:00' }))
    ).json<CampaignView>();
    const prizes = c.boxes[0]!.prizes.map(({ drawn: _d, ...p }) => p);
    const bad = await op.change('PUT', `/lottery_campaigns/${c.id}`, {
      version: 0,
      boxes: [{ ...c.boxes[0], prizes: [{ ...prizes[0], odds: 999 }, prizes[1]] }],
    });
    expect([bad.statusCode, bad.json().messages]).toEqual([400, ['boxes.0.prizes: odds must add up to 1000‰ (now 999‰)']]);
    expect((await op.change('PUT', '/lottery_campaigns/999999', { version: 0, name: 'x' })).statusCode).toBe(404);
    expect((await db().selectFrom('lottery_campaigns').select('id').execute()).length).toBe(before + 1);
  });

  it('support reads the list (a campaign whole: boxes, prizes, rules) and is refused every change; members get 403, guests 401', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const c = (await op.change('POST', '/lottery_campaigns', campaign({ name: 'サポート確認用くじ' }))).json<CampaignView>();
    const support = await staffMember(t.app, db(), 'support');
    const read = await support.get('/lottery_campaigns');
    expect(read.statusCode).toBe(200);
    const seen = read.json<{ campaigns: CampaignView[] }>().campaigns.find((x) => x.id === c.id);
    expect(seen).toEqual(c);
    expect((await support.get('/lottery_campaigns?state=running')).statusCode).toBe(200);
    expect((await support.change('POST', '/lottery_campaigns', campaign())).statusCode).toBe(403);
    expect((await support.change('PUT', `/lottery_campaigns/${c.id}`, { version: 0, name: 'x' })).statusCode).toBe(403);
    expect((await support.change('POST', `/lottery_campaigns/${c.id}/end`, { version: 0 })).statusCode).toBe(403);
    expect((await op.get('/lottery_campaigns')).json<{ campaigns: CampaignView[] }>().campaigns.find((x) => x.id === c.id)).toMatchObject({
      name: 'サポート確認用くじ',
      version: 0,
    });
    expect((await auditOf(`lottery_campaign:${c.id}`)).map((e) => e.action)).toEqual(['lottery_campaign.create']);
    const m = await member(t.app);
    expect((await t.app.inject({ url: '/api/admin/lottery_campaigns', headers: { cookie: m.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/lottery_campaigns' })).statusCode).toBe(401);
  });

  it('two operators ending the same campaign at once: one wins, the other is told it changed', async () => {
    const { row: c, results } = await endTwiceAtOnce<CampaignView>(t.app, db(), '/lottery_campaigns', campaign());
    const outcomes = results.map((r) => [r.statusCode, r.json().errorCode ?? null]).sort();
    expect(outcomes).toEqual([
      [200, null],
      [409, 'EDIT_CONFLICT'],
    ]);
    expect((await auditOf(`lottery_campaign:${c.id}`)).map((e) => e.action)).toEqual(['lottery_campaign.create', 'lottery_campaign.end']);
  });
});
