import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { signUpMember } from '../support/viewer-helpers';

/**
 * A campaign with two boxes: the member chooses プレミアムボックス on the lottery page and wins
 * its prize (taken from that box's stock, not the first box's); with reduced motion the box
 * stands still while the server draws and the prize shows at once; without, both animate.
 */
let store: StoreServer;
let browser: Browser;
let campaignId: number;
let premiumPrizeId: number;

const DAY = 86_400_000;
const withDb = <T>(run: (db: Database.Database) => T): T => {
  const db = new Database(path.join(store.dataDir, 'hondana.db'));
  try {
    return run(db);
  } finally {
    db.close();
  }
};
const remaining = (prizeId: number) => withDb((db) => (db.prepare('select remaining from lottery_prizes where id = ?').get(prizeId) as { remaining: number }).remaining);
/** The box of each prize the member drew, in order. */
const drawnBoxes = (userId: number) =>
  withDb((db) =>
    (db.prepare('select b.name from lottery_draws d join lottery_prizes p on p.id = d.prize_id join lottery_boxes b on b.id = p.box_id where d.user_id = ? order by d.id').all(userId) as { name: string }[]).map((r) => r.name),
  );

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  withDb((db) => {
    campaignId = (db.prepare('select id from lottery_campaigns order by id limit 1').get() as { id: number }).id;
    const box = db.prepare("insert into lottery_boxes (campaign_id, name, sort_order) values (?, 'プレミアムボックス', 1) returning id").get(campaignId) as { id: number };
    premiumPrizeId = (
      db.prepare("insert into lottery_prizes (box_id, rank, name, kind, amount, weight, stock, remaining) values (?, 1, '100ポイント', 'POINT', 100, 1, 5, 5) returning id").get(box.id) as { id: number }
    ).id;
  });
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

/** Tickets are the setup here (their grants have their own journey): two for the member. */
function giveTickets(userId: number, count: number) {
  const now = Date.now();
  withDb((db) => {
    const insert = db.prepare("insert into lottery_tickets (user_id, campaign_id, event_type, grant_key, seq, order_id, issued_at, expires_at, used_at) values (?, ?, 'SHARE', ?, 1, null, ?, ?, null)");
    for (let i = 0; i < count; i++) insert.run(userId, campaignId, `e2e-boxes:${userId}:${i}`, now - 1000, now + DAY);
  });
}

/** Holds the consume call for a moment, so the page is seen while the server draws. */
async function slowDraws(page: Page) {
  await page.route('**/api/lottery/tickets/consume**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
}

const boxAnimation = (page: Page) => page.locator('[data-drawing]').evaluate((el) => ({ drawing: el.getAttribute('data-drawing'), name: getComputedStyle(el).animationName }));
const runningAnimations = (page: Page) => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `lottery-boxes-${name}.png`), fullPage: true });

for (const width of [375, 1080]) {
  describe(`lottery boxes at ${width} px`, () => {
    it('chooses the premium box and wins its prize; reduced motion shows the prize at once, full motion animates', async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
      const page = await context.newPage();
      const { userId } = await signUpMember(page, store, `boxes-${width}`);
      giveTickets(userId, 2);
      await slowDraws(page);
      await page.emulateMedia({ reducedMotion: 'reduce' });

      await page.goto(`${store.url}/lottery/${campaignId}`);
      const choice = page.getByRole('group', { name: '引くボックスを選ぶ' });
      await choice.getByRole('radio', { name: /ノーマルボックス/ }).waitFor();
      assert.equal(await choice.getByRole('radio', { name: /ノーマルボックス/ }).isChecked(), true, 'the first box is chosen until the member chooses');
      await choice.getByText('プレミアムボックス').click();
      assert.equal(await choice.getByRole('radio', { name: /プレミアムボックス/ }).isChecked(), true);
      await page.getByText('使えるくじ 2枚').waitFor();
      await shot(page, `choice-${width}`);

      const premiumBefore = remaining(premiumPrizeId);
      await page.getByRole('button', { name: 'くじを引く（残り2枚）' }).click();
      await page.getByRole('button', { name: '抽選中…' }).waitFor();
      assert.deepEqual(await boxAnimation(page), { drawing: 'true', name: 'none' }, 'reduced motion: the box stands still while the server draws');
      const won = page.getByTestId('lottery-won');
      await won.getByText('1等「100ポイント」が当たりました！').waitFor();
      // At once: nothing runs and the prize is fully shown in the frame it appears.
      assert.equal(await runningAnimations(page), 0);
      assert.deepEqual(await won.evaluate((el) => ({ name: getComputedStyle(el).animationName, opacity: getComputedStyle(el).opacity })), { name: 'none', opacity: '1' });
      assert.equal(remaining(premiumPrizeId), premiumBefore - 1, 'the premium box’s stock was taken');
      assert.deepEqual(drawnBoxes(userId), ['プレミアムボックス']);
      await won.scrollIntoViewIfNeeded();
      await shot(page, `won-reduced-${width}`);

      // Full motion: the same page shakes the box while drawing and pops the prize in.
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await page.getByRole('group', { name: '引くボックスを選ぶ' }).getByText('ノーマルボックス').click();
      await page.getByRole('button', { name: 'くじを引く（残り1枚）' }).click();
      await page.getByRole('button', { name: '抽選中…' }).waitFor();
      // (CSS Modules rename keyframes, so an animation is any name but none.)
      const shaking = await boxAnimation(page);
      assert.equal(shaking.drawing, 'true');
      assert.notEqual(shaking.name, 'none', 'full motion: the box shakes while the server draws');
      assert.ok((await runningAnimations(page)) > 0);
      await won.getByText(/^\d+等「.+」が当たりました！$/).waitFor();
      assert.notEqual(await won.evaluate((el) => getComputedStyle(el).animationName), 'none', 'full motion: the prize pops in');
      assert.deepEqual(drawnBoxes(userId), ['プレミアムボックス', 'ノーマルボックス'], 'this draw took from the first box');
      assert.equal(remaining(premiumPrizeId), premiumBefore - 1);
      await page.getByText('使えるくじはありません').waitFor();
      await context.close();
    });
  });
}
