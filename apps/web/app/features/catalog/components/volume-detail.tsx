import { AmountUnit, formatIn } from '@hondana/domain/common/amount-unit';
import { formatAmount } from '@hondana/domain/common/format';
import { Suspense, lazy } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { CoinIcon } from '../../../components/coin-icon';
import { useTranslation } from '../../../i18n/i18n';
import { BuyBox } from '../../orders/components/buy-box';
import { BookCouponBanner } from '../../cart/components/book-coupon-banner';
import type { VolumeDetailView } from '../series-view.server';
import styles from './volume-detail.module.css';

/**
 * A member's banner of a book page (§4: the invitation banner, else the app banner), fetched and
 * chosen in the browser: its own chunk, loaded only for a member on a volume's page.
 */
const MemberBanner = lazy(() => import('../../invitations/components/book-page-banner').then((m) => ({ default: m.BookPageBanner })));

/** The volume detail block of a series page opened with `book_id` (§3 Book detail). */
export function VolumeDetail({ book }: { book: VolumeDetailView }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData('root') as { viewer: unknown } | undefined;
  return (
    <>
      {root?.viewer ? (
        <Suspense fallback={null}>
          <MemberBanner />
        </Suspense>
      ) : null}
      <section className={styles.detail} aria-labelledby="volume-heading">
        <h2 id="volume-heading" className={styles.heading}>
          {t('volume.heading', { title: book.titleName, vol: book.vol })}
        </h2>
        <p className={styles.price}>
          {book.free ? (
            // A free volume reads 無料, not a struck price and a 0.
            <span className={styles.freeLabel}>{t('volume.free')}</span>
          ) : (
            <>
              {book.beforePrice !== null && (
                <s className={styles.before}>
                  <span className="visually-hidden">{t('volume.beforePrice')}</span>
                  {formatAmount(book.beforePrice)}
                </s>
              )}
              <span className={styles.current}>
                <span className="visually-hidden">{t('volume.price')}</span>
                <CoinIcon size={18} />
                <span>{formatAmount(book.price)}</span>
              </span>
            </>
          )}
          {book.pointTotal > 0 && (
            <span className={styles.points}>{t('volume.points', { point: formatIn(book.pointTotal, AmountUnit.POINT) })}</span>
          )}
        </p>
        {book.couponBanner && <BookCouponBanner banner={book.couponBanner} />}
        <ul className={styles.tags}>
          {book.isNew && <li className={styles.newMark}>{t('volume.new')}</li>}
          {book.rank !== null && (
            <li className={styles.rank}>
              <Link to="/ranking/daily/1">{t('volume.rank', { rank: book.rank })}</Link>
            </li>
          )}
          {book.reservable ? (
            <li className={styles.preOrder}>{t('volume.preOrder', { date: book.startDate })}</li>
          ) : (
            <li>
              {t('volume.released')} {book.startDate}
            </li>
          )}
          {book.limitedFree && (
            <li className={styles.limited}>
              {t('volume.limitedFree')}
              {book.periodEnd && ` ${book.periodEnd}`}
            </li>
          )}
          {book.limitedSale && (
            <li className={styles.limited}>
              {t('volume.limitedSale')}
              {book.periodEnd && ` ${book.periodEnd}`}
            </li>
          )}
          {book.bundle && <li>{t('volume.bundle')}</li>}
          {book.isBulkBuy && <li>{t('volume.bulkBuy')}</li>}
          {book.hasSample && book.samplePageTotal > 0 && <li>{t('volume.pages', { pages: book.samplePageTotal })}</li>}
        </ul>
        {book.preOrderBonus && (
          <section className={styles.bonus} aria-labelledby="volume-bonus-heading">
            <h3 id="volume-bonus-heading" className={styles.bonusHeading}>
              {t('volume.preOrderBonus')}
            </h3>
            <ul>
              {book.preOrderBonus.list.map((b) => (
                <li key={b.id}>{t('volume.preOrderBonusLine', { name: b.name, point: formatAmount(b.totalPoint) })}</li>
              ))}
            </ul>
            <p className={styles.bonusNote}>{t('volume.preOrderBonusNote')}</p>
          </section>
        )}
        {book.bundle && (
          <a className={styles.bundleLink} href={book.bundle.href}>
            {t('volume.bundleAdd', { price: formatIn(book.bundle.price, AmountUnit.YEN) })}
          </a>
        )}
        {/* Buying lives in the orders feature: ownership, 購入する / 読む, the purchase dialog. */}
        <BuyBox book={book} />
        {book.description && <p className={styles.description}>{book.description}</p>}
      </section>
    </>
  );
}
