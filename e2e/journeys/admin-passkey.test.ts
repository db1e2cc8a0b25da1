import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { PASSWORD, deviceHeaders, signUpMember } from '../support/members';
import { expectNoSidewaysScroll } from '../support/layout';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { storeCommand } from '../support/store-command';

/**
 * A passkey as a staff member's second factor (issue 41), with Chromium's virtual authenticator
 * (CDP's WebAuthn domain: a platform authenticator with user verification, as a phone's
 * fingerprint or a laptop's Touch ID): a member made operator by the command enrols a passkey on
 * the enrolment page instead of an authenticator app, keeps the ten recovery codes and opens the
 * console; signed out and in again, the check page offers the passkey, which opens the console.
 *
 * WebAuthn needs a secure context and an rp id that is a domain: the store is reached as
 * `localhost` (a secure context over http; 127.0.0.1 is not a valid rp id), and the store takes
 * the origin from the address it is asked at (no PUBLIC_URL behind the test server).
 */
let store: StoreServer;
let browser: Browser;
let origin: string;
before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  origin = store.url.replace('127.0.0.1', 'localhost');
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `admin-passkey-${name}.png`), fullPage: true });

async function signInThroughPages(page: Page, email: string): Promise<void> {
  await page.goto(`${origin}/admin`);
  await page.waitForURL(/\/login\?callback=(%2F|\/)admin/);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(PASSWORD);
  await page.getByRole('button', { name: 'ログインする' }).click();
}

describe('an operator enrols a passkey and checks with it', () => {
  for (const width of [1080, 375]) {
    it(`registers the passkey on the enrolment page and opens the console with it at the next sign-in (${width} px)`, async () => {
      const email = `passkey-${width}-${Date.now()}@example.jp`;
      await signUpMember(store, email, 'パスキー');
      const { stdout } = await storeCommand(store.dataDir, 'admin.ts', ['role', '--email', email, '--role', 'operator']);
      assert.match(stdout, /is now operator/);

      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP', extraHTTPHeaders: deviceHeaders() });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });

      await signInThroughPages(page, email);
      await page.waitForURL(/\/admin\/second-factor\?next=%2Fadmin/);
      await page.getByRole('heading', { name: '2段階認証の設定', level: 1 }).waitFor();
      // Both ways are offered: the authenticator app and the passkey.
      await page.getByRole('heading', { name: '認証アプリ', level: 2 }).waitFor();
      await page.getByRole('heading', { name: 'パスキー', level: 2 }).waitFor();
      await expectNoSidewaysScroll(page);
      await shot(page, `enrol-${width}`);

      await page.getByRole('button', { name: 'パスキーを登録する' }).click();
      // The passkey is the first factor: ten recovery codes, shown once.
      await page.getByRole('heading', { name: 'リカバリーコード' }).waitFor();
      const codes = await page.getByRole('list', { name: 'リカバリーコード' }).getByRole('listitem').allTextContents();
      assert.equal(codes.length, 10);
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      assert.equal(credentials.length, 1, 'the virtual authenticator holds the new passkey');
      assert.equal(credentials[0]!.rpId, 'localhost');
      await shot(page, `registered-${width}`);
      await page.getByRole('link', { name: '管理コンソールを開く' }).click();
      await page.waitForURL(`${origin}/admin/titles`);
      await page.getByRole('navigation', { name: '本棚 管理コンソール' }).waitFor();

      // Signed out and in again: the check page offers the passkey, which opens the console.
      await page.goto(`${origin}/`);
      await page.getByRole('button', { name: 'ログアウト' }).click();
      await page.getByRole('link', { name: 'ログイン', exact: true }).waitFor();
      await signInThroughPages(page, email);
      await page.waitForURL(/\/admin\/second-factor\?/);
      await page.getByRole('heading', { name: '2段階認証', level: 1 }).waitFor();
      const passkeyButton = page.getByRole('button', { name: 'パスキーで確認する' });
      await passkeyButton.waitFor();
      await expectNoSidewaysScroll(page);
      await shot(page, `check-${width}`);
      const signCount = credentials[0]!.signCount;
      await passkeyButton.click();
      await page.waitForURL(`${origin}/admin/titles`);
      await page.getByRole('navigation', { name: '本棚 管理コンソール' }).waitFor();
      const after = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!;
      assert.ok(after.signCount > signCount, `the authenticator signed once more (${signCount} → ${after.signCount})`);
      // Where the member stands, as the console reads it: a passkey, checked in this sign-in.
      const state = await page.request.get(`${origin}/api/admin/second_factor`);
      assert.deepEqual(
        { ...(await state.json()), checkedAt: null },
        { enrolled: true, totp: false, passkeys: 1, checked: true, checkedAt: null },
      );
      await shot(page, `console-${width}`);
      await context.close();
    });
  }
});
