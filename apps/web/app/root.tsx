// First: before any module that loads zod (lib/zod-jitless.ts).
import './lib/zod-jitless';
import { type ReactNode, useEffect } from 'react';
import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { Footer } from './components/footer';
import { Header } from './components/header';
import { PageLinkNavigation } from './components/page-link';
import { loginHref } from './features/accounts/login-href';
import { LazyNoticeBadge } from './features/notices/components/lazy-notice-badge';
import { useTranslation } from './i18n/i18n';
import { newPageView, track } from './lib/track';
import styles from './root.module.css';
import globalCss from './styles/global.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: globalCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

/**
 * The shell needs only that a member is signed in and their cart's count: never the session, nor
 * the nickname (no page shows it), so a member's page the server keeps holds nothing of theirs
 * beyond the answers it is kept under (decision 029).
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.viewer) return { viewer: null };
  // The header's cart count, in the HTML: no script of its own.
  return { viewer: { cartCount: await context.cart.activeCount() } };
}

export function Layout({ children }: { children: ReactNode }) {
  // Undefined while an error boundary renders without root data: show the guest shell.
  const data = useRouteLoaderData<typeof loader>('root');
  const location = useLocation();
  const onAuthPage = location.pathname === '/login' || location.pathname === '/signup';
  // The viewer covers the whole screen: no store header and footer behind it (nor in the tab order).
  const inViewer = location.pathname === '/viewer';
  const path = location.pathname + location.search;
  // §7 /log/page: each page a person sees, the first and every one navigated to in the app, with
  // the link's `ref` (where the person came from) as its own field.
  const ref = new URLSearchParams(location.search).get('ref');
  useEffect(() => track('page', { page: path, ref, hash: newPageView() }), [path, ref]);
  return (
    <html lang="ja">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b23a2e" />
        <Meta />
        <Links />
      </head>
      <body>
        <div className={styles.shell}>
          {!inViewer && (
            <Header
              viewer={data?.viewer ?? null}
              loginTo={onAuthPage ? '/login' : loginHref(location.pathname + location.search)}
              searchWord={location.pathname === '/search' ? (new URLSearchParams(location.search).get('word') ?? '') : ''}
              noticeBadge={data?.viewer ? <LazyNoticeBadge /> : null}
            />
          )}
          <main className={styles.main}>{children}</main>
          {!inViewer && <Footer />}
        </div>
        <PageLinkNavigation />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * No QueryClientProvider here: only routes that fetch client-side data pay for TanStack Query
 * (components/query-provider.tsx), which keeps the other pages under the JS budget.
 */
export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && import.meta.env.DEV) console.error(error);
  const copy = notFound ? 'notFound' : 'error';
  return (
    <section className={styles.message}>
      <title>{`${t(`${copy}.title`)} | ${t('site.name')}`}</title>
      <h1>{t(`${copy}.heading`)}</h1>
      <p>{t(`${copy}.body`)}</p>
      <p>
        <Link to="/">{t(`${copy}.toTop`)}</Link>
      </p>
    </section>
  );
}
