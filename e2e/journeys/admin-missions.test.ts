import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { expectNoSidewaysScroll } from '../support/layout';
import { loggedInAs, makeOperator, newMemberPage, signUpMember } from '../support/members';
import { type StoreServer, grantMangaCoins, launchBrowser, screenshotDir, startStore } from '../support/server';
import { storeCommand } from '../support/store-command';
import { findVolume } from '../support/fixtures';

/**
 * The console's missions through the pages: an operator at 1080 px creates a mission (buy twice,
 * 30 points, an image; an end before its start is refused in Japanese) and raises its bonus to 40
 * points; the console lists it as running, not as scheduled. A member at 375 px sees it (and its image) on my page, buys a book and
 * sees its progress 1/2. Support, at 375 px, reads the list and is offered no change.
 *
 * The volume bought is 星降る街の探偵 volume 3 (found by name), as the lottery journey buys it.
 */
const OPERATOR = `missions-operator-${Date.now()}@example.jp`;
const SUPPORT = `missions-support-${Date.now()}@example.jp`;
const NAME = '春の購入ミッション';
let TITLE_ID = 0;
let VOL3 = 0;
/** The address the console gave the image the operator uploaded. */
let IMAGE = '';

let store: StoreServer;
let browser: Browser;
let created = false;
const work = mkdtempSync(path.join(tmpdir(), 'hondana-missions-'));

