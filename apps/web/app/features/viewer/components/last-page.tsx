import type { ViewerInfo } from '@hondana/domain/reading/reading-api';
import { TrackingRef } from '@hondana/domain/tracking/log-kinds';
import { nextVolumeAction, viewerHref } from '@hondana/domain/orders/last-page-commerce';
import { type LoadStatus, lastPageChoice, lastPageStatus } from '@hondana/domain/viewer/last-page';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Section, TileList } from '../../../components/tile-list';
import { loginHref } from '../../accounts/login-href';
import { BookToBook } from '../../catalog/components/book-to-book';
import { seriesHref } from '../../catalog/series-href';
import { useTranslation } from '../../../i18n/i18n';
import { buyFreeNextBook } from '../api/free-book';
import { freeRankingQuery } from '../../catalog/api/free-ranking-query';
import type { LastPageCommerceSlot, LastPageExtras } from './last-page-slot';
import { LoadingOverlay } from './overlays';
import styles from './last-page.module.css';
import '../../../i18n/ja-viewer';

// The end-of-reading invitation card: members only, its code loads with it.
const EndReadingCard = lazy(() => import('../../invitations/components/end-reading-card'));

type LastPageProps = {
  info: ViewerInfo;
  loggedIn: boolean;
  adult: boolean;
  closeHref: string;
  /** The orders area's commerce block (buy, login), composed in by the route; loads here. */
  commerce?: LastPageCommerceSlot;
  extras: LastPageExtras;
  /** The free book on load (§4); the last page waits while it runs. */
  load: LoadStatus;
};

/**
 * §2 "Last page, books": 'finished reading', the next-volume or last-volume block, back to the
 * detail page, the free ranking (up to 12), '<title>を好きな人が読んでいる作品', and the footer.
 * With the commerce block (`commerce`), members buy this book or the next volume right here
 * and guests get login and signup links; without it, purchase links go to the volume page.
 */
export default function LastPage({ info, loggedIn, adult, closeHref, commerce: Commerce, extras, load }: LastPageProps) {
  const { t } = useTranslation();
  const book = info.book_data;
  const status = lastPageStatus({ load, salable: book.salable, bought: book.bought || book.fullAccess });
  // An order completed here: the page says so (in the app wrapper it stays, no reload follows).
  const [orderCompleted, setOrderCompleted] = useState(false);
  const variant = lastPageChoice({ status, loggedIn, orderCompleted, bought: book.bought });
  useFreeNextBook(loggedIn && status === 'open' && book.fullAccess, info);
  if (variant === 'none') return <LoadingOverlay />;
  if (variant === 'closeOnly') {
    return (
      <div className={styles.page} data-testid="last-page" data-variant={variant}>
        <div className={styles.inner}>
          <p className={styles.finished}>{t('viewer.lastPage.finished')}</p>
          <p>{t('viewer.lastPage.saleClosed')}</p>
          <div className={styles.actions}>
            <a className={styles.primary} href={closeHref}>
              {t('viewer.lastPage.closeBook')}
            </a>
          </div>
        </div>
      </div>
    );
  }
  const detailHref = seriesHref(book.titleId, book.id);
  const sampleEnded = !book.fullAccess;
  // A member's bought page has the next-volume panel inside the commerce block.
  const commerceHasNext = Commerce !== undefined && loggedIn && !sampleEnded;
  return (
    <div className={styles.page} data-testid="last-page" data-variant={variant}>
      <div className={styles.inner}>
        <p className={styles.finished} data-testid="last-page-heading">
          {variant === 'orderComplete'
            ? t('viewer.lastPage.orderComplete')
            : sampleEnded
              ? t('viewer.sampleEnd')
              : t('viewer.lastPage.finished')}
        </p>
        {sampleEnded ? (
          <div className={styles.block}>
            <img src={book.imageUrl} alt="" width={96} height={136} />
            <div className={styles.blockText}>
              <span>{book.title}</span>
              {variant === 'guest' && Commerce === undefined && (
                <a href={loginHref(`/viewer?cid=${book.id}`)}>{t('viewer.lastPage.login')}</a>
              )}
              {(variant === 'guest' || Commerce === undefined) && (
                <a className={styles.primary} href={detailHref}>
                  {t('viewer.lastPage.buyThis')}
                </a>
              )}
            </div>
          </div>
        ) : (
          !commerceHasNext && <VolumeBlock info={info} />
        )}
        {Commerce && (
          <div className={styles.commerce} data-testid="last-page-commerce">
            <Suspense fallback={<div className={styles.commercePlaceholder} aria-busy="true" />}>
              <Commerce info={info} loggedIn={loggedIn} extras={extras} onOrderComplete={() => setOrderCompleted(true)} />
            </Suspense>
          </div>
        )}
        {loggedIn && (
          <Suspense fallback={null}>
            <EndReadingCard titleId={book.titleId} titleName={book.titleName} couponTarget={book.price > 0} />
          </Suspense>
        )}
        <div className={styles.actions}>
          <a className={styles.secondary} href={detailHref}>
            {t('viewer.lastPage.backToDetail')}
          </a>
        </div>
        <FreeRanking pageType={book.pageType} adult={adult} />
        <BookToBook bookId={book.id} titleName={book.titleName} adult={adult} linkRef={TrackingRef.BOOK_TO_BOOK_READER} />
      </div>
      <footer className={styles.footer}>
        <nav aria-label={t('viewer.lastPage.findOther')}>
          <span>{t('viewer.lastPage.findOther')}</span>
          <a href="/ranking/daily/1">{t('viewer.lastPage.ranking')}</a>
          <a href="/free">{t('viewer.lastPage.freeWorks')}</a>
        </nav>
        <a className={styles.secondary} href={closeHref}>
          {t('viewer.lastPage.closeBook')}
        </a>
      </footer>
    </div>
  );
}

