import { couponRemainingText } from '@hondana/domain/cart/coupons';
import { useState } from 'react';
import { cartCopy as c } from '../../../i18n/ja-cart';
import styles from './cart.module.css';

export interface GuestCoupon {
  name: string;
  label: string;
  limit: number | null;
  expireRemainingMilliSec: number;
}

/** §9: banner dismissals are kept locally; a banner shows again 24 hours after it was closed. */
const KEY = 'hondana.banner.guestCoupon';
const DAY_MS = 24 * 60 * 60 * 1000;

export function guestBannerDismissed(now: number): boolean {
  try {
    const at = Number(window.localStorage.getItem(KEY));
    return at > 0 && now - at < DAY_MS;
  } catch {
    return false;
  }
}

/** §5 guest coupon banner (login appeal): the coupon's label, its remaining days, close button. */
export function GuestCouponBanner({ coupon }: { coupon: GuestCoupon }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const remaining = couponRemainingText(coupon.expireRemainingMilliSec);
  const close = () => {
    window.localStorage.setItem(KEY, String(Date.now()));
    setOpen(false);
  };
  return (
    <aside className={styles.banner} aria-label={coupon.name}>
      <p className={styles.bannerLabel}>{coupon.label}</p>
      <p>
        {coupon.name}
        {coupon.limit !== null && ` ・ ${c('guestCoupon.limit', { limit: coupon.limit })}`}
        {remaining && ` ・ ${remaining}`}
      </p>
      <button type="button" className={styles.link} onClick={close}>
        {c('guestCoupon.close')}
      </button>
    </aside>
  );
}
