import { formatAmount } from '@hondana/domain/common/format';
import type { CoinPurchaseResult, MangaCoinItem } from '@hondana/domain/wallet/wallet-api';
import { type CoinPaymentMethod, coinPaymentMethodLabels } from '@hondana/domain/wallet/wallet-payments';
import { type FormEvent, useState } from 'react';
import { PaymentCardFields, SandboxNote, cardFromForm, takeCard } from '../../../components/payment-card/payment-card';
import { paymentErrorCopy, walletCopy as w } from '../../../i18n/ja-wallet';
import { ApiError } from '../../../lib/api/client';
import { purchaseCoins } from '../api/purchase-coins';
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
      // The card goes to the provider's card fields' endpoint; the store gets its id only.
      const cardId = card ? (await takeCard(cardFromForm(form))).cardId : undefined;
      const result = await purchaseCoins({ itemId: item.id, paymentType, returnUrl, cardId });
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
        {card ? <PaymentCardFields /> : <p>{w('checkout.carrierNote', { method: coinPaymentMethodLabels[paymentType] })}</p>}
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
