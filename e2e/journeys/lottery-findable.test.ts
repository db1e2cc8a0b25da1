import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newMemberPage } from '../support/members';
import { type StoreServer, grantMangaCoins, launchBrowser, screenshotDir, startStore } from '../support/server';
import { expectNoSidewaysScroll } from '../support/layout';

/**
 * Issue 40 item 4, the lottery easy to find: the top page links the running campaign; a volume
 * bought during it says くじを1枚獲得しました with a link to draw; my page links the campaign and
 * the member's tickets with their expiry (`/lottery`).
 */
const CAMPAIGN = '本棚 冬のくじ引きキャンペーン';
const TITLE = '星降る街の探偵';

let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `lottery-findable-${name}.png`) });

for (const width of [375, 1080]) {
  describe(`the lottery, found as a member finds it, at ${width} px`, () => {
    it('top page → the campaign; a purchase says its ticket and links the draw; my page → the tickets with their expiry', async () => {
      const { context, page, email } = await newMemberPage(browser, store, { label: `lottery-find-${width}`, nickname: 'くじ好き', width });
      try {
        await grantMangaCoins(store, email, 5000);

        // The top page names the running campaign and links its page.
        await page.goto('/');
        const running = page.getByTestId('running-lotteries').getByRole('link', { name: new RegExp(CAMPAIGN) });
        await running.waitFor();
        await running.scrollIntoViewIfNeeded();
        await shot(page, `top-${width}`);
        await expectNoSidewaysScroll(page);
        await running.click();
        await page.waitForURL(/\/lottery\/\d+$/);
        const campaignPath = new URL(page.url()).pathname;
        await page.getByRole('heading', { name: CAMPAIGN }).waitFor();
        await page.getByText('使えるくじはありません').waitFor();

        // A volume bought during the campaign: its result says the ticket, with the way to draw.
        await page.goto(`/search?word=${encodeURIComponent(TITLE)}`);
        await page.getByRole('link', { name: TITLE }).first().click();
        await page.waitForURL(/\/series_list\//);
        // Volume 1 is free in the demo; the member opens volume 2 from the list of volumes.
        await page
          .getByRole('link', { name: new RegExp(`${TITLE} 2巻`) })
          .first()
          .click();
        await page.waitForURL(/book_id=\d+/);
        const box = page.getByTestId('buy-box');
        await box.getByRole('button', { name: '購入する' }).click();
        const sheet = page.getByRole('dialog', { name: '購入する' });
        await sheet.getByRole('button', { name: '次へ' }).click();
        await sheet.getByRole('button', { name: /^購入する [\d,]+マンガコイン$/ }).click();
        const earned = box.getByTestId('lottery-earned');
        await earned.getByText('このお買い物でくじを1枚獲得しました').waitFor();
        await box.getByRole('link', { name: '読む' }).waitFor();
        await earned.scrollIntoViewIfNeeded();
        await shot(page, `earned-${width}`);
        await expectNoSidewaysScroll(page);
        await earned.getByRole('link', { name: 'くじを引く' }).click();
        await page.waitForURL(`**${campaignPath}`);
        await page.getByText('使えるくじ 1枚').waitFor();

        // The next volume through the cart: its result says the second ticket, with the way to draw.
        await page.goBack();
        await page
          .getByRole('link', { name: new RegExp(`${TITLE} 3巻`) })
          .first()
          .click();
        await page.waitForURL(/book_id=\d+/);
        await page.getByRole('button', { name: 'カートに追加' }).click();
        await page.getByRole('status').filter({ hasText: 'カートに追加しました' }).waitFor();
        await page
          .getByRole('link', { name: /カート/ })
          .first()
          .click();
        await page.waitForURL('**/cart');
        await page.getByRole('button', { name: /^購入する [\d,]+マンガコイン$/ }).click();
        await page.getByText('購入が完了しました').waitFor();
        const fromCart = page.getByTestId('lottery-earned');
        await fromCart.getByText('このお買い物でくじを1枚獲得しました').waitFor();
        await fromCart.scrollIntoViewIfNeeded();
        await shot(page, `cart-earned-${width}`);
        await expectNoSidewaysScroll(page);
        assert.equal(await fromCart.getByRole('link', { name: 'くじを引く' }).getAttribute('href'), campaignPath);

        // My page: the running campaign, and the tickets with their expiry.
        await page.goto('/mypage');
        const mine = page.getByTestId('running-lotteries');
        assert.equal(await mine.getByRole('link', { name: new RegExp(CAMPAIGN) }).getAttribute('href'), campaignPath);
        await mine.scrollIntoViewIfNeeded();
        await shot(page, `mypage-${width}`);
        await mine.getByRole('link', { name: 'あなたのくじと有効期限' }).click();
        await page.waitForURL('**/lottery');
        await page.getByRole('heading', { name: '開催中のくじ引きキャンペーン' }).waitFor();
        const tickets = page.getByTestId('lottery-index-tickets');
        await tickets.getByText('使えるくじ 2枚').waitFor();
        await tickets
          .getByText(/^有効期限 \d{4}年/)
          .first()
          .waitFor();
        assert.equal(await tickets.getByRole('link', { name: CAMPAIGN }).first().getAttribute('href'), campaignPath);
        await shot(page, `tickets-${width}`);
        await expectNoSidewaysScroll(page);
      } finally {
        await context.close();
      }
    });
  });
}

describe('the lottery list for a guest', () => {
  it('lists the running campaign and asks to log in for the tickets', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, locale: 'ja-JP', baseURL: store.url });
    const page = await context.newPage();
    try {
      await page.goto('/lottery');
      await page.getByRole('link', { name: CAMPAIGN }).waitFor();
      await page.getByRole('link', { name: 'ログインすると、あなたのくじと有効期限が見られます' }).waitFor();
      await shot(page, 'guest-375');
      await expectNoSidewaysScroll(page);
    } finally {
      await context.close();
    }
  });
});

for (const width of [375, 1080]) {
  describe(`the lottery pages without scripts at ${width} px`, () => {
    it('the HTML the server sends lists the running campaign, its ticket rules and prizes, and a wrong id is a 404', async () => {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        locale: 'ja-JP',
        baseURL: store.url,
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      try {
        await page.goto('/lottery');
        const link = page.getByRole('link', { name: CAMPAIGN });
        await link.waitFor();
        await page.getByRole('link', { name: 'ログインすると、あなたのくじと有効期限が見られます' }).waitFor();
        const campaignPath = await link.getAttribute('href');
        assert.match(campaignPath ?? '', /^\/lottery\/\d+$/);
        await page.goto(campaignPath!);
        await page.getByRole('heading', { name: CAMPAIGN }).waitFor();
        await page.getByText('くじのもらい方').waitFor();
        await page.getByText(/^1等/).first().waitFor();
        assert.equal(await page.getByText('読み込み中…').count(), 0, 'nothing waits for a script');
        await shot(page, `no-script-${width}`);
        const missing = await page.goto('/lottery/999999');
        assert.equal(missing?.status(), 404);
      } finally {
        await context.close();
      }
    });

    it('with scripts, the page does not ask the server again for the campaigns it was sent', async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP', baseURL: store.url });
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/lottery/campaigns' || url.pathname === '/api/lottery/campaign') asked.push(url.pathname);
      });
      try {
        await page.goto('/lottery', { waitUntil: 'networkidle' });
        await page.getByRole('link', { name: CAMPAIGN }).click();
        await page.getByRole('heading', { name: CAMPAIGN }).waitFor();
        await page.waitForLoadState('networkidle');
        assert.deepEqual(asked, []);
      } finally {
        await context.close();
      }
    });
  });
}
