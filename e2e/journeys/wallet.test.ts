import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newMemberPage } from '../support/members';
import { type StoreServer, grant, launchBrowser, screenshotDir, startStore } from '../support/server';

/** 星降る街の探偵 (title 3): volumes 2 and 3 (books 14 and 15) are sold at their price in the demo catalog. */
const TITLE_ID = 3;
const VOL2 = 14;
const VOL3 = 15;
/** Demo coin packs: id 3 is 1,000 + 50 bonus, id 4 is 3,000 + 300 bonus (either covers a 638-coin volume). */
const PACK_1000 = 3;
const PACK_3000 = 4;
const CARD = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', expiry: '12/39', cvc: '123' };

let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

let email = '';
async function newMember(width: number): Promise<Page> {
  const member = await newMemberPage(browser, store, { label: `wallet-${width}`, nickname: '財布', width });
  email = member.email;
  return member.page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });

async function balance(page: Page): Promise<number> {
  const response = await page.request.get(`${store.url}/api/manga_coin/balance`);
  assert.equal(response.status(), 200);
  return ((await response.json()) as { balance: number }).balance;
}

async function payByCard(page: Page, number: string) {
  await page.getByLabel('カード番号').fill(number);
  await page.getByLabel('有効期限（MM/YY）').fill(CARD.expiry);
  await page.getByLabel('セキュリティコード').fill(CARD.cvc);
  await page.getByRole('button', { name: /円を支払う$/ }).click();
}

async function openCheckout(page: Page, url: string, packId: number) {
  await page.goto(url);
  await page.getByTestId(`coin-pack-${packId}`).getByRole('button').click();
  await page.getByRole('heading', { name: /マンガコイン（.+円）を購入/ }).waitFor();
}

