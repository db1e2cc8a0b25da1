import { type Query, apiRequest } from '../../../lib/api/client';

export { ApiError, createToken } from '../../../lib/api/client';

/**
 * The wallet's, the orders' and the cart's calls through the one API client. They answer a 401
 * themselves (a guest's coin shop, a session that ended mid-purchase), so it is not a redirect.
 */
export const apiGet = <T>(path: string, query?: Query) => apiRequest<T>(path, { query, allowUnauthorized: true });
export const apiPost = <T>(path: string, body: unknown, query?: Query) =>
  apiRequest<T>(path, { method: 'POST', json: body, query, allowUnauthorized: true });
export const apiDelete = <T>(path: string, query?: Query) => apiRequest<T>(path, { method: 'DELETE', query, allowUnauthorized: true });
