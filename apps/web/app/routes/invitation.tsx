import { INVITATION_CODE } from '@hondana/domain/invitations/invitations';
import { QueryProvider } from '../components/query-provider';
import { loginHref } from '../features/accounts/login-href';
import { codeCampaignQueryKey } from '../features/invitations/api/get-code-campaign';
import { AppealPage } from '../features/invitations/components/appeal-page';
import { invitationCopy } from '../i18n/ja-invitations';
import { prefetched } from '../lib/prefetch.server';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/invitation';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: invitationCopy('appeal.title'), description: invitationCopy('appeal.description') });

/** `/invitation?code=` (§2 the invitation appeal page a short link opens). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const raw = (url.searchParams.get('code') ?? '').trim().toUpperCase();
  const code = INVITATION_CODE.test(raw) ? raw : '';
  const here = `/invitation?code=${code}`;
  // The appeal (the campaign the code belongs to) is in the HTML the server sends (issue 40); an
  // unknown or ended code is asked again in the browser, which says why.
  const campaign = code === '' ? null : await context.invitations.codeCampaign(code);
  return {
    dehydrated: await prefetched(...(campaign ? [{ queryKey: codeCampaignQueryKey(code), queryFn: async () => campaign }] : [])),
    code,
    loggedIn: context.viewer !== null,
    afterSignup: url.searchParams.get('signed_up') === '1',
    signupHref: `/signup?code=${code}`,
    loginHref: loginHref(here),
  };
}

export default function Invitation({ loaderData: d }: Route.ComponentProps) {
  return (
    <QueryProvider state={d.dehydrated}>
      <AppealPage code={d.code} loggedIn={d.loggedIn} afterSignup={d.afterSignup} signupHref={d.signupHref} loginHref={d.loginHref} />
    </QueryProvider>
  );
}
