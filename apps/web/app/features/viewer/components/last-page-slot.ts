import type { GuestCouponBannerView } from '@hondana/domain/cart/coupon-banner';
import type { ViewerInfo } from '@hondana/domain/reading/reading-api';
import type { ComponentType } from 'react';

/** What the route's loader found for the last page (§2 guest page, order-complete page). */
export type LastPageExtras = {
  /** A guest's カートに追加: this book when it is sold, else the next volume; null for none. */
  guestCartBookId: number | null;
  /** The login-appeal coupon banner for that book (guests, §4 banner priority); null for none. */
  couponBanner: GuestCouponBannerView | null;
  /** 'アプリで読む' (§2): shown when the request came from the app wrapper or its settings say so. */
  readInApp: boolean;
};

/** What the viewer's last page gives the commerce block the route plugs in. */
export type LastPageCommerceSlotProps = {
  info: ViewerInfo;
  loggedIn: boolean;
  extras: LastPageExtras;
  /** An order completed from this page (§4 order-complete page; in the app wrapper nothing reloads). */
  onOrderComplete: () => void;
};

/**
 * The commerce part of the last page (§2 "Last page, books": guest, order-complete, bought,
 * not-bought). Buying belongs to the orders area, so the route composes it in (features do
 * not import each other); it should be a lazy component so it loads only at the last page.
 */
export type LastPageCommerceSlot = ComponentType<LastPageCommerceSlotProps>;
