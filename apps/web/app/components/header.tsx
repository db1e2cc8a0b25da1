import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n';
import { Form, Link } from 'react-router';
import styles from './header.module.css';

export type HeaderProps = {
  /** The signed-in member, or null for a guest. */
  viewer: { nickname: string } | null;
  /** Where the login link goes (it carries the current page as its callback). */
  loginTo: string;
  /** The keyword in the search box (on the search page). */
  searchWord?: string;
  /** The member's unread-notice badge, beside the my-page link. */
  noticeBadge?: ReactNode;
};

/** Store header: logo, main links, and the member's account links. */
export function Header({ viewer, loginTo, searchWord = '', noticeBadge }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo} aria-label={t('header.home')}>
          {t('site.name')}
        </Link>
        <Form method="get" action="/search" role="search" className={styles.search}>
          <label htmlFor="header-search" className="visually-hidden">
            {t('header.search')}
          </label>
          <input
            id="header-search"
            key={searchWord}
            type="search"
            name="word"
            defaultValue={searchWord}
            placeholder={t('header.searchPlaceholder')}
            enterKeyHint="search"
            className={styles.searchInput}
          />
          <button type="submit" className={styles.searchButton} aria-label={t('header.searchSubmit')}>
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path d="M11 11l3.5 3.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </Form>
        <nav className={styles.nav} aria-label={t('header.nav')}>
          <ul className={styles.links}>
            <li className={styles.wideOnly}>
              <Link to="/ranking/daily/1">{t('header.ranking')}</Link>
            </li>
            <li className={styles.wideOnly}>
              <Link to="/free">{t('header.free')}</Link>
            </li>
            {viewer ? (
              <>
                <li>
                  <Link to="/mypage">{t('header.mypage')}</Link>
                  {noticeBadge}
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
