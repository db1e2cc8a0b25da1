import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { expectAccessible } from '../support/axe';
import { expectNoSidewaysScroll } from '../support/layout';
import { PASSWORD, deviceHeaders, loggedInAs, signUpMember } from '../support/members';
import { enrolFromShell } from '../support/second-factor';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { storeCommand } from '../support/store-command';

/**
 * A staff member's own passkeys on the console's パスキー page (issue 41), with Chromium's virtual
 * authenticators (CDP's WebAuthn domain, as in admin-passkey.test.ts; the store is reached as
 * `localhost` for a valid rp id): an operator with an authenticator app adds a named passkey,
 * sees it listed (name, registration, 未使用) and removes it after a confirmation; a member whose
 * only second factor is a passkey cannot remove it, adds one from a second device, removes the
 * first, and again cannot remove the last. At 1080 and 375 px.
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

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `admin-passkey-list-${name}.png`), fullPage: true });

/** A platform authenticator with user verification (a laptop's Touch ID, a phone's fingerprint) in the page's browser. */
async function virtualAuthenticator(cdp: CDPSession): Promise<string> {
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
  return authenticatorId;
}

async function withAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  return { cdp, authenticatorId: await virtualAuthenticator(cdp) };
}

const passkeysOf = async (page: Page) =>
  (
    (await (await page.request.get(`${origin}/api/admin/second_factor/passkeys`)).json()) as {
      passkeys: { name: string | null; lastUsedAt: number | null }[];
      totp: boolean;
    }
  ).passkeys;

