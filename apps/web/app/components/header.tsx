import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { CART_CHANGED, readGuestCart } from './cart-count-event';
import { useTranslation } from '../i18n/i18n';
import { Form } from 'react-router';
import { PageLink } from './page-link';
import { sessionEnded } from '../lib/api/transport';
import styles from './header.module.css';

type HeaderProps = {
  /** The signed-in member (with their cart's count), or null for a guest. */
  viewer: { cartCount: number } | null;
  /** Where the login link goes (it carries the current page as its callback). */
  loginTo: string;
  /** The keyword in the search box (on the search page). */
  searchWord?: string;
  /** The member's unread-notice badge, beside the my-page link. */
  noticeBadge?: ReactNode;
};

/**
 * Store header: logo, search, the cart (with its count) and the account links; below them (a
 * second row on phones) the store's corners: ranking, serials, free. Member links such as 本棚
 * join the account links.
 */
export function Header({ viewer, loginTo, searchWord = '', noticeBadge }: HeaderProps) {
  const { t } = useTranslation();
  const cartCount = useCartCount(viewer?.cartCount ?? null);
  const guest = viewer === null;
  // After a ログアウト the page shows a guest: from then on a 401 asks the reader to log in again.
  useEffect(() => {
    if (guest) sessionEnded();
  }, [guest]);
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
            <li>
              <PageLink to="/cart" className={styles.cart}>
                {t('header.cart')}
                {cartCount !== null && cartCount > 0 && (
                  <span className={styles.cartCount} data-testid="cart-count">
                    <span className="visually-hidden">{t('header.cartCount')}</span>
                    {cartCount > 99 ? '99+' : cartCount}
                  </span>
                )}
              </PageLink>
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
      <nav className={styles.sections} aria-label={t('header.sections')}>
        <ul>
          <li>
            <PageLink to="/ranking/daily/1">{t('header.ranking')}</PageLink>
          </li>
          <li>
            <PageLink to="/serial">{t('header.serial')}</PageLink>
          </li>
          <li>
            <PageLink to="/free">{t('header.free')}</PageLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}

const guestCartCount = () => readGuestCart().length;
function onGuestCartChange(changed: () => void): () => void {
  window.addEventListener(CART_CHANGED, changed);
  window.addEventListener('storage', changed);
  return () => {
    window.removeEventListener(CART_CHANGED, changed);
    window.removeEventListener('storage', changed);
  };
}

/**
 * The cart's count: a member's from the server, a guest's from this browser's guest cart once
 * the page is interactive; then as the cart button, the cart page and the guest cart announce it.
 */
function useCartCount(fromServer: number | null): number | null {
  const [announced, setAnnounced] = useState<{ from: number | null; count: number } | null>(null);
  useEffect(() => {
    const onChange = (e: Event) => setAnnounced({ from: fromServer, count: (e as CustomEvent<number>).detail });
    window.addEventListener(CART_CHANGED, onChange);
    return () => window.removeEventListener(CART_CHANGED, onChange);
  }, [fromServer]);
  const guestCount = useSyncExternalStore(onGuestCartChange, guestCartCount, () => null);
  if (fromServer === null) return guestCount;
  // A newer server count (after a navigation) wins over an older announcement.
  return announced && announced.from === fromServer ? announced.count : fromServer;
}
