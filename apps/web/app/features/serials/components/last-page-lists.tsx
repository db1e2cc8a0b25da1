import type { Serial, SerialHistoryItem } from '@hondana/domain/serials/serials-api';
import { READ_MORE_LIMIT } from '@hondana/domain/serials/serials';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import { historiesQuery } from '../api/histories-query';
import { readRanksQuery } from '../api/read-ranks-query';
import { recommendsQuery } from '../api/recommends-query';
import styles from './last-page.module.css';
import '../../../i18n/ja-serials';

/** Recommended free serials (12, members only: the call needs login) — hidden when empty or failed. */
export function RecommendedSerials({ serialId, loggedIn }: { serialId: number; loggedIn: boolean }) {
  const { t } = useTranslation();
  const { data: serials } = useQuery({ ...recommendsQuery(serialId), enabled: loggedIn });
  if (!serials || serials.length === 0) return null;
  return <SerialStrip heading={t('serials.lastPage.recommended')} serials={serials} testId="recommended-serials" />;
}

/** 続きが読める連載: the member's continuable histories, at most 20 (§2, §9). */
export function ReadMoreCarousel({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  const { data: histories } = useQuery({ ...historiesQuery(READ_MORE_LIMIT), enabled: loggedIn });
  if (!histories || histories.length === 0) return null;
  return (
    <section className={styles.block} aria-label={t('serials.lastPage.readMore')} data-testid="read-more">
      <h3 className={styles.blockTitle}>{t('serials.lastPage.readMore')}</h3>
      <ul className={styles.carousel}>
        {histories.slice(0, READ_MORE_LIMIT).map((h: SerialHistoryItem) => (
          <li key={h.id}>
            <Link to={`/serial/detail/${h.id}`} className={styles.item}>
              <img src={h.imageUrl} width={164} height={103} alt="" loading="lazy" />
              <span>{h.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The serial ranking shown by the end-of-series, expired and not-delivered variants. */
export function SerialRankingStrip() {
  const { t } = useTranslation();
  const { data: serials } = useQuery(readRanksQuery(0, 10));
  if (!serials || serials.length === 0) return null;
  return <SerialStrip heading={t('serials.lastPage.ranking')} serials={serials} ranked testId="serial-ranking" />;
}

function SerialStrip({ heading, serials, ranked, testId }: { heading: string; serials: Serial[]; ranked?: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.block} aria-label={heading} data-testid={testId}>
      <h3 className={styles.blockTitle}>{heading}</h3>
      <ul className={styles.grid}>
        {serials.map((s, i) => (
          <li key={s.id}>
            <Link to={`/serial/detail/${s.id}`} className={styles.item}>
              <img src={s.images.small} width={164} height={103} alt="" loading="lazy" />
              {ranked && <span className={styles.rank}>{t('serials.rank', { rank: i + 1 })}</span>}
              <span>{s.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
