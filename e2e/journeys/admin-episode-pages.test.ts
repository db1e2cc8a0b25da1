import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import yazl from 'yazl';
import type { Browser, Page } from 'playwright-core';
import { numberedPage } from '../support/import-fixtures';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { loggedInAs, makeOperator, signUpMember } from '../support/members';
import { findSerialOfTitle } from '../support/fixtures';

/**
 * An episode's pages from the console: an operator uploads a CBZ (pages with their number drawn
 * large on a colour) for a free demo episode, and a member reading that episode sees the uploaded
 * pages instead of the drawn demo art (1080 and 768 px).
 */
const OPERATOR = `pages-operator-${Date.now()}@example.jp`;
const MEMBER = `pages-member-${Date.now()}@example.jp`;
// The demo serial of 夜明けの図書館 (found by name): episodes 1–3 are free and released.
let SERIAL_ID = 0;
const HUES = { 1: [30, 107, 179], 2: [46, 125, 50] } as const;

let store: StoreServer;
let browser: Browser;
let work: string;
let episodes: { id: number; orderSequence: number }[];

function cbz(file: string, pages: Buffer[]): Promise<string> {
  const zip = new yazl.ZipFile();
  pages.forEach((data, i) => zip.addBuffer(data, `page${i + 1}.jpg`, { mtime: new Date(0) }));
  zip.addBuffer(Buffer.from('<ComicInfo><PageCount>' + pages.length + '</PageCount></ComicInfo>'), 'ComicInfo.xml', { mtime: new Date(0) });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream
      .on('data', (c: Buffer) => chunks.push(c))
      .on('error', reject)
      .on('end', () => {
        writeFileSync(file, Buffer.concat(chunks));
        resolve(file);
      });
  });
}
const hex = (rgb: readonly number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

const signUp = (email: string) => signUpMember(store, email, email.split('-')[1] ?? email);

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  SERIAL_ID = (await findSerialOfTitle(store, '夜明けの図書館')).id;
  work = mkdtempSync(path.join(tmpdir(), 'hondana-episode-pages-e2e-'));
  await Promise.all([signUp(OPERATOR), signUp(MEMBER)]);
  await makeOperator(store, OPERATOR);
  episodes = (
    (await (await fetch(`${store.url}/api/serial_episodes?serial_id=${SERIAL_ID}&limit=100`)).json()) as { episodes: typeof episodes }
  ).episodes;
});
after(async () => {
  await browser?.close();
  await store?.stop();
  rmSync(work, { recursive: true, force: true });
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `admin-episode-pages-${name}.png`), fullPage: true });
const episode = (n: number) => episodes.find((e) => e.orderSequence === n)!;

const loggedIn = (email: string, width: number) => loggedInAs(browser, store, email, width);

/** The operator opens the serial in the console and uploads `file` as episode `n`'s pages. */
async function uploadPages(page: Page, n: number, file: string, width: number): Promise<void> {
  await page.goto(`${store.url}/admin/serials/${SERIAL_ID}`);
  const row = page
    .getByRole('table', { name: '話と配信予定' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(n), exact: true }) })
    .first();
  await row.getByText('見本の絵').waitFor();
  await row.getByRole('button', { name: `第${n}話のページ：ページをアップロード` }).click();
  const form = page.getByRole('form', { name: `第${n}話のページ` });
  // A file that is not a CBZ is refused in Japanese, nothing changes.
  const wrong = path.join(work, 'notes.zip');
  writeFileSync(wrong, 'これはZIPではありません');
  await form.getByLabel('CBZ・ZIPファイル').setInputFiles(wrong);
  await form.getByRole('button', { name: 'ページをアップロード' }).click();
  await page.getByText('CBZ・ZIPファイルではありません。ファイルを確認してください').waitFor();
  await form.getByLabel('CBZ・ZIPファイル').setInputFiles(file);
  await form.getByRole('button', { name: 'ページをアップロード' }).click();
  await page.getByText(`第${n}話のページを3ページに差し替えました`).waitFor();
  await row.getByText('アップロード済み').waitFor();
  assert.equal((await row.getByRole('cell').nth(6).textContent())?.startsWith('3'), true);
  await shot(page, `console-${width}`);
}

/** The member opens episode `n` in the viewer: its first page is the uploaded P1 on its colour, not drawn art. */
async function readUploaded(page: Page, n: number, width: number): Promise<void> {
  await page.goto(`${store.url}/viewer?serialEpisodeId=${episode(n).id}`);
  const image = page.getByTestId('viewer-stage').locator('img').first();
  await image.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid=viewer-stage] img');
    return !!img && img.complete && img.naturalWidth > 0;
  });
  const src = await image.evaluate((img) => (img as HTMLImageElement).currentSrc);
  assert.match(src, new RegExp(`/media/episodes/${episode(n).id}/0/\\d+\\.(webp|jpg)\\?.*v=1`));
  // The uploaded page is 900×1280 (the drawn ones are 720×1024 or webtoon strips).
  const size = await image.evaluate((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]);
  assert.equal(Math.round((size[1]! / size[0]!) * 900), 1280);
  const pixels = await image.screenshot();
  const meta = await sharp(pixels).metadata();
  // Above the large "P1": the page's own colour.
  const { data } = await sharp(pixels)
    .extract({ left: Math.round(meta.width! / 2) - 4, top: Math.round(meta.height! * 0.15), width: 8, height: 8 })
    .resize(1, 1)
    .raw()
    .toBuffer({ resolveWithObject: true });
  HUES[n as 1 | 2].forEach((c, i) =>
    assert.ok(Math.abs(data[i]! - c) < 30, `colour ${[...data.subarray(0, 3)]} is not ${HUES[n as 1 | 2]}`),
  );
  await shot(page, `viewer-${width}`);
}

describe("an episode's pages uploaded in the console", () => {
  it('an operator uploads a CBZ for episode 1 (1080 px) and a member reads it (768 px)', async () => {
    const file = await cbz(
      path.join(work, 'episode1.cbz'),
      await Promise.all([1, 2, 3].map((p) => numberedPage(p, 900, 1280, hex(HUES[1])))),
    );
    const operator = await loggedIn(OPERATOR, 1080);
    await uploadPages(operator.page, 1, file, 1080);
    await operator.context.close();
    const reader = await loggedIn(MEMBER, 768);
    await readUploaded(reader.page, 1, 768);
    await reader.context.close();
  });

  it('an operator uploads a CBZ for episode 2 (768 px) and a member reads it (1080 px)', async () => {
    const file = await cbz(
      path.join(work, 'episode2.cbz'),
      await Promise.all([1, 2, 3].map((p) => numberedPage(p, 900, 1280, hex(HUES[2])))),
    );
    const operator = await loggedIn(OPERATOR, 768);
    await uploadPages(operator.page, 2, file, 768);
    await operator.context.close();
    const reader = await loggedIn(MEMBER, 1080);
    await readUploaded(reader.page, 2, 1080);
    await reader.context.close();
  });
});
