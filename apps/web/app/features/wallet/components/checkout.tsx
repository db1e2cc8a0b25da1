import { formatAmount } from '@hondana/domain/format';
import type { CoinPurchaseResult, MangaCoinItem } from '@hondana/domain/wallet';
import { type CoinPaymentMethod, coinPaymentMethodLabels } from '@hondana/domain/wallet-payments';
import { type FormEvent, useState } from 'react';
import { paymentErrorCopy, walletCopy as w } from '../../../i18n/ja-wallet';
import { ApiError } from '../api/api-client';
import { purchaseCoins } from '../api/purchase-coins';
import { SandboxNote } from './sandbox-note';
import styles from './wallet.module.css';

export type CheckoutProps = {
  item: MangaCoinItem;
  paymentType: CoinPaymentMethod;
  /** Where the carrier's confirmation page sends the member back to. */
  returnUrl: string;
  onCompleted: (result: Extract<CoinPurchaseResult, { status: 'COMPLETE' }>) => void;
  onCancel: () => void;
};

/**
 * Pays for one coin pack: a card form for `creditcard` (sandbox test cards listed), otherwise a
 * button that goes to the provider's confirmation page. A refusal shows its reason; nothing is
 * granted unless the server says COMPLETE.
 */
export function Checkout({ item, paymentType, returnUrl, onCompleted, onCancel }: CheckoutProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const card = paymentType === 'creditcard';
  const price = formatAmount(item.taxIncludedPrice);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const result = await purchaseCoins({
        itemId: item.id,
        paymentType,
        returnUrl,
        card: card ? cardFrom(form) : undefined,
      });
      if (result.status === 'PROCESSING') {
        window.location.assign(result.confirmUrl);
        return;
      }
      onCompleted(result);
    } catch (e) {
      setError(paymentErrorCopy(e instanceof ApiError ? e.errorCode : null));
    }
    setBusy(false);
  }

  return (
    <section className={styles.checkout} aria-labelledby="checkout-heading">
      <h2 id="checkout-heading" className={styles.checkoutHeading}>
        {w('checkout.heading', { coin: formatAmount(item.coin), price })}
      </h2>
      <form onSubmit={submit} className={styles.checkoutForm}>
        {card ? <CardFields /> : <p>{w('checkout.carrierNote', { method: coinPaymentMethodLabels[paymentType] })}</p>}
        {error && (
          <p role="alert" className={styles.error}>
            {w('checkout.failed', { reason: error })}
          </p>
        )}
        <div className={styles.checkoutActions}>
          <button type="button" className={styles.secondary} onClick={onCancel} disabled={busy}>
            {w('checkout.cancel')}
          </button>
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy
              ? w('checkout.processing')
              : card
                ? w('checkout.pay', { price })
                : w('checkout.payCarrier', { method: coinPaymentMethodLabels[paymentType] })}
          </button>
        </div>
      </form>
      {card && <SandboxNote />}
    </section>
  );
}

function cardFrom(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const holder = text('holder');
  return { number: text('number'), expiry: text('expiry'), cvc: text('cvc'), ...(holder ? { holder } : {}) };
}

function CardFields() {
  return (
    <fieldset className={styles.cardFields}>
      <legend>{w('checkout.card')}</legend>
      <label>
        <span>{w('checkout.number')}</span>
        <input name="number" inputMode="numeric" autoComplete="cc-number" required pattern="[0-9 \-]{12,23}" />
      </label>
      <div className={styles.cardRow}>
        <label>
          <span>{w('checkout.expiry')}</span>
          <input name="expiry" autoComplete="cc-exp" placeholder="12/30" required pattern="(0[1-9]|1[0-2])/[0-9]{2}" />
        </label>
        <label>
          <span>{w('checkout.cvc')}</span>
          <input name="cvc" inputMode="numeric" autoComplete="cc-csc" required pattern="[0-9]{3,4}" />
        </label>
      </div>
      <label>
        <span>{w('checkout.holder')}</span>
        <input name="holder" autoComplete="cc-name" maxLength={60} />
      </label>
    </fieldset>
  );
}
