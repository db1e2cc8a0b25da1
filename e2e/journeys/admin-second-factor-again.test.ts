import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { loggedInAs, makeOperator, signUpMember } from '../support/members';
import { expectNoSidewaysScroll } from '../support/layout';
import { nextCode } from '../support/second-factor';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';

/**
 * The console asks the second factor again before a money action (issue 41): an operator whose
 * last check is older than the window grants points to a member; the dialog asks the code,
 * Escape closes it (nothing is granted, the focus is back on the grant button), and the code
 * given in it lets the grant through. The running store has no clock to move, so this store's
 * window is shortened to four seconds (`SECOND_FACTOR_FRESH_MS`, only shorter than ten minutes is
 * accepted) and the journey waits until the check it made is older than that.
 */
const FRESH_MS = 4000;
const OPERATOR = `again-operator-${Date.now()}@example.jp`;
let store: StoreServer;
let browser: Browser;
before(async () => {
  [store, browser] = await Promise.all([startStore({ SECOND_FACTOR_FRESH_MS: String(FRESH_MS) }), launchBrowser()]);
  await signUpMember(store, OPERATOR, '再確認');
  await makeOperator(store, OPERATOR);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `admin-second-factor-again-${name}.png`), fullPage: true });

/** Waits, polling the session's own state, until its last check is older than the window. */
async function untilCheckIsStale(page: Page): Promise<void> {
  const { checkedAt } = (await (await page.request.get(`${store.url}/api/admin/second_factor`)).json()) as { checkedAt: number | null };
  assert.ok(checkedAt, 'the session was checked');
  await page.waitForFunction((at) => Date.now() > at, checkedAt + FRESH_MS + 100, { polling: 250, timeout: FRESH_MS + 10_000 });
}

describe('a money action after the window asks the factor again', () => {
  for (const width of [1080, 375]) {
    it(`the grant opens the dialog; Escape closes it with focus back on the button; the code lets the grant through (${width} px)`, async () => {
      const member = `again-member-${width}-${Date.now()}@example.jp`;
      await signUpMember(store, member, '付与先');
      const { context, page } = await loggedInAs(browser, store, OPERATOR, width);
      // The member, found as staff find them: by address in the member search.
      await page.goto(`${store.url}/admin/members`);
      await page.getByLabel('メールアドレスまたは会員ID').fill(member);
      await page.getByLabel('メールアドレスまたは会員ID').press('Enter');
      await page.getByRole('link', { name: member }).click();
      const form = page.getByRole('form', { name: 'コイン・ポイントを付与' });
      await form.waitFor();
      await form.getByLabel('数量').fill('30');
      await form.getByLabel('理由').fill('お詫び');
      const grant = form.getByRole('button', { name: /^ポイント .*30.*を付与する$/ });
      await untilCheckIsStale(page);

      await grant.click();
      const dialog = page.getByRole('dialog', { name: 'もう一度認証してください' });
      await dialog.waitFor();
      await dialog.getByLabel('認証コードまたはリカバリーコード').waitFor();
      await expectNoSidewaysScroll(page);
      await shot(page, `dialog-${width}`);
      // Escape: the dialog closes, nothing is granted, the focus is back on the grant button.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('認証をキャンセルしたため、操作は行われませんでした。').waitFor();
      await page.waitForFunction(() => document.activeElement?.textContent?.endsWith('を付与する') ?? false);
      assert.equal(await page.getByRole('cell', { name: 'お詫び' }).count(), 0, 'nothing was granted');

      // Again, from the keyboard: the focused button, the dialog, the code.
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await dialog.getByLabel('認証コードまたはリカバリーコード').fill(await nextCode(store, OPERATOR));
      await dialog.getByRole('button', { name: '確認する' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('付与しました').waitFor();
      await page.getByRole('cell', { name: 'お詫び' }).first().waitFor();
      await shot(page, `granted-${width}`);
      await context.close();
    });
  }
});
