import { safeCallback } from '@hondana/domain/accounts/accounts';
import { redirect } from 'react-router';
import { submitLogin } from '../features/accounts/api/login.server';
import { LoginForm } from '../features/accounts/components/login-form';
import { i18n } from '../i18n/i18n';
import '../i18n/ja-accounts';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: i18n.t('login.title'), description: i18n.t('login.description') }),
  { name: 'robots', content: 'noindex' },
];

/** A member who is already logged in goes straight to the callback. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const callback = url.searchParams.get('callback');
  if (context.viewer) throw redirect(safeCallback(callback));
  const signup = new URLSearchParams();
  if (callback) signup.set('callback_url', callback);
  signup.set('redirect', 'true');
  return { signupHref: `/signup?${signup}` };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  return submitLogin(request, url, context);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return <LoginForm state={actionData} signupHref={loaderData.signupHref} />;
}
