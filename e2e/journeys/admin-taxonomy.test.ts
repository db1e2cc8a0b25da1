import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectNoSidewaysScroll } from '../support/layout';
import { deviceHeaders, loggedInAs, makeOperator, signUpMember } from '../support/members';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';

/**
 * The console's genres, publishers and magazines through the pages: an operator at 1080 px adds a
 * publisher on `/admin/taxonomy` (a second of the same name is refused in Japanese), finds a demo
 * title by its name, picks the new publisher in the title editor's picker and saves (the save
 * sends its id); a guest at 375 px then sees the new publisher's name on that title's series page.
 */
const OPERATOR = `taxonomy-operator-${Date.now()}@example.jp`;
const PUBLISHER = `灯火書房${Date.now() % 100000}`;
const TITLE = '星降る街の探偵';

let store: StoreServer;
let browser: Browser;
let titleId = 0;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `admin-taxonomy-${name}.png`), fullPage: true });

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  await signUpMember(store, OPERATOR, 'taxonomy');
  await makeOperator(store, OPERATOR);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

describe('the console names the publishers a title is filed under', () => {
  it('an operator adds a publisher and picks it for a title in the title editor (1080 px)', async () => {
    const { context, page } = await loggedInAs(browser, store, OPERATOR, 1080);
    await page.goto(`${store.url}/admin`);
    await page.getByRole('link', { name: 'ジャンル・出版社', exact: true }).click();
    await page.getByRole('heading', { name: 'ジャンル・出版社・掲載誌', level: 1 }).waitFor();

    const section = page.getByRole('region', { name: '出版社', exact: true });
    const form = section.getByRole('form', { name: '出版社を追加する' });
    await form.getByLabel('名前').fill(PUBLISHER);
    await form.getByLabel('よみ（カタカナ）').fill('トウカショボウ');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/publishers') && r.request().method() === 'POST');
    await form.getByRole('button', { name: '出版社を追加する' }).click();
    assert.equal((await created).status(), 200);
    const publisherId = ((await (await created).json()) as { id: number }).id;
    await section.getByRole('cell', { name: PUBLISHER, exact: true }).waitFor();

    // The same name again is refused, in Japanese.
    await form.getByLabel('名前').fill(PUBLISHER);
    await form.getByRole('button', { name: '出版社を追加する' }).click();
    await section.getByText('この名前はすでに使われています').waitFor();
    await shot(page, 'publishers-1080');

    // The title editor: the title found by its name, the new publisher picked by its name.
    await page.getByRole('link', { name: '作品', exact: true }).click();
    const search = page.getByRole('search').filter({ has: page.getByLabel('作品名・よみ・著者名・ID') });
    await search.getByLabel('作品名・よみ・著者名・ID').fill(TITLE);
    await search.getByRole('button', { name: '検索', exact: true }).click();
    await page.getByRole('link', { name: TITLE, exact: true }).click();
    await page.waitForURL(/\/admin\/titles\/\d+$/);
    titleId = Number(page.url().split('/').pop());
    const meta = page.getByRole('form', { name: '作品情報' });
    // The picker's name is its label and the option it shows.
    const picker = meta.getByRole('combobox', { name: /^出版社/ });
    await picker.waitFor();
    await picker.selectOption({ label: PUBLISHER });
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/titles/${titleId}`) && r.request().method() === 'PUT');
    await meta.getByRole('button', { name: '保存する' }).click();
    const answer = await saved;
    assert.equal(answer.status(), 200);
    const sent = answer.request().postDataJSON() as Record<string, unknown>;
    assert.equal(sent.publisherId, publisherId, 'the save sends the picked publisher’s id');
    assert.equal(sent.publisher, undefined);
    await page.getByText('保存しました').waitFor();
    // The form again, the picker showing the saved choice.
    assert.equal(
      await page
        .getByRole('form', { name: '作品情報' })
        .getByRole('combobox', { name: /^出版社/ })
        .inputValue(),
      String(publisherId),
    );
    await shot(page, 'title-editor-1080');
    await context.close();
  });

  it('a guest sees the new publisher on the title’s series page (375 px)', async () => {
    assert.ok(titleId > 0);
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'ja-JP', extraHTTPHeaders: deviceHeaders() });
    const page = await context.newPage();
    await page.goto(`${store.url}/series_list/series_id=${titleId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByText(PUBLISHER, { exact: true }).waitFor();
    await expectNoSidewaysScroll(page);
    await shot(page, 'series-guest-375');
    await context.close();
  });
});
