import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { expectPage } from '../support/viewer-helpers';

/**
 * Issue 34 item 8: a serial episode is read as a book is (§2): a click in a margin turns the page
 * in the reading direction (right to left: the left margin is next), a click in the centre shows
 * or hides the header and footer, whose slider and 設定 work; browser back closes 設定 first.
 * Episodes keep no bookmarks (the server keeps them per book), so the footer offers none.
 */
let store: StoreServer;
let browser: Browser;
let mangaEpisode = 0;
let webtoonEpisode = 0;

/** The first episode of the serial of the title named `name`. */
async function firstEpisode(name: string): Promise<number> {
  const search = await fetch(`${store.url}/api/lottery/search/title?word=${encodeURIComponent(name)}`);
  const title = ((await search.json()) as { titles: { id: number; name: string }[] }).titles.find((t) => t.name === name);
  assert.ok(title, `${name} is in the catalog`);
  const serials = (await (await fetch(`${store.url}/api/serials/by_title/${title.id}`)).json()) as { serials: { id: number }[] };
  const serial = serials.serials[0];
  assert.ok(serial, `${name} has a serial`);
  const list = await fetch(`${store.url}/api/serial_episodes?serial_id=${serial.id}&limit=100`);
  const { episodes } = (await list.json()) as { episodes: { id: number; orderSequence: number }[] };
  return episodes.find((e) => e.orderSequence === 1)!.id;
}

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  mangaEpisode = await firstEpisode('夜明けの図書館');
  webtoonEpisode = await firstEpisode('異界ギルドの新人受付嬢');
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `viewer-episode-${name}.png`) });

/** Clicks the stage at a fraction of its width, half way down. */
async function clickAt(page: Page, fraction: number): Promise<void> {
  const box = (await page.getByTestId('viewer-stage').boundingBox())!;
  await page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
}

const footer = (page: Page) => page.locator('footer[aria-hidden=false]');

for (const width of [1080, 375]) {
  describe(`a serial episode at ${width} px`, () => {
    it('turns pages with clicks in the margins, shows the menu on a centre click, with the slider and 設定', async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
      const page = await context.newPage();
      await page.goto(`${store.url}/`);
      await page.goto(`${store.url}/viewer?serialEpisodeId=${mangaEpisode}`);
      await expectPage(page, 0);
      // The menu shows on opening and hides by itself.
      await page.locator('footer[aria-hidden=true]').waitFor();

      // Right to left: the left margin goes forward, the right margin back, outside the page image too.
      await clickAt(page, 0.03);
      await expectPage(page, 1);
      await clickAt(page, 0.03);
      await expectPage(page, 2);
      await clickAt(page, 0.97);
      await expectPage(page, 1);
      const total = Number(await page.locator('[data-total]').first().getAttribute('data-total'));
      assert.ok(total > 4, `the episode has ${total} pages`);

      // The centre shows the menu and turns no page.
      await clickAt(page, 0.5);
      await footer(page).waitFor();
      await expectPage(page, 1);
      assert.equal(await page.getByTestId('page-indicator').textContent(), `2 / ${total}`);
      assert.equal(await page.getByRole('button', { name: 'しおりを追加' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'マイリストに追加' }).count(), 0);
      await shot(page, `menu-${width}`);

      // The slider is mirrored (its left end is the last page): page 4 is value total − 4.
      await page.getByTestId('page-slider').fill(String(total - 4));
      await expectPage(page, 3);

      // 設定, then browser back closes it and stays on the page.
      await footer(page).dispatchEvent('pointerdown');
      await page.getByRole('button', { name: '設定' }).click();
      const settings = page.getByRole('dialog', { name: '設定' });
      await settings.getByRole('group', { name: 'タップでページ送り' }).waitFor();
      // 見開き表示 on (a desktop's default; a phone starts with it off) says why one page shows.
      const spread = settings.getByRole('group', { name: '見開き表示' });
      await spread.getByRole('button', { name: 'オン' }).click();
      assert.equal(await spread.getByRole('button', { name: 'オン' }).getAttribute('aria-pressed'), 'true');
      await spread.getByText('ウィンドウの幅が足りないため、1ページずつ表示しています。').waitFor();
      await shot(page, `settings-${width}`);
      await page.goBack();
      await settings.waitFor({ state: 'detached' });
      assert.equal(new URL(page.url()).pathname, '/viewer');
      await expectPage(page, 3);

      // Past the last page: the loading modal, then the serial's last page.
      await page.getByTestId('page-slider').fill('0');
      await expectPage(page, total - 1);
      await clickAt(page, 0.03);
      await page.getByTestId('serial-last-page').waitFor();
      await shot(page, `last-page-${width}`);
      await context.close();
    });

    it('scrolls a webtoon episode, with the menu on a tap', async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
      const page = await context.newPage();
      await page.goto(`${store.url}/viewer?serialEpisodeId=${webtoonEpisode}`);
      await expectPage(page, 0);
      await page.locator('[data-kind=webtoon]').waitFor();
      await page.keyboard.press('ArrowDown');
      await expectPage(page, 1);
      await page.locator('footer[aria-hidden=true]').waitFor();
      await clickAt(page, 0.5);
      await footer(page).waitFor();
      await shot(page, `webtoon-${width}`);
      await context.close();
    });
  });
}
