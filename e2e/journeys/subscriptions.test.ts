import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { newMemberPage } from '../support/members';
import { findVolume } from '../support/fixtures';

/**
 * Manga coin subscriptions through the pages: a member subscribes by sandbox card from the coin
 * shop's teaser, sees the coins and bonus in the wallet, cancels and sees the end; a carrier
 * subscription through the sandbox's page; a guest sees the guest teaser. At 375 and 1080 px.
 */
const CARD = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', expiry: '12/39', cvc: '123' };
/** 星降る街の探偵 vol. 2 (found by name): sold at its price, for the coin appeal of a member with no coins. */
let TITLE_ID = 0;
let VOL2 = 0;

let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  const vol2 = await findVolume(store, '星降る街の探偵', 2);
  [TITLE_ID, VOL2] = [vol2.titleId, vol2.id];
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });

const newMember = async (width: number): Promise<Page> =>
  (await newMemberPage(browser, store, { label: `subs-${width}`, nickname: '定期', width })).page;

async function newGuest(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
  return context.newPage();
}

async function balance(page: Page): Promise<number> {
  const response = await page.request.get(`${store.url}/api/manga_coin/balance`);
  return ((await response.json()) as { balance: number }).balance;
}

function plan(page: Page, name: string) {
  return page.locator('[data-testid^="subscription-plan-"]').filter({ has: page.getByRole('heading', { name }) });
}

async function fillCard(page: Page, number: string) {
  const dialog = page.getByRole('dialog', { name: '定期購入のお申し込み' });
  await dialog.getByLabel('カード番号').fill(number);
  await dialog.getByLabel('有効期限（MM/YY）').fill(CARD.expiry);
  await dialog.getByLabel('セキュリティコード').fill(CARD.cvc);
  return dialog;
}

for (const width of [1080, 375]) {
  describe(`a member subscribes by card at ${width} px`, () => {
    let page: Page;
    before(async () => {
      page = await newMember(width);
    });
    after(async () => {
      await page.context().close();
    });

    it('finds the plans from the coin shop’s teaser, with the bonus percentage and the good-value appeal', async () => {
      await page.goto(`${store.url}/mangacoin`);
      const teaser = page.getByTestId('subscription-teaser');
      await teaser.filter({ hasText: '定期購入なら毎月3,000マンガコイン＋ボーナス450マンガコイン（15%お得）' }).waitFor();
      assert.equal(await teaser.getAttribute('data-mode'), 'mangaCoin');
      await shot(page, `subscriptions-shop-teaser-${width}`);
      await teaser.getByRole('link', { name: '定期購入を見る' }).click();
      await page.waitForURL(`${store.url}/mangacoin/subscription?ref=mangacoin`);
      await page
        .getByTestId('good-value-appeal')
        .filter({ hasText: 'プレミアムコースなら毎月3,000マンガコインに、ボーナス450マンガコイン（15%）' })
        .waitFor();
      await plan(page, 'スタンダードコース').getByText('毎月ボーナス +100（10%）').waitFor();
      await plan(page, 'プレミアムコース').getByText('いちばんお得').waitFor();
      await shot(page, `subscriptions-plans-${width}`);
    });

    it('is refused with a declined card and told why, granted nothing', async () => {
      await plan(page, 'スタンダードコース').getByRole('button', { name: '1,000円／月で申し込む' }).click();
      const dialog = await fillCard(page, CARD.declined);
      await dialog.getByText('今回のお届け：1,000マンガコイン＋ボーナス600マンガコイン').waitFor();
      await dialog.getByRole('button', { name: '1,000円を支払って申し込む' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'カード会社により決済が拒否されました' }).waitFor();
      await shot(page, `subscriptions-declined-${width}`);
      assert.equal(await balance(page), 0);
    });

    it('subscribes with the sandbox card and sees the plan, the next renewal and the first cycle', async () => {
      const dialog = await fillCard(page, CARD.ok);
      await dialog.getByRole('button', { name: '1,000円を支払って申し込む' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: '定期購入を開始しました。1,000マンガコインとボーナス600マンガコインをお届けしました。' })
        .waitFor();
      const current = page.getByTestId('current-subscription');
      await current.getByText('契約中', { exact: true }).waitFor();
      await current
        .getByTestId('renewal-date')
        .filter({ hasText: /^\d{4}年\d{1,2}月\d{1,2}日$/ })
        .waitFor();
      await current.getByText('クレジットカード（VISA 末尾4242）').waitFor();
      await page.getByTestId('cycle-history').getByText('1回目').waitFor();
      await page.getByTestId('cycle-history').getByText('1,000＋ボーナス600 ・ お支払い済み').waitFor();
      await plan(page, 'スタンダードコース').getByRole('button', { name: 'ご契約中' }).waitFor();
      assert.equal(await balance(page), 1600);
      await shot(page, `subscriptions-active-${width}`);
    });

    it('sees the coins and the bonus in the wallet, where the teaser no longer shows', async () => {
      await page.getByRole('link', { name: 'コイン明細で確認する' }).click();
      await page.waitForURL(`${store.url}/wallet/manga_coin`);
      await page.getByTestId('wallet-balance').filter({ hasText: '1,600' }).waitFor();
      await page.getByText('マンガコイン定期購入「スタンダードコース」1回目').waitFor();
      await page.getByText('定期購入 初回ボーナス').waitFor();
      await page.getByText('定期購入 毎月ボーナス').waitFor();
      await page.getByRole('heading', { name: '利用履歴' }).waitFor();
      assert.equal(await page.getByTestId('subscription-teaser').count(), 0);
      await shot(page, `subscriptions-wallet-${width}`);
    });

    it('cancels, and the page shows when the paid month ends; the coins stay', async () => {
      await page.goto(`${store.url}/mangacoin/subscription`);
      await page.getByTestId('current-subscription').getByRole('button', { name: '解約する' }).click();
      const confirm = page.getByRole('dialog', { name: '定期購入を解約しますか？' });
      await confirm.getByText('付与済みのマンガコインはそのままお使いいただけます。').waitFor();
      await shot(page, `subscriptions-cancel-confirm-${width}`);
      await confirm.getByRole('button', { name: '解約する' }).click();
      await page.getByRole('status').filter({ hasText: '定期購入を解約しました。' }).waitFor();
      const current = page.getByTestId('current-subscription');
      await current.getByText('解約済み', { exact: true }).waitFor();
      await current
        .getByTestId('end-date')
        .filter({ hasText: /^\d{4}年\d{1,2}月\d{1,2}日( \d{2}:\d{2})?まで（以降の更新はありません）$/ })
        .waitFor();
      assert.equal(await current.getByRole('button', { name: '解約する' }).count(), 0);
      await plan(page, 'ライトコース').getByRole('button', { name: '500円／月で申し込む' }).waitFor();
      assert.equal(await balance(page), 1600);
      await shot(page, `subscriptions-cancelled-${width}`);
    });
  });
}

