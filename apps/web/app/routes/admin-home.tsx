import { redirect } from 'react-router';
import { consoleHome } from '../features/admin/second-factor-next';
import type { Route } from './+types/admin-home';

/** `/admin`: operators start at the catalog, support at members. */
export async function loader({ context }: Route.LoaderArgs) {
  const role = context.viewer ? await context.admin.role() : null;
  if (role) throw redirect(consoleHome(role));
  return null;
}

export default function AdminHome() {
  return null;
}
