import { formatAmount } from '@hondana/domain/common/format';
import type { CoinPaymentConfig, CoinPurchaseAnswer, KonbiniVoucher } from '@hondana/domain/wallet/wallet-api';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeElementsOptions } from '@stripe/stripe-js';
import { type FormEvent, useMemo, useState } from 'react';
import { paymentErrorCopy, walletCopy as w } from '../../../i18n/ja-wallet';
import { ApiError } from '../../../lib/api/client';
import { purchaseCoinsWithStripe, settledCoinPurchase } from '../api/purchase-coins';
import { stripeFor } from '../stripe/load-stripe';
import type { CheckoutProps } from './checkout';
import { KonbiniVoucherView } from './konbini-voucher';
import { outcomeOf } from './purchase-result';
import styles from './wallet.module.css';

/** Stripe's payment method type of each coin shop method Stripe takes. */
const STRIPE_TYPES: Partial<Record<CheckoutProps['paymentType'], string>> = { creditcard: 'card', konbini: 'konbini', paypay: 'paypay' };

type Props = CheckoutProps & { stripe: NonNullable<CoinPaymentConfig['stripe']> };

/**
 * The coin shop's checkout with PAYMENT_PROVIDER=stripe (issue 39): Stripe.js's Payment Element
 * in the deferred-intent mode (the amount and method known, no intent yet). Its fields are
 * Stripe's (an iframe): the page gets a PaymentMethod `pm_…` from `createPaymentMethod` and sends
 * only its id to the store (`cardId`), which creates the PaymentIntent. Then: the coins at once;
 * 3-D Secure by `handleNextAction` and the order's state once Stripe's webhook settled it;
 * PayPay's page; or a konbini voucher, paid later.
 */
export default function StripeCheckout(props: Props) {
  const { publishableKey, jsUrl } = props.stripe;
  const [failed, setFailed] = useState(false);
  const stripe = useMemo(
    () =>
      stripeFor({ publishableKey, jsUrl }).catch(() => {
        setFailed(true);
        return null;
      }),
    [publishableKey, jsUrl],
  );
  const type = STRIPE_TYPES[props.paymentType] ?? 'card';
  const options = useMemo<StripeElementsOptions>(
    () => ({ mode: 'payment', amount: props.item.taxIncludedPrice, currency: 'jpy', paymentMethodTypes: [type], locale: 'ja' }),
    [props.item.taxIncludedPrice, type],
  );
  return (
    <Elements stripe={stripe} options={options}>
      <StripeForm {...props} loadFailed={failed} />
    </Elements>
  );
}

type Phase = { kind: 'form' } | { kind: 'busy' } | { kind: 'confirming' } | { kind: 'voucher'; voucher: KonbiniVoucher };

function StripeForm({ item, paymentType, returnUrl, onCompleted, onCancel, onWaiting, loadFailed }: Props & { loadFailed: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const price = formatAmount(item.taxIncludedPrice);

  if (phase.kind === 'voucher') return <KonbiniVoucherView voucher={phase.voucher} item={item} onClose={onWaiting ?? onCancel} />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setError(null);
    setPhase({ kind: 'busy' });
    try {
      const checked = await elements.submit();
      if (checked.error) return fail(w('checkout.stripeInvalid', { reason: checked.error.message ?? w('checkout.stripeIncomplete') }));
      const made = await stripe.createPaymentMethod({ elements });
      if (made.error) return fail(w('checkout.stripeInvalid', { reason: made.error.message ?? w('checkout.stripeIncomplete') }));
      await follow(await purchaseCoinsWithStripe({ itemId: item.id, paymentType, returnUrl, cardId: made.paymentMethod.id }));
    } catch (e) {
      fail(w('checkout.failed', { reason: paymentErrorCopy(e instanceof ApiError ? e.errorCode : null) }));
    }
  }

  function fail(message: string) {
    setError(message);
    setPhase({ kind: 'form' });
  }

  async function follow(answer: CoinPurchaseAnswer) {
    if (answer.status === 'COMPLETE') return onCompleted(answer);
    if (answer.status === 'VOUCHER') return setPhase({ kind: 'voucher', voucher: answer.voucher });
    if (answer.status === 'PROCESSING') return window.location.assign(answer.confirmUrl);
    if (answer.status === 'REQUIRES_ACTION') {
      // PayPay: its page, then Stripe sends the member back to the coin shop with the order.
      if (answer.redirectUrl) return window.location.assign(answer.redirectUrl);
      setPhase({ kind: 'confirming' });
      const done = await stripe!.handleNextAction({ clientSecret: answer.clientSecret });
      if (done.error) return fail(w('checkout.authFailed'));
    }
    // The coins come with Stripe's webhook: wait for the order to be settled.
    setPhase({ kind: 'confirming' });
    const outcome = outcomeOf(await settledCoinPurchase(answer.orderId));
    if (outcome.status === 'COMPLETE') return onCompleted(outcome);
    if (outcome.status === 'PROCESSING') return fail(w('checkout.pending'));
    if (outcome.status === 'CANCEL') return fail(w(outcome.failureCode === 'PAYMENT_EXPIRED' ? 'checkout.expired' : 'checkout.cancelled'));
    fail(w('checkout.failed', { reason: paymentErrorCopy(outcome.failureCode ?? outcome.status) }));
  }

  const busy = phase.kind !== 'form';
  const label =
    phase.kind === 'confirming'
      ? w('checkout.confirming')
      : busy
        ? w('checkout.processing')
        : paymentType === 'konbini'
          ? w('checkout.payKonbini', { price })
          : paymentType === 'paypay'
            ? w('checkout.payPaypay', { price })
            : w('checkout.pay', { price });
  return (
    <section className={styles.checkout} aria-labelledby="checkout-heading">
      <h2 id="checkout-heading" className={styles.checkoutHeading}>
        {w('checkout.heading', { coin: formatAmount(item.coin), price })}
      </h2>
      <form onSubmit={submit} className={styles.checkoutForm} aria-busy={busy}>
        {loadFailed ? (
          <p role="alert" className={styles.error}>
            {w('checkout.stripeLoadFailed')}
          </p>
        ) : (
          <>
            {!ready && <p className={styles.checkoutNote}>{w('checkout.stripeLoading')}</p>}
            <PaymentElement className={styles.paymentElement} onReady={() => setReady(true)} />
          </>
        )}
        {paymentType === 'konbini' && <p className={styles.checkoutNote}>{w('checkout.konbiniNote')}</p>}
        {paymentType === 'paypay' && <p className={styles.checkoutNote}>{w('checkout.paypayNote')}</p>}
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        {phase.kind === 'confirming' && (
          <p role="status" className={styles.notice}>
            {w('checkout.confirming')}
          </p>
        )}
        <div className={styles.checkoutActions}>
          <button type="button" className={styles.secondary} onClick={onCancel} disabled={busy}>
            {w('checkout.cancel')}
          </button>
          <button type="submit" className={styles.primary} disabled={busy || !stripe || !elements || !ready}>
            {label}
          </button>
        </div>
      </form>
    </section>
  );
}
