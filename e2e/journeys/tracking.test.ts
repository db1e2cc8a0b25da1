import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { expectPage, signUpMember } from '../support/viewer-helpers';
import { findTitle, findVolume } from '../support/fixtures';

/**
 * §7 Tracking as a person causes it: a guest opens the top page (its modules are seen, a tile
 * and もっと見る tapped), searches from the header and taps a result, opens a free volume and
 * reads it to the end (read end with `sakuyomiFlg`, the read-end popup, the last page's free
 * ranking linking with `free_ranking_reader`); a member adds the series to my list, takes it out
 * and shares an invitation. Each step sends its `/log/*` call (all twelve kinds), the store takes
 * each (204), the guest gets the first-party id cookie, and the store reports the events written
 * into its events table (in batches, a second or so later) on its metrics, none dropped. What a
 * row keeps of a call (kind, ids, ref, the rest as data) and the guest id it is counted by are the
 * server tests' (apps/server/test/tracking.test.ts): the journey never reads the database.
 *
 * 夜明けの図書館 (series 1): volume 2 (book 2) is free in the demo catalog.
 */
let SERIES = 0;
let FREE_VOL2 = 0;

/** The metrics' bearer token of this journey's store (`METRICS_TOKEN`, README): its tracking counts. */
const METRICS_TOKEN = 'e2e-tracking-metrics';
let store: StoreServer;
let browser: Browser;
before(async () => {
  [store, browser] = await Promise.all([startStore({ METRICS_TOKEN }), launchBrowser()]);
  const vol2 = await findVolume(store, '夜明けの図書館', 2);
  [SERIES, FREE_VOL2] = [vol2.titleId, vol2.id];
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

/** A /log/* call: its kind, its parameters, and the first-party id it carried (its hondana_gid cookie). */
type Logged = { kind: string; params: URLSearchParams; gid: Promise<string | undefined> };
/** The /log/* calls the page sends (`logged`), and the answers the page saw, with their statuses (`answered`). */
function recordLogs(page: Page): Logged[] & { answered: { kind: string; status: number }[] } {
  const logged = Object.assign([] as Logged[], { answered: [] as { kind: string; status: number }[] });
  page.on('request', (request) => {
    const url = new URL(request.url());
    const match = /^\/api\/log\/(\w+)$/.exec(url.pathname);
    // The cookie header is among the headers `allHeaders()` gives (not `headers()`); a call still
    // in flight when the test closes its context has none to give.
    const gid = request
      .allHeaders()
      .then((headers) => /(?:^|; )hondana_gid=([^;]+)/.exec(headers['cookie'] ?? '')?.[1])
      .catch(() => undefined);
    if (match) logged.push({ kind: match[1]!, params: url.searchParams, gid });
  });
  page.on('response', (response) => {
    const match = /^\/api\/log\/(\w+)$/.exec(new URL(response.url()).pathname);
    if (match) logged.answered.push({ kind: match[1]!, status: response.status() });
  });
  return logged;
}
async function waitForLog(page: Page, logged: Logged[], kind: string, test: (p: URLSearchParams) => boolean = () => true) {
  for (let i = 0; i < 50; i++) {
    const found = logged.find((l) => l.kind === kind && test(l.params));
    if (found) return found;
    await page.waitForTimeout(100);
  }
  assert.fail(`no /log/${kind} call among ${logged.map((l) => `${l.kind}?${l.params}`).join(', ')}`);
}
/** The store's tracking counts on its metrics (`/metrics`, as a monitoring system scrapes it). */
async function trackingCounts(): Promise<{ written: number; buffered: number; dropped: number }> {
  const response = await fetch(`${store.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  assert.equal(response.status, 200);
  const text = await response.text();
  const sum = (name: string) =>
    [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0);
  return {
    written: sum('hondana_tracking_events_written_total'),
    buffered: sum('hondana_tracking_events_buffered'),
    dropped: sum('hondana_tracking_events_dropped_total'),
  };
}
/**
 * Waits until the store has written at least as many events since `before` as the page sent
 * /log calls (its metrics: the count of rows it wrote into the events table), none waiting and
 * none dropped, and checks every answer the page saw was 204 and a call of each kind was sent.
 */
async function eventuallyWritten(logged: ReturnType<typeof recordLogs>, before: number, kinds: string[]): Promise<string[]> {
  const sent = logged.map((l) => l.kind);
  assert.deepEqual(
    kinds.filter((k) => !sent.includes(k)),
    [],
    `a call of each kind was sent (sent ${sent.join(', ')})`,
  );
  let counts = await trackingCounts();
  for (let i = 0; i < 40 && !(counts.written >= before + logged.length && counts.buffered === 0); i++) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    counts = await trackingCounts();
  }
  assert.ok(counts.written >= before + logged.length, `the store wrote the ${logged.length} events sent (${counts.written - before})`);
  assert.equal(counts.dropped, 0, 'no event dropped');
  assert.deepEqual(
    logged.answered.filter((a) => a.status !== 204),
    [],
    'the store takes every /log call',
  );
  return sent;
}
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `tracking-${name}.png`) });

for (const width of [375, 1080]) {
  describe(`tracking at ${width} px`, () => {
    it('a guest’s page views, search and reading are sent and counted by the first-party id', async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
      const page = await context.newPage();
      const logged = recordLogs(page);
      const { written } = await trackingCounts();
      await page.goto(store.url);
      await waitForLog(page, logged, 'page', (p) => p.get('page') === '/');
      // The id comes with the /log response; the request above is seen when it is sent.
      let gid: Awaited<ReturnType<typeof context.cookies>>[number] | undefined;
      for (let i = 0; i < 50 && !gid; i++) {
        gid = (await context.cookies()).find((c) => c.name === 'hondana_gid');
        if (!gid) await page.waitForTimeout(100);
      }
      assert.ok(gid, 'the guest got the id cookie');
      assert.equal(gid.httpOnly, true);
      assert.equal(new URL(store.url).hostname, gid.domain, 'first party: set by the store itself');

      // The top page's modules: the ranking is seen, one of its tiles and its もっと見る tapped.
      await waitForLog(page, logged, 'module_view', (p) => p.get('module_name') === 'top-ranking' && p.get('page') === '/');
      const topRanking = page.locator('section[aria-labelledby="top-ranking"]');
      const firstTile = topRanking.locator('article a').first();
      const tappedTitle = /series_id=(\d+)/.exec((await firstTile.getAttribute('href')) ?? '')?.[1];
      assert.ok(tappedTitle, 'a ranking tile links to its series');
      await firstTile.click();
      await page.waitForURL(/\/series_list\//);
      const tap = await waitForLog(page, logged, 'module_tap', (p) => p.get('module_name') === 'top-ranking');
      assert.equal(tap.params.get('title_id'), tappedTitle);
      assert.equal(tap.params.get('position'), '1');
      await page.goto(store.url);
      await topRanking.getByRole('link', { name: 'もっと見る' }).click();
      await page.waitForURL(/\/ranking\/daily\/1/);
      await waitForLog(page, logged, 'tap_section', (p) => p.get('section') === 'top-ranking');

      const search = page.getByRole('search');
      await search.getByLabel('作品を検索').fill('夜明け');
      await search.getByLabel('作品を検索').press('Enter');
      await page.waitForURL(/\/search\?word=/);
      await waitForLog(page, logged, 'search', (p) => p.get('word') === '夜明け');
      await waitForLog(page, logged, 'page', (p) => (p.get('page') ?? '').startsWith('/search'));
      await shot(page, `search-${width}`);
      const result = page.locator('h2 > a[href*="series_id="]').first();
      const resultTitle = /series_id=(\d+)/.exec((await result.getAttribute('href')) ?? '')?.[1];
      await result.click();
      await page.waitForURL(/\/series_list\//);
      const tapped = await waitForLog(page, logged, 'tap_result');
      assert.equal(tapped.params.get('word'), '夜明け');
      assert.equal(tapped.params.get('title_id'), resultTitle);
      assert.equal(tapped.params.get('position'), '1');

      await page.goto(`${store.url}/viewer?cid=${FREE_VOL2}&ref=free_ranking_reader&blogGenreId=g7&did=d1`);
      await expectPage(page, 0);
      const start = await waitForLog(page, logged, 'read_start');
      assert.equal(start.params.get('book_id'), String(FREE_VOL2));
      assert.equal(start.params.get('title_id'), String(SERIES));
      assert.equal(start.params.get('ref'), 'free_ranking_reader');
      assert.equal(start.params.get('blogGenreId'), 'g7');
      assert.equal(start.params.get('did'), 'd1');
      assert.equal(logged.filter((l) => l.kind === 'read_end').length, 0, 'no read end before the end');
      const total = Number(await page.locator('[data-total]').first().getAttribute('data-total'));
      for (let i = 1; i < total; i++) {
        await page.keyboard.press('ArrowLeft');
        await expectPage(page, i);
      }
      await page.keyboard.press('ArrowLeft');
      await page.getByTestId('last-page').waitFor();
      const end = await waitForLog(page, logged, 'read_end', (p) => p.get('book_id') === String(FREE_VOL2));
      // A free volume read without owning it: sakuyomiFlg 1; the ref the viewer was opened with.
      assert.equal(end.params.get('sakuyomiFlg'), '1');
      assert.equal(end.params.get('ref'), 'free_ranking_reader');
      // §8: the read end carries the hash of the page view that showed the book (the viewer's page log).
      const viewerView = await waitForLog(page, logged, 'page', (p) => (p.get('page') ?? '').startsWith(`/viewer?cid=${FREE_VOL2}`));
      assert.match(viewerView.params.get('hash') ?? '', /^[a-z0-9]{4,}$/);
      assert.equal(end.params.get('hash'), viewerView.params.get('hash'));
      await waitForLog(page, logged, 'popup_read_end', (p) => p.get('book_id') === String(FREE_VOL2));
      await shot(page, `read-end-${width}`);
      // The last page's free ranking links say where the tap was made (§9 refs).
      const freeTile = page.locator('section[aria-labelledby="viewer-free-ranking"] article a').first();
      await freeTile.scrollIntoViewIfNeeded();
      assert.match((await freeTile.getAttribute('href')) ?? '', /[?&]ref=free_ranking_reader$/);
      await freeTile.click();
      await page.waitForURL(/ref=free_ranking_reader/);
      await waitForLog(
        page,
        logged,
        'page',
        (p) => p.get('ref') === 'free_ranking_reader' && (p.get('page') ?? '').startsWith('/series_list'),
      );

      // The first page's calls go out together before any has the id (each is given one): the
      // visitor keeps the last, which every later call carries.
      const kept = (await context.cookies()).find((c) => c.name === 'hondana_gid')!.value;
      assert.equal(await end.gid, kept, 'the read end carries the id the visitor kept');
      const kinds = await eventuallyWritten(logged, written, [
        'page',
        'search',
        'read_start',
        'read_end',
        'module_view',
        'module_tap',
        'tap_section',
        'tap_result',
        'popup_read_end',
      ]);
      assert.ok(kinds.filter((k) => k === 'page').length >= 2);
      await context.close();
    });

    it('a link with manga_viewer_action=open opens the viewer on the volume or serial episode, and ref reaches the logs', async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
      const page = await context.newPage();
      const logged = recordLogs(page);
      // A series link from outside the store (§2): the named free volume opens in the viewer.
      await page.goto(`${store.url}/series_list/series_id=${SERIES}?book_id=${FREE_VOL2}&manga_viewer_action=open&ref=e2e_link`);
      await page.waitForURL(`${store.url}/viewer?cid=${FREE_VOL2}&ref=e2e_link`);
      await expectPage(page, 0);
      const start = await waitForLog(page, logged, 'read_start', (p) => p.get('book_id') === String(FREE_VOL2));
      assert.equal(start.params.get('ref'), 'e2e_link');
      await waitForLog(page, logged, 'page', (p) => p.get('ref') === 'e2e_link' && (p.get('page') ?? '').startsWith('/viewer'));
      // A volume of another title is not opened under this one: the title's first volume is.
      await page.goto(`${store.url}/series_list/series_id=${SERIES}?book_id=999999&manga_viewer_action=open`);
      await page.waitForURL(/\/viewer\?cid=\d+$/);
      await page.getByTestId('viewer').waitFor();
      // A series link whose series_id query names another title (§2) lands on that title's page, its ref kept.
      const other = await findTitle(store, '星降る街の探偵');
      await page.goto(`${store.url}/series_list/series_id=${SERIES}?series_id=${other.id}&ref=e2e_series`);
      await page.waitForURL(`${store.url}/series_list/series_id=${other.id}?ref=e2e_series`);
      await page.getByRole('heading', { level: 1, name: '星降る街の探偵' }).waitFor();
      // A serial link opens its first free episode in the episode viewer.
      await page.goto(`${store.url}/serial`);
      const serialHref = await page.locator('a[href^="/serial/detail/"]').first().getAttribute('href');
      const serialId = Number(/\/serial\/detail\/(\d+)/.exec(serialHref ?? '')?.[1]);
      assert.ok(serialId > 0, `a serial on the serial list: ${serialHref}`);
      await page.goto(`${store.url}/serial/detail/${serialId}?manga_viewer_action=open&ref=e2e_serial`);
      await page.waitForURL(/\/viewer\?serialEpisodeId=\d+&ref=e2e_serial$/);
      await page.getByTestId('viewer-stage').locator('img').first().waitFor();
      await shot(page, `deep-link-serial-${width}`);
      // Without the parameter the pages stay pages.
      await page.goto(`${store.url}/serial/detail/${serialId}`);
      await page.getByTestId('episode').first().waitFor();
      assert.match(page.url(), /\/serial\/detail\//);
      await context.close();
    });

    it('a member adding the series to my list and taking it out sends both wish list calls', async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
      const page = await context.newPage();
      await signUpMember(page, store, `tracking-${width}`);
      const logged = recordLogs(page);
      const { written } = await trackingCounts();
      await page.goto(`${store.url}/series_list/series_id=${SERIES}`);
      await page.getByRole('button', { name: /マイリストに追加/ }).click();
      await page.getByRole('button', { name: /マイリスト登録済み/ }).waitFor();
      await waitForLog(page, logged, 'add_wish_list', (p) => p.get('title_id') === String(SERIES));
      await shot(page, `wish-${width}`);
      await page.getByRole('button', { name: /マイリスト登録済み/ }).click();
      await page.getByRole('button', { name: /マイリストに追加/ }).waitFor();
      await waitForLog(page, logged, 'delete_wish_list', (p) => p.get('title_id') === String(SERIES));
      // Sharing an invitation from the inviter page: /log/post_sns with the way and the ref.
      await page.goto(`${store.url}/invitation/inviter?ref=invitation`);
      await page.getByRole('button', { name: '友達を招待する' }).click();
      if (width === 1080)
        await page.getByRole('dialog', { name: '招待リンクをコピーする' }).getByRole('button', { name: 'コピーする' }).click();
      else await page.getByRole('dialog', { name: '友達を招待する' }).getByRole('button', { name: 'コピー', exact: true }).click();
      const shared = await waitForLog(page, logged, 'post_sns');
      assert.equal(shared.params.get('sns'), 'copy');
      assert.equal(shared.params.get('ref'), 'invitation');
      await eventuallyWritten(logged, written, ['page', 'add_wish_list', 'delete_wish_list', 'post_sns']);
      await context.close();
    });
  });
}
