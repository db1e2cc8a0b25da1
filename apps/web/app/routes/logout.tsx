import { redirect } from 'react-router';
import type { Route } from './+types/logout';

/** POST /logout (the header's button): end the session, clear its cookie, go to the top page. */
export async function action({ context }: Route.ActionArgs) {
  const { setCookie } = await context.accounts.logout();
  return redirect('/', { headers: { 'Set-Cookie': setCookie } });
}

/** Logging out is a POST; a GET here just goes home. */
export function loader() {
  return redirect('/');
}
