import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectNoSidewaysScroll } from '../support/layout';
import { loggedInAs, makeOperator, newMemberPage, signUpMember } from '../support/members';
import { type StoreServer, grantMangaCoins, launchBrowser, screenshotDir, startStore } from '../support/server';
import { storeCommand } from '../support/store-command';
import { findVolume } from '../support/fixtures';

/**
 * The console's lottery campaigns through the pages: an operator at 1080 px creates a campaign
 * with one box and two prizes (odds that do not add up to 1,000 ‰ are refused in Japanese, and
 * the form says the box's total as it is typed); the console lists it as running, not as
 * scheduled. Support at 1080 px opens くじ from the console's menu and reads the campaign (its
 * prizes) without a form or a row action. A member at 375 px buys a book during it, gets its ticket and draws one of its two prizes.
 *
 * The volume bought is 星降る街の探偵 volume 3 (found by name), as the points journey buys it.
 */
const OPERATOR = `lottery-operator-${Date.now()}@example.jp`;
const SUPPORT = `lottery-support-${Date.now()}@example.jp`;
const NAME = '春の本棚くじ';
let TITLE_ID = 0;
let VOL3 = 0;

let store: StoreServer;
let browser: Browser;
let campaignId = 0;

const tokyoMinute = (offsetMs: number) => new Date(Date.now() + offsetMs + 9 * 3600_000).toISOString().slice(0, 16);
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `admin-lottery-${name}.png`), fullPage: true });

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  const vol3 = await findVolume(store, '星降る街の探偵', 3);
  [TITLE_ID, VOL3] = [vol3.titleId, vol3.id];
  await Promise.all([signUpMember(store, OPERATOR, 'lottery'), signUpMember(store, SUPPORT, 'サポート')]);
  await makeOperator(store, OPERATOR);
  await storeCommand(store.dataDir, 'admin.ts', ['role', '--email', SUPPORT, '--role', 'support']);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

