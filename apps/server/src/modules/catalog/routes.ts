import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { booksRoutes } from './books.routes';
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
  await app.register(booksRoutes);
  await app.register(titlesRoutes);
  await app.register(guestRoutes);
  await app.register(rankingsRoutes);
  await app.register(freeBooksRoutes);
  await app.register(searchRoutes);
  await app.register(recommendationsRoutes);
};