/**
 * §4: with the last page, a free next volume the member does not hold is bought too (the
 * orders area's free purchase; once: the server answers `bought: false` the second time).
 */
function useFreeNextBook(member: boolean, info: ViewerInfo) {
  const b = info.book_data;
  const wanted = member && b.nextBookId !== null && b.isNextBookFree && !b.isNextBookBought && !b.isLatestVol;
  useEffect(() => {
    if (wanted) void buyFreeNextBook(b.id).catch(() => undefined);
  }, [wanted, b.id]);
}

/** The next volume (read it, or its volume page to buy it), or the series link after the last one. */
function VolumeBlock({ info }: { info: ViewerInfo }) {
  const { t } = useTranslation();
  const book = info.book_data;
  const next = info.nextVolume;
  const action = nextVolumeAction(book);
  if (action === 'lastVolume' || !next) {
    return (
      <div className={styles.block}>
        <div className={styles.blockText}>
          <span className={styles.label}>{t('viewer.lastPage.lastVolume')}</span>
          <a className={styles.primary} href={seriesHref(book.titleId)}>
            {t('viewer.lastPage.seriesLink')}
          </a>
        </div>
      </div>
    );
  }
  const readable = action !== 'buyNext';
  return (
    <div className={styles.block} data-testid="next-volume">
      <img src={next.imageUrl} alt="" width={96} height={136} />
      <div className={styles.blockText}>
        <span className={styles.label}>{t('viewer.lastPage.nextVolume')}</span>
        <span>{next.title}</span>
        <a className={styles.primary} href={readable ? viewerHref(next.bookId) : seriesHref(book.titleId, next.bookId)}>
          {readable ? t('viewer.lastPage.readNext') : t('viewer.lastPage.buyNext')}
        </a>
      </div>
    </div>
  );
}

/** 無料マンガランキング: hidden while loading, when empty, or when the fetch fails (§4). */
function FreeRanking({ pageType, adult }: { pageType: string; adult: boolean }) {
  const { t } = useTranslation();
  // The series page's 無料マンガランキング, the same call and tiles (features/catalog).
  const { data: tiles } = useQuery(freeRankingQuery(pageType, adult));
  if (!tiles || tiles.length === 0) return null;
  return (
    <Section id="viewer-free-ranking" heading={t('viewer.lastPage.freeRanking')}>
      <TileList tiles={tiles} layout="row" linkRef={TrackingRef.FREE_RANKING_READER} />
    </Section>
  );
}
