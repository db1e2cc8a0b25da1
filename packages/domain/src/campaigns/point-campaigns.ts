/**
 * The point campaigns' codes (§3 Point campaign, §9): the thirteen kinds of line a point
 * breakdown has. The campaigns are run from the console and earned on orders (`orders/orders.ts`
 * computes the breakdown); the book page, the cart and the viewer show them.
 */

/** §3 point breakdown types: all thirteen (`pre-order basic` is `preOrderBasic`). */
export const PointCampaignType = {
  basic: 'basic',
  specificGenres: 'specificGenres',
  bundle: 'bundle',
  continueBuy: 'continueBuy',
  first: 'first',
  firstStep: 'firstStep',
  book: 'book',
  series: 'series',
  bulkBuy: 'bulkBuy',
  newSeriesFirst: 'newSeriesFirst',
  newlyBook: 'newlyBook',
  publish: 'publish',
  preOrderBasic: 'preOrderBasic',
} as const;
export type PointCampaignType = (typeof PointCampaignType)[keyof typeof PointCampaignType];
export const pointCampaignTypes = Object.values(PointCampaignType);
export const isPointCampaignType = (v: string): v is PointCampaignType => (pointCampaignTypes as readonly string[]).includes(v);
