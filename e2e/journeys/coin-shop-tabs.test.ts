import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';

/** Issue 34 item 16: every payment type of the coin shop is in view (楽天ペイ was cut off at 1080 px). */

let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

for (const width of [375, 1080]) {
  describe(`the coin shop's payment tabs at ${width} px`, () => {
    it('shows every tab whole, and 楽天ペイ opens its packs', async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
      const page = await context.newPage();
      await page.goto(`${store.url}/mangacoin`);
      const tabs = page.getByRole('navigation', { name: 'お支払い方法' }).getByRole('link');
      await tabs.first().waitFor();
      const count = await tabs.count();
      assert.ok(count >= 7, `${count} tabs`);
      for (let i = 0; i < count; i += 1) {
        const box = await tabs.nth(i).boundingBox();
        const name = await tabs.nth(i).textContent();
        assert.ok(box && box.x >= 0 && box.x + box.width <= width, `${name} is whole in view: ${JSON.stringify(box)}`);
      }
      await page.screenshot({ path: path.join(screenshotDir, `coin-shop-tabs-${width}.png`) });
      await tabs.filter({ hasText: '楽天ペイ' }).click();
      await page.waitForURL(/payment_type=rakutenpay/);
      await context.close();
    });
  });
}
