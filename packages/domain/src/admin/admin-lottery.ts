/**
 * The console's rules across the fields of the lottery campaigns: checked on a new one (the create body's
 * refinement in `admin-lottery-api.ts`) and on a saved one as the save leaves it (the server's service).
 */
import type { z } from 'zod';
import { PrizeKind } from '../campaigns/lottery';
import type { LotteryCampaignFields } from './admin-lottery-api';

/** A box's prizes share 1,000 ‰: a campaign whose box does not add up cannot start. */
export const ODDS_TOTAL = 1000;

/** A box's odds in per-mille together. */
const boxOdds = (b: { prizes: readonly { odds: number }[] }): number => b.prizes.reduce((sum, p) => sum + p.odds, 0);

/** A campaign's rules across its fields: checked on a new one, and on a saved one as the save leaves it. */
export function checkLotteryCampaign(c: LotteryCampaignFields, ctx: z.RefinementCtx) {
  if (c.end <= c.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must end after it starts' });
  const ids = (list: readonly { id?: number | undefined }[]) => list.flatMap((x) => (x.id === undefined ? [] : [x.id]));
  if (new Set(ids(c.boxes)).size !== ids(c.boxes).length)
    ctx.addIssue({ code: 'custom', path: ['boxes'], message: 'must not repeat a box' });
  const prizeIds = ids(c.boxes.flatMap((b) => b.prizes));
  if (new Set(prizeIds).size !== prizeIds.length) ctx.addIssue({ code: 'custom', path: ['boxes'], message: 'must not repeat a prize' });
  c.boxes.forEach((b, i) => {
    const total = boxOdds(b);
    if (total !== ODDS_TOTAL)
      ctx.addIssue({ code: 'custom', path: ['boxes', i, 'prizes'], message: `odds must add up to ${ODDS_TOTAL}‰ (now ${total}‰)` });
    b.prizes.forEach((p, j) => {
      const at = (field: string) => ['boxes', i, 'prizes', j, field];
      if ((p.kind === PrizeKind.MANGA_COIN || p.kind === PrizeKind.POINT) && p.amount < 1)
        ctx.addIssue({ code: 'custom', path: at('amount'), message: 'must be at least 1 for coins or points' });
      if (p.kind === PrizeKind.BOOK && p.bookId === null)
        ctx.addIssue({ code: 'custom', path: at('bookId'), message: 'is required for a book prize' });
      if (p.kind === PrizeKind.COUPON && p.couponId === null)
        ctx.addIssue({ code: 'custom', path: at('couponId'), message: 'is required for a coupon prize' });
    });
  });
}
