import { useTranslation } from '../i18n/i18n';
import { Link } from 'react-router';
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
              <Link to="/ranking/daily/1">{t('footer.ranking')}</Link>
            </li>
            <li>
              <Link to="/free">{t('footer.free')}</Link>
            </li>
            <li>
              <Link to="/serial">{t('footer.serial')}</Link>
            </li>
          </ul>
        </nav>
        <p className={styles.copyright}>{t('footer.copyright')}</p>
      </div>
    </footer>
  );
}
