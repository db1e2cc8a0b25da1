import { type Query, apiRequest } from './client';

/**
 * Calls whose pages answer a 401 themselves instead of being sent to login: a guest's coin shop,
 * cart and purchase panel, or a session that ended mid-purchase (the page shows its own login
 * prompt and keeps what the member chose).
 */
export const apiGet = <T>(path: string, query?: Query) => apiRequest<T>(path, { query, allowUnauthorized: true });
export const apiPost = <T>(path: string, body: unknown, query?: Query) =>
  apiRequest<T>(path, { method: 'POST', json: body, query, allowUnauthorized: true });
export const apiDelete = <T>(path: string, query?: Query) => apiRequest<T>(path, { method: 'DELETE', query, allowUnauthorized: true });
