import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/client';
import { adminNext } from '../second-factor-next';
import { answerSecondFactorWith, codeError, withSecondFactor } from './second-factor';

const required = () => new ApiError(403, 'SECOND_FACTOR_REQUIRED', []);

describe('withSecondFactor (a money action after ten minutes)', () => {
  afterEach(() => answerSecondFactorWith(null));

  it('asks the code once the server asks for it, and sends the change again', async () => {
    const ask = vi.fn(async () => true);
    answerSecondFactorWith(ask);
    const work = vi.fn().mockRejectedValueOnce(required()).mockResolvedValueOnce({ ok: true });
    await expect(withSecondFactor(work)).resolves.toEqual({ ok: true });
    expect([ask.mock.calls.length, work.mock.calls.length]).toEqual([1, 2]);
  });

  it('sends nothing again when the code is not given, and passes other errors through unasked', async () => {
    const ask = vi.fn(async () => false);
    answerSecondFactorWith(ask);
    const work = vi.fn().mockRejectedValue(required());
    await expect(withSecondFactor(work)).rejects.toMatchObject({ errorCode: 'SECOND_FACTOR_REQUIRED' });
    expect(work).toHaveBeenCalledTimes(1);
    const conflict = vi.fn().mockRejectedValue(new ApiError(409, 'EDIT_CONFLICT', []));
    await expect(withSecondFactor(conflict)).rejects.toMatchObject({ errorCode: 'EDIT_CONFLICT' });
    expect(ask).toHaveBeenCalledTimes(1);
  });
});

describe('the code page', () => {
  it('says why a code was refused in Japanese', () => {
    expect(codeError(new ApiError(400, 'BAD_REQUEST', ['code: was used already: wait for the next code']))).toMatch(/使用済み/);
    expect(codeError(new ApiError(400, 'BAD_REQUEST', ['code: is not the current code']))).toMatch(/正しくありません/);
    expect(codeError(new ApiError(429, 'TOO_MANY_REQUESTS', []))).toMatch(/試行回数/);
  });

  it("opens only console pages afterwards, /admin itself at the role's start page", () => {
    expect(adminNext('/admin/members/3?tab=orders', 'support')).toBe('/admin/members/3?tab=orders');
    expect(adminNext('/admin', 'operator')).toBe('/admin/titles');
    expect(adminNext(null, 'support')).toBe('/admin/members');
    for (const outside of [
      'https://evil.example/admin/',
      '//evil.example/admin',
      '/adminx',
      '/admin/second-factor?next=/admin',
      '/mypage',
    ]) {
      expect(adminNext(outside, 'operator')).toBe('/admin/titles');
    }
  });
});
