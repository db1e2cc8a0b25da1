import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { loggedInAs, makeOperator, signUpMember } from '../support/members';
import { expectNoSidewaysScroll } from '../support/layout';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';

/**
 * Issue 40 item 3: a serial of more than 100 episodes lists them all, a hundred a page. An
 * operator makes a serial of 101 free episodes through the console's API (for a demo title found
 * by name); a guest opens its page, finds episode 100 last on the first page, follows 次へ and
 * finds episode 101 on the second, in the HTML the server sends as well.
 */
const OPERATOR = `episode-pages-operator-${Date.now()}@example.jp`;
const TITLE_NAME = '星降る街の探偵';
const SERIAL_NAME = '星降る街の探偵 百一話';
const EPISODES = 101;

let store: StoreServer;
let browser: Browser;
let serialId: number;

/** A console change: a fresh one-time token, then the call (as the console's client makes it). */
async function adminPost<T>(api: APIRequestContext, url: string, body: object): Promise<T> {
  const token = ((await (await api.get(`${store.url}/api/admin/create_token`)).json()) as { status: { token: string } }).status.token;
  const res = await api.post(`${store.url}${url}`, { data: { token, ...body }, headers: { origin: store.url } });
  assert.equal(res.status(), 200, `${url}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** An Asia/Tokyo `YYYY-MM-DDTHH:mm` `hours` from now (the console's time format). */
const tokyoMinute = (hours: number) => new Date(Date.now() + (hours + 9) * 3_600_000).toISOString().slice(0, 16);

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  await signUpMember(store, OPERATOR, 'episode-pages');
  await makeOperator(store, OPERATOR);
  const { context, page } = await loggedInAs(browser, store, OPERATOR, 1080);
  try {
    const found = (await (await fetch(`${store.url}/api/lottery/search/title?word=${encodeURIComponent(TITLE_NAME)}`)).json()) as {
      titles: { id: number; name: string }[];
    };
    const title = found.titles.find((t) => t.name === TITLE_NAME);
    assert.ok(title, `the demo has ${TITLE_NAME}`);
    const serial = await adminPost<{ id: number }>(page.request, '/api/admin/serials', {
      titleId: title.id,
      name: SERIAL_NAME,
      themeColor: '#334455',
      subColor: '#ddeeff',
      category: 'male',
      ticketUsable: false,
      rewardUsable: false,
      chargeMinutes: 0,
      rentalMinutes: 0,
      orderOnly: false,
    });
    serialId = serial.id;
    for (let n = 1; n <= EPISODES; n++) {
      await adminPost(page.request, `/api/admin/serials/${serialId}/episodes`, {
        title: `第${n}話`,
        price: 0,
        spendType: 0,
        releaseAt: tokyoMinute(-200 + n),
        pageCount: 1,
      });
    }
  } finally {
    await context.close();
  }
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `serial-episode-pages-${name}.png`) });

describe('a serial of more than 100 episodes', () => {
  it('is paged in the HTML the server sends', async () => {
    const first = await (await fetch(`${store.url}/serial/detail/${serialId}`)).text();
    assert.ok(first.includes('第100話') && !first.includes('第101話'), 'the first page ends with episode 100');
    const second = await (await fetch(`${store.url}/serial/detail/${serialId}?page=2`)).text();
    assert.ok(second.includes('第101話') && !second.includes('第100話'), 'the second page holds episode 101');
    assert.equal((await fetch(`${store.url}/serial/detail/${serialId}?page=3`)).status, 404);
  });

  for (const width of [375, 1080]) {
    it(`lists episode 101 on the second page at ${width} px`, async () => {
      const context = await browser.newContext({ baseURL: store.url, viewport: { width, height: 900 }, locale: 'ja-JP' });
      try {
        const page = await context.newPage();
        await page.goto(`/serial/detail/${serialId}`);
        await page.getByRole('heading', { level: 1, name: SERIAL_NAME }).waitFor();
        const episodes = page.getByTestId('episode');
        await episodes.filter({ hasText: '第100話' }).waitFor();
        assert.equal(await episodes.count(), 100);
        const next = page.getByRole('navigation', { name: 'ページ送り' }).getByRole('link', { name: '次へ' });
        await next.scrollIntoViewIfNeeded();
        await shot(page, `first-${width}`);
        await next.click();
        await page.waitForURL(/\?page=2$/);
        await episodes.filter({ hasText: '第101話' }).waitFor();
        assert.equal(await episodes.count(), 1);
        await expectNoSidewaysScroll(page);
        await shot(page, `second-${width}`);
        await page.getByRole('navigation', { name: 'ページ送り' }).getByRole('link', { name: '前へ' }).click();
        await page.waitForURL((url) => url.search === '');
        await episodes.filter({ hasText: '第1話' }).first().waitFor();
      } finally {
        await context.close();
      }
    });
  }
});
