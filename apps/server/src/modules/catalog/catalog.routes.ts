import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { booksRoutes } from './books.routes';
import { CAMPAIGN_PERIODS_EVERY_MS, noticeCampaignPeriods } from './campaign-periods';
import { forgetCatalogCaches, forgetRankingCaches } from './catalog-caches';
import { guestRoutes } from './guest.routes';
import { freeBooksRoutes } from './free-books.routes';
import { rankingsRoutes } from './rankings.routes';
import { RANKINGS_EVERY_MS, recomputeRankings } from './rankings.service';
import { recommendationsRoutes } from './recommendations.routes';
import { searchRoutes } from './search.routes';
import { titlesRoutes } from './titles.routes';

/** Catalog API (§7 "Titles"); the rest of the catalog's calls come with the catalog issue. */
export const catalogRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // The pages rendered in process read the same caches, so this covers them too.
  app.deps.changes.subscribe('catalog', () => forgetCatalogCaches(app.deps.database.db));
  app.deps.changes.subscribe('rankings', () => forgetRankingCaches(app.deps.database.db));
  // Rankings from what people do (issue 40 item 8): worked out once per interval for the whole
  // store (the scheduler's lease), then every process reads the job's rows.
  app.ops.scheduler.register({
    name: 'rankings',
    everyMs: RANKINGS_EVERY_MS,
    run: async ({ db, now }) => {
      // Announced only when a term's scores changed: each announcement empties every process's
      // rankings and kept pages.
      const { written, changed } = await recomputeRankings(db, now);
      if (changed) await app.deps.changes.publish('rankings', now);
      return written;
    },
  });
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
