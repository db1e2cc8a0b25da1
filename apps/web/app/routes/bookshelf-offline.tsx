import { redirect, useLoaderData } from 'react-router';
import { loginHref } from '../features/accounts/login-href';
import styles from '../features/bookshelf/components/bookshelf.module.css';
import { OfflineShelfPage } from '../features/bookshelf/offline/offline-shelf-page';
import { OfflineShelfProvider } from '../features/bookshelf/offline/use-offline-shelf';
import { shelfCopy } from '../i18n/ja-bookshelf';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/bookshelf-offline';

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: shelfCopy('offline.title'), description: shelfCopy('offline.description') }),
  { name: 'robots', content: 'noindex' },
];

/** The member's page: kept by the service worker only (no HTTP cache), asked for again whenever online. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-cache' });

/** Guests log in first. The member id names the device's offline database (decision 021). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!context.viewer) throw redirect(loginHref(`${url.pathname}${url.search}`));
  return { memberId: context.viewer.userId };
}

/** Nothing on this page comes from the server after it loads: with the network cut a revalidation could only fail. */
export const shouldRevalidate = () => false;

/** `/bookshelf/offline`: the books saved on this device, readable without a network. */
export default function BookshelfOffline() {
  const { memberId } = useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{shelfCopy('offline.heading')}</h1>
      <OfflineShelfProvider memberId={memberId}>
        <OfflineShelfPage />
      </OfflineShelfProvider>
    </div>
  );
}
