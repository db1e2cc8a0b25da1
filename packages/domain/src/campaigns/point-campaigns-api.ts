/**
 * The point campaign schemas every area's answers share (§3 Point campaign): one campaign's line
 * of an order's points and the summary (totalPoint and its lines) the book page, the cart, the
 * purchase and the viewer report.
 */
import { z } from 'zod';
import { PointCampaignType } from './point-campaigns';

const num = z.number();

/** One point campaign's share of an order's points (`orders.ts` PointLine). */
export const PointCampaignLine = z.object({
  id: num,
  type: z.enum(PointCampaignType),
  name: z.string(),
  point: num,
  rate: num,
  start: num.nullable(),
  end: num.nullable(),
  expireDays: num,
});

/** §3 Point campaign: totalPoint and its lines. */
export const PointCampaignSummary = z.object({ totalPoint: num, list: z.array(PointCampaignLine) });
export type PointCampaignLine = z.infer<typeof PointCampaignLine>;
export type PointCampaignSummary = z.infer<typeof PointCampaignSummary>;
