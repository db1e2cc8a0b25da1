import type { Serial } from '@hondana/domain/serials/serials-api';
import { Pager } from '../../../components/pager';
import { useTranslation } from '../../../i18n/i18n';
import { SerialCard } from './serial-card';
import styles from './serials.module.css';
import '../../../i18n/ja-serials';

export const SERIAL_RANKING_PAGE_SIZE = 20;

/** `/serial/ranking/general/{page}`: serials by reads, 20 a page (`ranks` may hold one more, telling there is a next page). */
export function SerialRanking({ page, ranks }: { page: number; ranks: { rank: number; serial: Serial }[] }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('serials.rankingTitle', { page })}</h1>
      {ranks.length === 0 && <p className={styles.status}>{t('serials.empty')}</p>}
      <ul className={styles.grid}>
        {ranks.slice(0, SERIAL_RANKING_PAGE_SIZE).map((r, i) => (
          <SerialCard key={r.serial.id} serial={r.serial} rank={r.rank} eager={i < 4} />
        ))}
      </ul>
      <Pager page={page} hasNext={ranks.length > SERIAL_RANKING_PAGE_SIZE} href={(p) => `/serial/ranking/general/${p}`} />
    </div>
  );
}
