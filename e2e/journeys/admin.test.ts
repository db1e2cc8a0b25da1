import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import yazl from 'yazl';
import { numberedPage } from '../support/import-fixtures';
import { type StoreServer, grantMangaCoins, launchBrowser, screenshotDir, startStore } from '../support/server';
import { PASSWORD, makeOperator, signUpMember } from '../support/members';
import { passSecondFactorPage } from '../support/second-factor';

const OPERATOR = `operator-${Date.now()}@example.jp`;
const BUYER = `buyer-${Date.now()}@example.jp`;
const PLAIN = `plain-${Date.now()}@example.jp`;
const TITLE = '灯台の見える町';

let store: StoreServer;
let browser: Browser;
let work: string;
let cbz: string;

/** A Tokyo wall-clock minute `YYYY-MM-DDTHH:mm` for a datetime-local field, `offsetMs` from now. */
function tokyoMinute(offsetMs: number): string {
  return new Date(Date.now() + offsetMs + 9 * 3600_000).toISOString().slice(0, 16);
}

const signUp = (email: string) => signUpMember(store, email, email.split('-')[0] ?? email);

async function writeCbz(file: string): Promise<string> {
  const zip = new yazl.ZipFile();
  const hues = ['#1f4e79', '#7a2e3a', '#2e7a4f', '#7a652e'];
  for (const [i, hue] of hues.entries())
    zip.addBuffer(await numberedPage(i + 1, 600, 850, hue), `page-${String(i + 1).padStart(2, '0')}.jpg`);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  work = mkdtempSync(path.join(tmpdir(), 'hondana-admin-e2e-'));
  cbz = await writeCbz(path.join(work, 'toudai-01.cbz'));
  await Promise.all([signUp(OPERATOR), signUp(BUYER), signUp(PLAIN)]);
  // The first operator of a store is made by the command (README "Operator commands").
  await makeOperator(store, OPERATOR);
  await grantMangaCoins(store, BUYER, 2000);
});
after(async () => {
  await browser?.close();
  await store?.stop();
  rmSync(work, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `admin-${name}.png`), fullPage: true });

async function loggedIn(email: string, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
  const page = await context.newPage();
  await page.goto(`${store.url}/admin`);
  await page.waitForURL(/\/login\?callback=(%2F|\/)admin/);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(PASSWORD);
  await page.getByRole('button', { name: 'ログインする' }).click();
  // The console asks the second factor of the sign-in first: the operator types the authenticator's code.
  await passSecondFactorPage(page, store, email);
  return { context, page };
}

