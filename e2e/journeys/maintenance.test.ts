import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newMemberPage } from '../support/members';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { buyBook, currentPage, imagePages } from '../support/viewer-helpers';
import { findVolume } from '../support/fixtures';
import { storeCommand } from '../support/store-command';

/**
 * The operator puts the store in maintenance with `npm run admin -- maintenance --mode M`
 * (README): under `coin` the coin shop says it is closed while a member still reads the book
 * they own; under `all` every store page is the maintenance page.
 */
/** 夜明けの図書館（3） of the demo catalog (found by name): 14 pages, a 4-page sample, not free. */
let PAID_MANGA = 0;
const SAMPLE_PAGES = 4;

let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  PAID_MANGA = (await findVolume(store, '夜明けの図書館', 3)).id;
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

/** Sets the mode as the operator does, then waits until the store reports it (within a second). */
async function maintenance(mode: string): Promise<void> {
  const { stdout } = await storeCommand(store.dataDir, 'admin.ts', ['maintenance', '--mode', mode]);
  assert.match(stdout, new RegExp(`maintenance mode set to ${mode}`));
  const deadline = Date.now() + 1000;
  for (;;) {
    const status = (await (await fetch(`${store.url}/api/common/get_status`)).json()) as { maintenanceMode: string };
    if (status.maintenanceMode === mode) return;
    assert.ok(Date.now() < deadline, `the store still reports ${status.maintenanceMode} a second after the command`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `maintenance-${name}.png`), fullPage: true });

describe('maintenance mode coin', () => {
  before(() => maintenance('coin'));
  after(() => maintenance('normal'));

  for (const width of [375, 1080]) {
    it(`at ${width} px the coin shop says purchases are closed, and the member reads the book they own past the sample`, async () => {
      const { page, email } = await newMemberPage(browser, store, {
        label: `maintenance-${width}`,
        nickname: '読書家',
        width,
        height: 800,
      });
      // The member bought the book with manga coins (the coin shop's maintenance closes coin packs, not the books).
      await buyBook(page, store, email, PAID_MANGA);

      await page.goto(`${store.url}/mangacoin`);
      const closed = page.getByTestId('coin-shop-closed');
      await closed.getByRole('heading', { name: 'ただいまマンガコインの購入はメンテナンス中です' }).waitFor();
      assert.match((await closed.textContent()) ?? '', /購入済みの作品を読むことはいつもどおり/);
      assert.equal(await page.getByRole('button', { name: '購入する' }).count(), 0, 'no coin pack can be bought');
      assert.ok(await page.getByTestId('manga-coin-balance').isVisible(), 'the balance is still shown');
      await shot(page, `coin-shop-${width}`);

      await page.goto(`${store.url}/viewer?cid=${PAID_MANGA}`);
      await page.getByTestId('viewer-stage').waitFor();
      // Right-to-left: ← turns to the next page(s); go past the sample, which only an owner may see.
      for (let i = 0; i < 8 && (await currentPage(page)) <= SAMPLE_PAGES + 1; i++) {
        await page.keyboard.press('ArrowLeft');
        await page.waitForTimeout(150);
      }
      const shown = await imagePages(page);
      assert.ok(shown.length > 0 && shown.every((p) => p > SAMPLE_PAGES), `pages beyond the sample on screen: ${shown.join(', ')}`);
      await page.waitForFunction(() => {
        const images = Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid=viewer-stage] img'));
        return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
      });
      await shot(page, `reading-${width}`);
      await page.context().close();
    });
  }
});

describe('maintenance mode all', () => {
  before(() => maintenance('all'));
  after(() => maintenance('normal'));

  for (const width of [375, 1080]) {
    it(`at ${width} px every store page is the Japanese maintenance page`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'ja-JP' });
      const page = await context.newPage();
      for (const url of ['/', `/viewer?cid=${PAID_MANGA}`, '/mangacoin']) {
        const response = await page.goto(`${store.url}${url}`);
        assert.equal(response?.status(), 503, url);
        await page.getByRole('heading', { name: 'ただいまメンテナンス中です' }).waitFor();
      }
      await shot(page, `all-${width}`);
      await context.close();
    });
  }

  it('back to normal, the coin shop sells again', async () => {
    await maintenance('normal');
    const page = await browser.newPage({ viewport: { width: 1080, height: 800 } });
    await page.goto(`${store.url}/mangacoin`);
    await page.getByRole('link', { name: 'ログインして購入' }).first().waitFor();
    assert.equal(await page.getByTestId('coin-shop-closed').count(), 0);
    await page.close();
  });
});
