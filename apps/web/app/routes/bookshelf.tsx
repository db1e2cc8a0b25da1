import { redirect } from 'react-router';
import { QueryProvider } from '../components/query-provider';
import { loginHref } from '../features/accounts/login-href';
import { BookshelfPage } from '../features/bookshelf/components/bookshelf-page';
import styles from '../features/bookshelf/components/bookshelf.module.css';
import { shelfCopy as s } from '../i18n/ja-bookshelf';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/bookshelf';

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: s('page.title'), description: s('page.description') }),
  { name: 'robots', content: 'noindex' },
];

/** A member's own books: never cached by the browser or a proxy. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/** Guests log in first and come back to the shelf they asked for. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!context.viewer) throw redirect(loginHref(`${url.pathname}${url.search}`));
  return null;
}

/** `/bookshelf`: the member's books by series, 続きを読む, filters, sorts, keyword, hidden books. */
export default function Bookshelf() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{s('page.heading')}</h1>
      <QueryProvider>
        <BookshelfPage />
      </QueryProvider>
    </div>
  );
}
