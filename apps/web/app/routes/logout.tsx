import { redirect } from 'react-router';
import type { Route } from './+types/logout';

/**
 * POST /logout (the header's button): end the session, clear its cookie, go to the top page.
 * `Clear-Site-Data: "storage"` has the browser delete what this site keeps on the device (the
 * books saved for offline reading, the service worker's caches, local settings), so nothing of
 * the member stays readable on a shared browser (decision 021).
 */
export async function action({ context }: Route.ActionArgs) {
  const { setCookie } = await context.accounts.logout();
  return redirect('/', { headers: { 'Set-Cookie': setCookie, 'Clear-Site-Data': '"storage"' } });
}

/** Logging out is a POST; a GET here just goes home. */
export function loader() {
  return redirect('/');
}
