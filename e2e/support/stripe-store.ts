import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  STRIPE_TEST_SECRET,
  STRIPE_TEST_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
} from '../../apps/server/test/support/stripe-server';
import type { Page } from 'playwright-core';
import { type StoreServer, startStore } from './server';

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
