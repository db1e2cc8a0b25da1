import { redirect } from 'react-router';
import type { Route } from './+types/admin-home';

/** `/admin`: operators start at the catalog, support at members. */
export async function loader({ context }: Route.LoaderArgs) {
  const role = context.viewer ? await context.admin.role() : null;
  if (role) throw redirect(role === 'operator' ? '/admin/titles' : '/admin/members');
  return null;
}

export default function AdminHome() {
  return null;
}
