import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import '../../../i18n/ja-account-settings';
import styles from './settings.module.css';

const sections = ['profile', 'email', 'password', 'sessions', 'notification', 'withdrawal'] as const;

/** /mypage's links to each account setting. */
export function AccountSettingsLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="account-settings-heading" className={styles.card}>
      <h2 id="account-settings-heading" className={styles.rowTitle}>
        {t('accountSettings.nav.heading')}
      </h2>
      <ul className={styles.links}>
        {sections.map((s) => (
          <li key={s}>
            <Link to={`/mypage/${s}`}>{t(`accountSettings.nav.${s}`)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
