import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { signUpThrough } from '../support/members';
import { expectNoSidewaysScroll } from '../support/layout';
import { consoleTitle, findTitle, findVolume } from '../support/fixtures';

let store: StoreServer;
let browser: Browser;

/** 夜明けの図書館 (found by name): its series page, and its volume 1 whose description is the series' own. */
let SERIES = 0;
let VOL1 = 0;
let VOL2 = 0;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  const [vol1, vol2] = [await findVolume(store, '夜明けの図書館', 1), await findVolume(store, '夜明けの図書館', 2)];
  [SERIES, VOL1, VOL2] = [vol1.titleId, vol1.id, vol2.id];
  // Guests cannot search R18 titles: the console's title search finds it.
  R18_TITLE_ID = (await findTitle(store, '真夜中の秘密', { adult: true })).id;
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

/** The demo catalog's one R18 title, 真夜中の秘密 (found by name). */
let R18_TITLE_ID = 0;
/**
 * JavaScript shipped to the series page, gzip: 120 kB until every page's header gained the cart
 * (with the member's count) and the ranking / serial / free row; 121 kB until the merges of issue
 * 34's fixes and issue 40's lottery links (121,068 B, not yet traced to a chunk); 122 kB until
 * the §9 author cut (a chunk of its own, 752 B) and the §7 module tracking of every section
 * (+430 B in the tiles' chunk) made 122,589 B; 123 kB until the logout's fix (the page letting
 * go of its session until the header shows a guest: +56 B in the store's and the root's chunks)
 * made 123,052 B from 122,996 B; 123.5 kB since (docs/benchmarks.md).
 */
const JS_BUDGET = 123_500;

async function newPage(width = 1080): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
  // The browser records 250 resources by default: a top page's covers fill that before a series
  // page reached in the app asks for its recommendations, which `skeletonsGone` looks for.
  await context.addInitScript(() => performance.setResourceTimingBufferSize(5000));
  return context.newPage();
}

/**
 * Waits for the recommendations' skeleton (a list hidden from screen readers) to give way. It
 * stayed past 30 s in two CI runs (2026-12, at both widths once, at 1080 px once, after the free
 * ranking below it had loaded) and passed in every run of the file alone since. A reader who finds
 * a section still loading looks at it: the skeleton is brought into view after 15 s, and the file
 * says so when that is what loaded it. If it stays even then, the failure says which section and
 * what the page fetched (the page's load event gates the lazy sections' hydration; the
 * recommendations are one API call).
 */
async function skeletonsGone(page: Page): Promise<void> {
  const skeleton = page.locator('ul[aria-hidden="true"]').first();
  try {
    await skeleton.waitFor({ state: 'detached', timeout: 15_000 });
    return;
  } catch {
    // still there: looked at below
  }
  const section = await skeleton
    .evaluate((list) => list.closest('section')?.querySelector('h2')?.textContent ?? list.parentElement?.outerHTML.slice(0, 200) ?? '?')
    .catch(() => '(gone meanwhile)');
  await skeleton.scrollIntoViewIfNeeded().catch(() => {});
  try {
    await skeleton.waitFor({ state: 'detached' });
    console.log(`# the skeleton of "${section}" gave way only once scrolled into view again`);
  } catch (error) {
    const state = await page.evaluate(() => ({
      readyState: document.readyState,
      recommendations: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/api/recommend/'))
        .map((entry) => `${entry.name} ${Math.round(entry.duration)} ms ${(entry as PerformanceResourceTiming).responseStatus}`),
      slow: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.duration > 5000)
        .map((entry) => `${entry.name} ${Math.round(entry.duration)} ms`),
      resources: performance.getEntriesByType('resource').length,
    }));
    throw new Error(`the skeleton of "${section}" stayed: ${JSON.stringify(state)}`, { cause: error });
  }
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });

