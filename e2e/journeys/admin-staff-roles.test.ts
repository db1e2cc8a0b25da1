import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { operator } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { expectNoSidewaysScroll } from '../support/layout';
import { loggedInAs, makeOperator, newMemberPage, signUpMember } from '../support/members';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { storeCommand } from '../support/store-command';

/**
 * The console's スタッフと役割 screen (issue 41): an operator finds it in the console's nav, gives a
 * member the support role by e-mail address, makes them operator from their row and takes the
 * role back; each change ends the member's session (their open page is signed out) and is in the
 * audit log with the roles in Japanese. A support member's nav has no such screen. At 1080 and 375 px.
 */
const OPERATOR = `roles-operator-${Date.now()}@example.jp`;
const SUPPORT = `roles-support-${Date.now()}@example.jp`;
let store: StoreServer;
let browser: Browser;
before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  await Promise.all([signUpMember(store, OPERATOR, '役割の運営'), signUpMember(store, SUPPORT, '役割のサポート')]);
  await makeOperator(store, OPERATOR);
  const { stdout } = await storeCommand(store.dataDir, 'admin.ts', ['role', '--email', SUPPORT, '--role', 'support']);
  assert.match(stdout, /is now support/);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `admin-staff-roles-${name}.png`), fullPage: true });

interface StaffRow {
  userId: number;
  email: string;
  role: string;
}
/** The member's role as the console's API answers it (null: not staff). */
async function roleOf(email: string): Promise<string | null> {
  const { staff } = await (await operator(store)).get<{ staff: StaffRow[] }>('/api/admin/staff');
  return staff.find((s) => s.email === email.toLowerCase())?.role ?? null;
}

describe('an operator changes roles on the staff screen', () => {
  for (const width of [1080, 375]) {
    it(`gives a member the support role, makes them operator, takes it back; their session ends each time (${width} px)`, async () => {
      // The member, signed in on their own device: each role change signs them out there.
      const member = await newMemberPage(browser, store, { label: `roles-member-${width}`, nickname: '新しいスタッフ', width });
      const { context, page } = await loggedInAs(browser, store, OPERATOR, width);
      await page.goto(`${store.url}/admin/titles`);
      await page.getByRole('navigation', { name: '本棚 管理コンソール' }).getByRole('link', { name: 'スタッフ' }).click();
      await page.waitForURL(`${store.url}/admin/staff`);
      await page.getByRole('heading', { name: 'スタッフと役割', level: 1 }).waitFor();
      const table = page.getByRole('table', { name: 'スタッフと役割' });
      // The operator's own row, marked, and the support member's, each with their role and second factor.
      const own = table.getByRole('row').filter({ hasText: `${OPERATOR}（あなた）` });
      await own.getByRole('cell', { name: '運営', exact: true }).waitFor();
      await own.getByRole('cell', { name: '設定済み' }).waitFor();
      const support = table.getByRole('row').filter({ hasText: SUPPORT });
      await support.getByRole('cell', { name: 'サポート', exact: true }).waitFor();
      await support.getByRole('cell', { name: '未設定' }).waitFor();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, `list-${width}`);

      // A role by e-mail address: support.
      const grant = page.getByRole('region', { name: 'スタッフを追加する' });
      await grant.getByLabel('メールアドレス').fill(member.email);
      await grant.getByLabel('役割').selectOption({ label: 'サポート' });
      await grant.getByRole('button', { name: '追加する' }).click();
      await grant.getByText(`${member.email}の役割を「サポート」に変更しました。`).waitFor();
      const row = table.getByRole('row').filter({ hasText: member.email });
      await row.getByRole('cell', { name: 'サポート', exact: true }).waitFor();
      assert.equal(await roleOf(member.email), 'support');
      await member.page.goto(`${store.url}/`);
      await member.page.getByRole('link', { name: 'ログイン', exact: true }).first().waitFor();

      // From their row: operator. The select is named by the member's address.
      const select = row.getByLabel(`${member.email}の役割`);
      await select.selectOption({ label: '運営' });
      await row.getByRole('button', { name: '変更する' }).click();
      await page.getByText(`${member.email}の役割を「運営」に変更しました。`).waitFor();
      await row.getByRole('cell', { name: '運営', exact: true }).waitFor();
      assert.equal(await roleOf(member.email), 'operator');
      await expectNoSidewaysScroll(page);
      await shot(page, `changed-${width}`);

      // Taken back: 役割なし; the member is no longer on the list.
      await select.selectOption({ label: '役割なし' });
      await row.getByRole('button', { name: '変更する' }).click();
      await page.getByText(`${member.email}の役割を「役割なし」に変更しました。`).waitFor();
      await table.getByRole('row').filter({ hasText: member.email }).waitFor({ state: 'detached' });
      assert.equal(await roleOf(member.email), null);

      // The audit log has the three changes, the roles in Japanese.
      await page.getByRole('navigation', { name: '本棚 管理コンソール' }).getByRole('link', { name: '操作履歴' }).click();
      await page.getByRole('heading', { name: '操作履歴', level: 1 }).waitFor();
      const entries = page.getByRole('row').filter({ hasText: 'スタッフの役割を変更' });
      await entries.filter({ hasText: '役割: 運営 → なし' }).first().waitFor();
      await entries.filter({ hasText: '役割: サポート → 運営' }).first().waitFor();
      await entries.filter({ hasText: '役割: なし → サポート' }).first().waitFor();
      await shot(page, `audit-${width}`);
      await member.context.close();
      await context.close();
    });
  }

  it('a support member has no staff screen in the nav (375 px)', async () => {
    const { context, page } = await loggedInAs(browser, store, SUPPORT, 375);
    await page.goto(`${store.url}/admin/members`);
    const nav = page.getByRole('navigation', { name: '本棚 管理コンソール' });
    await nav.getByRole('link', { name: '会員' }).waitFor();
    await nav.getByRole('link', { name: 'パスキー' }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'スタッフ' }).count(), 0);
    // Asked for by address: told the page is for operators (the API answers 403).
    await page.goto(`${store.url}/admin/staff`);
    await page.getByText('スタッフと役割の管理は運営だけが利用できます。').waitFor();
    assert.equal((await page.request.get(`${store.url}/api/admin/staff`)).status(), 403);
    await expectNoSidewaysScroll(page);
    await shot(page, 'support-375');
    await context.close();
  });
});