describe('the operator console', () => {
  let titleId = 0;
  let bookId = 0;

  it('an operator made by the command creates a title, imports a CBZ into it, prices it with a sale and publishes it (1080 px)', async () => {
    const { context, page } = await loggedIn(OPERATOR, 1080);
    await page.waitForURL(`${store.url}/admin/titles`);
    const create = page.getByRole('form', { name: '新しい作品を登録' });
    await create.getByLabel('作品名', { exact: true }).fill(TITLE);
    await create.getByLabel('よみ（カタカナ）', { exact: true }).fill('トウダイノミエルマチ');
    await create.getByLabel('著者名', { exact: true }).fill('灯 守');
    await create.getByLabel('著者よみ（カタカナ）').fill('アカリ マモル');
    await create.getByLabel('出版社').selectOption({ label: '青嵐社' });
    await create.getByLabel('紹介文').fill('港町の灯台守と、町の人々の物語。');
    await create.getByRole('button', { name: '新しい作品を登録' }).click();
    await page.waitForURL(/\/admin\/titles\/\d+$/);
    titleId = Number(page.url().split('/').pop());
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();

    const upload = page.getByRole('form', { name: 'ファイルを取り込む（CBZ・ZIP・EPUB）' });
    await upload.getByLabel('取り込むファイル').setInputFiles(cbz);
    await upload.getByRole('button', { name: '取り込む', exact: true }).click();
    await page.getByText('新しい巻を取り込みました（4ページ）').waitFor();
    const book = page.getByRole('form', { name: '第1巻' });
    await book.waitFor();
    await page.getByText('非公開').first().waitFor();

    // A price of 0 cannot be published: the server names the field, in Japanese here.
    await book.getByRole('button', { name: '公開する' }).click();
    await page.getByText('「価格」を確認してください').waitFor();

    await book.getByLabel('価格（税込・円）').fill('660');
    await book.getByLabel('セールを設定する').check();
    await book.getByLabel('セール価格（円）').fill('440');
    await book.getByLabel('セール開始（日本時間）').fill(tokyoMinute(-3600_000));
    await book.getByLabel('セール終了（日本時間）').fill(tokyoMinute(7 * 86400_000));
    await book.getByLabel('配信開始（日本時間・未来なら予約販売）').fill(tokyoMinute(-86400_000));
    await book.getByRole('button', { name: '保存する' }).click();
    // The sale runs now: 現在の価格 is what a member pays, and why (issue 34 item 15).
    await page.getByText(/^現在の価格 440円（セール中 \d{4}-\d{2}-\d{2} \d{2}:\d{2}まで）$/).waitFor();
    await page.getByText('通常価格 660円').waitFor();
    await page.getByRole('form', { name: '第1巻' }).getByRole('button', { name: '公開する' }).click();
    await page.getByText('公開中', { exact: true }).waitFor();
    const detail = (await (await page.request.get(`${store.url}/api/admin/titles/${titleId}`)).json()) as {
      books: { id: number; published: boolean; price: number; sale: { price: number } }[];
    };
    assert.equal(detail.books.length, 1);
    assert.deepEqual([detail.books[0]!.published, detail.books[0]!.price, detail.books[0]!.sale.price], [true, 660, 440]);
    bookId = detail.books[0]!.id;
    await shot(page, 'title-1080');

    await page.getByRole('link', { name: 'クーポン' }).click();
    const coupon = page.getByRole('form', { name: 'クーポンを作成' });
    await coupon.getByLabel('クーポン名').fill(`${TITLE} 30%オフ`);
    await coupon.getByLabel('種類').selectOption('1');
    await coupon.getByLabel('割引率（%）または値引き額（円）').fill('30');
    await coupon.getByLabel('有効期限（日本時間）').fill(tokyoMinute(30 * 86400_000));
    await coupon.getByRole('combobox', { name: /^対象/ }).selectOption('20');
    await coupon.getByLabel('対象のID（カンマ区切り）').fill(String(titleId));
    await coupon.getByLabel('配布先').selectOption('ALL');
    await coupon.getByRole('button', { name: 'クーポンを作成' }).click();
    await page.getByText(/クーポンを作成し、\d+人に配布しました/).waitFor();
    await page.getByRole('cell', { name: `${TITLE} 30%オフ` }).waitFor();
    await shot(page, 'coupons-1080');
    await context.close();
  });

  it('a member sees the sale price on the series page, gets the 30% coupon in the cart and buys (1080 px)', async () => {
    const context = await browser.newContext({ viewport: { width: 1080, height: 900 }, locale: 'ja-JP' });
    const login = await context.request.post(`${store.url}/api/auth/login`, { data: { email: BUYER, password: PASSWORD } });
    assert.equal(login.status(), 200);
    const page = await context.newPage();
    await page.goto(`${store.url}/series_list/series_id=${titleId}?book_id=${bookId}`);
    const volume = page.locator('section[aria-labelledby="volume-heading"]');
    await volume.locator('s').filter({ hasText: '660' }).waitFor();
    await volume.getByText('440', { exact: true }).waitFor();
    await shot(page, 'series-sale-1080');

    await page.goto(`${store.url}/cart?add=${bookId}`);
    await page.getByTestId(`cart-item-${bookId}`).waitFor();
    await page
      .getByTestId('coupon-picker')
      .getByRole('radio', { name: new RegExp(`${TITLE} 30%オフ`) })
      .click();
    // 440 × 30% = 132 off: 308 to pay.
    await page.getByTestId('cart-amount').filter({ hasText: '308' }).waitFor();
    await shot(page, 'cart-coupon-1080');
    await page.getByRole('button', { name: /^購入する 308マンガコイン$/ }).click();
    await page.getByText('購入が完了しました').waitFor();
    await context.close();
  });

  it('the sales report shows the order by title, and offers the CSV (1080 and 768 px)', async () => {
    for (const width of [1080, 768]) {
      const { context, page } = await loggedIn(OPERATOR, width);
      await page.waitForURL(`${store.url}/admin/titles`);
      await page.getByRole('link', { name: 'レポート' }).click();
      const form = page.getByRole('form', { name: '売上' });
      await form.getByLabel('集計単位').selectOption('title');
      await form.getByRole('button', { name: '表示する' }).click();
      const row = page.getByRole('table', { name: '売上' }).getByRole('row', { name: new RegExp(TITLE) });
      await row.waitFor();
      assert.deepEqual(await row.getByRole('cell').allTextContents(), [TITLE, '1', '1', '0', '308', '0', '0']);
      const csvHref = await form.getByRole('link', { name: 'CSVダウンロード' }).getAttribute('href');
      const csv = await (await page.request.get(`${store.url}${csvHref}`)).text();
      assert.match(csv, new RegExp(`${TITLE},1,1,0,308,0,0`));
      await shot(page, `reports-${width}`);
      if (width === 768) {
        await page.goto(`${store.url}/admin/titles/${titleId}`);
        await page.getByRole('form', { name: '第1巻' }).waitFor();
        await shot(page, 'title-768');
        await page.goto(`${store.url}/admin/coupons`);
        await page.getByRole('cell', { name: `${TITLE} 30%オフ` }).waitFor();
        await shot(page, 'coupons-768');
        await page.goto(`${store.url}/admin/audit`);
        await page.getByRole('cell', { name: 'クーポンを作成' }).first().waitFor();
        await shot(page, 'audit-768');
      }
      await context.close();
    }
  });

  it('a member without the role gets 403 at /admin and sees none of the console', async () => {
    const { context, page } = await loggedIn(PLAIN, 1080);
    await page.waitForURL(`${store.url}/admin`);
    await page.getByRole('heading', { name: 'このページを表示する権限がありません' }).waitFor();
    assert.equal(await page.getByRole('link', { name: '作品' }).count(), 0);
    const response = await page.goto(`${store.url}/admin/titles`);
    assert.equal(response?.status(), 403);
    const api = await page.request.get(`${store.url}/api/admin/titles`);
    assert.deepEqual([api.status(), await api.json()], [403, { errorCode: 'FORBIDDEN' }]);
    await shot(page, 'forbidden-1080');
    await context.close();
  });
});