const signUp = (page: Page, birthDate: string) =>
  signUpThrough(page.request, store, { email: `browse-${birthDate}-${Date.now()}@example.jp`, nickname: '読書家', birthDate });

describe('a guest browsing the store', () => {
  for (const width of [375, 1080]) {
    it(`goes top → ranking → series page → author search → keyword search at ${width} px`, async () => {
      const page = await newPage(width);
      const suffix = `-${width}`;

      await page.goto(store.url);
      await page.getByRole('heading', { name: 'デイリーランキング' }).waitFor();
      await shot(page, `browse-top${suffix}`);
      await expectNoSidewaysScroll(page);
      await page.getByRole('link', { name: 'もっと見る' }).first().click();
      await page.waitForURL(`${store.url}/ranking/daily/1`);
      // The top page has a デイリーランキング heading too: wait for the ranking page's own title.
      await page.waitForFunction(() => document.title === 'デイリーランキング（総合） | 本棚');
      await page.getByRole('heading', { level: 1, name: /デイリーランキング/ }).waitFor();
      await page.getByRole('link', { name: '週間' }).click();
      await page.waitForURL(`${store.url}/ranking/weekly/1`);
      await shot(page, `browse-ranking${suffix}`);
      await expectNoSidewaysScroll(page);

      const firstTile = page.locator('article').first();
      const titleText = (await firstTile.locator('h3').innerText()).replace(/\s*\d+巻$/, '');
      // Tiles, the header and the footer link with plain anchors (components/page-link.tsx): a
      // click still navigates in the app, without loading the document again.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await firstTile.getByRole('link').click();
      await page.waitForURL(/\/series_list\/series_id=\d+$/);
      await page.getByRole('heading', { level: 1, name: titleText }).waitFor();
      assert.equal(await page.evaluate(() => 'sameDocument' in window), true, 'the tile navigated in the app');
      await page.getByRole('link', { name: '試し読み' }).waitFor();
      assert.match((await page.getByRole('link', { name: '試し読み' }).getAttribute('href')) ?? '', /^\/viewer\?cid=\d+$/);
      // The page's end (reviews, recommendations, 無料マンガランキング) loads as it nears the screen.
      // Scrolled down a screen at a time, as a person does (a jump to the end would pass over the
      // sections in between without their coming near the screen, so they would never load).
      const freeRanking = page.getByRole('heading', { name: '無料マンガランキング' });
      for (let i = 0; i < 80 && !(await freeRanking.isVisible()); i++) {
        await page.evaluate(
          () =>
            new Promise<void>((resolve) => {
              window.scrollBy(0, window.innerHeight * 0.8);
              // The sections' IntersectionObservers run with the next frames.
              requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
            }),
        );
      }
      await freeRanking.waitFor();
      const rankingTiles = page.getByRole('region', { name: '無料マンガランキング' }).locator('article');
      assert.ok((await rankingTiles.count()) > 0, 'the free ranking has tiles');
      // Issue 34 item 11: 無料マンガランキング offers free books only, each tile priced 無料.
      for (const tile of await rankingTiles.all()) {
        assert.ok(
          (await tile.getByText('無料', { exact: true }).count()) > 0,
          `a free ranking tile shows a paid book: ${await tile.innerText()}`,
        );
      }
      // Everything the browser fetches has arrived (no skeleton, no 読み込み中…) before the picture,
      // taken from the top so the sticky header stays where a reader sees it.
      await page.getByText('読み込み中…').waitFor({ state: 'detached' });
      await skeletonsGone(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForLoadState('networkidle');
      await shot(page, `browse-series${suffix}`);
      await expectNoSidewaysScroll(page);

      const author = page.getByRole('list', { name: '著者' }).getByRole('link').first();
      const authorName = await author.innerText();
      await author.click();
      await page.waitForURL(/\/search\/author\/\d+\/1$/);
      await page.getByRole('heading', { level: 1, name: `${authorName}の作品一覧` }).waitFor();
      assert.equal(await page.evaluate(() => 'sameDocument' in window), true, 'the author link navigated in the app');
      await page.getByRole('link', { name: titleText }).first().waitFor();

      // Hiragana finds the author whose reading is written in katakana (シンカイ).
      const box = page.getByRole('searchbox', { name: '作品を検索' });
      await box.fill('しんかい');
      await box.press('Enter');
      await page.waitForURL(/\/search\?word=/);
      await page.getByRole('heading', { level: 1, name: '「しんかい」の検索結果' }).waitFor();
      await page.getByRole('link', { name: '新海 遥斗' }).first().waitFor();
      await shot(page, `browse-search${suffix}`);
      await expectNoSidewaysScroll(page);

      await box.fill('存在しない作品名ゾゾゾ');
      await box.press('Enter');
      await page.getByText('「存在しない作品名ゾゾゾ」に一致する作品は見つかりませんでした。').waitFor();
      await page.context().close();
    });
  }

  it('gets titles, description and OGP of every catalog page in the HTML, before any script', async () => {
    for (const [url, title] of [
      [`/series_list/series_id=${SERIES}`, '夜明けの図書館 | 本棚'],
      [`/series_list/series_id=${SERIES}?book_id=${VOL2}`, '夜明けの図書館 2巻 | 本棚'],
      ['/ranking/daily/1', 'デイリーランキング（総合） | 本棚'],
      ['/free', '無料マンガ | 本棚'],
      [`/search?word=${encodeURIComponent('図書館')}`, '「図書館」の検索結果 | 本棚'],
    ] as const) {
      const response = await fetch(store.url + url);
      assert.equal(response.status, 200, url);
      const html = await response.text();
      assert.ok(html.includes(`<title>${title}</title>`), `${url}: <title>${title}</title>`);
      assert.match(html, /<meta name="description" content="[^"]+"/);
      assert.match(html, /<meta property="og:title" content="[^"]+"/);
    }
    const series = await (await fetch(`${store.url}/series_list/series_id=${SERIES}`)).text();
    assert.match(series, /<h1[^>]*>夜明けの図書館<\/h1>/);
    assert.match(series, /<source type="image\/webp" srcSet="[^"]*106w/);
  });

  it("shows the description once on a volume whose description is the series' own", async () => {
    // In the demo catalog, volume 1 of 夜明けの図書館 has its series' description.
    const { description } = (await (await fetch(`${store.url}/api/books/${VOL1}`)).json()) as { description: string };
    const html = await (await fetch(`${store.url}/series_list/series_id=${SERIES}?book_id=${VOL1}`)).text();
    const escaped = description
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&#x27;');
    assert.equal(html.split(`>${escaped}</p>`).length - 1, 1);
  });

  it('gets a 404 page for a missing title', async () => {
    const response = await fetch(`${store.url}/series_list/series_id=999999`);
    assert.equal(response.status, 404);
    assert.match(await response.text(), /お探しのページは見つかりませんでした/);
  });

  it(`is sent at most ${JS_BUDGET / 1000} kB (gzip) of JavaScript when the series page loads`, async () => {
    const page = await newPage(375);
    const scripts = new Set<string>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.add(r.url());
    });
    const gzipTotal = async () => {
      let total = 0;
      for (const url of scripts) total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
      return total;
    };
    await page.goto(`${store.url}/series_list/series_id=${SERIES}`, { waitUntil: 'networkidle' });
    const initial = await gzipTotal();
    // The recommendations (TanStack Query) load when their module scrolls near the viewport.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    const scrolled = await gzipTotal();
    console.log(`# series page JavaScript (gzip): ${initial} bytes on load, ${scrolled} after scrolling to the end`);
    assert.ok(initial <= JS_BUDGET, `${initial} bytes gzip on load`);
    await page.context().close();
  });
});

