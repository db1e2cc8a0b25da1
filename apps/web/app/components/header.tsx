import { useTranslation } from '../i18n/i18n';
import { Form, Link } from 'react-router';
import styles from './header.module.css';

export type HeaderProps = {
  /** The signed-in member, or null for a guest. */
  viewer: { nickname: string } | null;
  /** Where the login link goes (it carries the current page as its callback). */
  loginTo: string;
};

/** Store header: logo, main links, and the member's account links. */
export function Header({ viewer, loginTo }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo} aria-label={t('header.home')}>
          {t('site.name')}
        </Link>
        <nav className={styles.nav} aria-label={t('header.nav')}>
          <ul className={styles.links}>
            <li>
              <Link to="/ranking/daily/1">{t('header.ranking')}</Link>
            </li>
            <li>
              <Link to="/free">{t('header.free')}</Link>
            </li>
            {viewer ? (
              <>
                <li>
                  <Link to="/mypage">{t('header.mypage')}</Link>
                </li>
                <li>
                  <Form method="post" action="/logout" className={styles.logoutForm}>
                    <button type="submit" className={styles.logout}>
                      {t('header.logout')}
                    </button>
                  </Form>
                </li>
              </>
            ) : (
              <li>
                <Link to={loginTo} className={styles.login}>
                  {t('header.login')}
                </Link>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
