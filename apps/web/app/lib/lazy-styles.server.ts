import { existsSync, readFileSync } from 'node:fs';

/**
 * The stylesheets of a page's lazily loaded sections (`lazySection`), for the page's `<head>`.
 *
 * A lazy section is rendered by the server like the rest of the page, but its CSS is in its
 * code's chunk, which the browser fetches only when the section's code loads: without scripts, or
 * for a moment on a slow load, the section was unstyled. Its stylesheets are found in Vite's
 * manifest of the client build (`build.manifest`, kept in build/client/.vite/ by vite.config.ts):
 * the CSS of the section's module and of the chunks it imports, less what the route's own static
 * imports (and the root's) already link, since linking a stylesheet twice would move it later in
 * the cascade. Read once per process; nothing without a build (the dev server links CSS itself).
 */
interface ManifestChunk {
  file: string;
  /** The chunk's name: its module's file name without the extension (`volume-detail`). */
  name?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

// In the server build this module is in build/server/index.js or one of its chunks in
// build/server/assets/: the client build is build/client/.
const MANIFESTS = ['../client/.vite/manifest.json', '../../client/.vite/manifest.json'].map((path) => new URL(path, import.meta.url));

let manifest: Manifest | null | undefined;
function loadManifest(): Manifest | null {
  if (manifest === undefined) {
    const file = MANIFESTS.find((url) => existsSync(url));
    manifest = file ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
  }
  return manifest;
}

/** The CSS files of `key`'s chunk and of every chunk it imports statically. */
function cssOf(m: Manifest, key: string, into = new Set<string>(), seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return into;
  seen.add(key);
  const chunk = m[key];
  if (!chunk) return into;
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) cssOf(m, imported, into, seen);
  return into;
}

/** A route module's entry: React Router builds each route as `<path>?__react-router-build-client-route`. */
const entryOf = (m: Manifest, module: string): string | undefined =>
  [module, `${module}?__react-router-build-client-route`].find((key) => key in m);

const found = new Map<string, string[]>();

/**
 * The addresses of the stylesheets of `route`'s lazily imported `sections` (by module file name:
 * `volume-detail` for app/features/catalog/components/volume-detail.tsx) beyond what the route
 * (`app/routes/series.tsx`) and the root link already, in a stable order.
 */
export function lazyStylesheets(route: string, sections: string[]): string[] {
  const key = `${route}\n${sections.join('\n')}`;
  const known = found.get(key);
  if (known) return known;
  const m = loadManifest();
  const routeEntry = m && entryOf(m, route);
  const rootEntry = m && entryOf(m, 'app/root.tsx');
  if (!m || !routeEntry || !rootEntry) return [];
  const linked = cssOf(m, rootEntry, cssOf(m, routeEntry));
  const needed = new Set<string>();
  for (const lazy of m[routeEntry]!.dynamicImports ?? []) {
    if (!sections.includes(m[lazy]?.name ?? '')) continue;
    for (const css of cssOf(m, lazy)) if (!linked.has(css)) needed.add(css);
  }
  const hrefs = [...needed].map((file) => `/${file}`);
  found.set(key, hrefs);
  return hrefs;
}
