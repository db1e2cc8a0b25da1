import { Suspense, lazy } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import { loginHref } from '../../accounts/login-href';
import { PreorderLink } from '../../cart/components/book-coupon-banner';
import cartStyles from '../../cart/components/cart-button.module.css';
import styles from './buy-box.module.css';
import '../../../i18n/ja-wallet-entry';
import '../../../i18n/ja-cart-entry';

/**
 * Members' part (possession check, purchase button, toast) is its own chunk, so a guest's
 * series page carries only these links (JS budget of the series page, ≤120 kB gzip).
 */
const MemberBuyBox = lazy(() => import('./member-buy-box'));

export type BuyBoxBook = {
  bookId: number;
  titleName: string;
  vol: number;
  price: number;
  free: boolean;
  reservable: boolean;
};

/**
 * The volume page's buy box: a guest logs in to buy (or reads a free volume); a member buys or
 * reads. A volume on pre-order offers only 予約する (never 購入する beside it).
 */
export function BuyBox({ book }: { book: BuyBoxBook }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData('root') as { viewer: unknown } | undefined;
  const location = useLocation();
  if (root?.viewer) {
    return (
      <Suspense
        fallback={
          <div className={styles.box}>
            <span className={styles.placeholder} aria-busy="true" />
          </div>
        }
      >
        <MemberBuyBox book={book} />
      </Suspense>
    );
  }
  return (
    <div className={styles.box} data-testid="buy-box">
      {book.reservable ? (
        <PreorderLink bookId={book.bookId} />
      ) : book.free ? (
        <a className={styles.read} href={`/viewer?cid=${book.bookId}`}>
          {t('walletEntry.readFree')}
        </a>
      ) : (
        <a className={styles.buy} href={loginHref(location.pathname + location.search)}>
          {t('walletEntry.loginToBuy')}
        </a>
      )}
      {!book.free && !book.reservable && (
        <a className={cartStyles.add} href={`/cart?add=${book.bookId}&ref=book_detail`}>
          {t('cartEntry.add')}
        </a>
      )}
    </div>
  );
}
