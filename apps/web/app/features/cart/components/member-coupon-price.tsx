import { formatAmount } from '@hondana/domain/common/format';
import { cartCopy } from '../../../i18n/ja-cart';
import type { BookCoupon } from '../api/book-coupon-query';
import styles from './book-coupon-banner.module.css';

/** Where the member pays the coupon price: the cart, with this book added (the cart picks the best coupon). */
export const cartBuyHref = (bookId: number) => `/cart?add=${bookId}&ref=book_detail`;

/**
 * A member's coupon price on a volume page (issue 34 item 2): the coupon of theirs that lowers this
 * book most, the price the cart charges with it, and カートで購入 — the way to pay it (the 購入する
 * dialog buys at the listed price, without coupons, and says so).
 */
export function MemberCouponPrice({ bookId, coupon }: { bookId: number; coupon: BookCoupon }) {
  const yen = (n: number) => cartCopy('price', { price: formatAmount(n) });
  return (
    <aside className={styles.banner} aria-label={coupon.name} data-testid="member-coupon-price">
      <p className={styles.price}>
        <span className={styles.label}>{coupon.label}</span>
        <span className={styles.amount}>{yen(coupon.couponPrice)}</span>
        <s className={styles.regular}>{yen(coupon.price)}</s>
      </p>
      <p className={styles.terms}>{cartCopy('bookCoupon.terms', { name: coupon.name })}</p>
      <div className={styles.actions}>
        <a className={styles.login} href={cartBuyHref(bookId)}>
          {cartCopy('bookCoupon.buyInCart')}
        </a>
      </div>
    </aside>
  );
}
