import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { booksRoutes } from './books.routes';
import { CAMPAIGN_PERIODS_EVERY_MS, noticeCampaignPeriods } from './campaign-periods';
import { forgetCatalogCaches } from './catalog-caches';
import { guestRoutes } from './guest.routes';
import { freeBooksRoutes } from './free-books.routes';
import { rankingsRoutes } from './rankings.routes';
import { recommendationsRoutes } from './recommendations.routes';
import { searchRoutes } from './search.routes';
import { titlesRoutes } from './titles.routes';

/** Catalog API (§7 "Titles"); the rest of the catalog's calls come with the catalog issue. */
export const catalogRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // The pages rendered in process read the same caches, so this covers them too.
  app.deps.changes.subscribe('catalog', () => forgetCatalogCaches(app.deps.database.db));
  // A campaign's start or end is a change nothing writes: the scheduler counts it as a catalog change.
  app.ops.scheduler.register({
    name: 'campaign-periods',
    everyMs: CAMPAIGN_PERIODS_EVERY_MS,
    run: ({ db, now }) => noticeCampaignPeriods(db, now, (at) => app.deps.changes.publish('catalog', at)),
  });
  await app.register(booksRoutes);
  await app.register(titlesRoutes);
  await app.register(guestRoutes);
  await app.register(rankingsRoutes);
  await app.register(freeBooksRoutes);
  await app.register(searchRoutes);
  await app.register(recommendationsRoutes);
};
