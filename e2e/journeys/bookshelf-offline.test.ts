import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type ImportedBook, importIntoStore, numberedPage, writeTextEpub } from '../support/import-fixtures';
import { type StoreServer, grantMangaCoins, launchBrowser, screenshotDir, startStore } from '../support/server';
import { newMemberPage, signUpThrough } from '../support/members';
import { storeCommand } from '../support/store-command';
import { findVolume, orderOfBook } from '../support/fixtures';

/**
 * Books saved for offline reading. 星降る街の探偵: volumes 2 and 3 are sold at their price in the
 * demo catalog (found by name).
 */
let TITLE_ID = 0;
let VOL2 = 0;
let VOL3 = 0;
/** 追放された錬金術師はのんびり薬屋を営む（1）: a paid text (reflow) book of 5 chapters. */
let TEXT_TITLE_ID = 0;
let TEXT_BOOK = 0;
const TEXT_CHAPTERS = 5;

let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  const [vol2, vol3, text] = [
    await findVolume(store, '星降る街の探偵', 2),
    await findVolume(store, '星降る街の探偵', 3),
    await findVolume(store, '追放された錬金術師はのんびり薬屋を営む', 1),
  ];
  [TITLE_ID, VOL2, VOL3, TEXT_TITLE_ID, TEXT_BOOK] = [vol2.titleId, vol2.id, vol3.id, text.titleId, text.id];
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `bookshelf-offline-${name}.png`), fullPage: true });

const newMember = (width: number) => newMemberPage(browser, store, { label: `offline-${width}`, nickname: '本棚', width });

async function buyVolume(page: Page, bookId: number, titleId = TITLE_ID) {
  await page.goto(`${store.url}/series_list/series_id=${titleId}?book_id=${bookId}`);
  await page.getByRole('button', { name: '購入する' }).click();
  const dialog = page.getByRole('dialog', { name: '購入する' });
  await dialog.getByRole('button', { name: '次へ' }).click();
  await dialog.getByRole('button', { name: /^購入する [\d,]+マンガコイン$/ }).click();
  await page.getByTestId('buy-box').getByRole('link', { name: '読む' }).waitFor();
}

/** Support cancels the member's order of a book (found on the console's member page) with `npm run admin -- cancel-order`, README. */
async function cancelOrderOf(email: string, bookId: number) {
  const order = await orderOfBook(store, email, bookId);
  await storeCommand(store.dataDir, 'admin.ts', ['cancel-order', '--order', String(order), '--reason', 'e2e']);
}

type DeviceStorage = {
  databases: Record<string, { books: number[]; pages: number; chapters: number; figures: number }>;
  caches: string[];
  workers: number;
};

/**
 * What this browser keeps for the site: the offline databases (saved book ids, stored page and
 * text chapter counts, illustrations stored with the chapters), Cache Storage names and service workers. Sent as source text: tsx would wrap the
 * helpers of a function in `__name`, which the page does not have.
 */
const DEVICE_STORAGE = `(async () => {
  const ask = (request) => new Promise((resolve, reject) => { request.onsuccess = () => resolve(request.result); request.onerror = () => reject(request.error); });
  const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('hondana-offline-'));
  const databases = {};
  for (const name of names) {
    const db = await ask(indexedDB.open(name));
    databases[name] = {
      books: await ask(db.transaction('books').objectStore('books').getAllKeys()),
      pages: await ask(db.transaction('pages').objectStore('pages').count()),
      chapters: await ask(db.transaction('chapters').objectStore('chapters').count()),
      figures: (await ask(db.transaction('chapters').objectStore('chapters').getAll())).reduce((n, c) => n + (c.figures?.length ?? 0), 0),
    };
    db.close();
  }
  return { databases, caches: await caches.keys(), workers: (await navigator.serviceWorker.getRegistrations()).length };
})()`;

const deviceStorage = (page: Page) => page.evaluate(DEVICE_STORAGE) as Promise<DeviceStorage>;

