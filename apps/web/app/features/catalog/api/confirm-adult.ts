/**
 * `GET /api/adult/check` (§7): sets the member's adult state when old enough. 'refused' is
 * the server's 403 for a member under 18; anything else unexpected is 'failed'.
 */
export async function confirmAdult(): Promise<'adult' | 'refused' | 'failed'> {
  try {
    const response = await fetch('/api/adult/check', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (response.ok) return 'adult';
    return response.status === 403 ? 'refused' : 'failed';
  } catch {
    return 'failed';
  }
}