const tokyoMinute = (offsetMs: number) => new Date(Date.now() + offsetMs + 9 * 3600_000).toISOString().slice(0, 16);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `admin-missions-${name}.png`), fullPage: true });

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  const vol3 = await findVolume(store, '星降る街の探偵', 3);
  [TITLE_ID, VOL3] = [vol3.titleId, vol3.id];
  await Promise.all([signUpMember(store, OPERATOR, 'missions'), signUpMember(store, SUPPORT, 'サポート')]);
  await makeOperator(store, OPERATOR);
  const { stdout } = await storeCommand(store.dataDir, 'admin.ts', ['role', '--email', SUPPORT, '--role', 'support']);
  assert.match(stdout, /is now support/);
});
after(async () => {
  await browser?.close();
  await store?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** The mission's art as a PNG file an operator would choose (240×126, the card's shape). */
async function imageFile(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="126"><rect width="100%" height="100%" fill="#f2b53a"/><circle cx="120" cy="63" r="40" fill="#fff4d6"/></svg>`;
  const file = path.join(work, 'mission.png');
  writeFileSync(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

describe('the console runs the store’s missions', () => {
  it('an operator creates a mission and raises its bonus (1080 px); an end before its start is refused', async () => {
    const { context, page } = await loggedInAs(browser, store, OPERATOR, 1080);
    await page.goto(`${store.url}/admin`);
    await page.getByRole('link', { name: 'ミッション', exact: true }).click();
    await page.getByRole('heading', { name: 'ミッション', level: 1 }).waitFor();
    // The demo's missions are listed, made through the same service.
    await page.getByRole('row', { name: /はじめての本棚ミッション/ }).waitFor();

    const form = page.getByRole('form', { name: 'ミッションを作成する' });
    await form.getByLabel('ミッション名').fill(NAME);
    // The image is chosen as a file: uploaded at once, its address fills the field.
    await form.getByLabel(/^画像をアップロード/).setInputFiles(await imageFile());
    await form.getByText('画像をアップロードしました（240×126）').waitFor();
    IMAGE = await form.getByLabel('画像のURL（/から始まるパスかhttps://、空欄で画像なし）').inputValue();
    assert.match(IMAGE, /^\/media\//);
    await form.getByLabel('開始（日本時間）').fill(tokyoMinute(-3600_000));
    await form.getByLabel('終了（日本時間）').fill(tokyoMinute(-7200_000));
    const task = form.getByRole('group', { name: 'タスク 1' });
    await task.getByLabel('タスクの種類').selectOption({ label: '作品を購入する（回数）' });
    await task.getByLabel('目標の回数').fill('2');
    await form.getByLabel('報酬の種類').selectOption({ label: 'ポイント' });
    await form.getByLabel('報酬の数量').fill('30');

    // The server refuses the period and the form names it in Japanese.
    await form.getByRole('button', { name: 'ミッションを作成する' }).click();
    await page.getByText('「終了」を確認してください').waitFor();
    await form.getByLabel('終了（日本時間）').fill(tokyoMinute(14 * 86400_000));
    await shot(page, 'console-form-1080');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/missions') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'ミッションを作成する' }).click();
    assert.equal((await saved).status(), 200);
    await page.getByText('作成しました').waitFor();

    const row = page.getByRole('row', { name: new RegExp(NAME) });
    await row.getByText('開催中').waitFor();
    await row.getByText('作品を2回購入する（取り組み中0人）').waitFor();
    await row.getByText('30ポイント（達成0人）').waitFor();

    // An edit: the bonus goes up to 40 points (only that field is sent, with the version read).
    await row.getByRole('button', { name: `編集 ${NAME}` }).click();
    const id = Number(await row.getByRole('cell').first().textContent());
    const edit = page.getByRole('form', { name: `#${id} を編集中` });
    assert.equal(await edit.getByLabel('ミッション名').inputValue(), NAME);
    await edit.getByLabel('報酬の数量').fill('40');
    const put = page.waitForResponse((r) => r.url().endsWith(`/api/admin/missions/${id}`) && r.request().method() === 'PUT');
    await edit.getByRole('button', { name: '変更を保存する' }).click();
    assert.equal((await put).status(), 200);
    await page.getByText('保存しました').waitFor();
    await row.getByText('40ポイント（達成0人）').waitFor();

    // The list by state: running, not scheduled.
    const filter = page.getByLabel('状態で絞り込む');
    await filter.selectOption({ label: '開催前' });
    await row.waitFor({ state: 'detached' });
    await filter.selectOption({ label: '開催中' });
    await row.getByText('開催中').waitFor();
    await expectNoSidewaysScroll(page);
    await shot(page, 'console-1080');
    created = true;
    await context.close();
  });

  it('a member at 375 px sees it on my page, buys a book and sees its progress', async () => {
    assert.ok(created, 'the mission was created');
    const { context, page, email } = await newMemberPage(browser, store, {
      label: 'missions-member',
      nickname: 'ミッション',
      width: 375,
      height: 812,
    });
    await page.goto('/mypage');
    const card = page
      .getByTestId('missions-panel')
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: NAME }) });
    await card.getByText('達成報酬：40ポイント').waitFor();
    await card.getByText('作品を2回購入する').waitFor();
    await card.getByText('0/2').waitFor();
    // The image the console set shows on the card.
    const image = card.locator(`img[src="${IMAGE}"]`);
    await image.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (src) =>
        Array.from(document.querySelectorAll<HTMLImageElement>(`img[src="${src}"]`)).some((img) => img.complete && img.naturalWidth > 0),
      IMAGE,
    );
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'member-before-375');

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

    await page.goto('/mypage');
    await card.getByText('1/2').waitFor();
    assert.equal(await card.getByRole('progressbar', { name: '作品を2回購入する' }).getAttribute('value'), '1');
    await card.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await shot(page, 'member-progress-375');
    await context.close();
  });

  it('support at 375 px reads the missions and is offered no change', async () => {
    assert.ok(created, 'the mission was created');
    const { context, page } = await loggedInAs(browser, store, SUPPORT, 375);
    await page.goto(`${store.url}/admin/members`);
    await page.getByRole('link', { name: 'ミッション', exact: true }).click();
    await page.getByRole('heading', { name: 'ミッション', level: 1 }).waitFor();
    await page.getByText('サポート担当は閲覧のみです。作成・編集・終了は運営担当が行います。').waitFor();
    const row = page.getByRole('row', { name: new RegExp(NAME) });
    await row.getByText('作品を2回購入する（取り組み中1人）').waitFor();
    assert.equal(await page.getByRole('form', { name: 'ミッションを作成する' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: /^(編集|終了する)/ }).count(), 0);
    await shot(page, 'support-375');
    await context.close();
  });
});
