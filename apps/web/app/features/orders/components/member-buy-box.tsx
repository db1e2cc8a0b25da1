import type { PossessionStatus } from '@hondana/domain/orders/orders';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { loadWaitingSections } from '../../../components/lazy-section';
import { useTranslation } from '../../../i18n/i18n';
import { PreorderLink } from '../../cart/components/book-coupon-banner';
import { getUserBook } from '../api/get-user-book';
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
  const [ownership, setOwnership] = useState<Ownership>('loading');
  const [toast, setToast] = useState<string | null>(null);

  // Bumped after a purchase to read the possession again.
  const [version, setVersion] = useState(0);
  const refresh = () => setVersion((v) => v + 1);

  useEffect(() => {
    let live = true;
    void getUserBook(book.bookId).then((userBook) => {
      if (live) setOwnership(userBook?.possessionStatus ?? 'NONE');
    });
    return () => {
      live = false;
    };
  }, [book.bookId, version]);

  const onPurchased = (message: string) => {
    // The order is complete: offer 読む now; the reload below confirms it from the server.
    setOwnership('OWNED');
    setToast(message);
    // The reload hides 試し読み; sections below the fold must be ready to take its new data.
    loadWaitingSections();
    setTimeout(() => {
      void revalidator.revalidate();
      refresh();
    }, RELOAD_MS);
  };

  const viewerHref = `/viewer?cid=${book.bookId}`;
  return (
    <div className={styles.box} data-testid="buy-box">
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
          book={{ bookId: book.bookId, title: `${book.titleName} ${book.vol}巻`, price: book.price }}
          onPurchased={(outcome) => onPurchased(outcome.message)}
          onOwned={refresh}
        >
          {t('walletEntry.buy')}
        </PurchaseButton>
      )}
      {ownership === 'NONE' && !book.free && !book.reservable && (
        <Suspense fallback={null}>
          <CartButton bookId={book.bookId} />
        </Suspense>
      )}
      {toast && <PurchaseToast className={styles.toast} message={toast} onDone={() => setToast(null)} />}
    </div>
  );
}

export default MemberBuyBox;
