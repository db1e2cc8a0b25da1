import { coverSrcSetFor } from '@hondana/domain/catalog/media-urls';
import { CoverSources, jpegOf } from '../../../components/cover-sources';
import { StarRating } from '../../../components/star-rating';
import { useTranslation } from '../../../i18n/i18n';
import type { SeriesHeaderView } from '../series-view.server';
import { AuthorLinks } from './author-links';
import styles from './series-header.module.css';

type SeriesHeaderProps = {
  series: SeriesHeaderView;
  /** The volume the 'read sample' button opens (the detail's, else the first). */
  sampleBookId: number | null;
};

/** Cover, title, authors, rating, periods and the 試し読み button of a series page. */
export function SeriesHeader({ series, sampleBookId }: SeriesHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.header}>
      {series.cover && (
        <picture className={styles.cover}>
          <CoverSources imageUrl={series.cover.imageUrl} sizes="(min-width: 768px) 180px, 120px" />
          <img
            src={jpegOf(series.cover.imageUrl)}
            srcSet={coverSrcSetFor(series.cover.imageUrl, 'jpg') || undefined}
            sizes="(min-width: 768px) 180px, 120px"
            alt={t('bookTile.altTitle', { title: series.name })}
            width={180}
            height={255}
            fetchPriority="high"
          />
        </picture>
      )}
      <div className={styles.info}>
        <h1 className={styles.name}>{series.name}</h1>
        {series.authors.length > 0 && (
          <AuthorLinks authors={series.authors} label={t('series.authorsLabel')} className={styles.authors} roleClassName={styles.role} />
        )}
        <StarRating stars={series.stars} score={series.score} label={t('series.rating', { score: series.score })} size="large" />
        <dl className={styles.facts}>
          {series.publisherName && (
            <div>
              <dt>{t('series.publisher')}</dt>
              <dd>{series.publisherName}</dd>
            </div>
          )}
          {series.magazineName && (
            <div>
              <dt>{t('series.magazine')}</dt>
              <dd>{series.magazineName}</dd>
            </div>
          )}
        </dl>
        <p className={styles.badges}>
          <span className={styles.count}>{t('series.volumesCount', { count: series.totalVolumes })}</span>
          {series.freeVolumes > 0 && <span className={styles.free}>{t('series.freeVolumesCount', { count: series.freeVolumes })}</span>}
          {series.freeEnd && (
            <span className={styles.period}>
              {t('series.freePeriod')} {series.freeEnd}
            </span>
          )}
          {series.saleEnd && (
            <span className={styles.period}>
              {t('series.salePeriod')} {series.saleEnd}
            </span>
          )}
        </p>
        {sampleBookId !== null && (
          <a className={styles.sample} href={`/viewer?cid=${sampleBookId}`}>
            {t('series.readSample')}
          </a>
        )}
      </div>
    </div>
  );
}
