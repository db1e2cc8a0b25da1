import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMissionComplete, progressKey, rewardLabel, shownProgress } from './missions';

describe('missions', () => {
  it('opening the app counts once per Tokyo day', () => {
    expect(progressKey({ kind: 'view', now: Date.parse('2026-11-25T14:59:00Z') }).key).toBe('day:2026-11-25');
    expect(progressKey({ kind: 'view', now: Date.parse('2026-11-25T15:00:00Z') }).key).toBe('day:2026-11-26');
    expect(progressKey({ kind: 'read_end', bookId: 3 })).toEqual({ taskType: 'READ_BOOKS', key: 'book:3' });
  });
  it('a mission is complete exactly when every task reached its target (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ target: fc.integer({ min: 1, max: 5 }), progress: fc.integer({ min: 0, max: 8 }) }), { maxLength: 5 }),
        (tasks) => {
          expect(isMissionComplete(tasks)).toBe(tasks.length > 0 && tasks.every((t) => t.progress >= t.target));
          for (const t of tasks) expect(shownProgress(t)).toBeLessThanOrEqual(t.target);
        },
      ),
    );
  });
  it('names rewards in Japanese (§9 types)', () => {
    expect(rewardLabel(1, 50)).toBe('50ポイント');
    expect(rewardLabel(10, 30)).toBe('30マンガコイン');
    expect(rewardLabel(100, 1)).toBe('くじ1枚');
  });
});