describe('the console runs the store’s lottery campaigns', () => {
  it('an operator creates a campaign with one box and two prizes (1080 px); odds not adding up to 1,000 ‰ are refused', async () => {
    const { context, page } = await loggedInAs(browser, store, OPERATOR, 1080);
    await page.goto(`${store.url}/admin`);
    await page.getByRole('link', { name: 'くじ', exact: true }).click();
    await page.getByRole('heading', { name: 'くじキャンペーン', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'くじキャンペーンを作成する' });
    await form.getByLabel('キャンペーン名').fill(NAME);
    await form.getByLabel('開始（日本時間）').fill(tokyoMinute(-3600_000));
    await form.getByLabel('終了（日本時間）').fill(tokyoMinute(14 * 86400_000));
    await form.getByLabel('説明').fill('作品を購入するとくじが1枚もらえます。');
    await form.getByLabel('購入1回ごとの枚数').fill('1');

    const box = form.getByRole('group', { name: 'くじ箱 1' });
    await box.getByLabel('くじ箱の名前').fill('春のボックス');
    const first = box.getByRole('group', { name: '賞品 1' });
    await first.getByLabel('賞品名').fill('300マンガコイン');
    await first.getByLabel('種類').selectOption({ label: 'マンガコイン' });
    await first.getByLabel('数量（コイン・ポイント）').fill('300');
    await first.getByLabel('当選確率（‰）').fill('600');
    await first.getByLabel('在庫（空欄で無制限）').fill('5');
    await box.getByRole('button', { name: '賞品を追加する' }).click();
    const second = box.getByRole('group', { name: '賞品 2' });
    assert.equal(await second.getByLabel('等').inputValue(), '2');
    await second.getByLabel('賞品名').fill('5ポイント');
    await second.getByLabel('種類').selectOption({ label: 'ポイント' });
    await second.getByLabel('数量（コイン・ポイント）').fill('5');
    await second.getByLabel('当選確率（‰）').fill('300');
    await box.getByText('当選確率の合計：900‰（1000‰にしてください）').waitFor();

    // The server refuses the box (its odds are 900 ‰) and the form names it in Japanese.
    await form.getByRole('button', { name: 'くじキャンペーンを作成する' }).click();
    await page.getByText('「くじ箱と賞品」を確認してください').waitFor();
    await second.getByLabel('当選確率（‰）').fill('400');
    await box.getByText('当選確率の合計：1000‰', { exact: true }).waitFor();
    await shot(page, 'console-form-1080');
    await form.getByRole('button', { name: 'くじキャンペーンを作成する' }).click();
    await page.getByText('作成しました').waitFor();

    const row = page.getByRole('row', { name: new RegExp(NAME) });
    await row.getByText('開催中').waitFor();
    await row.getByText('1等 300マンガコイン（600‰・在庫5・当選0）').waitFor();
    await row.getByText('2等 5ポイント（400‰・在庫無制限・当選0）').waitFor();
    await row.getByText('購入 1枚').waitFor();
    campaignId = Number(await row.getByRole('cell').first().textContent());
    assert.ok(campaignId > 0);
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0));

    // The list by state: running, not scheduled.
    const filter = page.getByLabel('状態で絞り込む');
    await filter.selectOption({ label: '開催前' });
    await row.waitFor({ state: 'detached' });
    await filter.selectOption({ label: '開催中' });
    await row.getByText('開催中').waitFor();
    await shot(page, 'console-1080');
    await context.close();
  });

  it('support opens くじ from the menu and reads the campaign without changing it (1080 px)', async () => {
    assert.ok(campaignId > 0, 'the campaign was created');
    const { context, page } = await loggedInAs(browser, store, SUPPORT, 1080);
    await page.goto(`${store.url}/admin`);
    await page.getByRole('link', { name: 'くじ', exact: true }).click();
    await page.getByRole('heading', { name: 'くじキャンペーン', level: 1 }).waitFor();
    await page.getByText('サポート担当は閲覧のみです。作成・編集・終了は運営担当が行います。').waitFor();
    const row = page.getByRole('row', { name: new RegExp(NAME) });
    await row.getByText('開催中').waitFor();
    await row.getByText('1等 300マンガコイン（600‰・在庫5・当選0）').waitFor();
    assert.equal(await page.getByRole('form', { name: 'くじキャンペーンを作成する' }).count(), 0);
    assert.equal(await row.getByRole('button').count(), 0);
    await shot(page, 'support-1080');
    await context.close();
  });

  it('a member at 375 px buys a book during it and draws one of its prizes', async () => {
    assert.ok(campaignId > 0, 'the campaign was created');
    const { context, page, email } = await newMemberPage(browser, store, {
      label: 'lottery-member',
      nickname: 'くじ',
      width: 375,
      height: 812,
    });
    await grantMangaCoins(store, email, 5000);
    await page.goto(`/series_list/series_id=${TITLE_ID}?book_id=${VOL3}`);
    await page.getByRole('button', { name: '購入する' }).click();
    const dialog = page.getByRole('dialog', { name: '購入する' });
    await dialog.getByRole('button', { name: '次へ' }).click();
    await dialog.getByRole('button', { name: /^購入する [\d,]+マンガコイン$/ }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /マンガコインを.+使用しました/ })
      .waitFor();

    await page.goto(`/lottery/${campaignId}`);
    await page.getByRole('heading', { name: NAME }).waitFor();
    await page.getByText('使えるくじ 1枚').waitFor();
    await page.getByRole('button', { name: 'くじを引く（残り1枚）' }).click();
    const won = page.getByTestId('lottery-won');
    await won.getByText(/^(1等「300マンガコイン」|2等「5ポイント」)が当たりました！$/).waitFor();
    await page
      .getByTestId('my-prizes')
      .getByText(/^(300マンガコイン|5ポイント)$/)
      .first()
      .waitFor();
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0));
    await won.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await shot(page, 'member-won-375');
    await context.close();
  });
});
