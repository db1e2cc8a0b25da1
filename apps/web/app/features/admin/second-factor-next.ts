/** Where the console starts for a role (what `/admin` redirects to). */
export const consoleHome = (role: 'operator' | 'support') => (role === 'operator' ? '/admin/titles' : '/admin/members');

/**
 * The console page to open after the second factor: the console path asked for, the role's start
 * page for `/admin` itself or anything else (never another site; no extra redirect on the way).
 */
export function adminNext(next: string | null, role: 'operator' | 'support'): string {
  if (
    !next ||
    !/^\/admin[/?#]/.test(next) ||
    next.startsWith('/admin/second-factor') ||
    next.startsWith('/admin?') ||
    next.startsWith('/admin#')
  )
    return consoleHome(role);
  return next;
}

/** Where the console sends a staff member who has not given the second factor in this sign-in. */
export const secondFactorHref = (next: string) => `/admin/second-factor?${new URLSearchParams({ next })}`;

/**
 * The page a loader's request is for, path and query: a client-side navigation asks React Router's
 * single fetch for `/admin/passkeys.data?_routes=…`, the page is `/admin/passkeys` (a redirect
 * back to the `.data` address would open the data itself as a page).
 */
export function requestedPage(url: URL): string {
  const path = url.pathname === '/_root.data' ? '/' : url.pathname.replace(/\.data$/, '');
  const query = new URLSearchParams(url.search);
  query.delete('_routes');
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
