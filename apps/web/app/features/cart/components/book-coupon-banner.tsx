import { formatAmount } from '@hondana/domain/common/format';
import { useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import { loginHref } from '../../accounts/login-href';
import type { BookCouponBanner as Banner } from '../coupon-banner.server';
import styles from './book-coupon-banner.module.css';
import { CouponBannerImage } from './coupon-banner-image';
import bannerImage from './coupon-banner-image.module.css';
import '../../../i18n/ja-cart-entry';

/** §9: the guest coupon banner's dismissal, kept in this browser (shared with the cart page's banner). */
const KEY = 'hondana.banner.guestCoupon';
const RESHOW_MS = 24 * 60 * 60 * 1000;

const noSubscription = () => () => {};

function dismissedRecently(now: number): boolean {
  try {
    const at = Number(window.localStorage.getItem(KEY));
    return at > 0 && now - at < RESHOW_MS;
  } catch {
    return false;
  }
}

/**
 * §2/§5 coupon banner of a book page, for guests: the coupon's label and the book's price with it,
 * the coupon's limit and remaining days, a login link (the coupon comes with a free membership)
 * and a close button. The server renders it; a banner closed less than 24 hours ago hides itself.
 */
export function BookCouponBanner({ banner }: { banner: Banner }) {
  const { t } = useTranslation();
  const location = useLocation();
  // The server renders the banner; once hydrated, a recent dismissal in this browser hides it.
  const dismissed = useSyncExternalStore(
    noSubscription,
    () => dismissedRecently(Date.now()),
    () => false,
  );
  const [closed, setClosed] = useState(false);
  if (dismissed || closed) return null;
  const close = () => {
    try {
      window.localStorage.setItem(KEY, String(Date.now()));
    } catch {
      // Storage refused (private mode): the banner still closes for this page.
    }
    setClosed(true);
  };
  return (
    <aside className={styles.banner} aria-label={banner.name} data-testid="coupon-banner">
      <div className={styles.head}>
        <CouponBannerImage src={banner.imageUrl} />
        <div>
          <p className={styles.price}>
            <span className={styles.label}>{banner.label}</span>
            <span className={styles.amount}>{t('cartEntry.couponBanner.price', { price: formatAmount(banner.couponPrice) })}</span>
            <s className={styles.regular}>{t('cartEntry.couponBanner.price', { price: formatAmount(banner.price) })}</s>
          </p>
          <p className={styles.terms}>
            {banner.name}
            {banner.limit !== null && ` ・ ${t('cartEntry.couponBanner.limit', { limit: banner.limit })}`}
            {` ・ ${banner.remaining}`}
            {banner.remainingSuffix && <span className={bannerImage.suffix}>{banner.remainingSuffix}</span>}
          </p>
        </div>
      </div>
      <div className={styles.actions}>
        <a className={styles.login} href={loginHref(location.pathname + location.search)}>
          {t('cartEntry.couponBanner.login')}
        </a>
        <button type="button" className={styles.close} onClick={close}>
          {t('cartEntry.couponBanner.close')}
        </button>
      </div>
    </aside>
  );
}

/** A volume not yet released: its pre-order confirmation (§2 `/preorder/confirm/book_id={id}`; a guest logs in on the way). */
export function PreorderLink({ bookId }: { bookId: number }) {
  const { t } = useTranslation();
  return (
    <a className={styles.preorder} href={`/preorder/confirm/book_id=${bookId}?ref=book_detail`}>
      {t('cartEntry.preOrder')}
    </a>
  );
}
