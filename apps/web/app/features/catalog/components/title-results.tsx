import type { TitleSummary } from '@hondana/domain/catalog/catalog-api';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import { seriesHref } from '../series-href';
import { AuthorLinks } from './author-links';
import styles from './title-results.module.css';

type TitleResult = Pick<TitleSummary, 'id' | 'name' | 'imageUrl' | 'maxVol' | 'authors'>;

/** Titles found by a search: cover, name (to the series page), authors (to their author search). */
export function TitleResults({ titles, onTap }: { titles: TitleResult[]; onTap?: (titleId: number, position: number) => void }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.results}>
      {titles.map((title, i) => (
        <li key={title.id} className={styles.result}>
          <Link
            to={seriesHref(title.id)}
            className={styles.cover}
            tabIndex={-1}
            aria-hidden="true"
            onClick={() => onTap?.(title.id, i + 1)}
          >
            <img src={title.imageUrl} alt="" width={72} height={102} loading={i < 6 ? 'eager' : 'lazy'} decoding="async" />
          </Link>
          <div className={styles.info}>
            <h2 className={styles.name}>
              <Link to={seriesHref(title.id)} onClick={() => onTap?.(title.id, i + 1)}>
                {title.name}
              </Link>
            </h2>
            {title.authors && title.authors.length > 0 && (
              <AuthorLinks authors={title.authors} label={t('search.authors')} className={styles.authors} />
            )}
            {title.maxVol > 0 && <p className={styles.vols}>{t('search.vols', { count: title.maxVol })}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
