import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectNoSidewaysScroll } from '../support/layout';
import { loggedInAs, makeOperator, newMemberPage, signUpMember } from '../support/members';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';

/**
 * The console's features and pre-order bonuses through the pages: an operator at 1080 px creates a
 * feature with two serials (picked by name, the second moved first) and a guest at 375 px sees it on
 * `/serial` in that order; the operator adds a pre-order bonus to a coming volume (picked by title
 * name and volume) and a member at 375 px sees it on that volume's pre-order page and its volume
 * page; a guest at 375 px sees it on the volume page in the HTML the server sends (no script).
 */
const OPERATOR = `features-operator-${Date.now()}@example.jp`;
const FEATURE = '冬休みに一気読み特集';
const BONUS = '冬の予約特典 77ポイント';

let store: StoreServer;
let browser: Browser;
let serials: string[] = [];
let volume: { id: number; titleId: number; titleName: string; vol: number } | undefined;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const tokyoMinute = (offsetMs: number) => new Date(Date.now() + offsetMs + 9 * 3600_000).toISOString().slice(0, 16);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `admin-features-${name}.png`), fullPage: true });

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  await signUpMember(store, OPERATOR, 'features');
  await makeOperator(store, OPERATOR);
  // Two serials by name, as the store lists them (the demo's first osusume list).
  const lists = (await (await fetch(`${store.url}/api/serial_osusumes`)).json()) as { osusumes: { serials: { name: string }[] }[] };
  serials = lists.osusumes[0]!.serials.slice(0, 2).map((s) => s.name);
  assert.equal(serials.length, 2);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

describe('the console edits the store’s features and pre-order bonuses', () => {
  it('an operator creates a feature with two serials (1080 px); a guest sees it on /serial in that order (375 px)', async () => {
    const { context, page } = await loggedInAs(browser, store, OPERATOR, 1080);
    await page.goto(`${store.url}/admin`);
    await page.getByRole('link', { name: '特集', exact: true }).click();
    await page.getByRole('heading', { name: '特集・おすすめ', level: 1 }).waitFor();
    await page
      .getByRole('row', { name: /編集部のおすすめ/ })
      .first()
      .waitFor();

    const form = page.getByRole('form', { name: '特集を作成する' });
    await form.getByLabel('特集名').fill(FEATURE);
    await form.getByLabel('開始（日本時間）').fill(tokyoMinute(-3600_000));
    await form.getByLabel('終了（日本時間）').fill(tokyoMinute(14 * 86400_000));
    for (const name of serials) {
      await form.getByLabel('連載名で探す').fill(name);
      await form.getByRole('button', { name: '探す', exact: true }).click();
      await form.getByRole('button', { name: `${name}を追加`, exact: true }).click();
    }
    // The second serial first.
    await form.getByRole('button', { name: `${serials[1]}を上へ` }).click();
    await shot(page, 'console-form-1080');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/features') && r.request().method() === 'POST');
    await form.getByRole('button', { name: '特集を作成する' }).click();
    assert.equal((await saved).status(), 200);
    await page.getByText('作成しました').waitFor();
    await page
      .getByRole('row', { name: new RegExp(escape(FEATURE)) })
      .getByText('公開中')
      .waitFor();
    await context.close();

    const guest = await browser.newContext({ viewport: { width: 375, height: 900 }, locale: 'ja-JP' });
    const view = await guest.newPage();
    await view.goto(`${store.url}/serial`);
    const section = view.getByRole('region', { name: FEATURE });
    await section.waitFor();
    const names = await section.locator('a').allTextContents();
    const at = (name: string) => names.findIndex((n) => n.includes(name));
    assert.ok(at(serials[1]!) >= 0 && at(serials[0]!) > at(serials[1]!), `${serials[1]} before ${serials[0]}: ${names.join(' / ')}`);
    await section.scrollIntoViewIfNeeded();
    await shot(view, 'serial-top-375');
    await guest.close();
  });

  it('an operator adds a pre-order bonus to a coming volume (1080 px); a member sees it on that volume (375 px)', async () => {
    const { context, page } = await loggedInAs(browser, store, OPERATOR, 1080);
    // A coming volume, as the console lists the demo's bonuses (made through the same service).
    const listed = (await (await page.request.get(`${store.url}/api/admin/pre_order_bonuses?state=running`)).json()) as {
      bonuses: { book: { id: number; titleId: number; titleName: string; vol: number } | null }[];
    };
    volume = listed.bonuses.find((b) => b.book !== null)?.book ?? undefined;
    assert.ok(volume, 'the demo has a coming volume with a bonus');

    await page.goto(`${store.url}/admin`);
    await page.getByRole('link', { name: '予約特典', exact: true }).click();
    await page.getByRole('heading', { name: '予約特典', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: '予約特典を作成する' });
    await form.getByLabel('特典名').fill(BONUS);
    await form.getByLabel('付与ポイント（固定）').fill('77');
    await form.getByLabel('開始（日本時間）').fill(tokyoMinute(-3600_000));
    await form.getByLabel('終了（日本時間）').fill(tokyoMinute(14 * 86400_000));
    await form.getByRole('combobox', { name: '作品名で探す' }).fill(volume.titleName);
    await page.getByRole('option', { name: new RegExp(`^${escape(volume.titleName)}（ID ${volume.titleId}・`) }).click();
    await form
      .getByRole('group', { name: `「${volume.titleName}」の巻（押して選ぶ・外す）` })
      .getByRole('button', { name: new RegExp(`（ID ${volume.id}）$`) })
      .click();
    await shot(page, 'preorder-form-1080');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/pre_order_bonuses') && r.request().method() === 'POST');
    await form.getByRole('button', { name: '予約特典を作成する' }).click();
    assert.equal((await saved).status(), 200);
    await page.getByText('作成しました').waitFor();
    await page
      .getByRole('row', { name: new RegExp(escape(BONUS)) })
      .getByText('開催中')
      .waitFor();
    await context.close();

    const { context: memberContext, page: view } = await newMemberPage(browser, store, {
      label: 'features-member',
      nickname: '予約',
      width: 375,
    });
    await view.goto(`${store.url}/preorder/confirm/book_id=${volume.id}`);
    await view.getByRole('heading', { name: '予約内容の確認' }).waitFor();
    await view.getByText(`${BONUS}（+77pt）`).waitFor();
    await shot(view, 'preorder-confirm-375');

    // The volume page shows the running bonus too, to the member…
    await view.goto(`${store.url}/series_list/series_id=${volume.titleId}?book_id=${volume.id}`);
    const bonus = view.getByRole('region', { name: '予約特典' });
    await bonus.getByText(`${BONUS}（+77pt）`).waitFor();
    await bonus.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(view);
    await shot(view, 'volume-bonus-member-375');
    await memberContext.close();

    // …and to a guest, in the HTML the server sends (scripts off).
    for (const width of [375, 1080]) {
      const guest = await browser.newContext({ viewport: { width, height: 812 }, locale: 'ja-JP', javaScriptEnabled: false });
      const guestPage = await guest.newPage();
      await guestPage.goto(`${store.url}/series_list/series_id=${volume.titleId}?book_id=${volume.id}`);
      const guestBonus = guestPage.getByRole('region', { name: '予約特典' });
      await guestBonus.getByText(`${BONUS}（+77pt）`).waitFor();
      await guestBonus.getByText('予約すると配信日に付与されます。').waitFor();
      await guestBonus.scrollIntoViewIfNeeded();
      await shot(guestPage, `volume-bonus-guest-noscript-${width}`);
      await guest.close();
    }
  });
});
