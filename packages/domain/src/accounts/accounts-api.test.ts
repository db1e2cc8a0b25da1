import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SignupBody } from './accounts-api';
import { ageOn, isAdultEligible, isCalendarDate, safeCallback } from './accounts';

describe('ageOn', () => {
  it('counts a birthday on the Tokyo calendar day, not the UTC one', () => {
    // 2026-11-21T15:30Z is already 22 November in Tokyo.
    expect(ageOn('2008-11-22', new Date('2026-11-21T15:30:00Z'))).toBe(18);
    expect(ageOn('2008-11-22', new Date('2026-11-21T14:59:00Z'))).toBe(17);
  });

  it('treats a 29 February birthday as reached on 1 March in common years', () => {
    expect(ageOn('2008-02-29', new Date('2026-02-28T03:00:00Z'))).toBe(17);
    expect(ageOn('2008-02-29', new Date('2026-03-01T03:00:00Z'))).toBe(18);
  });

  it('makes a member adult-eligible from their 18th birthday', () => {
    expect(isAdultEligible('2008-11-23', new Date('2026-11-22T03:00:00Z'))).toBe(false);
    expect(isAdultEligible('2008-11-22', new Date('2026-11-22T03:00:00Z'))).toBe(true);
  });
});

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '1990-01-01', '2026-12-31'])('accepts %s', (d) => expect(isCalendarDate(d)).toBe(true));
  it.each(['2023-02-29', '1990-13-01', '1990-1-1', '19900101', '', '2026-04-31'])('refuses %s', (d) =>
    expect(isCalendarDate(d)).toBe(false),
  );
});

describe('SignupBody', () => {
  it('normalises the email to lower case and names a missing field', () => {
    const ok = SignupBody.safeParse({ email: ' Reader@Example.JP ', password: 'password1', nickname: '読者', birth_date: '2000-01-01' });
    expect(ok.success && ok.data.email).toBe('reader@example.jp');
    const missing = SignupBody.safeParse({ password: 'password1', nickname: '読者', birth_date: '2000-01-01' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['email']);
  });
});

describe('safeCallback', () => {
  it.each([
    ['/mypage', '/mypage'],
    ['/series_list/series_id=3?book_id=5#top', '/series_list/series_id=3?book_id=5#top'],
    ['/a/../b', '/b'],
  ])('keeps the same-origin path %s', (input, expected) => expect(safeCallback(input)).toBe(expected));

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'mypage',
    '',
    null,
    undefined,
    '/\t/evil.example',
  ])('sends %s to the top page', (input) => expect(safeCallback(input)).toBe('/'));

  it('never returns anything but a path on this site', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const result = safeCallback(input);
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        expect(new URL(result, 'https://hondana.example').origin).toBe('https://hondana.example');
      }),
    );
  });
});
