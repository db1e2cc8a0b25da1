import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { linkIn, mailTo } from '../support/mail';
import { PASSWORD, deviceHeaders, loggedInAs, makeOperator, newMemberPage, signUpMember } from '../support/members';
import { type StoreServer, grantMangaCoins, launchBrowser, screenshotDir, startStore } from '../support/server';

/**
 * A member's account settings (issue 38) at 375 and 1080 px: a forgotten password reset from
 * the login page through the mail (opened from the console's outbox), an address change
 * confirmed from its mail, another device signed out, and withdrawal.
 */
let store: StoreServer;
let browser: Browser;
/** The operator's console, signed in once (logins are limited per address, ten a minute). */
let operator: { context: BrowserContext; page: Page };
const OPERATOR = `mail-operator-${Date.now()}@example.jp`;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  await signUpMember(store, OPERATOR, '運営');
  await makeOperator(store, OPERATOR);
  operator = await loggedInAs(browser, store, OPERATOR, 1080);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `account-${name}.png`), fullPage: true });
const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.jp`;

for (const width of [375, 1080]) {
  describe(`account settings at ${width} px`, () => {
    it('forgets the password, opens the mail from the outbox, sets a new one and signs in', async () => {
      const email = unique(`reset${width}`);
      await signUpMember(store, email, '忘れた人');
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
      const page = await context.newPage();
      await page.goto(`${store.url}/login`);
      await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
      await page.waitForURL(`${store.url}/password_reset`);
      await page.getByLabel('メールアドレス').fill(email);
      await page.getByRole('button', { name: '再設定メールを送る' }).click();
      await page.getByRole('status').filter({ hasText: 'パスワード再設定用のメールを送信しました' }).waitFor();
      await shot(page, `reset-request-${width}`);

      // The operator's console lists the outbox; the store has no SMTP server, so the mail is a file it opens.
      await operator.page.setViewportSize({ width, height: 900 });
      await operator.page.goto(`${store.url}/admin/mail`);
      const row = operator.page.getByRole('row').filter({ hasText: email }).filter({ hasText: 'パスワードの再設定' });
      await row.getByRole('button', { name: /開く/ }).click();
      const message = operator.page.getByRole('region', { name: '【本棚】パスワードの再設定' });
      const link = message.getByRole('link', { name: /\/password_reset\/confirm\?token=/ });
      await link.waitFor();
      await shot(operator.page, `mail-console-${width}`);
      const href = (await link.getAttribute('href'))!;
      assert.equal(new URL(href).origin, store.url, 'the mailed link points at the store');

      await page.goto(href);
      await page.getByLabel('新しいパスワード').fill('a fresh password 2');
      await page.getByRole('button', { name: 'パスワードを設定する' }).click();
      await page.getByRole('status').filter({ hasText: 'パスワードを再設定しました' }).waitFor();
      await shot(page, `reset-done-${width}`);
      await page.getByRole('link', { name: 'ログインする' }).click();
      await page.waitForURL(/\/login/);
      await page.getByLabel('メールアドレス').fill(email);
      await page.getByLabel('パスワード').fill('a fresh password 2');
      await page.getByRole('button', { name: 'ログインする' }).click();
      await page.getByRole('button', { name: 'ログアウト' }).waitFor();
      await context.close();
    });

    it('changes the email and confirms it from the mail sent to the new address', async () => {
      const { context, page, email } = await newMemberPage(browser, store, { label: `change${width}`, nickname: '引っ越し', width });
      await page.goto('/mypage');
      await page.getByRole('link', { name: 'メールアドレス' }).click();
      await page.waitForURL(/\/mypage\/email$/);
      const next = unique(`moved${width}`);
      await page.getByLabel('新しいメールアドレス').fill(next);
      await page.getByLabel('現在のパスワード').fill(PASSWORD);
      await page.getByRole('button', { name: '確認メールを送る' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `${next} に確認メールを送信しました` })
        .waitFor();
      await page.getByText(`${next} の確認待ちです`).waitFor();
      await shot(page, `email-pending-${width}`);

      const mail = await mailTo(store, next, '新しいメールアドレスの確認');
      await page.goto(linkIn(mail, '/email/confirm'));
      await page.getByRole('button', { name: 'メールアドレスを確認する' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `メールアドレスを ${next} に変更しました` })
        .waitFor();
      await page.goto('/mypage/email');
      await page.getByText(next).first().waitFor();
      assert.equal(await page.getByText(email).count(), 0);
      await shot(page, `email-changed-${width}`);
      // The old address is told.
      const told = await mailTo(store, email, 'メールアドレスが変更されました');
      assert.match(told.text ?? '', new RegExp(next.replace(/[.+]/g, '\\$&')));
      await context.close();
    });

    it("ends another device's session, which is then signed out", async () => {
      const {
        context: laptop,
        page,
        email,
      } = await newMemberPage(browser, store, { label: `devices${width}`, nickname: '二台持ち', width });
      // A phone (its browser says it is an iPhone) and a tablet sign in too.
      const phone = await browser.newContext({
        viewport: { width: 375, height: 800 },
        locale: 'ja-JP',
        userAgent: IPHONE,
        extraHTTPHeaders: deviceHeaders(),
      });
      assert.equal((await phone.request.post(`${store.url}/api/auth/login`, { data: { email, password: PASSWORD } })).status(), 200);
      const tablet = await loggedInAs(browser, store, email, 768);

      await page.goto('/mypage/sessions');
      await page.getByText('この端末').waitFor();
      const phoneLogout = page.getByRole('button', { name: 'Safari（iPhone）をログアウトする' });
      await phoneLogout.waitFor();
      await shot(page, `sessions-${width}`);
      await phoneLogout.click();
      await page.getByRole('status').filter({ hasText: 'ログアウトしました' }).waitFor();
      await phoneLogout.waitFor({ state: 'detached' });
      const phonePage = await phone.newPage();
      await phonePage.goto(`${store.url}/mypage`);
      await phonePage.waitForURL(/\/login\?callback=(%2F|\/)mypage/);

      await page.getByRole('button', { name: 'ほかのすべての端末からログアウトする' }).click();
      await page.getByText('ほかにログイン中の端末はありません').waitFor();
      await tablet.page.goto(`${store.url}/mypage`);
      await tablet.page.waitForURL(/\/login\?callback=(%2F|\/)mypage/);
      await page.goto('/mypage');
      await page.getByRole('heading', { name: 'マイページ' }).waitFor();
      await Promise.all([phone.close(), tablet.context.close(), laptop.close()]);
    });

    it('withdraws after seeing what is lost; the account is gone and the old session refused', async () => {
      const { context, page, email } = await newMemberPage(browser, store, { label: `leave${width}`, nickname: 'さようなら', width });
      await grantMangaCoins(store, email, 500);
      // The same session open on another device (its cookie copied there).
      const otherContext = await browser.newContext({
        viewport: { width, height: 900 },
        locale: 'ja-JP',
        storageState: await context.storageState(),
      });
      const other = { context: otherContext, page: await otherContext.newPage() };
      await page.goto('/mypage');
      await page.getByRole('link', { name: '退会' }).click();
      await page.waitForURL(/\/mypage\/withdrawal$/);
      await page.getByText('マンガコイン 500', { exact: true }).waitFor();
      await page.getByText('資金決済法に基づき').waitFor();
      await page.getByLabel('パスワード').fill(PASSWORD);
      const leave = page.getByRole('button', { name: '退会する' });
      assert.equal(await leave.isDisabled(), true, 'nothing happens before the member agrees');
      await page.getByLabel('上記を確認し、退会に同意します').check();
      await shot(page, `withdrawal-${width}`);
      await leave.click();
      await page.getByRole('status').filter({ hasText: '退会手続きが完了しました' }).waitFor();
      await shot(page, `withdrawal-done-${width}`);

      // The other device's session is refused; the account's credentials sign in nowhere.
      await other.page.goto(`${store.url}/mypage`);
      await other.page.waitForURL(/\/login\?callback=(%2F|\/)mypage/);
      await other.page.getByLabel('メールアドレス').fill(email);
      await other.page.getByLabel('パスワード').fill(PASSWORD);
      await other.page.getByRole('button', { name: 'ログインする' }).click();
      await other.page.getByText('メールアドレスまたはパスワードが正しくありません').waitFor();
      const farewell = await mailTo(store, email, '退会手続きが完了しました');
      assert.match(farewell.text ?? '', /さようなら 様/);
      await other.context.close();
      await context.close();
    });
  });
}
