import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { loggedInAs, makeOperator, signUpMember } from '../support/members';

/**
 * The console's banner editor through the pages: an operator uploads the banner's image (a file
 * that is not an image, or not a banner's shape, is refused in Japanese), chooses where the store
 * shows it and creates the banner at 1080 px; a member (768 px) and a guest (375 px) see it first
 * on the top page (highest priority), its image served from the media store, and follow its link;
 * once the operator ends it, the store no longer shows it.
 */
const OPERATOR = `banner-operator-${Date.now()}@example.jp`;

let store: StoreServer;
let browser: Browser;
let work = '';
let titleId = 0;
let titleName = '';
let imageSrc = '';

const tokyoMinute = (offsetMs: number) => new Date(Date.now() + offsetMs + 9 * 3600_000).toISOString().slice(0, 16);
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `admin-banners-${name}.png`), fullPage: true });

const signUp = (email: string) => signUpMember(store, email, 'banner');

const loggedIn = (email: string, width: number) => loggedInAs(browser, store, email, width);

/** An image file of `width`×`height` (a banner's art: a band of colour with a frame), written into the work folder. */
async function imageFile(name: string, width: number, height: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#d94f2b"/><rect x="8" y="8" width="${width - 16}" height="${height - 16}" fill="none" stroke="#fff3d6" stroke-width="6"/><circle cx="${width * 0.15}" cy="${height / 2}" r="${height * 0.3}" fill="#fff3d6"/></svg>`;
  const file = path.join(work, name);
  writeFileSync(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  work = mkdtempSync(path.join(tmpdir(), 'hondana-banners-e2e-'));
  await signUp(OPERATOR);
  await makeOperator(store, OPERATOR);
});
after(async () => {
  await browser?.close();
  await store?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** The top page's reach banners, in the order shown. */
async function topBanners(page: Page): Promise<string[]> {
  await page.goto(`${store.url}/`);
  await page.getByTestId('reach-banner').first().waitFor();
  return page.getByTestId('reach-banner').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

describe('the console sets the store’s banners', () => {
  it('an operator uploads the image, chooses the place and creates a banner (1080 px); a file that is not a banner image is refused in Japanese', async () => {
    const { context, page } = await loggedIn(OPERATOR, 1080);
    // A title of the demo catalog, found by name, is what the banner links to.
    titleName = '星降る街の探偵';
    await page.goto(`${store.url}/admin`);
    await page.getByRole('link', { name: 'バナー' }).click();
    await page.getByRole('heading', { name: 'バナー', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'バナーを作成する' });
    const image = form.getByLabel('バナー画像（480×90、または960×180など同じ形の画像）');

    // A text file named .png is not an image: the server decodes the file, its name says nothing.
    const fake = path.join(work, 'not-a-banner.png');
    writeFileSync(fake, 'これは画像ではありません');
    await image.setInputFiles(fake);
    await form.getByText('画像として読めないファイルです。JPEG・PNG・WebPの画像を選んでください。').waitFor();
    await image.setInputFiles(await imageFile('square.png', 480, 480));
    await form.getByText('バナーは480×90（または同じ形の大きな画像）にしてください。選んだ画像は480×480です。').waitFor();
    await image.setInputFiles(await imageFile('spring-banner.png', 960, 180));
    await form.getByText('画像をアップロードしました（960×180）。保存するとこの画像が表示されます。').waitFor();
    const preview = form.getByRole('img', { name: '今の画像' });
    await preview.scrollIntoViewIfNeeded();
    await shot(page, 'console-upload-1080');
    imageSrc = (await preview.getAttribute('src')) ?? '';
    assert.match(imageSrc, /^\/media\/banners\/\d+\/960\.webp$/);
    await page.waitForFunction(
      (src) => Array.from(document.images).some((i) => i.getAttribute('src') === src && i.complete && i.naturalWidth === 960),
      imageSrc,
    );

    // The link: the title chosen by name in the picker.
    await form.getByRole('combobox', { name: '作品名で探す' }).fill(titleName.slice(0, 4));
    await form.getByRole('option', { name: new RegExp(`^${titleName}（ID \\d+・`) }).click();
    const link = await form.getByLabel('リンク先（/... または https://...）').inputValue();
    titleId = Number(/series_id=(\d+)/.exec(link)?.[1]);
    assert.ok(titleId > 0, `the picker set a series link: ${link}`);
    const place = form.getByLabel('表示場所');
    assert.deepEqual(await place.locator('option').allTextContents(), ['トップページ上部']);
    await place.selectOption('top');
    await form.getByLabel('優先度（大きいほど先に表示）').fill('1000');
    await form.getByLabel('掲載開始（日本時間）').fill(tokyoMinute(-3600_000));
    await form.getByLabel('掲載終了（日本時間）').fill(tokyoMinute(7 * 86400_000));
    await form.getByRole('button', { name: 'バナーを作成する' }).click();
    await page.getByText('作成しました').waitFor();
    const row = page.getByRole('row', { name: new RegExp(`series_id=${titleId}`) }).first();
    await row.getByText('掲載中').waitFor();
    await row.getByText('1000').waitFor();
    await row.getByText('トップページ上部').waitFor();
    assert.equal(await row.getByRole('img').getAttribute('src'), imageSrc);
    await shot(page, 'console-1080');
    await context.close();
  });

  it('a member at 768 px sees it first on the top page and follows its link', async () => {
    const email = `banner-member-${Date.now()}@example.jp`;
    await signUp(email);
    const { context, page } = await loggedIn(email, 768);
    const order = await topBanners(page);
    assert.equal(order[0], `/series_list/series_id=${titleId}`);
    const banner = page.getByTestId('reach-banner').first();
    assert.equal(await banner.locator('img').getAttribute('src'), imageSrc);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="reach-banner"] img')).some(
        (i) => i.complete && i.naturalWidth === 960,
      ),
    );
    await banner.scrollIntoViewIfNeeded();
    await shot(page, 'store-member-768');
    await banner.click();
    await page.waitForURL(new RegExp(`/series_list/series_id=${titleId}`));
    await context.close();
  });

  it('a guest at 375 px sees it too; once the operator ends it, the store no longer shows it', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'ja-JP' });
    const page = await context.newPage();
    assert.equal((await topBanners(page))[0], `/series_list/series_id=${titleId}`);
    await page.getByTestId('reach-banner').first().scrollIntoViewIfNeeded();
    await shot(page, 'store-guest-375');

    const op = await loggedIn(OPERATOR, 1080);
    await op.page.goto(`${store.url}/admin/banners`);
    const row = op.page.getByRole('row', { name: new RegExp(`series_id=${titleId}`) }).first();
    await row.getByRole('button', { name: /^掲載終了/ }).click();
    await op.page.getByText('終了しました').waitFor();
    await row.getByText('終了', { exact: true }).waitFor();
    await op.context.close();

    await page.goto(`${store.url}/`);
    await page.waitForLoadState('networkidle');
    const shown = await page.getByTestId('reach-banner').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.ok(!shown.includes(`/series_list/series_id=${titleId}`), `ended banner still shown: ${shown.join(', ')}`);
    await context.close();
  });
});
