import { existsSync } from 'node:fs';
import { type RouteObject, type ServerBuild, matchRoutes } from 'react-router';
import { expect, it } from 'vitest';
import { routeSubsetOf } from '../src/web/route-subsets';

type Routes = ServerBuild['routes'];
type Shape = { id: string; parentId?: string; path?: string; index?: boolean };

const manifest = (shapes: Shape[]): Routes =>
  Object.fromEntries(shapes.map((s) => [s.id, { ...s, module: {} } as unknown as Routes[string]]));

/** The app's routes in miniature, with the shapes React Router allows that it does not use yet. */
const routes = manifest([
  { id: 'root', path: '' },
  { id: 'home', parentId: 'root', index: true },
  { id: 'series', parentId: 'root', path: 'series_list/:seriesSegment' },
  { id: 'editor', parentId: 'root', path: 'series_list/review/editor/:titleId/:reviewId?' },
  { id: 'ranking', parentId: 'root', path: 'ranking/:term/:page' },
  { id: 'second-factor', parentId: 'root', path: 'admin/second-factor' },
  { id: 'admin', parentId: 'root', path: 'admin' },
  { id: 'admin-home', parentId: 'admin', index: true },
  { id: 'admin-titles', parentId: 'admin', path: 'titles' },
  { id: 'admin-title', parentId: 'admin', path: 'titles/:titleId' },
  { id: 'admin-lottery', parentId: 'admin', path: 'lottery' },
  { id: 'lottery', parentId: 'root', path: 'lottery/:campaignId' },
  { id: 'layout', parentId: 'root' },
  { id: 'in-layout', parentId: 'layout', path: 'inside' },
  { id: 'dynamic', parentId: 'root', path: ':lang/about' },
  { id: 'optional', parentId: 'root', path: 'maybe?/here' },
  { id: 'not-found', parentId: 'root', path: '*' },
]);

/** React Router's route tree of a manifest (as `createRoutes` makes it), for `matchRoutes`. */
function tree(all: Routes, ids: readonly string[], parentId?: string): RouteObject[] {
  return ids
    .filter((id) => all[id]!.parentId === parentId)
    .map((id) => {
      const { path, index } = all[id]!;
      const children = tree(all, ids, id);
      return index ? { id, index: true } : { id, path, ...(children.length > 0 ? { children } : {}) };
    });
}

/** The route ids matched by a path and by each of its parents, as the page's manifest gathers them. */
function matchedIds(all: Routes, ids: readonly string[], pathname: string): string[][] {
  const segments = pathname.split('/').filter(Boolean);
  const paths = [pathname, '/', ...segments.slice(0, -1).map((_, i) => `/${segments.slice(0, i + 1).join('/')}`)];
  return paths.map((path) => (matchRoutes(tree(all, ids), path) ?? []).map((m) => m.route.id!));
}

const paths = [
  '/',
  '/series_list/series_id=1',
  '/SERIES_LIST/series_id=1',
  '/%73eries_list/series_id=1',
  '/series_list',
  '/series_list/',
  '/series_list/review/editor/1',
  '/series_list/review/editor/1/2',
  '/ranking/weekly/1',
  '/ranking',
  '/admin',
  '/Admin/titles',
  '/admin/titles/3',
  '/admin/second-factor',
  '/admin/lottery',
  '/lottery/4',
  '/lottery',
  '/inside',
  '/ja/about',
  '/maybe/here',
  '/here',
  '/nope/deeper',
];

it('gives each path with a known first segment the routes that match it and its parents, and no others than those that can', () => {
  const subsetOf = routeSubsetOf(routes);
  const all = Object.keys(routes);
  for (const path of paths) {
    const subset = subsetOf(path);
    if (!subset) continue;
    expect(matchedIds(routes, subset.ids, path), path).toEqual(matchedIds(routes, all, path));
  }
  expect(subsetOf('/series_list/series_id=1')?.ids.sort()).toEqual(
    ['root', 'home', 'series', 'editor', 'layout', 'in-layout', 'dynamic', 'optional', 'not-found'].sort(),
  );
  expect(subsetOf('/admin/titles')?.ids).toEqual(expect.arrayContaining(['admin', 'admin-titles', 'admin-lottery', 'second-factor']));
  expect(subsetOf('/admin/titles')?.ids).not.toContain('lottery');
  expect(subsetOf('/%73eries_list/x')?.segment).toBe('series_list');
  expect(subsetOf('/')?.ids.sort()).toEqual(['root', 'home', 'layout', 'in-layout', 'dynamic', 'optional', 'not-found'].sort());
});

it('leaves to the whole build the paths it cannot narrow', () => {
  const subsetOf = routeSubsetOf(routes);
  for (const path of ['/__manifest', '/nope', '/series_list/series_id=1.data', '/_root.data', '/%E0%A4%A', '/inside', '/ja/about']) {
    expect(subsetOf(path), path).toBeNull();
  }
});

const build = new URL('../../web/build/server/index.js', import.meta.url);

it.runIf(existsSync(build))("narrows the store's own routes without changing a match", async () => {
  const { routes: storeRoutes } = (await import(build.href)) as ServerBuild;
  const subsetOf = routeSubsetOf(storeRoutes);
  const all = Object.keys(storeRoutes);
  const checked = [...paths, '/mypage/wish_list', '/search/author/1/2', '/serial/detail/1', '/preorder/confirm/book_id=1', '/free'];
  for (const path of checked) {
    const subset = subsetOf(path);
    if (subset) expect(matchedIds(storeRoutes, subset.ids, path), path).toEqual(matchedIds(storeRoutes, all, path));
  }
  // The series page's render works on a handful of routes instead of all of them.
  expect(subsetOf('/series_list/series_id=1')!.ids.length).toBeLessThan(all.length / 5);
  expect(subsetOf('/')!.ids.length).toBeLessThan(all.length / 5);
});
