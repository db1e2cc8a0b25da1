import { formatAmount } from '@hondana/domain/common/format';
import type { CartView } from '@hondana/domain/cart/cart-api';
import { cartCopy } from '../../../i18n/ja-cart';
import type { CouponListItem } from '../api/cart-api';
import styles from './cart.module.css';

type Props = {
  cart: CartView;
  /** The member's coupons (`/cart/coupons`), for how many are held besides those that apply. */
  coupons: CouponListItem[];
  busy: boolean;
  onCoupon: (couponId: number | null) => void;
};

/**
 * §5 coupon choice of the cart: the member's coupons that apply to this cart (server's
 * `applicableCoupons`, best first and marked), each with its discount, and 使わない to remove the
 * one applied. A chosen coupon that stopped applying shows as 利用不可 with the server's reason.
 */
export function CouponPicker({ cart, coupons, busy, onCoupon }: Props) {
  const chosen = cart.cartCoupon;
  const options = cart.applicableCoupons;
  const held = coupons.filter((k) => k.status === 'UNUSED').length;
  const chosenListed = chosen !== null && options.some((k) => k.id === chosen.id);
  const pending = cart.pendingCoupons;
  return (
    <fieldset className={styles.field} data-testid="coupon-picker">
      <legend>{cartCopy('coupon.heading')}</legend>
      {options.length === 0 && !chosen ? (
        pending.length === 0 && (
          <p className={styles.hint}>{held > 0 ? cartCopy('coupon.noneApplicable', { held }) : cartCopy('coupon.noneHeld')}</p>
        )
      ) : (
        <div className={styles.couponList}>
          <label className={styles.couponOption}>
            <input type="radio" name="coupon" checked={chosen === null} disabled={busy} onChange={() => onCoupon(null)} />
            <span>{cartCopy('coupon.none')}</span>
          </label>
          {options.map((k, i) => (
            <label key={k.id} className={styles.couponOption}>
              <input type="radio" name="coupon" checked={chosen?.id === k.id} disabled={busy} onChange={() => onCoupon(k.id)} />
              <span className={styles.couponName}>
                {k.name}
                {i === 0 && <span className={styles.best}>{cartCopy('coupon.best')}</span>}
              </span>
              <span className={styles.couponDiscount}>{cartCopy('coupon.discount', { discount: formatAmount(k.discount) })}</span>
            </label>
          ))}
          {chosen && !chosenListed && (
            <label className={styles.couponOption}>
              <input type="radio" name="coupon" checked disabled />
              <span className={styles.couponName}>{cartCopy('coupon.optionUnusable', { name: chosen.name })}</span>
            </label>
          )}
        </div>
      )}
      {pending.length > 0 && (
        <ul className={styles.pendingCoupons} data-testid="pending-coupons">
          {pending.map((k) => (
            <li key={k.id}>
              <span className={styles.couponName}>
                {k.name}
                <span className={styles.pendingTag}>{cartCopy('coupon.pendingTag')}</span>
              </span>
              <span className={styles.hint}>
                {cartCopy('coupon.pending', { shortfall: formatAmount(k.shortfall), min: formatAmount(k.minCartPrice) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <button type="button" className={styles.secondary} disabled={busy} onClick={() => onCoupon(null)}>
          {cartCopy('coupon.remove')}
        </button>
      )}
    </fieldset>
  );
}
