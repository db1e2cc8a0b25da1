import type { SerialHomePage } from '@hondana/domain/serials/serials-api';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import { SerialGrid } from './serial-card';
import styles from './serials.module.css';
import '../../../i18n/ja-serials';

type SerialHomeProps = {
  loggedIn: boolean;
  category: string | null;
  categories: { key: string; label: string }[];
  home: SerialHomePage;
};

/**
 * `/serial` (§2): the member's 続きが読める連載, the editorial osusumes, recently updated serials by
 * category, and the top of the ranking — all from the route's loader (server-rendered).
 */
export function SerialHome({ loggedIn, category, categories, home }: SerialHomeProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('serials.title')}</h1>
      {loggedIn && home.histories.length > 0 && (
        <section className={styles.section} aria-labelledby="serial-history">
          <h2 id="serial-history" className={styles.sectionTitle}>
            {t('serials.history')}
          </h2>
          <ul className={styles.grid}>
            {home.histories.map((h) => (
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
      {home.osusumes
        .filter((o) => o.serials.length > 0)
        .map((o) => (
          <section key={o.id} className={styles.section} aria-labelledby={`serial-osusume-${o.id}`} data-testid="serial-osusume">
            <h2 id={`serial-osusume-${o.id}`} className={styles.sectionTitle}>
              {o.name}
            </h2>
            <SerialGrid serials={o.serials} eager={0} />
          </section>
        ))}
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
        {home.recents.length ? <SerialGrid serials={home.recents} /> : <p className={styles.status}>{t('serials.empty')}</p>}
      </section>
      {home.ranks.length > 0 && (
        <section className={styles.section} aria-labelledby="serial-ranking">
          <h2 id="serial-ranking" className={styles.sectionTitle}>
            <Link to="/serial/ranking/general/1">{t('serials.ranking')}</Link>
          </h2>
          <SerialGrid serials={home.ranks.map((r) => r.serial)} ranked eager={0} />
        </section>
      )}
    </div>
  );
}
