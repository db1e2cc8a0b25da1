import { formatAmount } from '@hondana/domain/common/format';
import { type LastPageBook, type LastPageCommerce, viewerHref } from '@hondana/domain/orders/last-page-commerce';
import type { PointCampaignSummary } from '@hondana/domain/campaigns/point-campaigns-api';
import { walletCopy } from '../../../i18n/ja-wallet';
import styles from './last-page.module.css';
import { PurchaseButton } from './purchase-button';
import type { PurchasedOutcome } from './purchase-panel';
import { TrackingRef } from '@hondana/domain/tracking/log-kinds';

type LastPageCommerceProps = {
  /** From `lastPageCommerce(...)` (packages/domain/src/orders/last-page-commerce.ts). */
  view: LastPageCommerce;
  book: LastPageBook;
  /** Login and signup links that come back to this page (`loginHref(location)`). */
  loginTo: string;
  signupTo: string;
  /** 'read in app' target; hidden when there is no app. */
  appHref?: string;
  /** The book the order completed for (the next volume, or this one): 'read now' opens it. */
  completedBookId?: number;
  onPurchased: (outcome: PurchasedOutcome) => void;
};

/**
 * The commerce part of the viewer's last page (books, §2): guest, order-complete, bought and
 * not-bought variants. 'none' and 'closeOnly' render nothing here (the viewer draws its close
 * button). The buy buttons load the purchase dialog on click.
 */
export function LastPageCommerceBlock({ view, book, loginTo, signupTo, appHref, completedBookId, onPurchased }: LastPageCommerceProps) {
  switch (view.variant) {
    case 'guest':
      return <GuestPanel book={book} loginTo={loginTo} signupTo={signupTo} />;
    case 'orderComplete':
      return <OrderCompletePanel bookId={completedBookId ?? book.id} appHref={appHref} />;
    case 'bought':
      return <BoughtPanel view={view} book={book} onPurchased={onPurchased} />;
    case 'notBought':
      return <NotBoughtPanel book={book} onPurchased={onPurchased} />;
    default:
      return null;
  }
}

function GuestPanel({ book, loginTo, signupTo }: { book: LastPageBook; loginTo: string; signupTo: string }) {
  return (
    <section className={styles.panel} aria-labelledby="last-page-guest">
      <h2 id="last-page-guest" className={styles.heading}>
        {walletCopy('lastPage.guestHeading')}
      </h2>
      <p>{walletCopy('lastPage.guestBody')}</p>
      {book.pointCampaign && <PointLines points={book.pointCampaign} />}
      <div className={styles.actions}>
        <a className={styles.primary} href={loginTo}>
          {walletCopy('lastPage.login')}
        </a>
        <a className={styles.secondary} href={signupTo}>
          {walletCopy('lastPage.signup')}
        </a>
      </div>
    </section>
  );
}

function OrderCompletePanel({ bookId, appHref }: { bookId: number; appHref?: string }) {
  return (
    <section className={styles.panel} aria-labelledby="last-page-complete">
      {/* The viewer's last page says 購入が完了しました above; here it names the section only. */}
      <h2 id="last-page-complete" className="visually-hidden">
        {walletCopy('lastPage.orderComplete')}
      </h2>
      <div className={styles.actions}>
        <a className={styles.primary} href={viewerHref(bookId)}>
          {walletCopy('lastPage.readNow')}
        </a>
        {appHref && (
          <a className={styles.secondary} href={appHref}>
            {walletCopy('lastPage.readInApp')}
          </a>
        )}
      </div>
    </section>
  );
}

function BoughtPanel({
  view,
  book,
  onPurchased,
}: {
  view: LastPageCommerce;
  book: LastPageBook;
  onPurchased: LastPageCommerceProps['onPurchased'];
}) {
  const next = book.nextBookId;
  return (
    <section className={styles.panel} aria-labelledby="last-page-bought">
      <h2 id="last-page-bought" className={styles.heading}>
        {walletCopy('lastPage.boughtHeading')}
      </h2>
      {view.message !== 'none' && <p className={styles.message}>{walletCopy(`lastPage.message.${view.message}`)}</p>}
      {view.next === 'lastVolume' || next === null ? (
        <p>
          {walletCopy('lastPage.lastVolume')} <a href={`/series_list/series_id=${book.titleId}`}>{walletCopy('lastPage.toSeries')}</a>{' '}
          {/* §2's line_notice route with the reader's ref: the next volume's notice, set from here. */}
          <a href={`/series_list/line_notice/${book.titleId}?ref=${TrackingRef.LINE_SETTING_READER}`}>
            {walletCopy('lastPage.newVolumeNotice')}
          </a>
        </p>
      ) : (
        <div className={styles.next}>
          <p className={styles.nextLabel}>
            {walletCopy('lastPage.nextVolume')} {book.nextBookTitle}
          </p>
          {view.next === 'buyNext' && book.nextBookPrice !== null ? (
            <PurchaseButton
              className={styles.primary}
              book={{ bookId: next, title: book.nextBookTitle ?? '', price: book.nextBookPrice }}
              onPurchased={onPurchased}
            >
              {walletCopy('lastPage.buyNext')}（{formatAmount(book.nextBookPrice)}）
            </PurchaseButton>
          ) : (
            <a className={styles.primary} href={viewerHref(next)}>
              {view.next === 'readFreeNext' ? walletCopy('lastPage.readFreeNext') : walletCopy('lastPage.readNext')}
            </a>
          )}
        </div>
      )}
    </section>
  );
}

function NotBoughtPanel({ book, onPurchased }: { book: LastPageBook; onPurchased: LastPageCommerceProps['onPurchased'] }) {
  return (
    <section className={styles.panel} aria-labelledby="last-page-not-bought">
      <h2 id="last-page-not-bought" className={styles.heading}>
        {walletCopy('lastPage.notBoughtHeading')}
      </h2>
      <p className={styles.message}>{walletCopy('lastPage.message.buyPrompt')}</p>
      {book.pointCampaign && <PointLines points={book.pointCampaign} />}
      <PurchaseButton
        className={styles.primary}
        book={{ bookId: book.id, title: `${book.title} ${book.vol}巻`, price: book.price }}
        onPurchased={onPurchased}
      >
        {walletCopy('lastPage.buyThis')}（{formatAmount(book.price)}）
      </PurchaseButton>
    </section>
  );
}

/** The guest page's point breakdown (§2) and the not-bought page's points to earn. */
function PointLines({ points }: { points: PointCampaignSummary }) {
  if (points.totalPoint <= 0) return null;
  return (
    <dl className={styles.points}>
      <dt>{walletCopy('purchase.pointsTotal', { point: formatAmount(points.totalPoint) })}</dt>
      {points.list.map((line) => (
        <dd key={line.id}>
          {line.name} {formatAmount(line.point)}pt
        </dd>
      ))}
    </dl>
  );
}
