import { PASSWORD_MIN_LENGTH } from '@hondana/domain/accounts/accounts-api';
import { safeCallback } from '@hondana/domain/accounts/accounts';
import { redirect } from 'react-router';
import { submitSignup } from '../features/accounts/api/signup.server';
import { SignupForm } from '../features/accounts/components/signup-form';
import { loginHref } from '../features/accounts/login-href';
import { i18n } from '../i18n/i18n';
import '../i18n/ja-accounts';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/signup';

export const meta: Route.MetaFunction = () => pageMeta({ title: i18n.t('signup.title'), description: i18n.t('signup.description') });

/** A member who is already logged in has nothing to sign up for: on to the callback. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const callbackUrl = url.searchParams.get('callback_url');
  if (context.viewer) throw redirect(safeCallback(callbackUrl));
  return {
    loginHref: callbackUrl ? loginHref(callbackUrl) : '/login',
    passwordMinLength: PASSWORD_MIN_LENGTH,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  return submitSignup(request, url, context);
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  return <SignupForm state={actionData} loginHref={loaderData.loginHref} passwordMinLength={loaderData.passwordMinLength} />;
}