describe('a new member with the sandbox card', () => {
  let page: Page;
  before(async () => {
    page = await newMember(1080);
  });
  after(async () => {
    await page.context().close();
  });

  it('is refused with a declined card, told why, and granted nothing', async () => {
    await openCheckout(page, `${store.url}/mangacoin`, PACK_1000);
    await page.getByText('サンドボックス（テスト環境）').waitFor();
    await payByCard(page, CARD.declined);
    await page.getByRole('alert').filter({ hasText: 'カード会社により決済が拒否されました' }).waitFor();
    await shot(page, 'wallet-declined-1080');
    assert.equal(await balance(page), 0);
  });

  it('buys a coin pack and sees the balance, the card going to the sandbox and never to the store', async () => {
    const sent: { url: string; body: string }[] = [];
    const record = (request: { url(): string; method(): string; postData(): string | null }) => {
      if (request.method() === 'POST') sent.push({ url: new URL(request.url()).pathname, body: request.postData() ?? '' });
    };
    page.on('request', record);
    await payByCard(page, CARD.ok);
    await page.getByRole('status').filter({ hasText: 'マンガコインを購入しました' }).waitFor();
    page.off('request', record);
    // The card fields post the card to the provider's endpoint; the store's API gets its id only.
    assert.ok(
      sent.some((r) => r.url === '/sandbox/cards' && r.body.includes('"number"')),
      JSON.stringify(sent),
    );
    const purchase = sent.find((r) => r.url === '/api/manga_coin/purchase');
    assert.match(purchase?.body ?? '', /"cardId":"card_/);
    for (const r of sent.filter((r) => r.url.startsWith('/api/'))) assert.doesNotMatch(r.body, /4242|"cvc"|"number"/, r.url);
    const held = await balance(page);
    assert.ok(held > 0, `balance after the pack: ${held}`);
    await page
      .getByTestId('manga-coin-balance')
      .filter({ hasText: held.toLocaleString('ja-JP') })
      .waitFor();
    await shot(page, 'wallet-shop-1080');
  });

  it('buys volume 2 from its volume page and then owns it', async () => {
    const before = await balance(page);
    await page.goto(`${store.url}/series_list/series_id=${TITLE_ID}?book_id=${VOL2}`);
    // Before buying: a sample to read and the cart to add to.
    await page.getByRole('link', { name: '試し読み' }).waitFor();
    await page.getByRole('button', { name: 'カートに追加' }).waitFor();
    await page.getByRole('button', { name: '購入する' }).click();
    const dialog = page.getByRole('dialog', { name: '購入する' });
    await dialog
      .getByText(/所持マンガコイン/)
      .first()
      .waitFor();
    // Viewport shots while the dialog is open: a full-page shot grows the viewport, which loads the
    // page's lazy sections and re-renders the buy box under the dialog (noted as an open defect).
    await page.screenshot({ path: path.join(screenshotDir, 'wallet-selector-1080.png') });
    await dialog.getByRole('button', { name: '次へ' }).click();
    // The confirm button says what it does and what it spends, never 読む.
    assert.equal(await dialog.getByRole('button', { name: '読む' }).count(), 0);
    await page.screenshot({ path: path.join(screenshotDir, 'wallet-confirm-1080.png') });
    await dialog.getByRole('button', { name: '購入する 638マンガコイン', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /マンガコインを.+使用しました/ })
      .waitFor();
    const read = page.getByTestId('buy-box').getByRole('link', { name: '読む' });
    await read.waitFor();
    assert.equal(await read.getAttribute('href'), `/viewer?cid=${VOL2}`);
    await page.getByText('購入済み').waitFor();
    // Owned: no sample and no cart button any more (once the page's data reloads).
    await page.getByRole('link', { name: '試し読み' }).waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('button', { name: 'カートに追加' }).count(), 0);
    assert.ok((await balance(page)) < before, 'the price was spent');
    await shot(page, 'wallet-owned-1080');
    // The bought volume opens in the viewer with every page readable.
    const viewer = await page.request.get(`${store.url}/viewer?cid=${VOL2}`);
    assert.equal(viewer.status(), 200);
    const info = await page.request.get(`${store.url}/api/browser/bookinfo/v2?bookId=${VOL2}`);
    assert.equal(((await info.json()) as { book_data: { fullAccess: boolean } }).book_data.fullAccess, true, 'every page is readable');
    await read.click();
    await page.waitForURL(new RegExp(`/viewer\\?cid=${VOL2}`));
    await shot(page, 'wallet-viewer-1080');
  });

  it('lists the orders and the ledger', async () => {
    await page.goto(`${store.url}/order/payments`);
    await page.getByText('星降る街の探偵').waitFor();
    await page
      .getByText(/マンガコイン .+（ボーナス/)
      .first()
      .waitFor();
    // Each amount in its unit (issue 34 item 4): the packs paid by card in yen, the volume in manga coins.
    const volumeRow = page.locator('li', { hasText: '星降る街の探偵' }).first();
    assert.match((await volumeRow.textContent()) ?? '', /[\d,]+マンガコイン/);
    const packRow = page.locator('li', { hasText: /マンガコイン .+（ボーナス/ }).first();
    assert.match((await packRow.textContent()) ?? '', /[\d,]+円/);
    assert.doesNotMatch((await page.locator('main').innerText()) ?? '', /\dコイン/);
    await shot(page, 'wallet-payments-1080');
    await grant(store, email, 'POINT', 37);
    await page.goto(`${store.url}/wallet/manga_coin`);
    await page.getByTestId('wallet-balance').waitFor();
    await page.getByRole('heading', { name: '利用履歴' }).waitFor();
    // The manga-coin statement shows manga coins only; points have their own list, in pt (issue 34 item 5).
    const coins = page.getByTestId('history-manga_coin');
    assert.doesNotMatch((await coins.textContent()) ?? '', /pt/);
    assert.match((await coins.textContent()) ?? '', /マンガコイン/);
    await page.getByTestId('history-point').getByText('+37pt').waitFor();
    await shot(page, 'wallet-ledger-1080');
  });

  it('reaches the shop and wallet from my page, and the 資金決済法 disclosure from the shop', async () => {
    await page.goto(`${store.url}/mypage`);
    await page.getByRole('link', { name: 'コイン明細' }).click();
    await page.waitForURL(`${store.url}/wallet/manga_coin`);
    await page.getByRole('link', { name: 'マンガコインを購入' }).click();
    await page.waitForURL(`${store.url}/mangacoin`);
    await page.getByRole('link', { name: '資金決済法に基づく表示' }).click();
    await page.waitForURL(`${store.url}/law/payment_services`);
    await page.getByText('前払式支払手段の名称', { exact: true }).waitFor();
    await page.getByText('有効期間', { exact: true }).waitFor();
    await shot(page, 'wallet-law-1080');
  });
});

for (const width of [320, 375]) {
  describe(`the coin shop's card form on a ${width} px phone`, () => {
    it('opens in view as a bottom sheet, fits the screen and pays', async () => {
      const page = await newMember(width);
      await page.setViewportSize({ width, height: 700 });
      await openCheckout(page, `${store.url}/mangacoin`, PACK_1000);
      const sheet = page.getByRole('dialog', { name: 'マンガコインを購入' });
      const pay = sheet.getByRole('button', { name: /円を支払う$/ });
      await sheet.getByLabel('カード番号').fill(CARD.ok);
      await sheet.getByLabel('有効期限（MM/YY）').fill(CARD.expiry);
      await sheet.getByLabel('セキュリティコード').fill(CARD.cvc);
      await pay.scrollIntoViewIfNeeded();
      // Nothing wider than the phone, and the pay button inside the sheet and the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page overflows by ${overflow} px`);
      const [box, sheetBox] = [(await pay.boundingBox())!, (await sheet.boundingBox())!];
      assert.ok(
        box.x >= sheetBox.x && box.x + box.width <= sheetBox.x + sheetBox.width && box.x + box.width <= width,
        JSON.stringify({ box, sheetBox }),
      );
      assert.ok(box.y >= 0 && box.y + box.height <= 700, `pay button in view: ${JSON.stringify(box)}`);
      await page.screenshot({ path: path.join(screenshotDir, `wallet-card-sheet-${width}.png`) });
      await pay.click();
      await page.getByRole('status').filter({ hasText: 'マンガコインを購入しました' }).waitFor();
      assert.ok((await balance(page)) > 0);
      await shot(page, `wallet-card-paid-${width}`);
      await page.context().close();
    });
  });
}