async function syncedPosition(page: Page, bookId: number): Promise<{ page: number; font: string | null } | null> {
  const response = await page.request.get(`${store.url}/api/book/sync_page?book_id=${bookId}`);
  return (await response.json()) as { page: number; font: string | null } | null;
}

const syncedPage = async (page: Page, bookId: number) => (await syncedPosition(page, bookId))?.page ?? null;

describe('the installable store', () => {
  it('links a Japanese standalone manifest with PNG icons, and serves the service worker uncached', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 900 }, locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(`${store.url}/`);
    assert.equal(await page.locator('link[rel="manifest"]').getAttribute('href'), '/manifest.webmanifest');
    const manifest = await page.request.get(`${store.url}/manifest.webmanifest`);
    assert.match(manifest.headers()['content-type'] ?? '', /^application\/manifest\+json/);
    assert.equal(manifest.headers()['cache-control'], 'no-cache');
    const body = (await manifest.json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    assert.deepEqual([body.name, body.display, body.start_url], ['本棚', 'standalone', '/bookshelf']);
    for (const icon of body.icons) {
      const png = await page.request.get(`${store.url}${icon.src}`);
      assert.equal(png.headers()['content-type'], 'image/png', icon.src);
      const bytes = await png.body();
      // The PNG header's width and height (IHDR) are the manifest's size.
      assert.equal(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.sizes, icon.src);
    }
    assert.ok(body.icons.some((i) => i.purpose === 'maskable'));
    const worker = await page.request.get(`${store.url}/sw.js`);
    assert.equal(worker.status(), 200);
    assert.match(worker.headers()['content-type'] ?? '', /javascript/);
    assert.equal(worker.headers()['cache-control'], 'no-cache');
    await context.close();
  });
});

