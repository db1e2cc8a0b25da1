import { redirect } from 'react-router';
import { QueryProvider } from '../components/query-provider';
import { loginHref } from '../features/accounts/login-href';
import { inviterInfoQueryOptions } from '../features/invitations/api/get-inviter-info';
import { InviterPage } from '../features/invitations/components/inviter-page';
import { invitationCopy } from '../i18n/ja-invitations';
import { prefetched } from '../lib/prefetch.server';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/invitation-inviter';

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: invitationCopy('inviter.title'), description: invitationCopy('inviter.description') }),
  { name: 'robots', content: 'noindex' },
];

/** `/invitation/inviter?ref=` (§2): members only; `ref` names where the member came from (§9 tracking refs). */
export async function loader({ url, context }: Route.LoaderArgs) {
  if (!context.viewer) throw redirect(loginHref(url.pathname + url.search));
  const ref = url.searchParams.get('ref');
  // The member's own code and counts are in the HTML the server sends (issue 40).
  const info = await context.invitations.inviterInfo();
  return {
    ref: ref && /^[A-Za-z0-9_-]{1,64}$/.test(ref) ? ref : null,
    dehydrated: await prefetched(...(info ? [{ queryKey: inviterInfoQueryOptions().queryKey, queryFn: async () => info }] : [])),
  };
}

export default function InvitationInviter({ loaderData }: Route.ComponentProps) {
  return (
    <QueryProvider state={loaderData.dehydrated}>
      <InviterPage refSource={loaderData.ref} />
    </QueryProvider>
  );
}
