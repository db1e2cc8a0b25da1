import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { storeCommand } from '../support/store-command';
import { loggedInAs, makeOperator, newMemberPage, signUpMember } from '../support/members';

/**
 * Issue 34 item 16 through the pages: staff (an operator, a support member) find the way to the
 * console on their my page at 375 px, a member without a role does not (not even in the page the
 * server sends); and a member's manga coin subscription, paid on the subscription page, shows in
 * the console's manga coin sales report at 1080 px beside the coin packs.
 */
const OPERATOR = `staff-operator-${Date.now()}@example.jp`;
const SUPPORT = `staff-support-${Date.now()}@example.jp`;
const MEMBER = `staff-member-${Date.now()}@example.jp`;
const CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

let store: StoreServer;
let browser: Browser;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `admin-staff-${name}.png`), fullPage: true });

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  await Promise.all([signUpMember(store, OPERATOR, '運営'), signUpMember(store, SUPPORT, 'サポート'), signUpMember(store, MEMBER, '会員')]);
  await makeOperator(store, OPERATOR);
  const { stdout } = await storeCommand(store.dataDir, 'admin.ts', ['role', '--email', SUPPORT, '--role', 'support']);
  assert.match(stdout, /is now support/);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

describe('the way to the console (375 px)', () => {
  for (const [who, email] of [
    ['an operator', OPERATOR],
    ['a support member', SUPPORT],
  ] as const) {
    it(`${who} finds 管理コンソール on my page and reaches the console`, async () => {
      const { context, page } = await loggedInAs(browser, store, email, 375);
      await page.goto(`${store.url}/mypage`);
      const link = page.getByRole('navigation', { name: '運営スタッフ' }).getByRole('link', { name: '管理コンソール' });
      await link.waitFor();
      await shot(page, `mypage-${email === OPERATOR ? 'operator' : 'support'}-375`);
      await link.click();
      // Operators start at the catalog, support at the members (the console's own role check).
      await page.waitForURL(`${store.url}${email === OPERATOR ? '/admin/titles' : '/admin/members'}`);
      await page.getByText('本棚 管理コンソール').first().waitFor();
      await context.close();
    });
  }

  it('a member without a role sees no such link, and the page the server sends has none', async () => {
    const { context, page } = await loggedInAs(browser, store, MEMBER, 375);
    await page.goto(`${store.url}/mypage`);
    await page.getByRole('heading', { name: 'マイページ', level: 1 }).waitFor();
    await page.getByText('会員情報').first().waitFor();
    assert.equal(await page.getByRole('link', { name: '管理コンソール' }).count(), 0);
    const html = await (await page.request.get(`${store.url}/mypage`)).text();
    assert.ok(html.includes('マイページ') && !html.includes('href="/admin"'), 'the server-rendered my page has no console link');
    await shot(page, 'mypage-member-375');
    await context.close();
  });
});

describe('a subscription in the console’s reports (1080 px)', () => {
  it('a member subscribes on the subscription page; the manga coin sales report shows the payment as 定期購入', async () => {
    const { context, page } = await newMemberPage(browser, store, { label: 'staff-subscriber', nickname: '定期', width: 1080 });
    await page.goto('/mangacoin/subscription');
    const plan = page
      .locator('[data-testid^="subscription-plan-"]')
      .filter({ has: page.getByRole('heading', { name: 'スタンダードコース' }) });
    await plan.getByRole('button', { name: '1,000円／月で申し込む' }).click();
    const dialog = page.getByRole('dialog', { name: '定期購入のお申し込み' });
    await dialog.getByLabel('カード番号').fill(CARD.number);
    await dialog.getByLabel('有効期限（MM/YY）').fill(CARD.expiry);
    await dialog.getByLabel('セキュリティコード').fill(CARD.cvc);
    await dialog.getByRole('button', { name: '1,000円を支払って申し込む' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: '定期購入を開始しました。1,000マンガコインとボーナス600マンガコインをお届けしました。' })
      .waitFor();
    await context.close();

    const operator = await loggedInAs(browser, store, OPERATOR, 1080);
    await operator.page.goto(`${store.url}/admin/reports`);
    const sales = operator.page.getByRole('table', { name: 'マンガコインの売上（コインパック・定期購入、支払い方法別）' });
    const row = sales.getByRole('row', { name: /定期購入.*クレジットカード/ });
    await row.waitFor();
    assert.deepEqual(await row.getByRole('cell').allTextContents(), ['定期購入', 'クレジットカード', '1', '1,000', '1,000', '600']);
    const csvHref = await operator.page
      .locator('section', { has: sales })
      .getByRole('link', { name: 'CSVダウンロード' })
      .getAttribute('href');
    const csv = await (await operator.page.request.get(`${store.url}${csvHref}`)).text();
    assert.match(csv, /\r\n定期購入,クレジットカード,1,1000,1000,600\r\n/);
    await sales.scrollIntoViewIfNeeded();
    await shot(operator.page, 'reports-1080');
    await operator.context.close();
  });
});
