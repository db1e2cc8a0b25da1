import { useTranslation } from '../i18n/i18n';
import { PageLink } from './page-link';
import styles from './footer.module.css';

/** Store footer: secondary links and the copyright line. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label={t('footer.nav')}>
          <ul className={styles.links}>
            <li>
              <PageLink to="/ranking/daily/1">{t('footer.ranking')}</PageLink>
            </li>
            <li>
              <PageLink to="/free">{t('footer.free')}</PageLink>
            </li>
            <li>
              <PageLink to="/serial">{t('footer.serial')}</PageLink>
            </li>
            <li>
              <PageLink to="/accessibility">{t('footer.accessibility')}</PageLink>
            </li>
          </ul>
        </nav>
        <p className={styles.copyright}>{t('footer.copyright')}</p>
      </div>
    </footer>
  );
}
