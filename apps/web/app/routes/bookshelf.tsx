import { redirect, useLoaderData } from 'react-router';
import { QueryProvider } from '../components/query-provider';
import { loginHref } from '../features/accounts/login-href';
import { BookshelfPage } from '../features/bookshelf/components/bookshelf-page';
import styles from '../features/bookshelf/components/bookshelf.module.css';
import { OfflineShelfProvider } from '../features/bookshelf/offline/use-offline-shelf';
import { shelfCopy } from '../i18n/ja-bookshelf';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/bookshelf';

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: shelfCopy('page.title'), description: shelfCopy('page.description') }),
  { name: 'robots', content: 'noindex' },
];

/** A member's own books: never cached by the browser or a proxy. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/** Guests log in first and come back to the shelf they asked for. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!context.viewer) throw redirect(loginHref(`${url.pathname}${url.search}`));
  // Names the device's offline database of this member (decision 021).
  return { memberId: context.viewer.userId };
}

/** `/bookshelf`: the member's books by series, 続きを読む, filters, sorts, keyword, hidden books. */
export default function Bookshelf() {
  const { memberId } = useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{shelfCopy('page.heading')}</h1>
      <QueryProvider>
        <OfflineShelfProvider memberId={memberId}>
          <BookshelfPage />
        </OfflineShelfProvider>
      </QueryProvider>
    </div>
  );
}
