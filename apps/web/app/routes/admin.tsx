import { Outlet, data, redirect, useOutletContext } from 'react-router';
import { QueryProvider } from '../components/query-provider';
import { AdminForbidden, AdminShell, type StaffRole } from '../features/admin/components/admin-shell';
import { SecondFactorPrompt } from '../features/admin/components/second-factor-forms';
import { requestedPage, secondFactorHref } from '../features/admin/second-factor-next';
import { loginHref } from '../features/accounts/login-href';
import { adminCopy } from '../i18n/ja-admin';
import type { Route } from './+types/admin';

export const meta: Route.MetaFunction = () => [{ title: adminCopy('meta.title') }, { name: 'robots', content: 'noindex' }];

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/**
 * Guests log in first; members without a console role get 403 and nothing of the console; staff
 * who have not given their second factor in this sign-in go to its page (enrolment or code) first.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!context.viewer) throw redirect(loginHref(requestedPage(url)));
  const role = await context.admin.role();
  if (!role) return data({ role: null }, { status: 403 });
  if (!(await context.admin.secondFactor()).checked) throw redirect(secondFactorHref(requestedPage(url)));
  return { role };
}

/** The console's pages read the role from here. */
export const useStaffRole = () => useOutletContext<StaffRole>();

export default function Admin({ loaderData }: Route.ComponentProps) {
  if (!loaderData.role) return <AdminForbidden />;
  return (
    <QueryProvider>
      <AdminShell role={loaderData.role}>
        <Outlet context={loaderData.role} />
      </AdminShell>
      <SecondFactorPrompt />
    </QueryProvider>
  );
}
