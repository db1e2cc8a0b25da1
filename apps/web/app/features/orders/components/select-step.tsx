import { formatAmount } from '@hondana/domain/common/format';
import type { PurchasePanel, SpendCurrency } from '@hondana/domain/orders/last-page-commerce';
import { walletCopy } from '../../../i18n/ja-wallet';
import type { PurchaseContext } from '../api/get-purchase-context';
import { CoinAppeal } from './coin-appeal';
import { LongPressBuy } from './long-press-buy';
import { PointDetail } from './point-detail';
import type { PurchaseBook } from './purchase-panel';
import styles from './purchase.module.css';
import { WithoutCoupon } from './without-coupon';

type SelectStepProps = {
  book: PurchaseBook;
  ctx: PurchaseContext;
  panel: PurchasePanel;
  error: string | null;
  onChoose: (type: SpendCurrency) => void;
  onNext: () => void;
  onLongPress: () => Promise<boolean>;
};

const typeLabel = (type: SpendCurrency) => walletCopy(`purchase.method.${type}`);

/**
 * §2 payment method selector: price, coin and manga coin with the held amounts (coin only when
 * held, §4), the shortage line with the coin appeal, the point detail, 次へ and 長押し購入.
 */
export function SelectStep({ book, ctx, panel, error, onChoose, onNext, onLongPress }: SelectStepProps) {
  const type = typeLabel(panel.paymentType);
  return (
    <div className={styles.panel}>
      <p className={styles.bookTitle}>{book.title}</p>
      <p className={styles.price}>
        {walletCopy('purchase.price')} <strong>{walletCopy('purchase.priceValue', { price: formatAmount(book.price), type })}</strong>
      </p>
      <WithoutCoupon book={book} type={type} />
      <fieldset className={styles.methods}>
        <legend>{walletCopy('purchase.selectorTitle')}</legend>
        {(['MANGA_COIN', 'COIN'] as const).map((m) => (
          <label key={m} className={styles.method}>
            <input
              type="radio"
              name="payment-type"
              value={m}
              checked={panel.paymentType === m}
              disabled={m === 'COIN' && !panel.selectorEnabled}
              onChange={() => onChoose(m)}
            />
            <span>{typeLabel(m)}</span>
            <span className={styles.held}>
              {walletCopy('purchase.held', {
                type: typeLabel(m),
                amount: formatAmount(m === 'COIN' ? ctx.balances.coin : ctx.balances.mangaCoin),
              })}
            </span>
          </label>
        ))}
      </fieldset>
      {panel.short ? (
        <>
          <p role="alert" className={styles.short}>
            {walletCopy('purchase.short', { type })}
          </p>
          <CoinAppeal packs={ctx.packs} shortage={panel.shortage} />
        </>
      ) : (
        <p className={styles.after}>{walletCopy('purchase.after', { amount: formatAmount(panel.balance - book.price) })}</p>
      )}
      <PointDetail points={ctx.points} />
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={onNext}>
          {walletCopy('purchase.next')}
        </button>
        {panel.longPress && <LongPressBuy onFire={onLongPress} />}
      </div>
    </div>
  );
}
