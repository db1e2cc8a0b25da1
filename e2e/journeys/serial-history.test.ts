import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type StoreServer, grantMangaCoins, launchBrowser, screenshotDir, startStore } from '../support/server';
import { signUpThrough } from '../support/members';
import { expectNoSidewaysScroll } from '../support/layout';

/** Issue 40 item 3: 閲覧履歴 (delete one, すべて削除) and レンタル履歴 under my page. */
type Episode = { id: number; orderSequence: number; spendType: number; price: number; title: string; released?: boolean };
type FoundSerial = { id: number; name: string; episodes: Episode[] };

let store: StoreServer;
let browser: Browser;
let dawn: FoundSerial;
let guild: FoundSerial;

/** The serial of the title named `name`, looked up through the API. */
async function serialNamed(name: string): Promise<FoundSerial> {
  const search = await fetch(`${store.url}/api/lottery/search/title?word=${encodeURIComponent(name)}`);
  const title = ((await search.json()) as { titles: { id: number; name: string }[] }).titles.find((t) => t.name === name);
  assert.ok(title, `${name} is in the catalog`);
  const serials = (await (await fetch(`${store.url}/api/serials/by_title/${title.id}`)).json()) as {
    serials: { id: number; name: string }[];
  };
  const serial = serials.serials[0];
  assert.ok(serial, `${name} has a serial`);
  const list = await fetch(`${store.url}/api/serial_episodes?serial_id=${serial.id}&limit=100`);
  const { episodes } = (await list.json()) as { episodes: Episode[] };
  return { id: serial.id, name: serial.name, episodes };
}

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  dawn = await serialNamed('夜明けの図書館');
  guild = await serialNamed('異界ギルドの新人受付嬢');
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });

async function readFirst(page: Page, serial: FoundSerial) {
  const first = serial.episodes.find((e) => e.orderSequence === 1)!;
  const marked = page.waitForResponse(
    (r) => r.url().includes(`/user_serial_episodes/${first.id}/start_reading?`) && r.request().method() === 'POST',
  );
  await page.goto(`${store.url}/viewer?serialEpisodeId=${first.id}`);
  assert.equal((await marked).status(), 200);
}

describe('serial history', () => {
  for (const width of [375, 1080]) {
    it(`a member sees, deletes and clears their 閲覧履歴 and sees their レンタル履歴 (${width}px)`, async () => {
      const email = `serial-history-${width}-${Date.now()}@example.jp`;
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
      const page = await context.newPage();
      await signUpThrough(page.request, store, { email, nickname: '履歴読者' });
      await readFirst(page, dawn);
      await readFirst(page, guild);

      // A priced episode rented with manga coins through the store's API (token, then the rental).
      await grantMangaCoins(store, email, 100);
      const priced = dawn.episodes.find((e) => e.price > 0 && e.released !== false);
      assert.ok(priced, 'the serial has a priced episode');
      const token = (
        (await (await page.request.post(`${store.url}/api/user_serial_episodes/${priced.id}/rental/token`)).json()) as {
          status: { token: string };
        }
      ).status;
      const rented = await page.request.post(`${store.url}/api/user_serial_episodes/${priced.id}/rental?token=${token.token}`, {
        data: { price: priced.price, spend_type: 2, payment_type: 2 },
      });
      assert.equal(rented.status(), 200, await rented.text());

      // 閲覧履歴 from my page: both serials.
      await page.goto(`${store.url}/mypage`);
      await page.getByRole('link', { name: '閲覧履歴・レンタル履歴' }).click();
      await page.waitForURL(/\/mypage\/serial-history/);
      const items = page.getByTestId('serial-history-item');
      await items.filter({ hasText: dawn.name }).waitFor();
      await items.filter({ hasText: guild.name }).waitFor();
      assert.equal(await items.count(), 2);
      await expectNoSidewaysScroll(page);
      await shot(page, `serial-history-${width}`);

      // Delete one, after a confirmation.
      await page.getByRole('button', { name: `${guild.name} を閲覧履歴から削除` }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText(`「${guild.name}」を閲覧履歴から削除しますか？`).waitFor();
      const deleted = page.waitForResponse((r) => r.url().includes('/api/serials/user_histories/me?') && r.request().method() === 'DELETE');
      await confirm.getByRole('button', { name: '削除する' }).click();
      assert.equal((await deleted).status(), 200);
      await items.filter({ hasText: guild.name }).waitFor({ state: 'detached' });
      await items.filter({ hasText: dawn.name }).waitFor();
      assert.equal(await items.count(), 1);

      // すべて削除: the empty state.
      await page.getByRole('button', { name: 'すべて削除' }).click();
      await page.getByRole('alertdialog').getByText('閲覧履歴をすべて削除しますか？').waitFor();
      await page.getByRole('alertdialog').getByRole('button', { name: '削除する' }).click();
      await page.getByText('閲覧履歴はありません').waitFor();
      assert.equal(await items.count(), 0);

      // レンタル履歴: the rented episode and its price.
      const charge = page.getByTestId('serial-charge-item');
      await charge.filter({ hasText: priced.title }).waitFor();
      const text = (await charge.first().textContent()) ?? '';
      assert.ok(text.includes(dawn.name), text);
      assert.ok(text.includes(`マンガコイン ${priced.price}`), text);
      await expectNoSidewaysScroll(page);
      await shot(page, `serial-history-cleared-${width}`);
      await context.close();
    });
  }
});
