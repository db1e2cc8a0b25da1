import { LoginBody } from '@hondana/domain/accounts/accounts-api';
import { safeCallback } from '@hondana/domain/accounts/accounts';
import { type AppLoadContext, data, redirect } from 'react-router';
import { notAForm, resultErrors, validationErrors, validationSummary } from './account-errors.server';
import { type AccountFormState, formText, readForm } from './form-state';

/**
 * The login form's action: validate with the domain's LoginBody, log in through the server's
 * use case, then go to the callback (same-origin paths only, else `/`) with the session cookie.
 */
export async function submitLogin(request: Request, url: URL, context: AppLoadContext) {
  const form = await readForm(request);
  if (!form) return data<AccountFormState>(notAForm(), { status: 400 });
  const raw = { email: formText(form, 'email'), password: formText(form, 'password') };
  const values = { email: raw.email };
  const parsed = LoginBody.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors = validationErrors(parsed.error, raw);
    return data<AccountFormState>({ formError: validationSummary(fieldErrors), fieldErrors, values }, { status: 400 });
  }
  const result = await context.accounts.login(parsed.data);
  if (!result.ok) return data<AccountFormState>({ ...resultErrors(result), values }, { status: result.status });
  const callback = url.searchParams.get('callback');
  return redirect(safeCallback(callback), { headers: { 'Set-Cookie': result.setCookie } });
}
