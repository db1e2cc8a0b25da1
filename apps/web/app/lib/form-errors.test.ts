import { describe, expect, it } from 'vitest';
import { ApiError } from './api/client';
import { describedBy, namedFields } from './form-errors';

describe('namedFields', () => {
  it('names the fields of a 400 by its messages, once each, top-level', () => {
    const error = new ApiError(400, 'BAD_REQUEST', [
      'price: Too small',
      'boxes.0.name: Required',
      'boxes.1.odds: Too big',
      'price: Not an integer',
    ]);
    expect(namedFields(error)).toEqual(['price', 'boxes']);
  });

  it('names the field of a 400 with another errorCode (a wrong current password)', () => {
    expect(namedFields(new ApiError(400, 'INVALID_CREDENTIALS', ['current_password: パスワードが正しくありません']))).toEqual([
      'current_password',
    ]);
  });

  it('names no field for a message without one, another status, or what is not an ApiError', () => {
    expect(namedFields(new ApiError(400, 'BAD_REQUEST', ['request: Invalid input', 'a message']))).toEqual([]);
    expect(namedFields(new ApiError(409, 'EDIT_CONFLICT', ['version: moved']))).toEqual([]);
    expect(namedFields(new Error('network'))).toEqual([]);
    expect(namedFields(null)).toEqual([]);
  });
});

describe('describedBy', () => {
  it('lists the ids in order, once each, and nothing when there is none', () => {
    expect(describedBy('a-error', 'a-hint a-error', undefined, null)).toBe('a-error a-hint');
    expect(describedBy(undefined, '')).toBeUndefined();
  });
});
