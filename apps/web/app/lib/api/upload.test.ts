import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCopy } from '../../i18n/ja-api';
import { ApiError } from './client';
import { sessionEnded, sessionEnding } from './transport';
import { UPLOAD_ANSWER_TIMEOUT_MS, UPLOAD_IDLE_TIMEOUT_MS, uploadFile } from './upload';

type Handler = ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;

/** The XMLHttpRequest the browser would give: what was sent, and the server's side played by the test. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  aborted = false;
  status = 0;
  responseText = '';
  upload: { onprogress: Handler; onload: (() => void) | null } = { onprogress: null, onload: null };
  onprogress: Handler = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
  }
  /** `loaded` of `total` bytes have left (all of them: the body is sent). */
  sent(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
    if (loaded === total) this.upload.onload?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const file = (type = '') => new Blob(['PK\u0003\u0004 a few bytes'], { type });

beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('uploadFile', () => {
  it('POSTs the file under /api with its query and type, reports whole percents and answers the JSON', async () => {
    const percents: number[] = [];
    const body = file('image/png');
    const pending = uploadFile<{ imageId: number }>('/admin/banner_images', body, {
      query: { token: 't', version: 3 },
      onProgress: (p) => percents.push(p),
    });
    const xhr = FakeXhr.last;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/admin/banner_images?token=t&version=3', body });
    expect(xhr.headers['content-type']).toBe('image/png');
    xhr.sent(1, 3);
    xhr.sent(3, 3);
    xhr.answer(200, { imageId: 7 });
    await expect(pending).resolves.toEqual({ imageId: 7 });
    expect(percents).toEqual([33, 100]);
  });

  it('sends a file of no known type as application/octet-stream, or as the type asked', async () => {
    void uploadFile('/a', file()).catch(() => undefined);
    expect(FakeXhr.last.headers['content-type']).toBe('application/octet-stream');
    void uploadFile('/a', file('application/epub+zip'), { type: 'application/octet-stream' }).catch(() => undefined);
    expect(FakeXhr.last.headers['content-type']).toBe('application/octet-stream');
  });

  it('turns a refusal into the ApiError carrying the §8 errorCode and the field messages', async () => {
    const pending = uploadFile('/admin/episodes/1/pages', file()).catch((e: unknown) => e);
    FakeXhr.last.answer(400, { errorCode: 'INVALID_PARAMETER', messages: ['file: not a ZIP archive'] });
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, errorCode: 'INVALID_PARAMETER', messages: ['file: not a ZIP archive'] });
  });

  it('answers a body that is not JSON (a proxy refusing a large file) with its status, not a parse error', async () => {
    const pending = uploadFile('/admin/titles/1/import', file()).catch((e: unknown) => e);
    FakeXhr.last.answer(413, '<html>Request Entity Too Large</html>');
    expect(await pending).toMatchObject({ status: 413, errorCode: 'INTERNAL_SERVER_ERROR', messages: [] });
  });

  it('answers no network as REQUEST_TIMEOUT with the client’s words', async () => {
    const pending = uploadFile('/a', file()).catch((e: unknown) => e);
    FakeXhr.last.onerror?.();
    expect(await pending).toMatchObject({ status: 408, errorCode: 'REQUEST_TIMEOUT', messages: [apiCopy.network] });
  });

  it('sends a 401 to login, but not one answering an upload sent before the page let go of its session', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { pathname: '/admin/titles/4', search: '', assign } });
    const inFlight = uploadFile('/admin/titles/4/import', file()).catch((e: unknown) => e);
    const before = FakeXhr.last;
    sessionEnding();
    before.answer(401, { errorCode: 'UNAUTHORIZED' });
    expect(await inFlight).toMatchObject({ status: 401, errorCode: 'UNAUTHORIZED' });
    expect(assign).not.toHaveBeenCalled();
    const during = uploadFile('/admin/titles/4/import', file()).catch((e: unknown) => e);
    FakeXhr.last.answer(401, { errorCode: 'UNAUTHORIZED' });
    expect(await during).toMatchObject({ status: 401 });
    expect(assign).not.toHaveBeenCalled();

    // The page shows a guest now: an upload's 401 asks them to log in.
    sessionEnded();
    const after = uploadFile('/admin/titles/4/import', file()).catch((e: unknown) => e);
    FakeXhr.last.answer(401, { errorCode: 'UNAUTHORIZED' });
    expect(await after).toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith('/login?callback=%2Fadmin%2Ftitles%2F4');
  });

  it('leaves a 401 to a caller that expects one', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { pathname: '/x', search: '', assign } });
    const pending = uploadFile('/a', file(), { allowUnauthorized: true }).catch((e: unknown) => e);
    FakeXhr.last.answer(401, { errorCode: 'UNAUTHORIZED' });
    expect(await pending).toMatchObject({ status: 401 });
    expect(assign).not.toHaveBeenCalled();
  });

  it('keeps going as long as bytes move, and gives up after 60 s in which none did', async () => {
    vi.useFakeTimers();
    let settled = false;
    const pending = uploadFile('/admin/titles/1/import', file())
      .catch((e: unknown) => e)
      .finally(() => (settled = true));
    const xhr = FakeXhr.last;
    // A slow line: far longer than 60 s in all, but never 60 s without progress.
    for (let sent = 1; sent <= 4; sent += 1) {
      await vi.advanceTimersByTimeAsync(UPLOAD_IDLE_TIMEOUT_MS - 1);
      xhr.sent(sent, 10);
    }
    expect(settled).toBe(false);
    expect(xhr.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(UPLOAD_IDLE_TIMEOUT_MS);
    expect(await pending).toMatchObject({ status: 408, errorCode: 'REQUEST_TIMEOUT', messages: [apiCopy.timeout] });
    expect(xhr.aborted).toBe(true);
    // An answer arriving after it gave up changes nothing.
    xhr.answer(200, {});
    expect(UPLOAD_IDLE_TIMEOUT_MS).toBe(60_000);
  });

  it('once the whole file is sent, waits up to 2 minutes for the answer (the server importing it), then gives up', async () => {
    vi.useFakeTimers();
    let settled = false;
    const pending = uploadFile('/admin/titles/1/import', file())
      .catch((e: unknown) => e)
      .finally(() => (settled = true));
    const xhr = FakeXhr.last;
    xhr.sent(10, 10);
    await vi.advanceTimersByTimeAsync(UPLOAD_ANSWER_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    expect(xhr.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ status: 408, errorCode: 'REQUEST_TIMEOUT' });
    expect(UPLOAD_ANSWER_TIMEOUT_MS).toBe(2 * 60_000);
  });

  it('stops when the caller aborts, rejecting with the signal’s reason; an aborted signal sends nothing', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const pending = uploadFile('/a', file(), { signal: controller.signal }).catch((e: unknown) => e);
    const xhr = FakeXhr.last;
    controller.abort();
    const reason = await pending;
    expect(reason).toBeInstanceOf(DOMException);
    expect(reason).toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted).toBe(true);
    // Its idle timer went with it: no timeout after the abort.
    expect(vi.getTimerCount()).toBe(0);

    await expect(uploadFile('/a', file(), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last).toBe(xhr);
  });
});
