import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { newMemberPage } from '../support/members';
import { type StoreServer, grantMangaCoins, launchBrowser, screenshotDir, startStore } from '../support/server';

/**
 * まとめ買い (issue 40 item 1): on a title's series page a member with manga coins buys its first
 * volume as "the next 1", then the rest of the title in one order (with the bulk-buy bonus points); the volume they own and
 * the one not released yet are left out and said so; the bookshelf then holds every volume bought.
 */
let store: StoreServer;
let browser: Browser;
/** A demo title (not adult) with volumes on sale and one not released yet, read from the catalog the store was given. */
let title: { id: number; name: string; onSale: number; firstVol: number; total: number };

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  const db = new Database(path.join(store.dataDir, 'hondana.db'), { readonly: true });
  const now = Date.now();
  const row = db
    .prepare(
      `select titles.id, titles.name,
         sum(case when books.start_datetime <= ? and (books.end_datetime is null or books.end_datetime > ?) then 1 else 0 end) as onSale,
         min(books.vol) as firstVol, sum(books.price) as total
       from books join titles on titles.id = books.title_id
       where titles.erotic_type in (0, 1) and books.sales_status != 'STOPPED'
       group by titles.id
       having onSale >= 4 and sum(case when books.start_datetime > ? then 1 else 0 end) >= 1
       order by onSale, titles.id limit 1`,
    )
    .get(now, now, now) as typeof title | undefined;
  db.close();
  assert.ok(row, 'the demo has a title with volumes on sale and one to come');
  title = row;
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `bulk-purchase-${name}.png`), fullPage: true });
const amountOf = (text: string) => Number(/([\d,]+)マンガコイン/.exec(text)![1]!.replace(/,/g, ''));

for (const width of [375, 1080]) {
  describe(`bulk purchase at ${width} px`, () => {
    it('buys the next volume, then the rest of the title in one order; owned and unreleased volumes left out; the shelf holds them', async () => {
      const { context, page, email } = await newMemberPage(browser, store, { label: `bulk-${width}`, nickname: 'まとめ', width });
      await grantMangaCoins(store, email, title.total + 1000);
      await page.goto(`/series_list/series_id=${title.id}`);
      const section = page.locator('#bulk-buy');
      await section.getByRole('heading', { name: 'まとめ買い' }).waitFor();
      // Scrolled to, as a person does: the section's code loads as it comes near (its button works once hydrated).
      await section.scrollIntoViewIfNeeded();

      // The next 1 volume: the title's first on sale.
      await section.getByRole('button', { name: 'まとめ買いする' }).click();
      let sheet = page.getByRole('dialog', { name: 'まとめ買い' });
      await sheet.getByTestId('bulk-volumes').waitFor();
      await sheet.getByRole('spinbutton', { name: '購入する冊数' }).fill('1');
      await sheet.getByTestId('bulk-volumes').filter({ hasText: '（1冊）' }).waitFor();
      await shot(page, `next-one-${width}`);
      await sheet.getByRole('button', { name: /^まとめて購入する [\d,]+マンガコイン$/ }).click();
      await sheet.getByRole('status').filter({ hasText: '1冊を購入しました' }).waitFor();
      await sheet.getByRole('button', { name: '閉じる' }).first().click();
      await sheet.waitFor({ state: 'detached' });
      await page.waitForFunction(() => location.hash !== '#bulk');

      // The rest: all the member does not have; the owned volume and the unreleased one are named as left out.
      await section.getByRole('button', { name: 'まとめ買いする' }).click();
      sheet = page.getByRole('dialog', { name: 'まとめ買い' });
      const rest = title.onSale - 1;
      await sheet
        .getByTestId('bulk-volumes')
        .filter({ hasText: `（${rest}冊）` })
        .waitFor();
      await sheet
        .getByTestId('bulk-owned')
        .filter({ hasText: `お持ちの${title.firstVol}巻は含みません。` })
        .waitFor();
      await sheet
        .getByTestId('bulk-unreleased')
        .filter({ hasText: /未配信の.+巻は含みません/ })
        .waitFor();
      // Three volumes or more in one order: the bulk-buy point campaign's bonus is counted.
      await sheet.getByTestId('bulk-points').filter({ hasText: 'まとめ買いボーナス' }).waitFor();
      const pay = amountOf((await sheet.getByTestId('bulk-pay').textContent()) ?? '');
      const button = sheet.getByRole('button', { name: /^まとめて購入する [\d,]+マンガコイン$/ });
      assert.equal(amountOf((await button.textContent()) ?? ''), pay, 'the button says the amount the quote pays');
      await shot(page, `rest-${width}`);
      await button.click();
      await sheet
        .getByRole('status')
        .filter({ hasText: `${rest}冊を購入しました` })
        .waitFor();
      await shot(page, `done-${width}`);

      // One order for the rest: the member's purchase history holds two book orders (the first volume, the rest).
      const payments = await page.request.get('/api/order/payments?offset=0&limit=10');
      assert.equal(payments.status(), 200);
      const books = ((await payments.json()) as { payments: { kind: string; items: unknown[] }[] }).payments.filter(
        (p) => p.kind === 'BOOK',
      );
      assert.deepEqual(books.map((p) => p.items.length).sort(), [1, rest].sort());

      // The bookshelf holds every volume bought.
      await sheet.getByRole('link', { name: '本棚で読む' }).click();
      await page.waitForURL(/\/bookshelf$/);
      await page.getByRole('link', { name: `${title.name}の本を見る（${title.onSale}冊）` }).waitFor();
      await shot(page, `shelf-${width}`);
      await context.close();
    });
  });
}
