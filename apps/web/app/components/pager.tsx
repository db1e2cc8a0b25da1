import { Link } from 'react-router';
import { useTranslation } from '../i18n/i18n';
import styles from './pager.module.css';

type PagerProps = {
  page: number;
  /** Total pages when known; otherwise `hasNext` decides the next link. */
  total?: number;
  hasNext?: boolean;
  href: (page: number) => string;
};

/** Previous / next links with the current page. */
export function Pager({ page, total, hasNext, href }: PagerProps) {
  const { t } = useTranslation();
  const next = total === undefined ? Boolean(hasNext) : page < total;
  if (page <= 1 && !next) return null;
  return (
    <nav className={styles.pager} aria-label={t('paging.nav')}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={styles.link}>
          {t('paging.prev')}
        </Link>
      ) : (
        <span />
      )}
      {total !== undefined && <span className={styles.current}>{t('paging.current', { page, total })}</span>}
      {next ? (
        <Link to={href(page + 1)} rel="next" className={styles.link}>
          {t('paging.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
