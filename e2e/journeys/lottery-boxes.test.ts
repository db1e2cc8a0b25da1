import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { signUpMember } from '../support/viewer-helpers';
import { DEMO_LOTTERY, type LotteryPrize, editLotteryCampaign, findLotteryCampaign } from '../support/fixtures';

/**
 * A campaign with two boxes: the member chooses プレミアムボックス on the lottery page and wins
 * its prize (taken from that box's stock, not the first box's); with reduced motion the box
 * stands still while the server draws and the prize shows at once; without, both animate.
 */
let store: StoreServer;
let browser: Browser;
let campaignId: number;

/** The premium box's one prize as the console shows it now (its stock and what was drawn of it). */
async function premiumPrize(): Promise<LotteryPrize> {
  const box = (await findLotteryCampaign(store)).boxes.find((b) => b.name === 'プレミアムボックス');
  assert.ok(box?.prizes[0]);
  return box.prizes[0];
}
/** Prizes drawn from each box, as the console counts them. */
async function drawnByBox(): Promise<Record<string, number>> {
  const { boxes } = await findLotteryCampaign(store);
  return Object.fromEntries(boxes.map((b) => [b.name, b.prizes.reduce((sum, p) => sum + p.drawn, 0)]));
}

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  // The operator adds a second box to the demo campaign in the console, and makes a share give two tickets.
  const campaign = await editLotteryCampaign(store, DEMO_LOTTERY, (c) => ({
    boxes: [
      ...c.boxes,
      {
        name: 'プレミアムボックス',
        sortOrder: 1,
        prizes: [{ rank: 1, name: '100ポイント', kind: 'POINT', amount: 100, bookId: null, couponId: null, odds: 1000, stock: 5 }],
      },
    ],
    ticketRules: { share: 2 },
  }));
  campaignId = campaign.id;
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

/** Tickets are the setup here (their grants have their own journey): the member shares the campaign, two tickets. */
async function shareForTickets(page: Page) {
  const shared = await page.request.get(`${store.url}/api/lottery/tickets/share`);
  assert.equal(shared.status(), 200, await shared.text());
}

/** Holds the consume call for a moment, so the page is seen while the server draws. */
async function slowDraws(page: Page) {
  await page.route('**/api/lottery/tickets/consume**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
}

const boxAnimation = (page: Page) =>
  page.locator('[data-drawing]').evaluate((el) => ({ drawing: el.getAttribute('data-drawing'), name: getComputedStyle(el).animationName }));
const runningAnimations = (page: Page) => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `lottery-boxes-${name}.png`), fullPage: true });

for (const width of [375, 1080]) {
  describe(`lottery boxes at ${width} px`, () => {
    it('chooses the premium box and wins its prize; reduced motion shows the prize at once, full motion animates', async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
      const page = await context.newPage();
      await signUpMember(page, store, `boxes-${width}`);
      await shareForTickets(page);
      await slowDraws(page);
      await page.emulateMedia({ reducedMotion: 'reduce' });

      await page.goto(`${store.url}/lottery/${campaignId}`);
      const choice = page.getByRole('group', { name: '引くボックスを選ぶ' });
      await choice.getByRole('radio', { name: /ノーマルボックス/ }).waitFor();
      assert.equal(
        await choice.getByRole('radio', { name: /ノーマルボックス/ }).isChecked(),
        true,
        'the first box is chosen until the member chooses',
      );
      await choice.getByText('プレミアムボックス').click();
      assert.equal(await choice.getByRole('radio', { name: /プレミアムボックス/ }).isChecked(), true);
      await page.getByText('使えるくじ 2枚').waitFor();
      await shot(page, `choice-${width}`);

      const premiumBefore = await premiumPrize();
      const drawnBefore = await drawnByBox();
      await page.getByRole('button', { name: 'くじを引く（残り2枚）' }).click();
      await page.getByRole('button', { name: '抽選中…' }).waitFor();
      assert.deepEqual(
        await boxAnimation(page),
        { drawing: 'true', name: 'none' },
        'reduced motion: the box stands still while the server draws',
      );
      const won = page.getByTestId('lottery-won');
      await won.getByText('1等「100ポイント」が当たりました！').waitFor();
      // At once: nothing runs and the prize is fully shown in the frame it appears.
      assert.equal(await runningAnimations(page), 0);
      assert.deepEqual(await won.evaluate((el) => ({ name: getComputedStyle(el).animationName, opacity: getComputedStyle(el).opacity })), {
        name: 'none',
        opacity: '1',
      });
      assert.equal((await premiumPrize()).drawn, premiumBefore.drawn + 1, 'the premium box’s stock was taken');
      assert.deepEqual(await drawnByBox(), { ...drawnBefore, プレミアムボックス: drawnBefore['プレミアムボックス']! + 1 });
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
      assert.deepEqual(
        await drawnByBox(),
        { ノーマルボックス: drawnBefore['ノーマルボックス']! + 1, プレミアムボックス: drawnBefore['プレミアムボックス']! + 1 },
        'this draw took from the first box',
      );
      assert.equal((await premiumPrize()).drawn, premiumBefore.drawn + 1);
      await page.getByText('使えるくじはありません').waitFor();
      await context.close();
    });
  });
}
