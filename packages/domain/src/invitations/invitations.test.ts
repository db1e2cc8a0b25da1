import { describe, expect, it } from 'vitest';
import {
  invitationLimit,
  inviterMaximum,
  limitReached,
  nextInviterStep,
  shortClosingLine,
  shortTwitterText,
  weightedLength,
} from './invitations';

const flat = { limit: 3, useSteps: false, steps: [{ mangaCoinAmount: 300, expireDays: 90 }] };
const stepped = { limit: 10, useSteps: true, steps: [100, 200, 500].map((mangaCoinAmount) => ({ mangaCoinAmount, expireDays: 90 })) };

describe('inviter incentive', () => {
  it('the maximum is limit × first step without steps, the sum of steps with them', () => {
    expect(inviterMaximum(flat)).toBe(900);
    expect(inviterMaximum(stepped)).toBe(800);
    expect(invitationLimit(stepped)).toBe(3);
  });
  it('each achieved invitation earns the next step until the limit, then nothing', () => {
    expect([0, 1, 2, 3].map((n) => nextInviterStep(stepped, n)?.mangaCoinAmount ?? null)).toEqual([100, 200, 500, null]);
    expect([0, 2, 3].map((n) => nextInviterStep(flat, n)?.mangaCoinAmount ?? null)).toEqual([300, 300, null]);
    expect(limitReached(flat, 2)).toBe(false);
    expect(limitReached(flat, 3)).toBe(true);
  });
  it('a campaign without steps gives nothing', () => {
    expect(inviterMaximum({ limit: 5, useSteps: false, steps: [] })).toBe(0);
    expect(nextInviterStep({ limit: 5, useSteps: false, steps: [] }, 0)).toBeNull();
  });
});

describe('share text weighting', () => {
  it('printable ASCII counts half, everything else one', () => {
    expect(weightedLength('abcd')).toBe(2);
    expect(weightedLength('本棚')).toBe(2);
    expect(weightedLength('ONE PIECE 1巻')).toBe(6.5);
    expect(weightedLength('\n')).toBe(1);
    expect(weightedLength('😀')).toBe(1);
  });
  it('the Twitter text is shorter for titles of 25 weighted characters or more (19 for the anniversary)', () => {
    expect(shortTwitterText('あ'.repeat(24), false)).toBe(false);
    expect(shortTwitterText('あ'.repeat(25), false)).toBe(true);
    expect(shortTwitterText('a'.repeat(49), false)).toBe(false);
    expect(shortTwitterText('あ'.repeat(19), true)).toBe(true);
    expect(shortTwitterText('あ'.repeat(18), true)).toBe(false);
  });
  it('the closing line is shorter for titles of 9 to under 25 (or 19)', () => {
    expect(shortClosingLine('あ'.repeat(8), false)).toBe(false);
    expect(shortClosingLine('あ'.repeat(9), false)).toBe(true);
    expect(shortClosingLine('あ'.repeat(24), false)).toBe(true);
    expect(shortClosingLine('あ'.repeat(25), false)).toBe(false);
    expect(shortClosingLine('あ'.repeat(19), true)).toBe(false);
    expect(shortClosingLine('a'.repeat(18), true)).toBe(true);
  });
});
