import { couponRemainingSuffix } from '@hondana/domain/cart/coupon-banner';
import { couponRemainingText } from '@hondana/domain/cart/coupons';
import { useState } from 'react';
import { cartCopy } from '../../../i18n/ja-cart';
import styles from './cart.module.css';
import { CouponBannerImage } from './coupon-banner-image';
import bannerImage from './coupon-banner-image.module.css';

export interface GuestCoupon {
  name: string;
  label: string;
  limit: number | null;
  expireRemainingMilliSec: number;
  imageUrl: string | null;
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

/** §5 guest coupon banner (login appeal): the coupon's image (§9 40/60 px), label, remaining days (the suffix from the tablet up), close button. */
export function GuestCouponBanner({ coupon }: { coupon: GuestCoupon }) {
  const [open, setOpen] = useState(true);
  // The last day, from the remaining time as the banner first shows (the cart renders it in the browser).
  const [suffix] = useState(() => {
    const now = Date.now();
    return couponRemainingSuffix(now + coupon.expireRemainingMilliSec, now);
  });
  if (!open) return null;
  const remaining = couponRemainingText(coupon.expireRemainingMilliSec);
  const close = () => {
    window.localStorage.setItem(KEY, String(Date.now()));
    setOpen(false);
  };
  return (
    <aside className={styles.banner} aria-label={coupon.name} data-testid="guest-coupon-banner">
      <div className={styles.bannerHead}>
        <CouponBannerImage src={coupon.imageUrl} />
        <div>
          <p className={styles.bannerLabel}>{coupon.label}</p>
          <p>
            {coupon.name}
            {coupon.limit !== null && ` ・ ${cartCopy('guestCoupon.limit', { limit: coupon.limit })}`}
            {remaining && ` ・ ${remaining}`}
            {remaining && suffix && <span className={bannerImage.suffix}>{suffix}</span>}
          </p>
        </div>
      </div>
      <button type="button" className={styles.link} onClick={close}>
        {cartCopy('guestCoupon.close')}
      </button>
    </aside>
  );
}
