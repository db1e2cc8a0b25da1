import { formatAmount } from '@hondana/domain/common/format';
import { type SpendCurrency, purchasePanel } from '@hondana/domain/orders/last-page-commerce';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { walletCopy } from '../../../i18n/ja-wallet';
import { ApiError } from '../../../lib/api/client';
import { buyBook } from '../api/buy-book';
import { purchaseContextQuery } from '../api/purchase-context-query';
import { ConfirmStep } from './confirm-step';
import styles from './purchase.module.css';
import { SelectStep } from './select-step';
import { ConfirmEmailNotice } from '../../accounts/components/confirm-email-notice';

export type PurchaseBook = {
  bookId: number;
  title: string;
  price: number;
  /**
   * A coupon of the member's that would lower this book in the cart: this buy does not use it,
   * and says so with the way to the cart (issue 34 item 2).
   */
  coupon?: { couponPrice: number; cartHref: string } | null;
};
export type PurchasedOutcome = {
  orderId: number;
  spent: number;
  paymentType: SpendCurrency;
  lotteryCampaignIds: number[];
  message: string;
};

type PurchasePanelProps = {
  book: PurchaseBook;
  onPurchased: (outcome: PurchasedOutcome) => void;
  onOwned: () => void;
  onClose: () => void;
};

const typeLabel = (type: SpendCurrency) => walletCopy(`purchase.method.${type}`);

/** §8 buy refusals as the member reads them; shortage codes reload balances instead. */
function refusalCopy(code: string): string {
  if (code === 'DIFF_PRICE_REQUEST') return walletCopy('purchase.diffPrice');
  if (code === 'ALREADY_BUY') return walletCopy('purchase.alreadyBought');
  if (code === 'ADULT_CHECK_REQUIRED') return walletCopy('purchase.adult');
  return walletCopy('purchase.failed');
}

/** How long the long-press overlay shows 購入が完了しました before the dialog closes. */
const LONG_PRESS_DONE_MS = 800;

const SHORTAGE_CODES = ['CART_NOT_ENOUGH_MANGA_COIN', 'CART_NOT_ENOUGH_AMEBA_COIN', 'NOT_ENOUGH_MANGA_COIN'];

/**
 * Selector → confirm → buy (§4 buy flow). Loads balances on mount; the COIN→MANGA_COIN switch,
 * shortage, confirm variant and long-press eligibility all come from `purchasePanel` (domain).
 */
export function PurchasePanel({ book, onPurchased, onOwned, onClose }: PurchasePanelProps) {
  const queryClient = useQueryClient();
  const context = useQuery(purchaseContextQuery(book.bookId));
  const ctx = context.data ?? null;
  // A reload that fails keeps what was read.
  const loadFailed = context.isError && !ctx;
  const [chosen, setChosen] = useState<SpendCurrency | null>(null);
  const [step, setStep] = useState<'select' | 'confirm'>('select');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // EMAIL_NOT_CONFIRMED: what to do and the mail sent again, in place of a bare failure.
  const [emailRefused, setEmailRefused] = useState(false);
  const revalidator = useRevalidator();

  if (loadFailed)
    return (
      <p role="alert" className={styles.error}>
        {walletCopy('purchase.loadFailed')}
      </p>
    );
  if (!ctx) return <p className={styles.loading} aria-busy="true" />;

  const panel = purchasePanel({
    price: book.price,
    balances: ctx.balances,
    paymentType: chosen ?? ctx.defaultPaymentType,
    isFirstPurchase: ctx.isFirstPurchase,
  });
  const type = typeLabel(panel.paymentType);

  async function buy(longPress: boolean): Promise<boolean> {
    setBusy(true);
    setError(null);
    setEmailRefused(false);
    try {
      const outcome = await buyBook({
        bookId: book.bookId,
        price: book.price,
        paymentType: panel.paymentType,
        adult: ctx!.adult,
        longPress,
      });
      const message = walletCopy('purchase.toast', {
        type: typeLabel(outcome.paymentType),
        amount: formatAmount(outcome.spent),
      });
      // A long press shows its 'purchase complete' text a moment before the dialog closes.
      if (longPress) setTimeout(() => onPurchased({ ...outcome, message }), LONG_PRESS_DONE_MS);
      else onPurchased({ ...outcome, message });
      return true;
    } catch (e) {
      const code = e instanceof ApiError ? e.errorCode : '';
      if (code === 'ALREADY_BUY') onOwned();
      // The price changed since the page loaded: reload the page's data so the next try uses it.
      if (code === 'DIFF_PRICE_REQUEST') void revalidator.revalidate();
      if (SHORTAGE_CODES.includes(code))
        await queryClient.refetchQueries({
          queryKey: purchaseContextQuery(book.bookId).queryKey,
        });
      if (code === 'EMAIL_NOT_CONFIRMED') setEmailRefused(true);
      else setError(refusalCopy(code));
      setBusy(false);
      return false;
    }
  }

  const notice = emailRefused ? <ConfirmEmailNotice className={styles.emailNotice} /> : null;
  if (step === 'confirm') {
    return (
      <>
        {notice}
        <ConfirmStep
          book={book}
          panel={panel}
          typeLabel={type}
          busy={busy}
          error={error}
          onRead={() => void buy(false)}
          onBack={() => setStep('select')}
          onClose={onClose}
        />
      </>
    );
  }
  return (
    <>
      {notice}
      <SelectStep
        book={book}
        ctx={ctx}
        panel={panel}
        error={error}
        onChoose={setChosen}
        onNext={() => (setError(null), setStep('confirm'))}
        onLongPress={() => buy(true)}
      />
    </>
  );
}
