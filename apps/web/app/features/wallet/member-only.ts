import { redirect } from 'react-router';
import { loginHref } from '../accounts/login-href';
import { ApiError } from '../../lib/api/client';

/** Runs a member page's client loader; a 401 sends the guest to login and back here. */
export async function memberOnly<T>(url: URL, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      throw redirect(loginHref(url.pathname + url.search));
    }
    throw error;
  }
}
