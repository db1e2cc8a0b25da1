import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { loggedInAs, makeOperator, signUpMember } from '../support/members';

/**
 * Issue 34 items 1 and 15 through the console at 1080 px: an operator changes only a volume's price
 * and its 紹介文 is still there (the save sends the price alone; the audit log records the price
 * and nothing else); the volume form shows and edits the 紹介文; 現在の価格 says what a member pays
 * now and why (無料公開中, セール中 … まで). The title is found by its name, as an operator does.
 */
const OPERATOR = `volume-operator-${Date.now()}@example.jp`;
const TITLE = '星降る街の探偵';

let store: StoreServer;
let browser: Browser;

const tokyoMinute = (offsetMs: number) => new Date(Date.now() + offsetMs + 9 * 3600_000).toISOString().slice(0, 16);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `admin-volume-save-${name}.png`), fullPage: true });
const yen = (n: number) => n.toLocaleString('ja-JP');

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  await signUpMember(store, OPERATOR, 'volume');
  await makeOperator(store, OPERATOR);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

/** Opens the title's console page by searching its name in the title list. */
async function openTitle(page: Page): Promise<void> {
  await page.goto(`${store.url}/admin/titles`);
  const search = page.getByLabel('作品名・よみ・著者名・ID');
  await search.fill(TITLE);
  await search.press('Enter');
  await page.getByRole('link', { name: TITLE, exact: true }).click();
  await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
}

describe('a volume saved in the console keeps what the operator did not change (1080 px)', () => {
  it('changing only the price of volume 2 leaves its 紹介文, and the save and the audit log name the price alone', async () => {
    const { context, page } = await loggedInAs(browser, store, OPERATOR, 1080);
    await openTitle(page);
    const volume = page.getByRole('form', { name: '第2巻' });
    const description = volume.getByLabel('紹介文');
    const blurb = await description.inputValue();
    assert.ok(blurb.length > 10, `volume 2 has its 紹介文 in the form: "${blurb}"`);
    const price = volume.getByLabel('価格（税込・円）');
    const before = Number(await price.inputValue());
    const raised = before + 110;

    await price.fill(String(raised));
    const [put] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'PUT' && /\/api\/admin\/books\/\d+$/.test(r.url())),
      volume.getByRole('button', { name: '保存する' }).click(),
    ]);
    assert.deepEqual(Object.keys(put.postDataJSON() as object).sort(), ['price', 'token', 'version']);
    await page.getByText('保存しました').waitFor();
    await shot(page, 'saved');

    // Read again from the server: the price moved, the 紹介文 did not.
    await page.reload();
    // The form appears once the title is read, with the server's values in it.
    const again = page.getByRole('form', { name: '第2巻' });
    assert.equal(await again.getByLabel('価格（税込・円）').inputValue(), String(raised));
    assert.equal(await again.getByLabel('紹介文').inputValue(), blurb);

    await page.goto(`${store.url}/admin/audit`);
    const entry = page.getByRole('row').filter({ hasText: '巻を変更' }).first();
    await entry.waitFor();
    const change = (await entry.getByRole('cell').nth(4).textContent()) ?? '';
    assert.equal(change.trim(), `価格: ${before} → ${raised}`);
    await shot(page, 'audit');
    await context.close();
  });

  it('the 紹介文 is edited in the volume form; pressing 保存する with nothing changed sends nothing', async () => {
    const { context, page } = await loggedInAs(browser, store, OPERATOR, 1080);
    await openTitle(page);
    const volume = page.getByRole('form', { name: '第2巻' });
    const blurb = `${await volume.getByLabel('紹介文').inputValue()} 第2巻は港の灯台から始まる。`;
    await volume.getByLabel('紹介文').fill(blurb);
    await volume.getByRole('button', { name: '保存する' }).click();
    await page.getByText('保存しました').waitFor();
    await page.reload();
    assert.equal(await page.getByRole('form', { name: '第2巻' }).getByLabel('紹介文').inputValue(), blurb);

    let sent = 0;
    page.on('request', (r) => void (r.method() === 'PUT' && sent++));
    await page.getByRole('form', { name: '第2巻' }).getByRole('button', { name: '保存する' }).click();
    await page.getByText('変更はありません').waitFor();
    assert.equal(sent, 0);
    await context.close();
  });

  it('現在の価格 says 無料公開中 for a volume free now, and セール中 … まで once a sale runs, with the list price beside it', async () => {
    const { context, page } = await loggedInAs(browser, store, OPERATOR, 1080);
    await openTitle(page);
    // Volume 1 is free in the demo catalog for a period.
    await page
      .getByText(/^現在の価格 0円（無料公開中( \d{4}-\d{2}-\d{2} \d{2}:\d{2}まで)?）$/)
      .first()
      .waitFor();

    const volume = page.getByRole('form', { name: '第2巻' });
    const list = Number(await volume.getByLabel('価格（税込・円）').inputValue());
    const sale = Math.floor(list / 2);
    const end = tokyoMinute(5 * 86400_000);
    await volume.getByLabel('セールを設定する').check();
    await volume.getByLabel('セール価格（円）').fill(String(sale));
    await volume.getByLabel('セール開始（日本時間）').fill(tokyoMinute(-3600_000));
    await volume.getByLabel('セール終了（日本時間）').fill(end);
    await volume.getByRole('button', { name: '保存する' }).click();
    await page.getByText(`現在の価格 ${yen(sale)}円（セール中 ${end.replace('T', ' ')}まで）`).waitFor();
    await page.getByText(`通常価格 ${yen(list)}円`).waitFor();
    await page.getByRole('form', { name: '第2巻' }).scrollIntoViewIfNeeded();
    await shot(page, 'price-now');
    await context.close();
  });
});
