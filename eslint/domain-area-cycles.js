import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const DOMAIN = 'packages/domain/src/';
const PACKAGE = '@hondana/domain/';

/** The domain area of a path inside packages/domain/src/ (its first folder), or null. */
const areaOf = (inside) => (inside.includes('/') ? inside.split('/')[0] : null);

/** Where an import of `spec` written in `file` (a repository path) lands inside packages/domain/src/, or null. */
function targetOf(file, spec) {
  if (spec.startsWith(PACKAGE)) return spec.slice(PACKAGE.length);
  if (!spec.startsWith('.')) return null;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
  return target.startsWith(DOMAIN) ? target.slice(DOMAIN.length) : null;
}

/** The module specifiers a source text imports or re-exports (type imports included). */
const specifiersOf = (text) => [...text.matchAll(/\b(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]);

const isProduct = (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name);
const memo = new Map();

/**
 * The imports between domain areas, read from the files under packages/domain/src/ (tests left
 * out): a map from each area to the areas it imports, each with one file that does. `root` is the
 * repository; a file is read again only when it changed.
 */
export function domainAreaGraph(root, skip = null) {
  const edges = new Map();
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : isProduct(entry.name) ? [full] : [];
    });
  for (const full of walk(path.join(root, DOMAIN))) {
    const file = path.relative(root, full).split(path.sep).join('/');
    if (file === skip) continue;
    const mtime = statSync(full).mtimeMs;
    let known = memo.get(full);
    if (!known || known.mtime !== mtime) {
      known = { mtime, specs: specifiersOf(readFileSync(full, 'utf8')) };
      memo.set(full, known);
    }
    const from = areaOf(file.slice(DOMAIN.length));
    for (const spec of known.specs) {
      const inside = targetOf(file, spec);
      const to = inside && areaOf(inside);
      if (!from || !to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, file);
    }
  }
  return edges;
}

/** A path of areas from `start` to `goal` along the graph's imports (both ends included), or null. */
export function pathBetween(edges, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const area = queue.shift();
    if (area === goal) {
      const way = [];
      for (let at = goal; at !== null; at = previous.get(at)) way.unshift(at);
      return way;
    }
    for (const next of edges.get(area)?.keys() ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, area);
      queue.push(next);
    }
  }
  return null;
}

/**
 * The circles between domain areas: each group of areas that reach one another through their
 * imports (a strongly connected component of two areas or more), as a sorted list of area names.
 */
export function domainAreaCircles(edges) {
  const areas = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((to) => [...to.keys()])])].sort();
  const seen = new Set();
  const circles = [];
  for (const area of areas) {
    if (seen.has(area)) continue;
    const group = areas.filter((other) => other === area || (pathBetween(edges, area, other) && pathBetween(edges, other, area)));
    group.forEach((member) => seen.add(member));
    if (group.length > 1) circles.push(group);
  }
  return circles;
}

/**
 * Domain areas do not import each other in a circle (docs/architecture.md): an area is the first
 * folder under packages/domain/src/ (catalog, orders, reading…), and an import from one area into
 * another is refused when the other area already reaches this one through its own imports, so
 * that the areas stay layered (common/ at the bottom). The other files are read from disk (tests
 * left out); type imports count as imports. Move a shared schema or type to the area that owns it,
 * or to common/.
 */
export const domainAreaCycles = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      circle:
        "'{{target}}' closes a circle between domain areas: {{way}}. Move what both need to the area that owns it, or to common/ (docs/architecture.md)",
    },
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    if (!file.startsWith(DOMAIN) || !isProduct(file)) return {};
    const own = areaOf(file.slice(DOMAIN.length));
    if (!own) return {};
    let edges = null;
    const check = (source) => {
      const spec = source?.value;
      if (typeof spec !== 'string') return;
      const inside = targetOf(file, spec);
      const to = inside && areaOf(inside);
      if (!to || to === own) return;
      edges ??= domainAreaGraph(context.cwd, file);
      const back = pathBetween(edges, to, own);
      if (!back) return;
      context.report({ node: source, messageId: 'circle', data: { target: inside, way: [own, ...back].join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