describe('books saved for offline reading', () => {
  for (const width of [375, 1080]) {
    it(`at ${width} px: save a book, read it with the network cut, the position syncs back, a cancelled one leaves, logging out leaves nothing`, async () => {
      const { page, email } = await newMember(width);
      const context = page.context();
      await grantMangaCoins(store, email, 3000);
      await buyVolume(page, VOL2);
      await buyVolume(page, VOL3);

      // ダウンロード from the shelf: progress and size, then 端末に保存済み.
      await page.goto(`${store.url}/bookshelf?title_id=${TITLE_ID}`);
      const volumes = page.getByRole('list', { name: '持っている本' }).getByRole('listitem');
      await volumes.nth(0).waitFor();
      for (const i of [0, 1]) {
        await volumes
          .nth(i)
          .getByRole('button', { name: /をダウンロード$/ })
          .click();
        await volumes
          .nth(i)
          .getByText(/^端末に保存済み（[\d.]+(KB|MB)）$/)
          .waitFor({ timeout: 30_000 });
      }
      const stored = await deviceStorage(page);
      const [dbName] = Object.keys(stored.databases);
      assert.match(dbName ?? '', /^hondana-offline-\d+$/, 'one database, named by the member');
      assert.deepEqual(stored.databases[dbName!]!.books.sort(), [VOL2, VOL3]);
      const pagesOfBoth = stored.databases[dbName!]!.pages;
      assert.ok(pagesOfBoth > 2, `pages stored: ${pagesOfBoth}`);
      await page.getByRole('link', { name: /^オフラインで読める本（2冊・/ }).waitFor();
      await shot(page, `saved-${width}`);

      // Removing one frees its pages.
      await volumes.nth(1).getByRole('button', { name: '端末から削除' }).click();
      await volumes
        .nth(1)
        .getByRole('button', { name: /をダウンロード$/ })
        .waitFor();
      const afterRemove = (await deviceStorage(page)).databases[dbName!]!;
      assert.deepEqual(afterRemove.books, [VOL2]);
      assert.ok(
        afterRemove.pages < pagesOfBoth && afterRemove.pages > 0,
        `pages after removing one: ${afterRemove.pages} of ${pagesOfBoth}`,
      );
      assert.ok((await deviceStorage(page)).caches.includes('hondana-offline-shell'));
      // The service worker (registered by the shelf) controls the page once it has precached the app.
      await page.waitForFunction(`navigator.serviceWorker.controller?.state === 'activated'`, null, { timeout: 30_000 });

      // Network cut: the offline shelf opens from the service worker and the book reads from the device.
      await context.setOffline(true);
      await page.goto(`${store.url}/bookshelf/offline?cid=${VOL2}`);
      const image = page.getByRole('img', { name: /1ページ$/ });
      await image.waitFor();
      assert.ok(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the stored page image shows');
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: '次のページ' }).click();
      await page.getByRole('img', { name: /4ページ$/ }).waitFor();
      await page.getByText('通信がありません。読んだ位置は通信が戻ったときに本棚へ反映されます。').waitFor();
      await shot(page, `reading-offline-${width}`);
      const reach = `fetch('/api/common/get_status').then(() => 'online', () => 'offline')`;
      assert.equal(await page.evaluate(reach), 'offline', 'the page really has no network');

      // Back online: the page read offline becomes the synced position.
      await context.setOffline(false);
      await page.getByText('読んだ位置は本棚に反映されています。').waitFor();
      assert.equal(await syncedPage(page, VOL2), 3);
      await page.goto(`${store.url}/bookshelf?title_id=${TITLE_ID}`);
      await volumes
        .nth(0)
        .getByRole('progressbar', { name: /^4 \/ \d+ページまで読みました$/ })
        .waitFor();

      // The order is cancelled by support: the next online visit removes the book from the device.
      await cancelOrderOf(email, VOL2);
      await page.goto(`${store.url}/bookshelf/offline`);
      await page.getByText('端末に保存した本はありません。').waitFor();
      assert.deepEqual((await deviceStorage(page)).databases[dbName!]!.books, []);
      await shot(page, `after-cancel-${width}`);

      // Save the other volume again, then log out: nothing of the member stays on the device.
      await page.goto(`${store.url}/bookshelf?title_id=${TITLE_ID}`);
      await volumes
        .nth(0)
        .getByRole('button', { name: /をダウンロード$/ })
        .click();
      await volumes
        .nth(0)
        .getByText(/^端末に保存済み/)
        .waitFor({ timeout: 30_000 });
      assert.equal((await deviceStorage(page)).databases[dbName!]!.books.length, 1);
      await page.getByRole('button', { name: 'ログアウト' }).click();
      await page.waitForURL(`${store.url}/`);
      await page.getByRole('link', { name: 'ログイン' }).first().waitFor();
      const left = await deviceStorage(page);
      assert.deepEqual(
        left,
        { databases: {}, caches: [], workers: 0 },
        'logging out removes the saved books, the caches and the service worker',
      );
      await context.setOffline(true);
      const offlineAgain = await page.goto(`${store.url}/bookshelf/offline`).catch(() => null);
      assert.ok(offlineAgain === null || !offlineAgain.ok(), 'the offline shelf is gone too');
      await context.close();
    });
  }

  it("another account on the same browser cannot read them: its pages delete the other member's saved books", async () => {
    const { page, email } = await newMember(375);
    await grantMangaCoins(store, email, 3000);
    await buyVolume(page, VOL3);
    await page.goto(`${store.url}/bookshelf?title_id=${TITLE_ID}`);
    const volume = page.getByRole('list', { name: '持っている本' }).getByRole('listitem').first();
    await volume.getByRole('button', { name: /をダウンロード$/ }).click();
    await volume.getByText(/^端末に保存済み/).waitFor({ timeout: 30_000 });
    const [first] = Object.keys((await deviceStorage(page)).databases);

    // A second member signs in on the same browser (the session cookie changes, nobody logged out).
    await signUpThrough(page.request, store, { email: `offline-other-${Date.now()}@example.jp`, nickname: '別の人' });
    await page.goto(`${store.url}/bookshelf/offline?cid=${VOL3}`);
    await page.getByText('この本は端末に保存されていません。').waitFor();
    const databases = Object.keys((await deviceStorage(page)).databases);
    assert.ok(!databases.includes(first!), `the first member's database is deleted: ${databases.join(', ')}`);
    await shot(page, 'other-member-375');
    await page.context().close();
  });
});

