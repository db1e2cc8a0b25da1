import { describe, expect, it } from 'vitest';
import { NewlyNoticeInput } from './notices-api';
import { badgeLabel, toggleWish } from './notices';

describe('my list toggle (§4)', () => {
  it('removes what is in the list and adds what is not', () => {
    expect(toggleWish(true)).toEqual({ action: 'delete', inMyList: false });
    expect(toggleWish(false)).toEqual({ action: 'add', inMyList: true });
  });
});

describe('notices', () => {
  it('labels the unread badge, hiding it at 0 and capping at 99+', () => {
    expect([0, 1, 99, 100].map(badgeLabel)).toEqual(['', '1', '99', '99+']);
  });

  it('accepts title or author follows in any case', () => {
    expect(NewlyNoticeInput.parse({ token: 't', status: '1', type: 'AUTHOR' })).toEqual({ token: 't', status: true, type: 'author' });
    expect(NewlyNoticeInput.safeParse({ token: 't', status: '1', type: 'series' }).success).toBe(false);
  });
});
