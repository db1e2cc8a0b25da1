import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newMemberPage } from '../support/members';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';

/**
 * The coin shop round trip (§7 /pcb and /cb, decision 028): a member short of coins on a volume
 * page goes to the shop, buys a pack, is offered 元のページに戻る and buys the volume with coins.
 */

/** 星降る街の探偵 (title 3): volume 2 (book 14) is sold for 638 coins in the demo catalog. */
const TITLE_ID = 3;
const VOL2 = 14;
/** Demo coin pack 3: 1,000 + 50 bonus. */
const PACK_1000 = 3;
const CARD = { ok: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

async function newMember(width: number): Promise<Page> {
  return (await newMemberPage(browser, store, { label: `coin-return-${width}`, nickname: '往復', width })).page;
}

async function balance(page: Page): Promise<number> {
  const response = await page.request.get(`${store.url}/api/manga_coin/balance`);
  assert.equal(response.status(), 200);
  return ((await response.json()) as { balance: number }).balance;
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });

for (const width of [375, 1080]) {
  describe(`the coin shop round trip at ${width} px`, () => {
    it('takes a member short of coins from the volume page to the shop and back to buy the volume', async () => {
      const page = await newMember(width);
      const volumePath = `/series_list/series_id=${TITLE_ID}?book_id=${VOL2}`;
      await page.goto(`${store.url}${volumePath}`);
      await page.getByRole('button', { name: '購入する' }).click();
      const dialog = page.getByRole('dialog', { name: '購入する' });
      await dialog.getByText('マンガコインが不足しています').waitFor();
      await dialog.getByRole('button', { name: '次へ' }).click();
      await dialog.getByText('マンガコインが足りません。追加しますか？').waitFor();
      await dialog.getByRole('link', { name: 'コインを追加' }).click();
      await page.waitForURL(`${store.url}/mangacoin?ref=pcb`);

      // Buy the 1,000 + 50 pack with the sandbox card.
      await page.getByTestId(`coin-pack-${PACK_1000}`).getByRole('button').click();
      const sheet = page.getByRole('dialog', { name: 'マンガコインを購入' });
      await sheet.getByLabel('カード番号').fill(CARD.ok);
      await sheet.getByLabel('有効期限（MM/YY）').fill(CARD.expiry);
      await sheet.getByLabel('セキュリティコード').fill(CARD.cvc);
      await sheet.getByRole('button', { name: /円を支払う$/ }).click();

      // The shop asks /cb: the pack bought, the balance now and the way back to the volume page.
      const result = page.getByTestId('coin-return');
      await result.getByRole('heading', { name: 'マンガコインの購入が完了しました' }).waitFor();
      await result.getByText('1,000マンガコイン（ボーナス50マンガコイン）を購入しました。').waitFor();
      assert.equal(await balance(page), 1050);
      await result.getByText('現在の所持マンガコイン：1,050').waitFor();
      const back = result.getByRole('link', { name: '元のページに戻る' });
      assert.equal(await back.getAttribute('href'), volumePath);
      await shot(page, `coin-return-shop-${width}`);

      // Back on the volume page, the coins now cover the price.
      await back.click();
      await page.waitForURL(`${store.url}${volumePath}`);
      await page.getByRole('button', { name: '購入する' }).click();
      await dialog.getByRole('button', { name: '次へ' }).click();
      await dialog.getByRole('button', { name: '購入する 638マンガコイン', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /マンガコインを.+使用しました/ })
        .waitFor();
      await page.getByTestId('buy-box').getByRole('link', { name: '読む' }).waitFor();
      assert.equal(await balance(page), 1050 - 638);
      await shot(page, `coin-return-bought-${width}`);

      const again = await (await page.request.get(`${store.url}/api/manga_coin/cb`)).json();
      assert.equal(again.results.path, null, 'the kept page was handed out once');
      await page.context().close();
    });
  });
}

describe('the round trip through a carrier payment', () => {
  it('keeps the way back across the sandbox confirmation page', async () => {
    const page = await newMember(375);
    const volumePath = `/series_list/series_id=${TITLE_ID}?book_id=${VOL2}`;
    await page.goto(`${store.url}${volumePath}`);
    await page.getByRole('button', { name: '購入する' }).click();
    const dialog = page.getByRole('dialog', { name: '購入する' });
    await dialog.getByRole('button', { name: '次へ' }).click();
    await dialog.getByRole('link', { name: 'コインを追加' }).click();
    await page.waitForURL(`${store.url}/mangacoin?ref=pcb`);
    await page.getByRole('link', { name: 'PayPay', exact: true }).click();
    await page.waitForURL(`${store.url}/mangacoin?payment_type=paypay&ref=pcb`);
    await page.getByTestId(`coin-pack-${PACK_1000}`).getByRole('button').click();
    await page.getByRole('button', { name: 'PayPayで支払う' }).click();
    await page.waitForURL(/\/sandbox\/payments\//);
    await page.getByRole('button', { name: '支払う' }).click();
    await page.waitForURL(/\/mangacoin\?ref=pcb&order_id=\d+&result=COMPLETE/);
    const back = page.getByTestId('coin-return').getByRole('link', { name: '元のページに戻る' });
    assert.equal(await back.getAttribute('href'), volumePath);
    await page.getByTestId('coin-return').getByText('現在の所持マンガコイン：1,050').waitFor();
    await page.context().close();
  });
});
