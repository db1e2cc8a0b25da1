import { Pager } from '../../../components/pager';
import { useTranslation } from '../../../i18n/i18n';
import { getReadRanks } from '../api/serials';
import { useFetch } from '../hooks/use-fetch';
import { SerialCard } from './serial-card';
import styles from './serials.module.css';
import '../../../i18n/ja-serials';

const PAGE_SIZE = 20;

/** `/serial/ranking/general/{page}`: serials by reads, 20 a page. */
export function SerialRanking({ page }: { page: number }) {
  const { t } = useTranslation();
  const ranks = useFetch(`ranks:${page}`, () => getReadRanks((page - 1) * PAGE_SIZE, PAGE_SIZE + 1));
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('serials.rankingTitle', { page })}</h1>
      {ranks.status === 'loading' && <p className={styles.status}>{t('serials.loading')}</p>}
      {ranks.status === 'failed' && <p className={styles.status}>{t('serials.failed')}</p>}
      {ranks.status === 'ready' && (
        <>
          {ranks.data.ranks.length === 0 && <p className={styles.status}>{t('serials.empty')}</p>}
          <ul className={styles.grid}>
            {ranks.data.ranks.slice(0, PAGE_SIZE).map((r, i) => (
              <SerialCard key={r.serial.id} serial={r.serial} rank={r.rank} eager={i < 4} />
            ))}
          </ul>
          <Pager page={page} hasNext={ranks.data.ranks.length > PAGE_SIZE} href={(p) => `/serial/ranking/general/${p}`} />
        </>
      )}
    </div>
  );
}