describe("a staff member's passkey list", () => {
  for (const width of [1080, 375]) {
    it(`an operator with an authenticator app adds a named passkey and removes it (${width} px)`, async () => {
      const email = `passkey-list-${width}-${Date.now()}@example.jp`;
      await signUpMember(store, email, 'パスキー一覧');
      // The store as reached at its `localhost` address (the passkey's rp id): the role and the
      // authenticator app from the shell, signed in there with the app's code.
      const atLocalhost: StoreServer = { url: origin, dataDir: store.dataDir, stop: () => store.stop() };
      const { stdout } = await storeCommand(store.dataDir, 'admin.ts', ['role', '--email', email, '--role', 'operator']);
      assert.match(stdout, /is now operator/);
      await enrolFromShell(atLocalhost, email);
      const { context, page } = await loggedInAs(browser, atLocalhost, email, width);
      const { cdp, authenticatorId } = await withAuthenticator(context, page);

      await page.goto(`${origin}/admin/titles`);
      await page.getByRole('navigation', { name: '本棚 管理コンソール' }).getByRole('link', { name: 'パスキー' }).click();
      await page.waitForURL(`${origin}/admin/passkeys`);
      await page.getByRole('heading', { name: 'パスキー', level: 1 }).waitFor();
      await page.getByText('認証アプリ：登録済み').waitFor();
      await page.getByText('パスキーは登録されていません。').waitFor();

      const add = page.getByRole('region', { name: 'パスキーを追加する' });
      await add.getByLabel('名前（任意、50文字まで）').fill('仕事用ノートPC');
      await add.getByRole('button', { name: 'パスキーを登録する' }).click();
      await add.getByText('パスキーを登録しました。').waitFor();
      const table = page.getByRole('table', { name: '登録済みのパスキー' });
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '仕事用ノートPC' }) });
      await row.getByRole('cell', { name: '未使用' }).waitFor();
      assert.equal((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length, 1);
      assert.deepEqual(
        (await passkeysOf(page)).map((p) => p.name),
        ['仕事用ノートPC'],
      );
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, `added-${width}`);

      // Removing asks once more in the row; やめる keeps it, with the focus back on 削除.
      await row.getByRole('button', { name: '仕事用ノートPCを削除' }).click();
      const confirm = row.getByRole('group', { name: '仕事用ノートPCを削除しますか？この端末では確認できなくなります。' });
      await confirm.waitFor();
      await shot(page, `confirm-${width}`);
      await confirm.getByRole('button', { name: 'やめる' }).click();
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '仕事用ノートPCを削除');
      await row.getByRole('button', { name: '仕事用ノートPCを削除' }).click();
      await confirm.getByRole('button', { name: '削除する' }).click();
      await page.getByText('仕事用ノートPCを削除しました。').waitFor();
      await page.getByText('パスキーは登録されていません。').waitFor();
      assert.deepEqual(await passkeysOf(page), []);
      await shot(page, `removed-${width}`);
      await context.close();
    });

    it(`a member whose second factor is passkeys only keeps their last one (${width} px)`, async () => {
      const email = `passkey-only-${width}-${Date.now()}@example.jp`;
      await signUpMember(store, email, 'パスキーだけ');
      const { stdout } = await storeCommand(store.dataDir, 'admin.ts', ['role', '--email', email, '--role', 'support']);
      assert.match(stdout, /is now support/);
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP', extraHTTPHeaders: deviceHeaders() });
      const page = await context.newPage();
      const { cdp, authenticatorId } = await withAuthenticator(context, page);
      // Signed in through the pages; the passkey is enrolled as the first factor.
      await page.goto(`${origin}/admin/passkeys`);
      await page.waitForURL(/\/login\?/);
      await page.getByLabel('メールアドレス').fill(email);
      await page.getByLabel('パスワード').fill(PASSWORD);
      await page.getByRole('button', { name: 'ログインする' }).click();
      await page.waitForURL(/\/admin\/second-factor\?/);
      await page.getByRole('button', { name: 'パスキーを登録する' }).click();
      await page.getByRole('link', { name: '管理コンソールを開く' }).click();
      await page.waitForURL(`${origin}/admin/passkeys`);
      await page.getByText('認証アプリ：未登録').waitFor();

      const table = page.getByRole('table', { name: '登録済みのパスキー' });
      const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
      await rows.first().waitFor();
      assert.equal(await rows.count(), 1);
      // The only factor: its removal is not offered, and the page says why.
      const first = rows.first();
      const firstName = (await first.getByRole('rowheader').textContent())!;
      assert.match(firstName, /^名前なし（.+に登録）$/);
      assert.equal(await first.getByRole('button', { name: `${firstName}を削除` }).isDisabled(), true);
      await first.getByText('これは最後の2段階認証の手段のため削除できません。').waitFor();
      await expectNoSidewaysScroll(page);
      await shot(page, `last-${width}`);

      // A second device: another authenticator (the first one is set aside, as a phone left at home).
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
      const second = await virtualAuthenticator(cdp);
      const add = page.getByRole('region', { name: 'パスキーを追加する' });
      await add.getByLabel('名前（任意、50文字まで）').fill('スマートフォン');
      await add.getByRole('button', { name: 'パスキーを登録する' }).click();
      await add.getByText('パスキーを登録しました。').waitFor();
      await table.getByRole('rowheader', { name: 'スマートフォン' }).waitFor();
      assert.equal((await cdp.send('WebAuthn.getCredentials', { authenticatorId: second })).credentials.length, 1);
      // Two passkeys: either may go now.
      await first.getByRole('button', { name: `${firstName}を削除` }).click();
      await page.getByRole('button', { name: '削除する' }).click();
      await page.getByText(`${firstName}を削除しました。`).waitFor();
      await table.getByRole('rowheader', { name: firstName }).waitFor({ state: 'detached' });
      // The phone's passkey is the last factor again.
      const phone = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'スマートフォン' }) });
      assert.equal(await phone.getByRole('button', { name: 'スマートフォンを削除' }).isDisabled(), true);
      await phone.getByText('これは最後の2段階認証の手段のため削除できません。').waitFor();
      assert.deepEqual(
        (await passkeysOf(page)).map((p) => p.name),
        ['スマートフォン'],
      );
      await expectAccessible(page);
      await shot(page, `second-device-${width}`);
      await context.close();
    });
  }
});
