import { formatAmount } from '@hondana/domain/common/format';
import type { GuestCartBooks } from '@hondana/domain/orders/pre-orders';
import { useState } from 'react';
import { cartCopy } from '../../../i18n/ja-cart';
import { loginHref } from '../../accounts/login-href';
import { removeGuestBook } from '../guest-cart-storage';
import { type GuestCoupon, GuestCouponBanner } from './guest-coupon-banner';
import styles from './cart.module.css';
import own from './guest-cart-list.module.css';

/**
 * A guest's `/cart`: the login-appeal coupon banner, the books this browser keeps with their
 * prices (`GET /guest/cart_books`, §7 "Guest") — for the guest coupon's targets the §5 label
 * with the coupon price — and the way to log in and buy. Removing a book changes only this browser.
 */
export function GuestCart({ coupon, books: initial, count }: { coupon: GuestCoupon | null; books: GuestCartBooks | null; count: number }) {
  const [books, setBooks] = useState(initial);
  const remove = (bookId: number) => {
    removeGuestBook(bookId);
    setBooks((current) => {
      if (!current) return current;
      const items = current.items.filter((b) => b.bookId !== bookId);
      return { ...current, items, totalCount: items.length, totalPrice: items.reduce((s, b) => s + b.price, 0) };
    });
  };
  const shown = books ? books.items.length : count;
  return (
    <section className={styles.guest}>
      {coupon && <GuestCouponBanner coupon={coupon} />}
      <p>{cartCopy('guestCount', { count: shown })}</p>
      {books && books.items.length > 0 && (
        <div className={own.section}>
          <h2 className={styles.subheading}>{cartCopy('guestList.heading')}</h2>
          <ul className={styles.items}>
            {books.items.map((b) => (
              <li key={b.bookId} className={styles.item} data-testid={`guest-cart-item-${b.bookId}`}>
                <img className={styles.cover} src={b.imageUrl} alt="" width={64} height={91} loading="lazy" />
                <div className={styles.itemBody}>
                  <p className={styles.name}>
                    {b.titleName} {b.vol}巻
                  </p>
                  <p className={styles.price}>
                    {cartCopy('price', { price: formatAmount(b.price) })}
                    {b.beforePrice !== null && b.beforePrice > b.price && (
                      <s className={styles.regular}>{cartCopy('regularPrice', { price: formatAmount(b.beforePrice) })}</s>
                    )}
                  </p>
                  {b.couponLabel !== null && b.couponPrice !== null && (
                    <p className={own.couponPrice}>
                      {cartCopy('guestList.couponPrice', { label: b.couponLabel, price: formatAmount(b.couponPrice) })}
                    </p>
                  )}
                  <div className={styles.itemActions}>
                    <button type="button" className={styles.link} onClick={() => remove(b.bookId)}>
                      {cartCopy('guestList.remove')}
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <p className={own.total}>{cartCopy('guestList.total', { price: formatAmount(books.totalPrice) })}</p>
        </div>
      )}
      <a className={styles.login} href={loginHref('/cart')}>
        {cartCopy('loginToBuy')}
      </a>
    </section>
  );
}
