import { type RequestHandler, type ServerBuild, createRequestHandler } from 'react-router';

type Routes = ServerBuild['routes'];

/**
 * React Router's request handlers, one per first path segment of the pages (issue 36).
 *
 * On every document request React Router does work in proportion to the number of routes of the
 * build, whichever page is asked for: it builds the server's route objects and the static router's
 * data routes again (`ServerRouter`), copies the route modules (`createEntryRouteModules`), and
 * matches the path and its parents ("/" and "/series_list" for a series page, for the page's
 * route manifest) against every route branch in rank order. With the console's pages the store
 * grew from 26 routes to 72, and this part of a series page's render from about 0.3 to 0.9 ms.
 *
 * Each handler here is React Router's own, made once, on the build with only the routes that can
 * match a path with its first segment (`routeSubsetOf`), so it answers what the whole build
 * answers: the same matches, loaders and errors, and the same route manifest in the page (which
 * lists only the routes matched by the path and its parents); the top page's, on the routes
 * without a static first segment. Every other request (unknown first segments, data requests, the
 * route manifest's own `/__manifest`) goes to the whole build's.
 */
export function routeSubsetHandlers(build: ServerBuild, mode = 'production'): (request: Request) => RequestHandler {
  const whole = createRequestHandler(build, mode);
  if (build.basename && build.basename !== '/') return () => whole;
  const subsetOf = routeSubsetOf(build.routes);
  const handlers = new Map<string, RequestHandler>();
  return (request) => {
    const subset = subsetOf(new URL(request.url).pathname);
    if (!subset) return whole;
    let handler = handlers.get(subset.segment);
    if (!handler) {
      const keep = <T>(routes: Record<string, T>) =>
        Object.fromEntries(subset.ids.flatMap((id) => (id in routes ? [[id, routes[id]!] as const] : [])));
      handler = createRequestHandler(
        { ...build, routes: keep(build.routes), assets: { ...build.assets, routes: keep(build.assets.routes) } },
        mode,
      );
      handlers.set(subset.segment, handler);
    }
    return handler;
  };
}

/**
 * The routes that can match a page's path, by its first segment; null when the whole build must
 * answer. A path can only be matched by the routes whose first segment is its first segment
 * (React Router decodes the path and matches ASCII segments regardless of case), by those whose
 * first segment is dynamic, optional or a splat (`*`, the not-found page), by index and pathless
 * routes, and by their root; the same holds for the path's parents, whose routes the page's
 * manifest lists; "/" only by the routes without a static first segment. Data requests (`.data`,
 * whose path React Router rewrites), paths whose first segment no route has statically
 * (`/__manifest`, unknown pages) and undecodable ones: null.
 */
export function routeSubsetOf(routes: Routes): (pathname: string) => { segment: string; ids: string[] } | null {
  // The route at the level below the root that `id` is or is nested in ('routes/admin' for the
  // console's pages); the root is its own.
  const topOf = (id: string): string => {
    const parentId = routes[id]?.parentId;
    return parentId === undefined || routes[parentId]?.parentId === undefined ? id : topOf(parentId);
  };
  // The first segment of a top route's path when it is a static ASCII one (in lower case), else
  // null: an index or pathless route, a dynamic, optional or splat segment, the root.
  const staticFirst = (id: string): string | null => {
    const route = routes[id];
    if (route?.parentId === undefined) return null;
    const first = (route.path ?? '').replace(/^\/+/, '').split('/')[0] ?? '';
    return /^[a-z0-9_.~-]+$/i.test(first) ? first.toLowerCase() : null;
  };
  const firstOf = new Map(Object.keys(routes).map((id) => [id, staticFirst(topOf(id))]));
  const segments = new Map<string, string[]>();
  for (const first of firstOf.values()) {
    if (first !== null && !segments.has(first)) {
      segments.set(
        first,
        [...firstOf].filter(([, f]) => f === null || f === first).map(([id]) => id),
      );
    }
  }
  // The top page: only the routes without a static first segment can match "/".
  const top = { segment: '', ids: [...firstOf].filter(([, f]) => f === null).map(([id]) => id) };
  return (pathname) => {
    if (pathname === '/') return top;
    if (pathname.endsWith('.data')) return null;
    const end = pathname.indexOf('/', 1);
    let segment: string;
    try {
      segment = decodeURIComponent(pathname.slice(1, end < 0 ? undefined : end)).toLowerCase();
    } catch {
      return null;
    }
    const ids = segments.get(segment);
    return ids ? { segment, ids } : null;
  };
}