describe('an R18 title', () => {
  const url = () => `${store.url}/series_list/series_id=${R18_TITLE_ID}`;

  it('keeps its cover, description and volumes out of the HTML for a guest', async () => {
    const html = await (await fetch(url())).text();
    assert.match(html, /年齢確認/);
    assert.doesNotMatch(html, /真夜中の秘密/);
    assert.doesNotMatch(html, /\/media\/covers\//);
  });

  it('sends a guest who answers いいえ to the top page, and Escape does the same', async () => {
    const page = await newPage(375);
    await page.goto(url());
    const dialog = page.getByRole('dialog', { name: '年齢確認' });
    await dialog.waitFor();
    await shot(page, 'adult-gate-375');
    await dialog.getByRole('button', { name: 'いいえ' }).click();
    await page.waitForURL(`${store.url}/`);

    await page.goto(url());
    await dialog.waitFor();
    await page.waitForFunction(() => document.querySelector('dialog')?.matches(':modal'));
    await page.keyboard.press('Escape');
    await page.waitForURL(`${store.url}/`);
    await page.context().close();
  });

  it('sends a guest who answers はい to login with this page as the callback', async () => {
    const page = await newPage();
    await page.goto(url());
    await page.getByRole('dialog', { name: '年齢確認' }).getByRole('button', { name: 'はい' }).click();
    await page.waitForURL(/\/login\?callback=/);
    assert.equal(new URL(page.url()).searchParams.get('callback'), `/series_list/series_id=${R18_TITLE_ID}`);
    await page.context().close();
  });

  it('shows its content to an adult member who answers はい', async () => {
    const page = await newPage();
    await signUp(page, '1990-04-01');
    await page.goto(url());
    const dialog = page.getByRole('dialog', { name: '年齢確認' });
    await dialog.getByRole('button', { name: 'はい' }).click();
    await page.getByRole('heading', { level: 1, name: '真夜中の秘密' }).waitFor();
    assert.equal(await dialog.count(), 0);
    await shot(page, 'adult-confirmed-1080');
    await page.context().close();
  });

  /** The first volume of the R18 title, as the console lists it (guests cannot list it). */
  const r18BookId = async () => [...(await consoleTitle(store, R18_TITLE_ID)).books].sort((a, b) => a.vol - b.vol)[0]!.id;

  it('asks a guest its age in the viewer, not the failure screen, and はい goes to login and back (375 px)', async () => {
    const page = await newPage(375);
    const viewer = `/viewer?cid=${await r18BookId()}`;
    await page.goto(`${store.url}${viewer}`);
    const dialog = page.getByRole('dialog', { name: '年齢確認' });
    await dialog.waitFor();
    await shot(page, 'viewer-adult-gate-375');
    await dialog.getByRole('button', { name: 'はい' }).click();
    await page.waitForURL(/\/login\?callback=/);
    assert.equal(new URL(page.url()).searchParams.get('callback'), viewer);
    await page.context().close();
  });

  it('opens the R18 book in the viewer for an adult member once they answer はい (1080 px)', async () => {
    const page = await newPage();
    await signUp(page, '1988-02-29');
    await page.goto(`${store.url}/viewer?cid=${await r18BookId()}`);
    const dialog = page.getByRole('dialog', { name: '年齢確認' });
    await dialog.getByRole('button', { name: 'はい' }).click();
    await page.locator('[data-testid=viewer-stage] img').first().waitFor();
    assert.equal(await dialog.count(), 0);
    await shot(page, 'viewer-adult-confirmed-1080');
    await page.context().close();
  });

  it('refuses a member under 18', async () => {
    const page = await newPage(375);
    const today = new Date();
    await signUp(page, `${today.getFullYear() - 15}-01-01`);
    await page.goto(url());
    await page.getByRole('dialog', { name: '年齢確認' }).getByRole('button', { name: 'はい' }).click();
    await page.getByText('18歳未満の方はご利用いただけません。').waitFor();
    assert.doesNotMatch(await page.content(), /真夜中の秘密/);
    await page.context().close();
  });
});
