import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import { getHistories, getReadRanks, getRecents } from '../api/serials';
import { useFetch } from '../hooks/use-fetch';
import { SerialGrid } from './serial-card';
import styles from './serials.module.css';
import '../../../i18n/ja-serials';

export type SerialHomeProps = { loggedIn: boolean; category: string | null; categories: { key: string; label: string }[] };

/** `/serial` (§2): the member's 続きが読める連載, recently updated serials by category, and the top of the ranking. */
export function SerialHome({ loggedIn, category, categories }: SerialHomeProps) {
  const { t } = useTranslation();
  const recents = useFetch(`recents:${category ?? ''}`, () => getRecents(category ?? undefined));
  const ranks = useFetch('ranks', () => getReadRanks(0, 8));
  const histories = useFetch(loggedIn ? 'histories' : null, () => getHistories(12));
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('serials.title')}</h1>
      {loggedIn && histories.status === 'ready' && histories.data.histories.length > 0 && (
        <section className={styles.section} aria-labelledby="serial-history">
          <h2 id="serial-history" className={styles.sectionTitle}>
            {t('serials.history')}
          </h2>
          <ul className={styles.grid}>
            {histories.data.histories.map((h) => (
              <li key={h.id} className={styles.card}>
                <Link to={`/serial/detail/${h.id}`} className={styles.cardLink}>
                  <img className={styles.cardImage} src={h.imageUrl} width={522} height={327} alt="" loading="lazy" />
                  <span className={styles.cardName}>{h.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <nav className={styles.tabs} aria-label={t('serials.categories')}>
        {[{ key: '', label: t('serials.all') }, ...categories].map((c) => (
          <Link
            key={c.key}
            to={c.key ? `/serial?category=${c.key}` : '/serial'}
            aria-current={(category ?? '') === c.key ? 'page' : undefined}
            className={styles.tab}
          >
            {c.label}
          </Link>
        ))}
      </nav>
      <section className={styles.section} aria-labelledby="serial-recents">
        <h2 id="serial-recents" className={styles.sectionTitle}>
          {t('serials.recents')}
        </h2>
        {recents.status === 'loading' && <p className={styles.status}>{t('serials.loading')}</p>}
        {recents.status === 'failed' && <p className={styles.status}>{t('serials.failed')}</p>}
        {recents.status === 'ready' &&
          (recents.data.serials.length ? <SerialGrid serials={recents.data.serials} /> : <p className={styles.status}>{t('serials.empty')}</p>)}
      </section>
      {ranks.status === 'ready' && ranks.data.ranks.length > 0 && (
        <section className={styles.section} aria-labelledby="serial-ranking">
          <h2 id="serial-ranking" className={styles.sectionTitle}>
            <Link to="/serial/ranking/general/1">{t('serials.ranking')}</Link>
          </h2>
          <SerialGrid serials={ranks.data.ranks.map((r) => r.serial)} ranked eager={0} />
        </section>
      )}
    </div>
  );
}
