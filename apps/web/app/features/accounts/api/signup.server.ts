import { SignupBody } from '@hondana/domain/accounts/accounts-api';
import { safeCallback } from '@hondana/domain/accounts/accounts';
import { INVITATION_CODE } from '@hondana/domain/invitations/invitations';
import { type AppLoadContext, data, redirect } from 'react-router';
import { notAForm, resultErrors, validationErrors, validationSummary } from './account-errors.server';
import { type AccountFormState, formText, readForm } from './form-state';

/**
 * The signup form's action: validate with the domain's SignupBody (per-field errors), sign up
 * through the server's use case, then go to `callback_url` (same-origin paths only, else `/`).
 */
export async function submitSignup(request: Request, url: URL, context: AppLoadContext) {
  const form = await readForm(request);
  if (!form) return data<AccountFormState>(notAForm(), { status: 400 });
  const raw = {
    email: formText(form, 'email'),
    password: formText(form, 'password'),
    nickname: formText(form, 'nickname'),
    birth_date: formText(form, 'birth_date'),
  };
  const values = { email: raw.email, nickname: raw.nickname, birth_date: raw.birth_date };
  const parsed = SignupBody.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors = validationErrors(parsed.error, raw);
    return data<AccountFormState>({ formError: validationSummary(fieldErrors), fieldErrors, values }, { status: 400 });
  }
  const result = await context.accounts.signup(parsed.data);
  if (!result.ok) return data<AccountFormState>({ ...resultErrors(result), values }, { status: result.status });
  return redirect(signupDestination(url.searchParams), {
    headers: { 'Set-Cookie': result.setCookie },
  });
}

/** §2 signup takes a callback URL and a redirect flag; without either the member lands on `/`; an invitation `code` wins. */
function signupDestination(query: URLSearchParams): string {
  // Signed up through a friend's invitation link: on to the appeal page, which takes the ticket.
  const code = query.get('code')?.trim().toUpperCase();
  if (code && INVITATION_CODE.test(code)) return `/invitation?code=${code}&signed_up=1`;
  const callbackUrl = query.get('callback_url');
  if (query.get('redirect') === 'true' || callbackUrl) return safeCallback(callbackUrl);
  return '/';
}
