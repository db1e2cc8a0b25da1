import { ApiError, apiRequest } from '../../../lib/api/client';

/**
 * `GET /api/adult/check` (§7): sets the member's adult state when old enough. 'refused' is
 * the server's 403 for a member under 18; anything else unexpected is 'failed'.
 */
export async function confirmAdult(): Promise<'adult' | 'refused' | 'failed'> {
  try {
    await apiRequest('/adult/check', { allowUnauthorized: true });
    return 'adult';
  } catch (error) {
    return error instanceof ApiError && error.status === 403 ? 'refused' : 'failed';
  }
}
