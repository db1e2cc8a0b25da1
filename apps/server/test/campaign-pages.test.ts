import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { testClock } from './support/subscription-factories';
import { member } from './support/wallet-factories';

/**
 * What the console's campaigns put in the HTML the server sends (issue 37), with the pages kept
 * (the guest and member page caches on, ten minutes): the running pre-order bonus of a volume not
 * yet released on its volume page, the guests' appeal on the top page, and a campaign reaching its
 * start or end with no edit — the scheduler's `campaign-periods` job counts it as a catalog change,
 * so the kept pages go.
 */
const START = new TZDate(2027, 0, 10, 12, 0, 0, 'Asia/Tokyo').getTime();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = testClock(START);
let t: TestApp;
let title: number;
let released: number;
let coming: number;
let op: Awaited<ReturnType<typeof staffMember>>;
let memberCookie: string;

beforeAll(async () => {
  t = await buildTestApp({ web: true, clock, config: { guestPageCacheSeconds: 600 } });
  const { db } = t.database;
  title = await insertTitle(db, { name: '予約特典の作品' });
  released = await insertBook(db, title, 1, { price: 500 });
  coming = await insertBook(db, title, 2, { price: 600, start_datetime: START + 30 * DAY, sales_status: 'IN_RESERVATION' });
  op = await staffMember(t.app, db, 'operator');
  memberCookie = (await member(t.app)).cookie;
}, 120_000);
afterAll(() => t?.close());

const page = async (url: string, cookie?: string) => {
  const response = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return { html: response.body, cache: response.headers['x-page-cache'] };
};
const volumePage = (bookId: number, cookie?: string) => page(`/series_list/series_id=${title}?book_id=${bookId}`, cookie);
/** The scheduler's runs now (the test's clock); what `campaign-periods` did. */
const periodsJob = async () => (await t.app.ops.scheduler.runDue()).find((r) => r.name === 'campaign-periods');
/** The volume detail's 予約特典 block. */
const BONUS_BLOCK = 'id="volume-bonus-heading"';
const tokyoMinute = (at: number) => new Date(at + 9 * HOUR).toISOString().slice(0, 16);

describe('a volume not yet released shows its running pre-order bonus', () => {
  it('to guests and members in the HTML, with the points at its price; a released volume shows none; an edit shows at once', async () => {
    expect((await volumePage(coming)).html).not.toContain(BONUS_BLOCK);
    const created = await op.change('POST', '/pre_order_bonuses', {
      name: '2巻予約特典',
      bookId: coming,
      points: 50,
      rate: 10,
      start: tokyoMinute(START - DAY),
      end: tokyoMinute(START + 20 * DAY),
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ id: number }>().id;
    // 50 points + 10 % of 600.
    for (const cookie of [undefined, memberCookie]) {
      const { html } = await volumePage(coming, cookie);
      expect(html).toContain(BONUS_BLOCK);
      expect(html).toContain('2巻予約特典（+110pt）');
    }
    const { html: releasedHtml } = await volumePage(released);
    expect(releasedHtml).not.toContain(BONUS_BLOCK);
    const renamed = await op.change('PUT', `/pre_order_bonuses/${id}`, { version: 0, name: '2巻予約特典（増量）', points: 80 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await volumePage(coming)).html).toContain('2巻予約特典（増量）（+140pt）');
  });

  it('a bonus scheduled later shows from its start (the kept bonuses hold until the next start), and goes at its end', async () => {
    const created = await op.change('POST', '/pre_order_bonuses', {
      name: '早期予約特典',
      bookId: coming,
      points: 30,
      rate: 0,
      start: tokyoMinute(START + 2 * HOUR),
      end: tokyoMinute(START + 3 * HOUR),
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await volumePage(coming)).html).not.toContain('早期予約特典');
    clock.set(START + 2 * HOUR);
    expect((await periodsJob())?.items).toBe(1);
    expect((await volumePage(coming)).html).toContain('早期予約特典（+30pt）');
    clock.set(START + 3 * HOUR);
    expect((await periodsJob())?.items).toBe(1);
    const { html } = await volumePage(coming);
    expect(html).not.toContain('早期予約特典');
    expect(html).toContain('2巻予約特典（増量）');
  });
});

describe('the guests’ appeal is in the top page the server sends', () => {
  it('for a guest (not a member), from its start to its end, the kept page following the period', async () => {
    const now = clock.now();
    const created = await op.change('POST', '/non_login_appeals', {
      name: 'はじめての方へ',
      imageUrl: '/favicon.svg',
      appealText: '無料会員登録で試し読みの続きを',
      start: tokyoMinute(now + HOUR),
      end: tokyoMinute(now + 2 * HOUR),
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await page('/')).html).not.toContain('data-testid="non-login-appeal"');
    // Kept even when its render began in the millisecond of the create's change (Node 24 in CI).
    expect((await page('/')).cache).toBe('hit');

    // Its start passes: the kept page is what the guest gets until the job counts the start.
    clock.set(now + HOUR);
    const stale = await page('/');
    expect([stale.cache, stale.html.includes('はじめての方へ')]).toEqual(['hit', false]);
    expect((await periodsJob())?.items).toBe(1);
    const shown = await page('/');
    expect(shown.cache).toBe('miss');
    expect(shown.html).toContain('data-testid="non-login-appeal"');
    expect(shown.html).toContain('無料会員登録で試し読みの続きを');
    expect((await page('/', memberCookie)).html).not.toContain('data-testid="non-login-appeal"');
    // Nothing started or ended since: no change is counted.
    clock.set(now + HOUR + 5000);
    expect((await periodsJob())?.items).toBe(0);

    clock.set(now + 2 * HOUR);
    expect((await periodsJob())?.items).toBe(1);
    expect((await page('/')).html).not.toContain('data-testid="non-login-appeal"');
  });
});

describe('a scheduled subscription plan reaching its start', () => {
  it('empties the kept pages through the scheduler: the plan page shows it within a run, not at the next edit', async () => {
    const now = clock.now();
    const plan = {
      name: '予約開始のコース',
      coin: 1200,
      taxIncludedPrice: 1200,
      firstBonus: 600,
      secondBonus: 200,
      cycleBonus: 120,
      highlightType: 'popular',
      paymentTypes: ['creditcard'],
      sortOrder: 5,
    };
    const created = await op.change('POST', '/subscription_plans', { ...plan, start: tokyoMinute(now + HOUR) });
    expect(created.statusCode, created.body).toBe(200);
    expect((await page('/mangacoin/subscription')).html).not.toContain('予約開始のコース');
    expect((await page('/mangacoin/subscription')).cache).toBe('hit');

    clock.set(now + HOUR + 1000);
    expect((await page('/mangacoin/subscription')).html).not.toContain('予約開始のコース');
    const run = await periodsJob();
    expect(run).toMatchObject({ outcome: 'ran', items: 1 });
    const after = await page('/mangacoin/subscription');
    expect(after.cache).toBe('miss');
    expect(after.html).toContain('予約開始のコース');
    clock.set(now + HOUR + 5000);
    expect((await periodsJob())?.items).toBe(0);
    expect((await page('/mangacoin/subscription')).cache).toBe('hit');
  });
});
