import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiCopy } from '../../i18n/ja-api';
import { API_TIMEOUT_MS, ApiError, FILE_NOT_FETCHED, apiRequest, apiUrl, fetchBlob, withToken } from './client';
import { sendKeepalive, sessionEnded, sessionEnding } from './transport';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('api client', () => {
  it('puts paths under /api and drops empty query values', () => {
    expect(apiUrl('/cart/coupons', { ac: 1, word: undefined, x: null })).toBe('/api/cart/coupons?ac=1');
    expect(apiUrl('/api/user/get_coin')).toBe('/api/user/get_coin');
  });

  it('turns a failure into an ApiError carrying the §8 errorCode', async () => {
    vi.stubGlobal('fetch', answer(403, { errorCode: 'DIFF_PRICE_REQUEST', messages: ['price'] }));
    const error = await apiRequest('/order/book/manga_coin/buy', { json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, errorCode: 'DIFF_PRICE_REQUEST', messages: ['price'] });
  });

  it('sends JSON bodies as POST and forms url-encoded', async () => {
    const fetch = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetch);
    await apiRequest('/a', { json: { bookId: 1 } });
    await apiRequest('/b', { form: { title_id: 3, is_silent: true } });
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0]![1]).toMatchObject({ method: 'POST', body: '{"bookId":1}' });
    expect(calls[1]![1]).toMatchObject({ method: 'POST', body: 'title_id=3&is_silent=1' });
  });

  it('fetches the one-time token before the mutation and sends it as ?token=', async () => {
    const fetch = vi.fn(
      async (url: string) =>
        new Response(JSON.stringify(url.includes('create_token') ? { status: { code: 0, token: 'tok' } } : { done: true }), {
          status: 200,
        }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(withToken('/order/create_token', '/order/buy/v2', { json: {} })).resolves.toEqual({ done: true });
    expect(fetch.mock.calls[1]![0]).toBe('/api/order/buy/v2?token=tok');
  });

  it('sends a 401 to login, but not one of a call sent before or while the page lets go of its session (logout)', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { pathname: '/bookshelf', search: '?sort=1', assign } });
    let answerNow: (() => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answerNow = () => resolve(new Response(JSON.stringify({ errorCode: 'UNAUTHORIZED' }), { status: 401 }));
          }),
      ),
    );
    // In flight while the member presses ログアウト: its 401 is the logout, the page is going home.
    const inFlight = apiRequest('/user_books/me').catch((e: unknown) => e);
    sessionEnding();
    answerNow!();
    expect(await inFlight).toMatchObject({ status: 401 });
    expect(assign).not.toHaveBeenCalled();
    // Sent by a member's part of the page while the logout is on its way (a section that loaded
    // late): its 401 is the logout too.
    const during = apiRequest('/user_books/me/continue').catch((e: unknown) => e);
    answerNow!();
    expect(await during).toMatchObject({ status: 401 });
    // Sent during the logout and answered once the page shows a guest: still the logout's.
    const across = apiRequest('/user_books/me/continue').catch((e: unknown) => e);
    sessionEnded();
    answerNow!();
    expect(await across).toMatchObject({ status: 401 });
    expect(assign).not.toHaveBeenCalled();
    // A call made once the page shows a guest is a guest's: its 401 asks them to log in, coming back here.
    const after = apiRequest('/user_books/me').catch((e: unknown) => e);
    answerNow!();
    expect(await after).toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith('/login?callback=%2Fbookshelf%3Fsort%3D1');
  });

  it('answers a network failure as REQUEST_TIMEOUT (408)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 408, errorCode: 'REQUEST_TIMEOUT', messages: [apiCopy.network] });
  });

  it('gives up after 30 s with AbortSignal.timeout and says so in Japanese', async () => {
    vi.useFakeTimers();
    try {
      const timeouts: number[] = [];
      // A signal that aborts when the faked 30 s have passed.
      vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
        timeouts.push(ms);
        const controller = new AbortController();
        setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), ms);
        return controller.signal;
      });
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (_url: string, init: RequestInit) =>
            new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
        ),
      );
      const pending = apiRequest('/slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
      let settled = false;
      void pending.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ status: 408, errorCode: 'REQUEST_TIMEOUT', messages: [apiCopy.timeout] });
      expect(timeouts).toEqual([API_TIMEOUT_MS]);
      expect(apiCopy.timeout).toMatch(/タイムアウト/);
    } finally {
      vi.restoreAllMocks();
      vi.useRealTimers();
    }
  });

  it('fetches a file as a Blob, a refusal being an ApiError with its status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(new Blob(['page']), { status: 200 })),
    );
    expect(await (await fetchBlob('https://media.example/p1.webp')).text()).toBe('page');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('no', { status: 403 })),
    );
    await expect(fetchBlob('https://media.example/p1.webp')).rejects.toMatchObject({ status: 403, errorCode: FILE_NOT_FETCHED });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    await expect(fetchBlob('https://media.example/p1.webp')).rejects.toMatchObject({
      status: 408,
      errorCode: 'REQUEST_TIMEOUT',
      messages: [apiCopy.network],
    });
  });

  it('sends a keepalive GET and swallows its failure', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('offline');
    });
    vi.stubGlobal('fetch', fetch);
    sendKeepalive('/api/log/page?page=%2Fa');
    await Promise.resolve();
    expect(fetch.mock.calls[0]).toEqual(['/api/log/page?page=%2Fa', { keepalive: true, credentials: 'same-origin' }]);
  });
});
