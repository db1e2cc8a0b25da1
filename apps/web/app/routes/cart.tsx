import * as api from '../features/cart/api/cart-api';
import { cartArrival } from '../features/cart/api/cart-pay-api';
import { type CartData, CartPage } from '../features/cart/components/cart-page';
import styles from '../features/cart/components/cart.module.css';
import { addGuestBook, readGuestCart } from '../features/cart/guest-cart-storage';
import { type GuestCoupon, guestBannerDismissed } from '../features/cart/components/guest-coupon-banner';
import { GuestCart } from '../features/cart/components/guest-cart-list';
import type { GuestCartBooks } from '@hondana/domain/orders/pre-orders';
import { ApiError } from '../lib/api/client';
import { apiGet } from '../lib/api/no-login-redirect';
import { getPaymentConfig } from '../lib/api/payment-config';
import { cartCopy } from '../i18n/ja-cart';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: cartCopy('title'), description: cartCopy('description') }),
  { name: 'robots', content: 'noindex' },
];

type LoaderData =
  { member: true; data: CartData } | { member: false; guestCount: number; coupon: GuestCoupon | null; books: GuestCartBooks | null };

/**
 * `/cart` (§2, optional `?ref` — where the member came from, kept in the URL for analytics).
 * A member's first visit after login moves the guest cart kept in this browser into theirs
 * (a member's `?add=` goes the same way: kept locally, then merged at once).
 */
export async function clientLoader({ url }: Route.ClientLoaderArgs): Promise<LoaderData> {
  // `?add={bookId}`: the guest's カートに追加 link of the volume page (no script there).
  const add = Number(url.searchParams.get('add'));
  if (Number.isInteger(add) && add > 0) addGuestBook(add);
  try {
    await api.mergeGuestCart();
    // `?bundle=` (a bundle to add) and `?order_id=` (back from the payment provider's page).
    const arrival = await cartArrival(url.searchParams);
    // The payment provider (the sandbox's card fields, or Stripe's Payment Element); unknown: coins only.
    const [listed, later, coupons, payment] = await Promise.all([
      api.getCart(),
      api.getLaterItems(),
      api.getCoupons(),
      getPaymentConfig().catch(() => null),
    ]);
    const cart = await api.preselectBestCoupon(listed);
    return { member: true, data: { cart, later: later.items, coupons: coupons.list, arrival, payment } };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const ids = readGuestCart();
      const [coupon, books] = await Promise.all([
        guestBannerDismissed(Date.now())
          ? null
          : apiGet<{ coupon: GuestCoupon | null }>('/guest/coupon').then(
              (r) => r.coupon,
              () => null,
            ),
        // The kept ids with prices and the §5 coupon labels; the count alone when this fails.
        ids.length === 0 ? null : apiGet<GuestCartBooks>('/guest/cart_books', { book_id: ids.join(',') }).catch(() => null),
      ]);
      return { member: false, guestCount: ids.length, coupon, books };
    }
    throw error;
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{cartCopy('heading')}</h1>
      <p aria-busy="true">{cartCopy('loading')}</p>
    </div>
  );
}

export default function Cart({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{cartCopy('heading')}</h1>
      {d.member ? <CartPage initial={d.data} /> : <GuestCart coupon={d.coupon} books={d.books} count={d.guestCount} />}
    </div>
  );
}
