/**
 * The console's rules across the fields of the point campaigns, bundles and banners: checked on a new one (the create body's
 * refinement in `admin-commerce-api.ts`) and on a saved one as the save leaves it (the server's service).
 */
import type { z } from 'zod';
import { PointCampaignType } from '../campaigns/point-campaigns';
import type { PointCampaignFields, BundleFields, BannerFields } from './admin-commerce-api';

/** A campaign's rules across its fields: checked on a new one, and on a saved one as the save leaves it. */
export function checkPointCampaign(c: PointCampaignFields, ctx: z.RefinementCtx) {
  if (c.rate === 0 && c.point === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['rate'],
      message: 'a rate or fixed points is required',
    });
  if (c.start !== null && c.end !== null && c.end <= c.start)
    ctx.addIssue({
      code: 'custom',
      path: ['end'],
      message: 'must end after it starts',
    });
  if (c.type === PointCampaignType.book && c.bookId === null)
    ctx.addIssue({
      code: 'custom',
      path: ['bookId'],
      message: 'is required for a book campaign',
    });
  if (c.type === PointCampaignType.specificGenres && c.genreIds.length === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['genreIds'],
      message: 'is required for a genre campaign',
    });
  if (c.type === PointCampaignType.publish && c.publisherId === null)
    ctx.addIssue({
      code: 'custom',
      path: ['publisherId'],
      message: 'is required for a publisher campaign',
    });
  if (c.type === PointCampaignType.series && c.titleId === null)
    ctx.addIssue({
      code: 'custom',
      path: ['titleId'],
      message: 'is required for a series campaign',
    });
  if (c.type === PointCampaignType.bulkBuy && c.minBooks < 2)
    ctx.addIssue({
      code: 'custom',
      path: ['minBooks'],
      message: 'must be at least 2 for a bulk-buy campaign',
    });
}

export function checkBundle(b: BundleFields, ctx: z.RefinementCtx) {
  if (new Set(b.bookIds).size !== b.bookIds.length)
    ctx.addIssue({
      code: 'custom',
      path: ['bookIds'],
      message: 'must not repeat a book',
    });
  if (b.end !== null && b.end <= b.start)
    ctx.addIssue({
      code: 'custom',
      path: ['end'],
      message: 'must end after it starts',
    });
}

export function checkBanner(b: BannerFields, ctx: z.RefinementCtx) {
  if (b.end <= b.start)
    ctx.addIssue({
      code: 'custom',
      path: ['end'],
      message: 'must end after it starts',
    });
}
