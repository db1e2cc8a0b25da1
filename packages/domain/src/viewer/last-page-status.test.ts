import { describe, expect, it } from 'vitest';
import { appViewerHref, lastPageStatus, newlyNoticeOnPastLastPage, pastLastPage, withOpenLastPage } from './last-page';

describe('last page status (§4)', () => {
  const base = { load: 'done' as const, salable: true, bought: false };
  it('is hidden for the pre-hidden statuses', () => {
    expect(lastPageStatus({ ...base, load: 'initial' })).toBe('hidden');
    expect(lastPageStatus({ ...base, load: 'started' })).toBe('hidden');
  });
  it('is close-only when the sale closed and the reader does not hold the book', () => {
    expect(lastPageStatus({ ...base, salable: false })).toBe('close');
    expect(lastPageStatus({ ...base, salable: false, bought: true })).toBe('open');
  });
  it('is open once loaded, and after a failed load too', () => {
    expect(lastPageStatus(base)).toBe('open');
    expect(lastPageStatus({ ...base, load: 'failed' })).toBe('open');
  });
});

describe('moving past the last page (§4 reading progress)', () => {
  const base = { loggedIn: true, bought: true, isLatestVol: true, resetSetting: false };
  it('asks for the newly notice only on the latest bought volume of a member', () => {
    expect(pastLastPage(base)).toEqual({ enableNewlyNotice: true, then: 'hide' });
    expect(pastLastPage({ ...base, isLatestVol: false }).enableNewlyNotice).toBe(false);
    expect(pastLastPage({ ...base, bought: false }).enableNewlyNotice).toBe(false);
    expect(pastLastPage({ ...base, loggedIn: false }).enableNewlyNotice).toBe(false);
    expect(pastLastPage({ ...base, resetSetting: true }).then).toBe('reset');
  });
  it('on the server, only for the latest volume the member owns', () => {
    expect(newlyNoticeOnPastLastPage({ owned: true, isLatestVol: true })).toBe(true);
    expect(newlyNoticeOnPastLastPage({ owned: false, isLatestVol: true })).toBe(false);
    expect(newlyNoticeOnPastLastPage({ owned: true, isLatestVol: false })).toBe(false);
  });
});

describe('URLs', () => {
  it('adds and removes open_lastpage, keeping the rest', () => {
    expect(withOpenLastPage('?cid=2&ref=x', true)).toBe('?cid=2&ref=x&open_lastpage=true');
    expect(withOpenLastPage('?cid=2&open_lastpage=true', false)).toBe('?cid=2');
    expect(withOpenLastPage('?open_lastpage=true', false)).toBe('');
  });
  it('deep-links the app viewer', () => {
    expect(appViewerHref(3)).toBe('hondana://viewer?cid=3');
  });
});
