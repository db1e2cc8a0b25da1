import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeTicket } from '../src/modules/campaigns/lottery/lottery-draw.service';
import { giveCouponOnce } from '../src/modules/cart/coupon-grants';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { createCampaign, createTickets } from './support/campaign-factories';
import { member } from './support/wallet-factories';

/**
 * 10,000 draws through the draw service (crypto randomness, a transaction each, eight at a time)
 * land on each prize within 3σ of its configured odds.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('odds', () => {
  it('10,000 draws match the configured odds within 3σ', async () => {
    const db = t.database.db;
    const now = Date.now();
    const weights = [1, 9, 30, 60];
    const { campaignId, prizeIds } = await createCampaign(db, {
      now,
      prizes: weights.map((weight, i) => ({ rank: i + 1, name: `${weight}ポイント`, kind: 'POINT' as const, amount: 1, weight })),
    });
    const m = await member(t.app);
    const draws = 10_000;
    const ticketIds = await createTickets(db, { userId: m.userId, campaignId, now, count: draws });
    const won = new Map<number, number>();
    // Eight draws in flight at a time, each in its own transaction, as parallel requests would be.
    const queue = [...ticketIds];
    const lane = async () => {
      for (let ticketId = queue.pop(); ticketId !== undefined; ticketId = queue.pop()) {
        const result = await db
          .transaction()
          .execute((trx) => consumeTicket(trx, { userId: m.userId, ticketId, titleId: null, now, giveCoupon: giveCouponOnce }));
        won.set(result.prize.prizeId, (won.get(result.prize.prizeId) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: 8 }, lane));
    expect([...won.values()].reduce((a, b) => a + b, 0)).toBe(draws);
    const total = weights.reduce((a, b) => a + b, 0);
    weights.forEach((weight, i) => {
      const p = weight / total;
      const sigma = Math.sqrt(draws * p * (1 - p));
      const seen = won.get(prizeIds[i]!) ?? 0;
      expect(Math.abs(seen - draws * p), `prize ${i + 1}: ${seen} of ${draws}, expected ${draws * p} ± ${3 * sigma}`).toBeLessThanOrEqual(
        3 * sigma,
      );
    });
  }, 240_000);
});
