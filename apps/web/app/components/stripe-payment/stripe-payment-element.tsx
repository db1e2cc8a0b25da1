import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeElementsOptions } from '@stripe/stripe-js';
import { useEffect, useMemo, useState } from 'react';
import { walletCopy } from '../../i18n/ja-wallet';
import { stripeFor } from './load-stripe';
import type { StripePaymentProps } from './stripe-payment';
import styles from './stripe-payment.module.css';

/**
 * Stripe.js's Payment Element in the deferred-intent mode (the amount and the method known, no
 * intent yet), shared by the coin shop, the cart and the subscriptions (issue 39). Its fields are
 * Stripe's (an iframe). The page gets a `StripePay` once the element is ready: it makes the
 * PaymentMethod whose id goes to the store, and runs 3-D Secure (`handleNextAction`) when the
 * store's intent asks for it. A new amount (the cart's total changed) updates the element.
 */
export default function StripePaymentElement({ config, amount, methodType = 'card', onPay }: StripePaymentProps) {
  const { publishableKey, jsUrl } = config;
  const [failed, setFailed] = useState(false);
  const stripe = useMemo(
    () =>
      stripeFor({ publishableKey, jsUrl }).catch(() => {
        setFailed(true);
        return null;
      }),
    [publishableKey, jsUrl],
  );
  const options = useMemo<StripeElementsOptions>(
    () => ({ mode: 'payment', amount, currency: 'jpy', paymentMethodTypes: [methodType], locale: 'ja' }),
    [amount, methodType],
  );
  return (
    <Elements stripe={stripe} options={options}>
      <PaymentFields onPay={onPay} loadFailed={failed} />
    </Elements>
  );
}

function PaymentFields({ onPay, loadFailed }: Pick<StripePaymentProps, 'onPay'> & { loadFailed: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!stripe || !elements || !ready) return;
    onPay({
      async paymentMethod() {
        const checked = await elements.submit();
        if (checked.error) return { error: checked.error.message ?? null };
        const made = await stripe.createPaymentMethod({ elements });
        if (made.error) return { error: made.error.message ?? null };
        return { id: made.paymentMethod.id };
      },
      async nextAction(clientSecret) {
        const done = await stripe.handleNextAction({ clientSecret });
        return !done.error;
      },
    });
    return () => onPay(null);
  }, [stripe, elements, ready, onPay]);

  if (loadFailed) {
    return (
      <p role="alert" className={styles.error}>
        {walletCopy('checkout.stripeLoadFailed')}
      </p>
    );
  }
  return (
    <>
      {!ready && <p className={styles.note}>{walletCopy('checkout.stripeLoading')}</p>}
      <PaymentElement className={styles.element} onReady={() => setReady(true)} />
    </>
  );
}
