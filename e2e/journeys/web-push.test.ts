import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newMemberPage } from '../support/members';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';

/**
 * プッシュ通知 (issue 38) at 375 and 1080 px, on the member's notification settings page, with
 * notifications allowed in the browser.
 *
 * Headless Chromium has no push service it can reach: in a browser context as Playwright makes
 * them (incognito), `pushManager.subscribe` is refused at once; in a profile of its own it waits
 * for ever for Google's service, which this machine cannot reach. So the first test is the
 * real browser: the page tells the member in Japanese that it could not register, and nothing
 * is kept. The second stands in for the browser's push service only (`PushManager`'s subscribe
 * and getSubscription answer a subscription made here; the service worker, the permission, the
 * page and the store are real): the page hands the subscription to the store, which lists it,
 * and after a reload the setting shows on. The server side of sending (encryption, VAPID, a
 * gone browser deleted) is proven by apps/server/test/web-push.test.ts against a stand-in push
 * service.
 */
let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `web-push-${name}.png`), fullPage: true });
const TOGGLE = 'このブラウザでプッシュ通知を受け取る';

async function storedEndpoints(page: Page): Promise<string[]> {
  const answer = await page.request.get(`${store.url}/api/push/subscriptions`);
  assert.equal(answer.status(), 200);
  return ((await answer.json()) as { subscriptions: { endpoint: string }[] }).subscriptions.map((s) => s.endpoint);
}

/** The browser's push service stood in: a subscription with real P-256 and auth keys, kept in the page's localStorage. */
async function standInPushService(context: BrowserContext): Promise<string> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const subscription = {
    endpoint: `https://push.example.invalid/e2e/${randomBytes(8).toString('hex')}`,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  // Given as source text: tsx's compiled functions call helpers the page does not have.
  await context.addInitScript(`(() => {
    if (typeof PushManager === 'undefined') return;
    const subscription = ${JSON.stringify(subscription)};
    const KEPT = 'e2e-push-stand-in';
    const made = () => ({
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }),
      unsubscribe: async () => {
        localStorage.removeItem(KEPT);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem(KEPT, '1');
      return made();
    };
    PushManager.prototype.getSubscription = async function () {
      return localStorage.getItem(KEPT) ? made() : null;
    };
  })();`);
  return subscription.endpoint;
}

for (const width of [375, 1080]) {
  describe(`プッシュ通知 at ${width} px`, () => {
    it('headless Chromium cannot reach a push service: the page says so in Japanese and keeps nothing', async () => {
      const { context, page } = await newMemberPage(browser, store, { label: `push-none${width}`, nickname: 'プッシュ', width });
      await context.grantPermissions(['notifications'], { origin: store.url });
      await page.goto('/mypage/notification');
      await page.getByRole('heading', { name: 'プッシュ通知', exact: true }).waitFor();
      const toggle = page.getByRole('checkbox', { name: TOGGLE });
      assert.equal(await toggle.isChecked(), false);
      await toggle.click();
      await page.getByRole('alert').filter({ hasText: 'プッシュ通知を登録できませんでした' }).waitFor();
      await page.getByRole('checkbox', { name: TOGGLE, checked: false, disabled: false }).waitFor();
      await shot(page, `unreachable-${width}`);
      assert.deepEqual(await storedEndpoints(page), []);
      await page.reload();
      await page.getByRole('checkbox', { name: TOGGLE }).waitFor();
      assert.equal(await page.getByRole('checkbox', { name: TOGGLE }).isChecked(), false);
      await context.close();
    });

    it('with a push service, turning it on hands the subscription to the store and it shows on after a reload; off forgets it', async () => {
      const { context, page } = await newMemberPage(browser, store, { label: `push-on${width}`, nickname: 'プッシュ', width });
      await context.grantPermissions(['notifications'], { origin: store.url });
      const endpoint = await standInPushService(context);
      await page.goto('/mypage/notification');
      await page.getByRole('checkbox', { name: TOGGLE }).click();
      const outcome = page.getByRole('status').or(page.getByRole('alert'));
      await outcome.waitFor();
      assert.equal(await outcome.textContent(), 'プッシュ通知をオンにしました');
      assert.deepEqual(await storedEndpoints(page), [endpoint]);
      assert.equal(await page.evaluate(() => Notification.permission), 'granted');
      // The store's service worker was registered by the setting, and it imports the push handlers.
      const worker = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL ?? null);
      assert.equal(worker, `${store.url}/sw.js`);
      assert.match(await (await page.request.get(`${store.url}/sw.js`)).text(), /importScripts\("\/push-sw\.js"\)/);
      const handlers = await (await page.request.get(`${store.url}/push-sw.js`)).text();
      assert.match(handlers, /addEventListener\('push'/);
      assert.match(handlers, /addEventListener\('notificationclick'/);
      await shot(page, `on-${width}`);

      await page.reload();
      const toggle = page.getByRole('checkbox', { name: TOGGLE });
      await page.getByRole('checkbox', { name: TOGGLE, checked: true }).waitFor();
      await shot(page, `on-reloaded-${width}`);

      await toggle.click();
      await page.getByRole('status').filter({ hasText: 'プッシュ通知をオフにしました' }).waitFor();
      assert.equal(await toggle.isChecked(), false);
      assert.deepEqual(await storedEndpoints(page), []);
      await context.close();
    });
  });
}
