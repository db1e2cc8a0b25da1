import { POST_PURCHASE_RELOAD_MS, lastPageCommerce, viewerHref } from '@hondana/domain/orders/last-page-commerce';
import { appViewerHref } from '@hondana/domain/viewer/last-page';
import { lastPageCommerceBook, lastPageCommerceInput, purchasedFromLastPage } from '@hondana/domain/orders/last-page-input';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { loginHref } from '../features/accounts/login-href';
import { useTranslation } from '../i18n/i18n';
import '../i18n/ja-viewer';
import { LotteryGrantNotice } from '../features/campaigns/components/lottery-grant-notice';
import { BookCouponBanner } from '../features/cart/components/book-coupon-banner';
import { GuestCartAdd } from '../features/cart/components/guest-cart-add';
import { LastPageCommerceBlock } from '../features/orders/components/last-page-commerce';
import { PurchaseToast } from '../features/orders/components/purchase-button';
import type { LastPageCommerceSlotProps } from '../features/viewer/components/last-page-slot';
import styles from './viewer-commerce.module.css';

/** The members' banner (§4 priority: friend invitation, else app), on the bought page; its own chunk. */
const BookPageBanner = lazy(() =>
  import('../features/invitations/components/book-page-banner').then((m) => ({ default: m.BookPageBanner })),
);

/** Signup that comes back to `path` once done (the login route builds the same link). */
function signupHref(path: string): string {
  const query = new URLSearchParams({ callback_url: path, redirect: 'true' });
  return `/signup?${query}`;
}

/**
 * The viewer's last page (books) with the orders area's commerce block: built from the viewer
 * info's book_data (§4 "Last page choice", "Bought message", next volume). A guest also gets
 * カートに追加 (the guest cart) and the login-appeal coupon banner. After an order the 3 s toast
 * shows and, 1000 ms later (§4), the bought book opens: the next volume, or this book again with
 * every page — except in the app wrapper, where the order-complete page offers 'read now' and
 * 'アプリで読む' and the member chooses. Loaded lazily by routes/viewer.tsx.
 */
export default function ViewerLastPageCommerce({ info, loggedIn, extras, onOrderComplete }: LastPageCommerceSlotProps) {
  const { t } = useTranslation();
  const [boughtNow, setBoughtNow] = useState<ReadonlySet<number>>(() => new Set());
  const [completed, setCompleted] = useState<number | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const reload = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (reload.current) clearTimeout(reload.current);
    },
    [],
  );

  const view = lastPageCommerce(lastPageCommerceInput(info, { loggedIn, boughtNow }));
  const here = viewerHref(info.book_data.id);
  const guest = view.variant === 'guest';
  return (
    <>
      {guest && extras.couponBanner && <BookCouponBanner banner={extras.couponBanner} />}
      <LastPageCommerceBlock
        view={view}
        book={lastPageCommerceBook(info)}
        loginTo={loginHref(here)}
        signupTo={signupHref(here)}
        appHref={extras.readInApp && completed !== null ? appViewerHref(completed) : undefined}
        completedBookId={completed ?? undefined}
        onPurchased={(outcome) => {
          const bought = purchasedFromLastPage(view.variant, info);
          setToast(outcome.message);
          if (bought === null) return;
          setCompleted(bought);
          setBoughtNow((ids) => new Set(ids).add(bought));
          onOrderComplete();
          if (extras.readInApp) return;
          reload.current = setTimeout(() => {
            if (bought === info.book_data.id) window.location.reload();
            else window.location.assign(viewerHref(bought));
          }, POST_PURCHASE_RELOAD_MS);
        }}
      />
      {view.variant === 'bought' && view.message === 'canPreOrder' && info.book_data.reservableBookId != null && (
        <p className={styles.preorder}>
          <a href={`/preorder/confirm/book_id=${info.book_data.reservableBookId}?ref=preorder_reader`}>{t('viewer.lastPage.preOrder')}</a>
        </p>
      )}
      {view.variant === 'bought' && (
        <Suspense fallback={null}>
          <BookPageBanner />
        </Suspense>
      )}
      {guest && extras.guestCartBookId !== null && (
        <div className={styles.guestCart} data-testid="last-page-guest-cart">
          <GuestCartAdd bookId={extras.guestCartBookId} refName="viewer_lastpage" />
        </div>
      )}
      {toast && <PurchaseToast className={styles.toast} message={toast} onDone={() => setToast(null)} />}
      {/* §8: the read-end lottery ticket of the day, asked once the last page shows. */}
      <LotteryGrantNotice bookId={info.book_data.id} free={info.book_data.free} eligible={loggedIn && info.book_data.fullAccess} />
    </>
  );
}
