import { formatAmount } from '@hondana/domain/common/format';
import { walletCopy } from '../../../i18n/ja-wallet';
import type { PurchaseBook } from './purchase-panel';
import styles from './purchase.module.css';

/**
 * The single-book buy charges the listed price; when a coupon of the member's would lower it in
 * the cart, the dialog says plainly that this buy is without it, and links to the cart.
 */
export function WithoutCoupon({ book, type }: { book: PurchaseBook; type: string }) {
  if (!book.coupon) return null;
  return (
    <div className={styles.withoutCoupon} data-testid="without-coupon">
      <p>
        {walletCopy('purchase.withoutCoupon', {
          price: `${formatAmount(book.price)}${type}`,
          couponPrice: formatAmount(book.coupon.couponPrice),
        })}
      </p>
      <a href={book.coupon.cartHref}>{walletCopy('purchase.buyInCart', { couponPrice: formatAmount(book.coupon.couponPrice) })}</a>
    </div>
  );
}
