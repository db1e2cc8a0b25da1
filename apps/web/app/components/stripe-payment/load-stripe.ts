import type { CoinPaymentConfig } from '@hondana/domain/wallet/wallet-api';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

export type StripeJs = NonNullable<CoinPaymentConfig['stripe']>;

let loaded: { key: string; stripe: Promise<Stripe | null> } | null = null;

/**
 * Stripe.js for the store's publishable key, loaded once per page (issue 39). `pure` injects
 * Stripe's script only when called (a checkout with Stripe's Payment Element opens), never at import. A test's
 * stand-in (`jsUrl`, from STRIPE_JS_URL) is put on the page first: `loadStripe` then finds
 * `window.Stripe` and uses it, as it would Stripe's own script.
 */
export function stripeFor(config: StripeJs): Promise<Stripe | null> {
  const key = `${config.publishableKey} ${config.jsUrl ?? ''}`;
  if (loaded?.key === key) return loaded.stripe;
  const stripe = (config.jsUrl ? injectScript(config.jsUrl) : Promise.resolve()).then(() =>
    loadStripe(config.publishableKey, { locale: 'ja' }),
  );
  // A failed load may be tried again by the next checkout.
  stripe.catch(() => {
    if (loaded?.stripe === stripe) loaded = null;
  });
  loaded = { key, stripe };
  return stripe;
}

function injectScript(src: string): Promise<void> {
  if ('Stripe' in window) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Stripe.js did not load'));
    document.head.appendChild(script);
  });
}
