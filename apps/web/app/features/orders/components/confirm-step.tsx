import { formatAmount } from '@hondana/domain/common/format';
import type { PurchasePanel } from '@hondana/domain/orders/last-page-commerce';
import { walletCopy } from '../../../i18n/ja-wallet';
import type { PurchaseBook } from './purchase-panel';
import styles from './purchase.module.css';
import { WithoutCoupon } from './without-coupon';
import { CoinShopLink } from '../../wallet/components/coin-shop-link';

type ConfirmStepProps = {
  book: PurchaseBook;
  panel: PurchasePanel;
  typeLabel: string;
  busy: boolean;
  error: string | null;
  onRead: () => void;
  onBack: () => void;
  onClose: () => void;
};

/**
 * §4 confirm dialog: the shortage variant asks '{type}が足りません。追加しますか？' with the amount
 * and held coins, and its button adds coin (the coin shop); otherwise the button says what it spends
 * (購入する 500マンガコイン).
 */
export function ConfirmStep({ book, panel, typeLabel, busy, error, onRead, onBack, onClose }: ConfirmStepProps) {
  const price = formatAmount(book.price);
  return (
    <div className={styles.panel} aria-live="polite">
      <h3 className={styles.stepTitle}>{walletCopy('purchase.confirmTitle')}</h3>
      {panel.confirm === 'addCoin' ? (
        <>
          <p className={styles.short}>{walletCopy('purchase.shortDialog', { type: typeLabel })}</p>
          <p>{walletCopy('purchase.payAmount', { amount: `${price}${typeLabel}` })}</p>
          <p>{walletCopy('purchase.heldAmount', { type: typeLabel, amount: formatAmount(panel.balance) })}</p>
        </>
      ) : (
        <p>{walletCopy('purchase.confirmBody', { title: book.title, price, type: typeLabel })}</p>
      )}
      <WithoutCoupon book={book} type={typeLabel} />
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onBack} disabled={busy}>
          {walletCopy('purchase.back')}
        </button>
        {panel.confirm === 'addCoin' ? (
          <CoinShopLink className={styles.primary} onNavigate={onClose}>
            {walletCopy('purchase.addCoin')}
          </CoinShopLink>
        ) : (
          <button type="button" className={styles.primary} onClick={onRead} disabled={busy}>
            {busy ? walletCopy('purchase.buying') : walletCopy('purchase.confirmBuy', { price, type: typeLabel })}
          </button>
        )}
      </div>
    </div>
  );
}
