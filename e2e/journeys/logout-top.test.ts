import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Route } from 'playwright-core';
import { newMemberPage } from '../support/members';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';

/**
 * A member presses ログアウト on the top page before its member part (続きを読む) has loaded, as on
 * a slow phone. That part then asks the store for the member's books while the logout is on its
 * way and is answered 401: that answer is the logout itself, so the reader lands on the top page
 * as a guest, not on the login page. (CI's passkey journey met this as a navigation to
 * /login?callback=%2F racing its next page.goto.) The part's script is held until the logout is
 * pressed, and the logout and that request are held for each other, so the order is the slow
 * phone's every time.
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

describe('logging out from the top page', () => {
  for (const width of [1080, 375]) {
    it(`a member who logs out before the top page's member part loaded lands on the top page as a guest (${width} px)`, async () => {
      const { context, page } = await newMemberPage(browser, store, { label: `logout-${width}`, nickname: 'ログアウト読者', width });
      // The member part's script waits until the logout is pressed.
      let release!: () => void;
      let asked!: () => void;
      const pressed = new Promise<void>((resolve) => (release = resolve));
      const partAsked = new Promise<void>((resolve) => (asked = resolve));
      await page.route(/\/assets\/member-continue-[^/]+\.js$/, async (route: Route) => {
        asked();
        await pressed;
        await route.continue();
      });
      // Its request is sent before the logout reaches the store and arrives after it did (the slow
      // phone's network): the logout waits for the request to be sent, the request for the logout.
      let sent!: () => void;
      const continueSent = new Promise<void>((resolve) => (sent = resolve));
      const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/logout.data');
      await page.route(/\/api\/user_books\/me\/continue/, async (route: Route) => {
        sent();
        await loggedOut;
        await route.continue();
      });
      await page.route(/\/logout\.data$/, async (route: Route) => {
        await continueSent;
        await route.continue();
      });
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(new URL(request.url()).pathname);
      });
      const continueAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user_books/me/continue');

      // The page's load waits for the held script: go by what the page shows instead.
      await page.goto(`${store.url}/`, { waitUntil: 'commit' });
      await partAsked;
      const logout = page.getByRole('button', { name: 'ログアウト' });
      // Pressed once the page's scripts hold the form (React's props on it), as a reader's tap
      // after the page has become interactive: the logout goes by the page's own request.
      await page.waitForFunction(() => {
        const form = document.querySelector('form[action="/logout"]');
        return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps$'));
      });
      await logout.click();
      release();

      // The member part loaded after the press, asked for the member's books and was answered 401.
      assert.equal((await continueAnswered).status(), 401);
      await page.getByRole('link', { name: 'ログイン', exact: true }).waitFor();
      // Nothing more is on its way (a navigation to login would be a request of its own).
      await page.waitForLoadState('networkidle');
      assert.equal(new URL(page.url()).pathname, '/');
      assert.deepEqual(
        documents.filter((p) => p === '/login'),
        [],
        `the page never went to login (${documents.join(', ')})`,
      );
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.screenshot({ path: path.join(screenshotDir, `logout-top-${width}.png`) });
      await context.close();
    });
  }
});
