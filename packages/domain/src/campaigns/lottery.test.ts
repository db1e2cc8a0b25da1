import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawable, grantKey, grantReaction, lotteryCheckDay, odds, pickPrize, readEndEvent, ticketWindow, totalWeight } from './lottery';

const prizeArb = fc.record({
  weight: fc.integer({ min: 0, max: 50 }),
  remaining: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
});
const prizesArb = fc.array(prizeArb, { maxLength: 8 }).map((ps) => ps.map((p, i) => ({ ...p, id: i + 1 })));

describe('pickPrize (property)', () => {
  it('every r in range draws a prize with stock left, and each prize owns exactly its weight of numbers', () => {
    fc.assert(
      fc.property(prizesArb, (prizes) => {
        const total = totalWeight(prizes);
        if (total === 0) {
          expect(pickPrize(prizes, 0)).toBeNull();
          return;
        }
        const owned = new Map<number, number>();
        for (let r = 0; r < total; r += 1) {
          const p = pickPrize(prizes, r)!;
          expect(p.remaining === null || p.remaining > 0).toBe(true);
          owned.set(p.id, (owned.get(p.id) ?? 0) + 1);
        }
        for (const p of drawable(prizes)) expect(owned.get(p.id)).toBe(p.weight);
      }),
    );
  });

  it('refuses a number outside [0, total)', () => {
    const prizes = [{ id: 1, weight: 3, remaining: null }];
    expect(() => pickPrize(prizes, 3)).toThrow(RangeError);
    expect(() => pickPrize(prizes, -1)).toThrow(RangeError);
  });

  it('a sold-out prize leaves the pool and the others share its odds', () => {
    const o = odds([
      { id: 1, weight: 1, remaining: 0 },
      { id: 2, weight: 1, remaining: null },
      { id: 3, weight: 3, remaining: 5 },
    ]);
    expect([...o]).toEqual([
      [2, 0.25],
      [3, 0.75],
    ]);
  });
});

describe('tickets', () => {
  const DAY = 86_400_000;
  it('a ticket lasts its valid days, never past the campaign end', () => {
    expect(ticketWindow(0, 7, 100 * DAY)).toEqual({ issuedAt: 0, expiresAt: 7 * DAY });
    expect(ticketWindow(0, 7, 3 * DAY)).toEqual({ issuedAt: 0, expiresAt: 3 * DAY });
  });
});

describe('grant keys (Tokyo days)', () => {
  const before = Date.parse('2026-11-25T14:59:59Z'); // 23:59:59 in Tokyo
  const after = Date.parse('2026-11-25T15:00:00Z'); // 0:00 the next Tokyo day
  it('a read-end grant key changes at Tokyo midnight, free and priced apart', () => {
    expect(grantKey(readEndEvent(true), { now: before })).toBe('READ_END_FREE:2026-11-25');
    expect(grantKey(readEndEvent(true), { now: after })).toBe('READ_END_FREE:2026-11-26');
    expect(grantKey(readEndEvent(false), { now: after })).toBe('READ_END_PRICED:2026-11-26');
    expect(lotteryCheckDay(after)).toBe('2026/11/26');
  });
  it('a purchase is keyed by its order, a link by its id', () => {
    expect(grantKey('PURCHASE', { now: before, orderId: 9 })).toBe('order:9');
    expect(grantKey('URL', { now: before, linkId: 'spring' })).toBe('url:spring');
  });
});

describe('grantReaction (§8)', () => {
  it('maps each outcome', () => {
    expect(grantReaction({ ok: true })).toMatchObject({ kind: 'granted', message: 'くじが1枚付与されました' });
    expect(grantReaction({ ok: false, errorCode: 'ALREADY_GRANT_TICKET' })).toEqual({ kind: 'silent', storeDay: true });
    expect(grantReaction({ ok: false, errorCode: 'NOT_TARGET_BOOK' })).toMatchObject({
      kind: 'snackbar',
      message: '無料作品を読むとくじがもらえます',
    });
    expect(grantReaction({ ok: false, errorCode: 'OUT_OF_TERM', message: '期間外です' })).toMatchObject({
      kind: 'toast',
      message: '期間外です',
    });
    expect(grantReaction({ ok: false })).toMatchObject({ kind: 'toast', message: 'くじを受け取れませんでした' });
  });
});
