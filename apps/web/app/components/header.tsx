import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n';
import { Form } from 'react-router';
import { PageLink } from './page-link';
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
        <PageLink to="/" className={styles.logo} aria-label={t('header.home')}>
          {t('site.name')}
        </PageLink>
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
              <PageLink to="/ranking/daily/1">{t('header.ranking')}</PageLink>
            </li>
            <li className={styles.wideOnly}>
              <PageLink to="/free">{t('header.free')}</PageLink>
            </li>
            {viewer ? (
              <>
                <li>
                  <PageLink to="/bookshelf">{t('header.bookshelf')}</PageLink>
                </li>
                <li>
                  <PageLink to="/mypage">{t('header.mypage')}</PageLink>
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
                <PageLink to={loginTo} className={styles.login}>
                  {t('header.login')}
                </PageLink>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
