import type { PossessionStatus } from '@hondana/domain/orders/orders';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { useRevalidator } from 'react-router';
import { loadWaitingSections } from '../../../components/lazy-section';
import { QueryProvider } from '../../../components/query-provider';
import { useTranslation } from '../../../i18n/i18n';
import { PreorderLink } from '../../cart/components/book-coupon-banner';
import { LotteryEarned } from '../../campaigns/components/lottery-earned';
import { bookCouponQuery } from '../../cart/api/book-coupon-query';
import { MemberCouponPrice, cartBuyHref } from '../../cart/components/member-coupon-price';
import { userBookQuery } from '../api/user-book-query';
import type { BuyBoxBook } from './buy-box';
import styles from './buy-box.module.css';
import { PurchaseButton, PurchaseToast } from './purchase-button';
import '../../../i18n/ja-wallet-entry';

/** The member's cart button, its own chunk: shown only while the volume is neither owned nor reserved. */
const CartButton = lazy(() => import('../../cart/components/cart-button'));

/** §9 post-purchase reload 1000 ms (named in `last-page-commerce.ts`, whose imports would pull zod into this chunk). */
const RELOAD_MS = 1000;

type Ownership = 'loading' | PossessionStatus;

/**
 * A member's buy box: 読む when they own the book (possession read from the server), otherwise
 * 購入する, which opens the purchase dialog (loaded on click); after buying, 読む at once, the
 * 3 s toast and a reload of the page's data 1000 ms later. カートに追加 only for a volume they
 * neither own nor reserved. A volume on pre-order (`reservable`) is never bought here (§4, issue
 * 16): it shows 予約する (the pre-order confirmation) or, once reserved, 予約済み — never both.
 */
export function MemberBuyBox({ book }: { book: BuyBoxBook }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const queryClient = useQueryClient();
  const userBook = useQuery(userBookQuery(book.bookId));
  // The order is complete: 読む at once, until the possession is read again.
  const [bought, setBought] = useState(false);
  const ownership: Ownership = bought ? 'OWNED' : userBook.isPending ? 'loading' : (userBook.data?.possessionStatus ?? 'NONE');
  const [toast, setToast] = useState<string | null>(null);
  // Issue 34 item 2: a coupon of theirs lowers this book in the cart — show that price and the way to pay it.
  const buyable = ownership === 'NONE' && !book.free && !book.reservable;
  const coupon = useQuery({ ...bookCouponQuery(book.bookId), enabled: buyable }).data ?? null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: userBookQuery(book.bookId).queryKey });

  // The lottery tickets the order earned stay said under the box (issue 40 item 4).
  const [earned, setEarned] = useState<number[]>([]);

  const onPurchased = (message: string, lotteryCampaignIds: number[] = []) => {
    setBought(true);
    setToast(message);
    setEarned(lotteryCampaignIds);
    // The reload hides 試し読み; sections below the fold must be ready to take its new data.
    loadWaitingSections();
    setTimeout(() => {
      void revalidator.revalidate();
      void refresh().then(() => setBought(false));
    }, RELOAD_MS);
  };

  const viewerHref = `/viewer?cid=${book.bookId}`;
  return (
    <div className={styles.box} data-testid="buy-box">
      {buyable && coupon && (
        <div className={styles.couponRow}>
          <MemberCouponPrice bookId={book.bookId} coupon={coupon} />
        </div>
      )}
      {ownership === 'loading' ? (
        <span className={styles.placeholder} aria-busy="true" />
      ) : ownership === 'OWNED' || (book.free && ownership === 'NONE') ? (
        <>
          {ownership === 'OWNED' && <span className={styles.owned}>{t('walletEntry.owned')}</span>}
          <a className={styles.read} href={viewerHref}>
            {ownership === 'OWNED' ? t('walletEntry.read') : t('walletEntry.readFree')}
          </a>
        </>
      ) : ownership === 'RESERVED' ? (
        <span className={styles.owned}>{t('walletEntry.reserved')}</span>
      ) : book.reservable ? (
        <PreorderLink bookId={book.bookId} />
      ) : (
        <PurchaseButton
          className={styles.buy}
          book={{
            bookId: book.bookId,
            title: `${book.titleName} ${book.vol}巻`,
            price: book.price,
            coupon: coupon && { couponPrice: coupon.couponPrice, cartHref: cartBuyHref(book.bookId) },
          }}
          onPurchased={(outcome) => onPurchased(outcome.message, outcome.lotteryCampaignIds)}
          onOwned={() => void refresh()}
        >
          {t('walletEntry.buy')}
        </PurchaseButton>
      )}
      {buyable && (
        <Suspense fallback={null}>
          <CartButton bookId={book.bookId} />
        </Suspense>
      )}
      {toast && <PurchaseToast className={styles.toast} message={toast} onDone={() => setToast(null)} />}
      <LotteryEarned campaignIds={earned} />
    </div>
  );
}

/** The buy box with its own query client (it loads in its own chunk). */
export default function MemberBuyBoxWithQueries(props: { book: BuyBoxBook }) {
  return (
    <QueryProvider>
      <MemberBuyBox {...props} />
    </QueryProvider>
  );
}
