import { COUPON_BANNER_IMAGE, DEFAULT_COUPON_IMAGE } from '@hondana/domain/cart/coupon-banner';
import styles from './coupon-banner-image.module.css';

/**
 * §9 the guest coupon banner's image: the coupon's own (§3 Guest coupon imageUrl) or the store's,
 * 40 px square below the tablet width and 60 px from it up (the stylesheet; the attributes keep
 * the space before it loads). Decorative: the banner's text names the coupon.
 */
export function CouponBannerImage({ src }: { src: string | null | undefined }) {
  return (
    <img
      className={styles.image}
      src={src || DEFAULT_COUPON_IMAGE}
      alt=""
      width={COUPON_BANNER_IMAGE.other}
      height={COUPON_BANNER_IMAGE.other}
      data-testid="coupon-banner-image"
    />
  );
}
