import type { PossessionStatus } from '@hondana/domain/orders-rules';
import { useEffect, useState } from 'react';
import { useLocation, useRevalidator, useRouteLoaderData } from 'react-router';
import { loginHref } from '../../accounts/login-href';
import { useTranslation } from '../../../i18n/i18n';
import { getUserBook } from '../api/get-user-book';
import styles from './buy-box.module.css';
import { PurchaseButton, PurchaseToast } from './purchase-button';

/** §9 post-purchase reload 1000 ms (`last-page-commerce.ts`, not imported here to keep the page small). */
const RELOAD_MS = 1000;

export type BuyBoxBook = {
  bookId: number;
  titleName: string;
  vol: number;
  price: number;
  free: boolean;
  reservable: boolean;
};

type Ownership = 'loading' | PossessionStatus;

/**
 * The volume page's buy button: a guest logs in first; a member sees 読む when they own the
 * book, otherwise 購入する, which opens the purchase dialog (loaded on click).
 */
export function BuyBox({ book }: { book: BuyBoxBook }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData('root') as { viewer: unknown } | undefined;
  const member = Boolean(root?.viewer);
  const location = useLocation();
  const revalidator = useRevalidator();
  const [ownership, setOwnership] = useState<Ownership>('loading');
  const [toast, setToast] = useState<string | null>(null);

  // Bumped after a purchase to read the possession again.
  const [version, setVersion] = useState(0);
  const refresh = () => setVersion((v) => v + 1);

  useEffect(() => {
    if (!member) return;
    let live = true;
    void getUserBook(book.bookId).then((userBook) => {
      if (live) setOwnership(userBook?.possessionStatus ?? 'NONE');
    });
    return () => {
      live = false;
    };
  }, [member, book.bookId, version]);

  const onPurchased = (message: string) => {
    setToast(message);
    setTimeout(() => {
      void revalidator.revalidate();
      refresh();
    }, RELOAD_MS);
  };

  const viewerHref = `/viewer?cid=${book.bookId}`;
  return (
    <div className={styles.box} data-testid="buy-box">
      {!member ? (
        book.free ? (
          <a className={styles.read} href={viewerHref}>{t('walletEntry.readFree')}</a>
        ) : (
          <a className={styles.buy} href={loginHref(location.pathname + location.search)}>
            {t('walletEntry.loginToBuy')}
          </a>
        )
      ) : ownership === 'loading' ? (
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
      {toast && <PurchaseToast className={styles.toast} message={toast} onDone={() => setToast(null)} />}
    </div>
  );
}