describe('carrier payments through the sandbox confirmation page', () => {
  it('grants coins when approved and nothing when cancelled', async () => {
    const page = await newMember(375);
    // With no coins yet the sheet says what is short and the confirm step offers to add coin.
    await page.goto(`${store.url}/series_list/series_id=${TITLE_ID}?book_id=${VOL2}`);
    await page.getByRole('button', { name: '購入する' }).click();
    const sheet = page.getByRole('dialog', { name: '購入する' });
    await sheet.getByText('マンガコインが不足しています').waitFor();
    await sheet.getByRole('button', { name: '次へ' }).click();
    await sheet.getByText('マンガコインが足りません。追加しますか？').waitFor();
    await sheet.getByText('お支払い金額: 638マンガコイン').waitFor();
    assert.equal(await sheet.getByRole('link', { name: 'コインを追加' }).getAttribute('href'), '/mangacoin');
    await shot(page, 'wallet-shortage-375');
    await sheet.getByRole('link', { name: 'コインを追加' }).click();
    // The volume page is kept (/pcb) on the way: the shop is told to offer the way back.
    await page.waitForURL(`${store.url}/mangacoin?ref=pcb`);

    await openCheckout(page, `${store.url}/mangacoin?payment_type=paypay`, PACK_3000);
    await page.getByRole('button', { name: 'PayPayで支払う' }).click();
    await page.waitForURL(/\/sandbox\/payments\//);
    await shot(page, 'wallet-sandbox-375');
    await page.getByRole('button', { name: '支払う' }).click();
    await page.waitForURL(/\/mangacoin\?.*result=COMPLETE/);
    await page.getByRole('status').filter({ hasText: 'マンガコインを購入しました' }).waitFor();
    const afterApproved = await balance(page);
    assert.ok(afterApproved > 0);
    await shot(page, 'wallet-carrier-approved-375');

    await openCheckout(page, `${store.url}/mangacoin?payment_type=docomo`, PACK_1000);
    await page.getByRole('button', { name: 'ドコモ払いで支払う' }).click();
    await page.waitForURL(/\/sandbox\/payments\//);
    await page.getByRole('button', { name: 'キャンセル' }).click();
    await page.waitForURL(/\/mangacoin\?.*result=CANCEL/);
    await page.getByRole('alert').filter({ hasText: 'お支払いはキャンセルされました' }).waitFor();
    assert.equal(await balance(page), afterApproved);
    await shot(page, 'wallet-carrier-cancelled-375');

    // Not the first purchase any more, with enough coins: volume 3 can be bought by long press.
    await page.goto(`${store.url}/series_list/series_id=${TITLE_ID}?book_id=${VOL2}`);
    await buyInSheet(page);
    await page.goto(`${store.url}/series_list/series_id=${TITLE_ID}?book_id=${VOL3}`);
    await page.getByRole('button', { name: '購入する' }).click();
    const press = page.getByRole('button', { name: '長押し購入' });
    await press.waitFor();
    await shot(page, 'wallet-sheet-375');
    const box = (await press.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // Released before 2050 ms: the overlay goes away and nothing is bought.
    await page.mouse.down();
    await page.getByText('長押し購入では クーポンは適用されません').waitFor();
    await page.waitForTimeout(800);
    await page.mouse.up();
    await page.getByTestId('long-press-overlay').waitFor({ state: 'detached' });
    const held = await balance(page);
    await page.mouse.down();
    await page.getByText('長押し購入では クーポンは適用されません').waitFor();
    await page.waitForTimeout(2300);
    await page.mouse.up();
    await page.getByTestId('buy-box').getByRole('link', { name: '読む' }).waitFor();
    assert.ok((await balance(page)) < held, 'the long press bought the volume');
    await shot(page, 'wallet-long-press-375');
    await page.context().close();
  });
});

async function buyInSheet(page: Page) {
  await page.getByRole('button', { name: '購入する' }).click();
  const sheet = page.getByRole('dialog', { name: '購入する' });
  await sheet.getByRole('button', { name: '次へ' }).click();
  await sheet.getByRole('button', { name: /^購入する [\d,]+マンガコイン$/ }).click();
  await page.getByTestId('buy-box').getByRole('link', { name: '読む' }).waitFor();
}
