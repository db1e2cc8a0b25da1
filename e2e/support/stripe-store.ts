import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  STRIPE_TEST_SECRET,
  STRIPE_TEST_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
} from '../../apps/server/test/support/stripe-server';
import type { Locator, Page } from 'playwright-core';
import { type StoreServer, screenshotDir, startStore } from './server';

const here = path.dirname(fileURLToPath(import.meta.url));
const standIn = (file: string) => readFileSync(path.join(here, file), 'utf8');

/**
 * A store on `PAYMENT_PROVIDER=stripe` (issue 39) against the stand-in Stripe API
 * (`apps/server/test/support/stripe-server.ts`), which also serves the stand-in Stripe.js, its
 * 3-D Secure page and PayPay's page, and sends the store the signed webhooks of what the browser did.
 */
export async function startStripeStore(): Promise<{ stripe: StripeStandIn; store: StoreServer }> {
  const stripe = await startStripeStandIn({
    files: {
      '/stripe.js': standIn('stripe-js-stand-in.js'),
      '/three_d_secure.html': standIn('stripe-3ds-stand-in.html'),
      '/paypay.html': standIn('stripe-paypay-stand-in.html'),
    },
  });
  const api = `http://127.0.0.1:${stripe.config.port}`;
  const store = await startStore({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: STRIPE_TEST_SECRET,
    STRIPE_PUBLISHABLE_KEY: stripe.config.publishableKey,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: api,
    STRIPE_JS_URL: `${api}/stripe.js`,
  });
  stripe.webhookUrl = `${store.url}/api/payments/stripe/webhook`;
  return { stripe, store };
}

/** A POST the page sent: where, and its body (the journeys check no card number ever reaches the store). */
export type SentPost = { path: string; body: string };

/** Records every POST `page` sends into `sent`, from now on. */
export function recordPosts(page: Page, sent: SentPost[]): void {
  page.on('request', (request) => {
    if (request.method() === 'POST') sent.push({ path: new URL(request.url()).pathname, body: request.postData() ?? '' });
  });
}

/**
 * What the page asked of the store and of the stand-in Stripe, what failed and what its console
 * said, each with the seconds since recording began: for a journey's failure to tell (`waitOrTell`).
 */
export function recordTrail(page: Page): string[] {
  const trail: string[] = [];
  const start = Date.now();
  const add = (line: string) => trail.push(`${((Date.now() - start) / 1000).toFixed(1)} s ${line}`);
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/v1/')) add(`${r.request().method()} ${url.pathname} ${r.status()}`);
  });
  page.on('requestfailed', (r) => add(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') add(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (error) => add(`pageerror: ${error.message}`));
  return trail;
}

/**
 * Waits for what the page should show after a step in Stripe's frame; if it never comes, the
 * failure says what the page showed instead (its alerts and statuses, the 3-D Secure frames still
 * there) and the last of `trail`.
 */
export async function waitOrTell(page: Page, shown: Locator, trail: string[]): Promise<void> {
  try {
    await shown.waitFor();
  } catch (error) {
    const said = await page
      .locator('[role="alert"], [role="status"], [data-testid="checkout-error"]')
      .allInnerTexts()
      .catch(() => ['(the page is gone)']);
    const frames = await page
      .locator('iframe[title="3Dセキュア認証"]')
      .count()
      .catch(() => -1);
    const lines = [`shown instead: ${JSON.stringify(said)}`, `3-D Secure frames: ${frames}`, ...trail.slice(-40)];
    throw new Error(`${(error as Error).message.split('\n')[0]}\n${lines.join('\n')}`, { cause: error });
  }
}

/**
 * A picture of Stripe's 3-D Secure frame as the reader sees it: the screen, not the full page.
 * The frame covers the viewport (fixed); a full-page capture (Chromium's `captureBeyondViewport`)
 * stretches the viewport to the page's height for a moment. Right after such a capture, the click
 * on the frame's button was refused for 30 s ("<body> intercepts pointer events", at 1080 px) while
 * the frame's own layout put the button under that very point: three of four failed runs in twenty
 * (2026-12-07; the fourth, and the CI's at 375 px, took the click and got no answer). None in
 * eighteen runs with the screen only (docs/benchmarks.md).
 */
export async function challengeShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}
