import { badRequest } from '@hondana/domain/common/errors';
import type { FastifyPluginAsync } from 'fastify';
import { bookTextRoutes } from './book-text.routes';
import { bookmarkRoutes } from './bookmarks.routes';
import { readingProgressRoutes } from './reading-progress.routes';
import { readingRouteContext } from './reading-route-context';
import { viewerRoutes } from './viewer.routes';

/** A text/plain body: JSON text (`{…}`), else form fields (`a=1&b=2`); empty is `{}`. */
function plainTextBody(body: string): unknown {
  const text = body.trim();
  if (!text.startsWith('{')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('body', 'is not valid JSON');
  }
}

/** The reader (§7 `/browser/*`, `/book/sync_page`, `/finish_read/register`, bookmarks, settings), one use case per file. */
export const readingRoutes: FastifyPluginAsync = async (app) => {
  // What `navigator.sendBeacon` sends for a string is text/plain: JSON text, or `a=1&b=2`. The
  // reader's calls read it as the JSON or the form it is, so their body schemas judge it alike.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, plainTextBody(body as string));
    } catch (error) {
      done(error as Error);
    }
  });
  const context = readingRouteContext(app);
  viewerRoutes(app, context);
  bookTextRoutes(app, context);
  readingProgressRoutes(app, context);
  bookmarkRoutes(app, context);
};
