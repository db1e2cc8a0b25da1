import { Suspense, lazy } from 'react';
import { walletCopy } from '../../i18n/ja-wallet';
import type { StripeJs } from './load-stripe';
import styles from './stripe-payment.module.css';

export type { StripeJs } from './load-stripe';

/** Stripe's payment method types the store takes through the Payment Element. */
export type StripeMethodType = 'card' | 'konbini' | 'paypay';

/**
 * What a page does with the Payment Element once it is ready (issue 39): `paymentMethod` checks
 * the fields and makes a PaymentMethod at Stripe (the card never reaches the store: only its
 * `pm_…` id does), or answers Stripe's own message of what is wrong (null: none given);
 * `nextAction` runs what an intent asks for (3-D Secure in Stripe's frame) and says whether it passed.
 */
export type StripePay = {
  paymentMethod(): Promise<{ id: string } | { error: string | null }>;
  nextAction(clientSecret: string): Promise<boolean>;
};

export type StripePaymentProps = {
  config: StripeJs;
  /** The yen to pay (the deferred-intent mode: Stripe knows the amount, the intent is made later by the store). */
  amount: number;
  methodType?: StripeMethodType;
  /** The Payment Element ready to pay (its `StripePay`), or null while it loads, failed or is gone. */
  onPay: (pay: StripePay | null) => void;
};

/** Stripe.js and its Payment Element: a chunk of their own, loaded only when a page pays through Stripe. */
const StripePaymentElement = lazy(() => import('./stripe-payment-element'));

/** Stripe's Payment Element in the store's page (cart, subscriptions), loaded when shown. */
export function StripePayment(props: StripePaymentProps) {
  return (
    <Suspense
      fallback={
        <p className={styles.note} aria-busy="true">
          {walletCopy('checkout.stripeLoading')}
        </p>
      }
    >
      <StripePaymentElement {...props} />
    </Suspense>
  );
}
