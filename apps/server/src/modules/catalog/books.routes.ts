import type { FastifyPluginAsync } from 'fastify';
import { bookDetailRoutes } from './book-detail.routes';
import { bookListRoutes } from './book-lists.routes';
import { bookRouteContext } from './book-route-context';
import { booksByTitleRoutes } from './books-by-title.routes';

/** Books (§7 "Books"), one use case per file. An unknown book, or an R18 one the viewer may not see, is 404 NOT_FOUND. */
export const booksRoutes: FastifyPluginAsync = async (app) => {
  const context = bookRouteContext(app);
  bookDetailRoutes(app, context);
  bookListRoutes(app, context);
  booksByTitleRoutes(app, context);
};
