import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { loggedInAs, makeOperator, signUpMember } from '../support/members';

/**
 * The console's commerce editors through the pages: an operator creates a bundle, a series point
 * campaign and a coin pack, and members see them in the store (the volume page's set, the cart's
 * points, the coin shop) at 1080 and 768 px; a pack the operator hides leaves the shop.
 */
const OPERATOR = `promo-operator-${Date.now()}@example.jp`;
const BUNDLE = '灯台セット（コンソール作成）';
const CAMPAIGN = 'コンソール作品ボーナス20%';

let store: StoreServer;
let browser: Browser;

function tokyoMinute(offsetMs: number): string {
  return new Date(Date.now() + offsetMs + 9 * 3600_000).toISOString().slice(0, 16);
}

const signUp = (email: string) => signUpMember(store, email, 'promo');

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  await signUp(OPERATOR);
  await makeOperator(store, OPERATOR);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `admin-commerce-${name}.png`), fullPage: true });

const operatorPage = (width: number) => loggedInAs(browser, store, OPERATOR, width);

async function memberPage(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const email = `promo-member-${width}-${Date.now()}@example.jp`;
  await signUp(email);
  return loggedInAs(browser, store, email, width);
}

interface AdminBook {
  id: number;
  vol: number;
  price: number;
  sale: unknown;
  free: unknown;
  published: boolean;
  releaseAt: string;
}

