import { Link, data } from 'react-router';
import { i18n, useTranslation } from '../i18n/i18n';
import { pageMeta } from '../page-meta';
import styles from './not-found.module.css';

/** Any URL no other route claims answers 404 with this page. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [
  ...pageMeta({ title: i18n.t('notFound.title'), description: i18n.t('notFound.body') }),
  { name: 'robots', content: 'noindex' },
];

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <section className={styles.notFound}>
      <p className={styles.code}>404</p>
      <h1>{t('notFound.heading')}</h1>
      <p>{t('notFound.body')}</p>
      <p>
        <Link to="/">{t('notFound.toTop')}</Link>
      </p>
    </section>
  );
}
