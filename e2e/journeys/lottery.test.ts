import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type StoreServer, grantMangaCoins, launchBrowser, screenshotDir, startStore } from '../support/server';
import { expectPage, openViewer, signUpMember } from '../support/viewer-helpers';
import { expectNoSidewaysScroll } from '../support/layout';
import { DEMO_LOTTERY, editLotteryCampaign, findVolume } from '../support/fixtures';

/**
 * The lottery: a member finishes a free book and is told くじが1枚付与されました (once
 * that day), buys a book during the demo campaign and gets a ticket, draws on the lottery page and
 * finds the prize in the wallet. Missions show on my page.
 *
 * 夜明けの図書館: volume 2 is free in the demo catalog, volume 3 is sold (found by name).
 */
const TITLE = '夜明けの図書館';
let freeVol2: number;
let paidVol3: number;

let store: StoreServer;
let browser: Browser;
let campaignId: number;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  freeVol2 = (await findVolume(store, TITLE, 2)).id;
  paidVol3 = (await findVolume(store, TITLE, 3)).id;
  // An operator gives the 1等 (500 manga coins) all the odds in the console, so the prize the journey finds is known.
  const campaign = await editLotteryCampaign(store, DEMO_LOTTERY, (c) => ({
    boxes: c.boxes.map((b) => ({ ...b, prizes: b.prizes.map((p) => ({ ...p, odds: p.rank === 1 ? 1000 : 0 })) })),
  }));
  campaignId = campaign.id;
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `lottery-${name}.png`) });

async function readToLastPage(page: Page, bookId: number): Promise<void> {
  await openViewer(page, `${store.url}/viewer?cid=${bookId}`);
  await expectPage(page, 0);
  const total = Number(await page.locator('[data-total]').first().getAttribute('data-total'));
  for (let i = 1; i < total; i++) {
    await page.keyboard.press('ArrowLeft');
    await expectPage(page, i);
  }
  await page.keyboard.press('ArrowLeft');
  await page.getByTestId('last-page').waitFor();
}

for (const width of [375, 1080]) {
  describe(`the lottery at ${width} px`, () => {
    it('a free book read to the end gives a ticket once that day; a purchase gives another; the draw lands in the wallet', async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'ja-JP' });
      const page = await context.newPage();
      const { email } = await signUpMember(page, store, `lottery-${width}`);
      await grantMangaCoins(store, email, 5000);

      // Finishing the free volume: the §8 success snackbar with a link to draw.
      await readToLastPage(page, freeVol2);
      const granted = page.getByTestId('lottery-grant');
      await granted.getByText('くじが1枚付与されました').waitFor();
      assert.equal(await granted.getByRole('link', { name: 'くじを引く' }).getAttribute('href'), `/lottery/${campaignId}`);
      await page.waitForTimeout(400); // the snackbar's 300 ms rise (§9)
      await shot(page, `granted-${width}`);

      // Once that day: the last page again shows nothing, even with the day forgotten by the browser.
      const openLastPage = async () => {
        await page.goto(`${store.url}/viewer?cid=${freeVol2}&open_lastpage=true`);
        await page.getByTestId('last-page').waitFor();
      };
      await openLastPage();
      await page.evaluate(() => window.localStorage.clear());
      await openLastPage();
      await page.waitForTimeout(1500);
      assert.equal(await page.getByTestId('lottery-grant').count(), 0, 'the second grant of the day is silent (ALREADY_GRANT_TICKET)');

      // Buying the next volume during the campaign earns a ticket.
      const info = await (await page.request.get(`${store.url}/api/browser/bookinfo/v2?bookId=${freeVol2}`)).json();
      const price: number = info.nextVolume.price;
      const buy = page.getByRole('button', { name: `次の巻を購入する（${price.toLocaleString('ja-JP')}）` });
      await buy.click();
      const dialog = page.getByRole('dialog', { name: '購入する' });
      await dialog.getByRole('button', { name: '次へ' }).click();
      await dialog.getByRole('button', { name: /^購入する [\d,]+マンガコイン$/ }).click();
      await page.waitForURL(`${store.url}/viewer?cid=${paidVol3}`);

      // The lottery page: two tickets with their expiry, the draw, the prize.
      await page.goto(`${store.url}/lottery/${campaignId}`);
      await page.getByRole('heading', { name: '本棚 冬のくじ引きキャンペーン' }).waitFor();
      await page.getByText('使えるくじ 2枚').waitFor();
      await page
        .getByText(/^有効期限 \d{4}年/)
        .first()
        .waitFor();
      await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0));
      await shot(page, `page-${width}`);
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: 'くじを引く（残り2枚）' }).click();
      const won = page.getByTestId('lottery-won');
      const wonText = won.getByText('1等「500マンガコイン」が当たりました！');
      await wonText.waitFor();
      // Issue 34 item 14: the result is brought into view by the page, and it is announced.
      await page.waitForFunction(() => {
        const text = document.querySelector('[data-testid=lottery-won] p');
        if (!text) return false;
        const box = text.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
      assert.equal(await won.locator('xpath=ancestor::*[@aria-live="polite"]').count(), 1, 'the result sits in a live region');
      await shot(page, `won-in-view-${width}`);
      await expectNoSidewaysScroll(page);
      await page.getByText('使えるくじ 1枚').waitFor();
      await page.getByTestId('my-prizes').getByText('500マンガコイン').waitFor();
      await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0));
      await won.scrollIntoViewIfNeeded();
      await shot(page, `won-${width}`);

      // The prize is in the wallet, with its Japanese ledger line.
      await won.getByRole('link', { name: 'コイン明細を見る' }).click();
      await page.getByText('くじ「本棚 冬のくじ引きキャンペーン」500マンガコイン当選').waitFor();
      await shot(page, `wallet-${width}`);

      // My page: the missions panel.
      await page.goto(`${store.url}/mypage`);
      const missions = page.getByTestId('missions-panel');
      await missions.getByText('はじめての本棚ミッション').waitFor();
      await missions.getByText('達成報酬：くじ1枚').waitFor();
      // The purchase completed the shopping mission: its reward notice shows once.
      await missions.getByRole('status').filter({ hasText: 'ミッション達成！50ポイントをプレゼントしました' }).waitFor();
      await missions.scrollIntoViewIfNeeded();
      await shot(page, `missions-${width}`);
      await context.close();
    });
  });
}