describe('the console sets what the store sells', () => {
  let titleId = 0;
  let books: AdminBook[] = [];
  let packId = 0;
  /** The set's price as the operator made it (the cart may take a coupon off it; the campaign's points are on it). */
  let setPrice = 0;

  it('an operator creates a bundle, a series point campaign and a coin pack in the console (1080 px)', async () => {
    const { context, page } = await operatorPage(1080);
    // Two paid volumes on sale at list price, of a title the demo gives no bundle of its own to these volumes.
    const titles = (await (await page.request.get(`${store.url}/api/admin/titles?q=`)).json()) as {
      titles: { id: number; publishedCount: number }[];
    };
    const now = tokyoMinute(0);
    for (const t of titles.titles.filter((x) => x.publishedCount >= 3)) {
      const detail = (await (await page.request.get(`${store.url}/api/admin/titles/${t.id}`)).json()) as { books: AdminBook[] };
      const paid = detail.books.filter((b) => b.published && b.price > 0 && b.sale === null && b.free === null && b.releaseAt < now);
      if (paid.length >= 2) {
        titleId = t.id;
        books = paid.slice(0, 2);
        break;
      }
    }
    assert.ok(titleId > 0, 'the demo catalog has a title with two paid volumes');
    const listPrice = books[0]!.price + books[1]!.price;
    setPrice = Math.floor((listPrice * 0.7) / 10) * 10;

    await page.goto(`${store.url}/admin/bundles`);
    const bundleForm = page.getByRole('form', { name: 'セットを作成する' });
    await bundleForm.getByLabel('セット名').fill(BUNDLE);
    await bundleForm.getByLabel('巻ID（カンマ区切り、2冊以上）').fill(books.map((b) => b.id).join(', '));
    // A set price above the books' prices together is refused, naming the field in Japanese.
    await bundleForm.getByLabel('セット価格（コイン、税込）').fill(String(listPrice));
    await bundleForm.getByLabel('販売開始（日本時間）').fill(tokyoMinute(-3600_000));
    await bundleForm.getByLabel('販売終了（日本時間、空欄で無期限）').fill(tokyoMinute(14 * 86400_000));
    await bundleForm.getByRole('button', { name: 'セットを作成する' }).click();
    await page.getByText('「価格」を確認してください').waitFor();
    await bundleForm.getByLabel('セット価格（コイン、税込）').fill(String(setPrice));
    await bundleForm.getByRole('button', { name: 'セットを作成する' }).click();
    await page.getByText('作成しました').waitFor();
    const row = page.getByRole('row', { name: new RegExp(BUNDLE) });
    await row.getByText('販売中').waitFor();
    await row.getByText(`${Math.floor(((listPrice - setPrice) * 100) / listPrice)}%引き`).waitFor();
    await shot(page, 'bundles-1080');

    await page.getByRole('link', { name: 'ポイント' }).click();
    const campaignForm = page.getByRole('form', { name: 'キャンペーンを作成する' });
    await campaignForm.getByLabel('種類').selectOption('series');
    await campaignForm.getByLabel('キャンペーン名').fill(CAMPAIGN);
    await campaignForm.getByLabel('還元率（%、0で固定ポイント）').fill('20');
    await campaignForm.getByLabel(/^対象の作品ID/).fill(String(titleId));
    await campaignForm.getByLabel('終了（日本時間、空欄で無期限）').fill(tokyoMinute(7 * 86400_000));
    await campaignForm.getByRole('button', { name: 'キャンペーンを作成する' }).click();
    await page.getByText('作成しました').waitFor();
    await page
      .getByRole('row', { name: new RegExp(CAMPAIGN) })
      .getByText('実施中')
      .waitFor();
    await shot(page, 'point-campaigns-1080');

    await page.getByRole('link', { name: 'コインパック' }).click();
    const packForm = page.getByRole('form', { name: 'パックを作成する' });
    await packForm.getByLabel('価格（円、税込）').fill('1234');
    await packForm.getByLabel('コイン数').fill('1234');
    await packForm.getByLabel('ボーナスコイン').fill('321');
    await packForm.getByLabel('購入回数の上限（空欄で無制限）').fill('1');
    await packForm.getByLabel('強調表示').selectOption('bargain');
    // Sold by card only (the default), not by PayPay.
    await packForm.getByRole('button', { name: 'パックを作成する' }).click();
    await page.getByText('作成しました').waitFor();
    const packs = (await (await page.request.get(`${store.url}/api/admin/coin_packs`)).json()) as {
      packs: { id: number; coin: number; bonus: number }[];
    };
    packId = packs.packs.find((p) => p.coin === 1234 && p.bonus === 321)!.id;
    await page
      .getByRole('row', { name: new RegExp(`^${packId} `) })
      .getByText('表示中')
      .waitFor();
    await shot(page, 'coin-packs-1080');

    await page.getByRole('link', { name: '操作履歴' }).click();
    for (const action of ['セットを作成', 'ポイントキャンペーンを作成', 'コインパックを作成'])
      await page.getByRole('cell', { name: action }).first().waitFor();
    await context.close();
  });

  for (const width of [1080, 768]) {
    it(`a member sees the set on the volume page, its price and the campaign's points in the cart, and the pack in the coin shop (${width} px)`, async () => {
      const { context, page } = await memberPage(width);
      const detail = (await (await page.request.get(`${store.url}/api/books/${books[0]!.id}`)).json()) as {
        seriesId: number;
        bundleId: number;
      };
      await page.goto(`${store.url}/series_list/series_id=${detail.seriesId}?book_id=${books[0]!.id}`);
      await page.getByRole('link', { name: /セットでカートに入れる/ }).click();
      await page.waitForURL(new RegExp(`/cart\\?bundle=${detail.bundleId}$`));
      const line = page.getByTestId(`cart-item-${books[0]!.id}`);
      await line.getByText('セット（2冊）').waitFor();
      const cart = (await (await page.request.get(`${store.url}/api/cart/me/active_items`)).json()) as {
        totalAmount: number;
        points: { totalPoint: number; list: { name: string; point: number }[] };
        items: { name: string }[];
      };
      assert.equal(cart.items[0]!.name, BUNDLE);
      const bonus = cart.points.list.find((l) => l.name === CAMPAIGN);
      assert.ok(bonus, 'the console campaign is in the points of the cart');
      // 20% of each book's share of the set price, rounded down per book (on the set's price: the cart
      // opens with the member's best coupon applied, which lowers what is paid, not the campaign's base).
      const twenty = Math.floor(setPrice * 0.2);
      assert.ok(bonus.point <= twenty && bonus.point >= twenty - 2, `20% of ${setPrice}: ${bonus.point}`);
      await page
        .getByTestId('cart-amount')
        .filter({ hasText: `${cart.totalAmount.toLocaleString('ja-JP')}円` })
        .waitFor();
      await page
        .getByText(`${cart.points.totalPoint.toLocaleString('ja-JP')}pt`)
        .first()
        .waitFor();
      await shot(page, `cart-${width}`);

      await page.goto(`${store.url}/mangacoin`);
      const pack = page.getByTestId(`coin-pack-${packId}`);
      await pack.getByText('1,234').first().waitFor();
      await pack.getByText(/321/).first().waitFor();
      await shot(page, `coin-shop-${width}`);
      await page.goto(`${store.url}/mangacoin?payment_type=paypay`);
      await page
        .getByTestId(/^coin-pack-/)
        .first()
        .waitFor();
      assert.equal(await page.getByTestId(`coin-pack-${packId}`).count(), 0, 'a card-only pack is not sold by PayPay');
      await context.close();
    });
  }

  it('the operator hides the pack and ends the campaign; the store follows (768 px)', async () => {
    const { context, page } = await operatorPage(768);
    await page.goto(`${store.url}/admin/coin-packs`);
    await page.getByRole('button', { name: `非表示にする #${packId}` }).click();
    await page
      .getByRole('row', { name: new RegExp(`^${packId} `) })
      .getByText('非表示')
      .waitFor();
    await shot(page, 'coin-packs-768');
    await page.goto(`${store.url}/admin/point-campaigns`);
    await page.getByRole('button', { name: `終了する ${CAMPAIGN}` }).click();
    await page
      .getByRole('row', { name: new RegExp(CAMPAIGN) })
      .getByText('期間外')
      .waitFor();
    await shot(page, 'point-campaigns-768');
    await page.goto(`${store.url}/admin/bundles`);
    await page.getByRole('row', { name: new RegExp(BUNDLE) }).waitFor();
    await shot(page, 'bundles-768');
    await context.close();

    const member = await memberPage(768);
    await member.page.goto(`${store.url}/mangacoin`);
    await member.page
      .getByTestId(/^coin-pack-/)
      .first()
      .waitFor();
    assert.equal(await member.page.getByTestId(`coin-pack-${packId}`).count(), 0, 'a hidden pack leaves the shop');
    const points = (await (
      await member.page.request.get(`${store.url}/api/book_point_campaigns/by_book?book_id=${books[0]!.id}`)
    ).json()) as { list: { name: string }[] };
    assert.equal(
      points.list.some((l) => l.name === CAMPAIGN),
      false,
    );
    await member.context.close();
  });
});