describe('a carrier subscription through the sandbox’s confirmation page', () => {
  it('is ENTRY until approved on the page, then active with its coins', async () => {
    const page = await newMember(375);
    await page.goto(`${store.url}/mangacoin/subscription?ref=wallet`);
    await page.getByRole('link', { name: 'ドコモ払い' }).click();
    await page.waitForURL(/payment_type=docomo/);
    await plan(page, 'ライトコース').getByRole('button', { name: '500円／月で申し込む' }).click();
    const sheet = page.getByRole('dialog', { name: '定期購入のお申し込み' });
    await sheet.getByText('ドコモ払いの確認ページに移動します。').waitFor();
    await sheet.getByRole('button', { name: 'ドコモ払いで申し込む（500円／月）' }).click();
    await page.waitForURL(/\/sandbox\/payments\//);
    await page.getByRole('button', { name: '支払う' }).click();
    await page.waitForURL(/\/mangacoin\/subscription\?payment_type=docomo&ref=wallet&order_id=\d+&result=COMPLETE/);
    await page.getByRole('status').filter({ hasText: 'お手続きが完了し、定期購入を開始しました。' }).waitFor();
    await page.getByTestId('current-subscription').getByText('契約中', { exact: true }).waitFor();
    await page.getByTestId('current-subscription').getByText('ドコモ払い', { exact: true }).waitFor();
    assert.equal(await balance(page), 500 + 300 + 25);
    await shot(page, 'subscriptions-docomo-375');
    await page.context().close();
  });
});

describe('teasers for guests and in the coin appeal', () => {
  for (const width of [375, 1080]) {
    it(`a guest sees the guest teaser at ${width} px and is asked to log in to subscribe`, async () => {
      const page = await newGuest(width);
      await page.goto(`${store.url}/mangacoin`);
      const teaser = page.getByTestId('subscription-teaser');
      await teaser.filter({ hasText: 'マンガコインの定期購入なら毎月15%のボーナス。ログインしてお申し込みいただけます' }).waitFor();
      assert.equal(await teaser.getAttribute('data-mode'), 'guest');
      await shot(page, `subscriptions-guest-teaser-${width}`);
      await teaser.getByRole('link', { name: '定期購入を見る' }).click();
      await plan(page, 'ライトコース').getByRole('link', { name: 'ログインして申し込む' }).waitFor();
      assert.match(
        (await plan(page, 'ライトコース').getByRole('link', { name: 'ログインして申し込む' }).getAttribute('href'))!,
        /^\/login\?callback=/,
      );
      await shot(page, `subscriptions-guest-plans-${width}`);
      await page.context().close();
    });
  }

  for (const width of [375, 1080]) {
    it(`the plans are in the HTML the server sends, and the page does not ask for them again (${width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP', javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${store.url}/mangacoin/subscription?payment_type=docomo`);
      await plan(page, 'ライトコース').getByRole('link', { name: 'ログインして申し込む' }).waitFor();
      await plan(page, 'スタンダードコース').waitFor();
      await shot(page, `subscriptions-no-script-${width}`);
      await context.close();

      const withScripts = await newGuest(width);
      const asked: string[] = [];
      withScripts.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/manga_coin_sales_subscription_plans') asked.push(request.url());
      });
      await withScripts.goto(`${store.url}/mangacoin/subscription`, { waitUntil: 'networkidle' });
      await plan(withScripts, 'ライトコース').getByRole('link', { name: 'ログインして申し込む' }).waitFor();
      assert.deepEqual(asked, [], 'the plans came with the page');
      await withScripts.context().close();
    });
  }

  it('a member short of coins sees the teaser in the coin appeal of the purchase sheet', async () => {
    const page = await newMember(375);
    await page.goto(`${store.url}/series_list/series_id=${TITLE_ID}?book_id=${VOL2}`);
    await page.getByRole('button', { name: '購入する' }).click();
    const sheet = page.getByRole('dialog', { name: '購入する' });
    await sheet.getByText('マンガコインが不足しています').waitFor();
    await sheet.getByTestId('subscription-teaser').filter({ hasText: '定期購入なら毎月' }).waitFor();
    assert.equal(await sheet.getByTestId('subscription-teaser').getAttribute('data-mode'), 'mangaCoin');
    await shot(page, 'subscriptions-coin-appeal-375');
    await page.context().close();
  });
});
