import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type StoreServer, grantMangaCoins, launchBrowser, screenshotDir, startStore } from '../support/server';
import { signUpThrough } from '../support/members';
import { createPointCampaign, findVolume } from '../support/fixtures';

/** 星降る街の探偵's volume 3 in the demo catalog, on sale (found by name). */
const TITLE = '星降る街の探偵';
let titleId = 0;
let vol3 = 0;
const CAMPAIGN = '3巻 還元キャンペーン';

let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  const volume = await findVolume(store, TITLE, 3);
  [titleId, vol3] = [volume.titleId, volume.id];
  // The operator's point campaign, made in the console: 20% back on volume 3.
  await createPointCampaign(store, { type: 'book', name: CAMPAIGN, rate: 20, point: 0, expireDays: 90, bookId: vol3 });
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
const yen = (n: number) => n.toLocaleString('ja-JP');

async function newPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
  return context.newPage();
}

async function signUp(page: Page, width: number): Promise<string> {
  const email = `points-${width}-${Date.now()}@example.jp`;
  await signUpThrough(page.request, store, { email, nickname: '還元' });
  return email;
}

for (const width of [375, 1080]) {
  describe(`a book under a point campaign, and the order history, at ${width} px`, () => {
    it('a guest sees the 即時還元 badge with the coins on the volume tile', async () => {
      const page = await newPage(width);
      const guest = await (await page.request.get(`${store.url}/api/books/${vol3}`)).json();
      const refund: number = guest.pointCampaign.totalPoint;
      assert.ok(
        guest.pointCampaign.list.some((l: { name: string }) => l.name === CAMPAIGN),
        'the campaign is in bookinfo',
      );
      await page.goto(`${store.url}/series_list/series_id=${titleId}`);
      const tile = page
        .locator('article')
        .filter({ hasText: '即時還元' })
        .filter({ hasText: `${yen(refund)}pt` });
      await tile.first().waitFor();
      await tile.first().scrollIntoViewIfNeeded();
      await shot(page, `points-tile-${width}`);
      await page.context().close();
    });

    it('a member sees the point breakdown before buying, buys, and reads each order status in Japanese', async () => {
      const page = await newPage(width);
      const email = await signUp(page, width);
      await grantMangaCoins(store, email, 5000);
      const mine = await (await page.request.get(`${store.url}/api/books/${vol3}`)).json();
      await page.goto(`${store.url}/series_list/series_id=${titleId}?book_id=${vol3}`);
      // the volume's point total: basic, first purchase and the campaign
      await page
        .getByText(`${yen(mine.pointTotal)}pt還元`)
        .first()
        .waitFor();
      await page.getByRole('button', { name: '購入する' }).click();
      const dialog = page.getByRole('dialog', { name: '購入する' });
      await dialog.getByRole('button', { name: /ポイント内訳/ }).click();
      const breakdown = dialog.getByRole('region', { name: '獲得予定ポイント' });
      await breakdown.getByText(CAMPAIGN).waitFor();
      await breakdown.getByText('初回購入ボーナス').waitFor();
      await dialog.getByText(`合計 ${yen(mine.pointCampaign.totalPoint)}pt`).waitFor();
      await page.screenshot({ path: path.join(screenshotDir, `points-breakdown-${width}.png`) });
      await dialog.getByRole('button', { name: '次へ' }).click();
      await dialog.getByRole('button', { name: /^購入する .+マンガコイン$/ }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /マンガコインを.+使用しました/ })
        .waitFor();

      // A carrier coin pack whose purchase result comes back failed (the sandbox's carrier page).
      const token = (await (await page.request.get(`${store.url}/api/manga_coin/purchase/create_token`)).json()).status.token;
      const items = (await (await page.request.get(`${store.url}/api/manga_coin/items/v3?payment_type=paypay`)).json()).items;
      const started = await (
        await page.request.post(`${store.url}/api/manga_coin/purchase?token=${token}`, {
          data: { itemId: items[0].id, paymentType: 'paypay' },
        })
      ).json();
      await page.goto(`${store.url}${started.confirmUrl}`);
      await page.getByRole('button', { name: '支払い後に決済結果エラーを返す（テスト）' }).click();
      await page.waitForURL(/result=PURCHASE_RESULT_ERROR/);
      await page.getByRole('alert').filter({ hasText: '決済会社から購入結果のエラーが返されました' }).waitFor();
      // A declined card.
      const token2 = (await (await page.request.get(`${store.url}/api/manga_coin/purchase/create_token`)).json()).status.token;
      const card = (await (await page.request.get(`${store.url}/api/manga_coin/items/v3?payment_type=creditcard`)).json()).items[0];
      // The card goes to the sandbox's card endpoint (as the card fields do); the store gets its id.
      const { cardId } = await (
        await page.request.post(`${store.url}/sandbox/cards`, { data: { number: '4000000000000002', expiry: '12/39', cvc: '123' } })
      ).json();
      const declined = await page.request.post(`${store.url}/api/manga_coin/purchase?token=${token2}`, {
        data: { itemId: card.id, paymentType: 'creditcard', cardId },
      });
      assert.equal((await declined.json()).errorCode, 'DECLINED_CARD');

      await page.goto(`${store.url}/order/payments`);
      const row = (id: number) => page.getByTestId(`payment-${id}`);
      await row(started.orderId).getByText('購入エラー').waitFor();
      await page.getByText('決済エラー').first().waitFor();
      await page.getByText('完了', { exact: true }).first().waitFor();
      const body = await page.locator('main').innerText();
      for (const code of ['PURCHASE_RESULT_ERROR', 'PAYMENT_ERROR', 'COMPLETE'])
        assert.ok(!body.includes(code), `no status code ${code} reaches the member`);
      await page.screenshot({ path: path.join(screenshotDir, `order-statuses-${width}.png`), fullPage: true });
      await page.context().close();
    });
  });
}