describe('a text (reflow) book saved for offline reading', () => {
  for (const width of [375, 1080]) {
    it(`at ${width} px: save a novel chapter by chapter, read it in the text viewer with the network cut, the position and font sync back, logging out leaves nothing`, async () => {
      const { page, email } = await newMember(width);
      const context = page.context();
      await grantMangaCoins(store, email, 3000);
      await buyVolume(page, TEXT_BOOK, TEXT_TITLE_ID);

      // ダウンロード: each chapter is its own request (held back a little so the progress can be seen).
      const chapterCalls: string[] = [];
      await page.route('**/api/browser/book_text?*', async (route) => {
        chapterCalls.push(new URL(route.request().url()).search);
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      await page.goto(`${store.url}/bookshelf?title_id=${TEXT_TITLE_ID}`);
      const volume = page.getByRole('list', { name: '持っている本' }).getByRole('listitem').first();
      await volume.getByRole('button', { name: /をダウンロード$/ }).click();
      await volume.getByText(new RegExp(`^保存中 [0-4] / ${TEXT_CHAPTERS}章（[\\d.]+KB）$`)).waitFor({ timeout: 30_000 });
      await shot(page, `text-saving-${width}`);
      await volume.getByText(/^端末に保存済み（[\d.]+KB）$/).waitFor({ timeout: 30_000 });
      await page.unroute('**/api/browser/book_text?*');
      assert.equal(chapterCalls.length, TEXT_CHAPTERS + 1, `the contents, then one call per chapter: ${chapterCalls.join(' ')}`);
      assert.ok(
        chapterCalls.every((q) => q.includes('offline=1')),
        'every part is asked for as a save (owner only)',
      );
      const stored = await deviceStorage(page);
      const [dbName] = Object.keys(stored.databases);
      assert.deepEqual(stored.databases[dbName!], { books: [TEXT_BOOK], pages: 0, chapters: TEXT_CHAPTERS, figures: 0 });
      await page.getByRole('link', { name: /^オフラインで読める本（1冊・/ }).waitFor();
      await shot(page, `text-saved-${width}`);
      await page.waitForFunction(`navigator.serviceWorker.controller?.state === 'activated'`, null, { timeout: 30_000 });

      // Network cut: the offline shelf opens the novel in the viewer's text stage, from the device.
      await context.setOffline(true);
      await page.goto(`${store.url}/bookshelf/offline`);
      await page.getByRole('button', { name: '読む' }).click();
      const stage = page.getByTestId('viewer-stage');
      await stage.locator('section[data-chapter] p').first().waitFor();
      assert.equal(await stage.locator('section[data-chapter]').count(), TEXT_CHAPTERS, 'every chapter is laid out');
      assert.ok((await stage.locator('ruby').count()) > 0, 'the ruby came with the saved text');
      const position = page.getByText(/^\d+ \/ \d+ページ$/);
      await position.filter({ hasText: /^1 \// }).waitFor();
      const total = Number((await position.textContent())!.split('/')[1]!.replace('ページ', '').trim());
      assert.ok(total > 2, `pages laid out: ${total}`);
      await page.getByRole('button', { name: '次のページ' }).click();
      await page.keyboard.press('ArrowLeft'); // vertical writing reads right to left: ← is the next page
      await position.filter({ hasText: new RegExp(`^3 / ${total}ページ$`) }).waitFor();
      assert.equal(await stage.getAttribute('data-current-page'), '2');
      await page.getByText('通信がありません。読んだ位置は通信が戻ったときに本棚へ反映されます。').waitFor();
      await shot(page, `text-reading-offline-${width}`);
      const reach = `fetch('/api/common/get_status').then(() => 'online', () => 'offline')`;
      assert.equal(await page.evaluate(reach), 'offline', 'the page really has no network');

      // Back online: the page read offline, with the font it was laid out in, becomes the synced position.
      await context.setOffline(false);
      await page.getByText('読んだ位置は本棚に反映されています。').waitFor();
      const synced = await syncedPosition(page, TEXT_BOOK);
      assert.deepEqual([synced?.page, synced?.font], [2, 'medium']);
      // The online viewer opens where the device left off.
      await page.goto(`${store.url}/viewer?cid=${TEXT_BOOK}`);
      await page.locator('[data-kind=text][data-total]:not([data-total="0"])').waitFor();
      await page.waitForFunction(`document.querySelector('[data-testid=viewer-stage]')?.getAttribute('data-current-page') === '2'`);
      // The shelf tells a novel being read from an unread one (a text book has no fixed page count).
      await page.goto(`${store.url}/bookshelf?title_id=${TEXT_TITLE_ID}`);
      await page.getByText('読書中').first().waitFor();

      // Logging out: the saved chapters go with everything else.
      await page.goto(`${store.url}/bookshelf`);
      await page.getByRole('button', { name: 'ログアウト' }).click();
      await page.waitForURL(`${store.url}/`);
      await page.getByRole('link', { name: 'ログイン' }).first().waitFor();
      assert.deepEqual(await deviceStorage(page), { databases: {}, caches: [], workers: 0 });
      await context.close();
    });
  }
});

describe('an illustrated text book saved for offline reading', () => {
  let work: string;
  let illustrated: ImportedBook;
  before(async () => {
    // 猫の挿絵: a vertical novel of 2 chapters, an illustration (挿絵) in the first, imported and put
    // on sale at 440 yen as an operator does (`npm run import -- --publish --price 440`).
    work = mkdtempSync(path.join(tmpdir(), 'hondana-offline-e2e-'));
    const prose = '　<ruby>吾輩<rt>わがはい</rt></ruby>は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。';
    const file = await writeTextEpub(path.join(work, 'sashie.epub'), {
      identifier: 'urn:uuid:e2e-offline-figure-0001',
      title: '猫の挿絵',
      author: '夏目テスト',
      images: { 'sashie.png': await numberedPage(7, 600, 800, '#2e5a7a') },
      chapters: [
        { title: '一　朝', paragraphs: [prose, prose, '<img src="../image/sashie.png" alt="挿絵"/>', prose, prose] },
        { title: '二　夜', paragraphs: [prose, prose, prose] },
      ],
    });
    const [imported] = await importIntoStore(store, file, ['--publish', '--price', '440']);
    assert.ok(imported?.listed, 'the command put the book on sale');
    illustrated = imported;
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  for (const width of [375, 1080]) {
    it(`at ${width} px: the illustration is saved with its chapter and shown with the network cut; removing the book deletes it`, async () => {
      const { page, email } = await newMember(width);
      const context = page.context();
      await grantMangaCoins(store, email, 3000);
      await buyVolume(page, illustrated.bookId, illustrated.titleId);

      const figureCalls: string[] = [];
      page.on('requestfinished', (request) => {
        if (request.url().includes('/media/figures/')) figureCalls.push(new URL(request.url()).pathname);
      });
      await page.goto(`${store.url}/bookshelf?title_id=${illustrated.titleId}`);
      const volume = page.getByRole('list', { name: '持っている本' }).getByRole('listitem').first();
      await volume.getByRole('button', { name: /をダウンロード$/ }).click();
      const saved = volume.getByText(/^端末に保存済み（[\d.]+KB）$/);
      await saved.waitFor({ timeout: 30_000 });
      // The one illustration, fetched once at its smaller width (as a saved page image is), counted in the size.
      assert.deepEqual(figureCalls, [`/media/figures/${illustrated.bookId}/0/720.webp`]);
      const stored = await deviceStorage(page);
      const [dbName] = Object.keys(stored.databases);
      assert.deepEqual(stored.databases[dbName!], { books: [illustrated.bookId], pages: 0, chapters: 2, figures: 1 });
      const kb = Number(/（([\d.]+)KB）/.exec((await saved.textContent())!)![1]);
      const figureBytes = (await page.evaluate(`(async () => {
        const db = await new Promise((resolve, reject) => { const r = indexedDB.open(${JSON.stringify(dbName)}); r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
        const chapters = await new Promise((resolve) => { const r = db.transaction('chapters').objectStore('chapters').getAll(); r.onsuccess = () => resolve(r.result); });
        db.close();
        return chapters.flatMap((c) => c.figures ?? []).reduce((n, b) => n + b.size, 0);
      })()`)) as number;
      assert.ok(figureBytes > 1000 && kb * 1024 >= figureBytes, `the size shown (${kb}KB) counts the illustration (${figureBytes} B)`);
      await page.waitForFunction(`navigator.serviceWorker.controller?.state === 'activated'`, null, { timeout: 30_000 });

      // Network cut: the illustration comes from the device, through an object URL of its blob.
      figureCalls.length = 0;
      await context.setOffline(true);
      await page.goto(`${store.url}/bookshelf/offline`);
      await page.getByRole('button', { name: '読む' }).click();
      const stage = page.getByTestId('viewer-stage');
      const figure = stage.locator('figure img');
      await figure.waitFor({ state: 'attached' });
      assert.match((await figure.getAttribute('src')) ?? '', /^blob:/);
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid=viewer-stage] figure img');
        return !!img && img.complete && img.naturalWidth > 0;
      });
      assert.deepEqual(figureCalls, [], 'nothing asked of the media routes');
      // Turn pages until the illustration is on screen whole.
      const position = page.getByText(/^\d+ \/ \d+ページ$/);
      await position.filter({ hasText: /^1 \// }).waitFor();
      let onScreen = false;
      for (let turns = 0; turns < 8 && !onScreen; turns++) {
        const box = await figure.evaluate((img) => {
          const r = img.getBoundingClientRect();
          return {
            top: r.top,
            left: r.left,
            bottom: r.bottom,
            right: r.right,
            width: r.width,
            vw: window.innerWidth,
            vh: window.innerHeight,
          };
        });
        onScreen = box.width > 50 && box.top >= 0 && box.left >= 0 && box.bottom <= box.vh && box.right <= box.vw;
        if (!onScreen) {
          await page.keyboard.press('ArrowLeft');
          await position.filter({ hasText: new RegExp(`^${turns + 2} /`) }).waitFor();
        }
      }
      assert.ok(onScreen, 'the illustration comes on screen whole');
      await shot(page, `text-figure-offline-${width}`);
      const reach = `fetch('/api/common/get_status').then(() => 'online', () => 'offline')`;
      assert.equal(await page.evaluate(reach), 'offline', 'the page really has no network');

      // Leaving the book revokes its object URLs; removing it from the device deletes the illustration too.
      const blobUrl = (await figure.getAttribute('src'))!;
      await page.getByRole('button', { name: '一覧に戻る' }).click();
      const revoked = await page.evaluate(
        (url) =>
          fetch(url).then(
            () => false,
            () => true,
          ),
        blobUrl,
      );
      assert.ok(revoked, 'the object URL is revoked when the reader closes');
      await context.setOffline(false);
      await page.goto(`${store.url}/bookshelf?title_id=${illustrated.titleId}`);
      await volume.getByRole('button', { name: '端末から削除' }).click();
      await volume.getByRole('button', { name: /をダウンロード$/ }).waitFor();
      assert.deepEqual((await deviceStorage(page)).databases[dbName!], { books: [], pages: 0, chapters: 0, figures: 0 });
      await context.close();
    });
  }
});
