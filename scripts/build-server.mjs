#!/usr/bin/env node
// `npm run build` (after the web app): the store's entry points bundled into plain JavaScript for
// the journeys (e2e/support/store-command.ts), which start a store per journey file and run ~100
// store commands: under tsx every start transpiled and loaded several hundred modules (about 5 s of
// CPU a start, 1.8 s a command; docs/benchmarks.md, "Test suite time"). `npm start` still runs the
// sources with tsx; nothing here is committed (apps/server/dist is ignored).
//
// Only the store's own code and the domain package are bundled; every package of node_modules
// stays an import of node_modules, loaded as the tsx run loads it. The bundles sit two folders
// below apps/server (dist/bundle/), as the sources sit (src/web/), so the paths the code resolves
// from import.meta.url (the web build: ../../../web/build/) name the same files.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'apps/server/dist/bundle');
const entries = ['main', 'admin', 'seed', 'import-command'];

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
await build({
  entryPoints: Object.fromEntries(entries.map((e) => [path.basename(e), path.join(root, 'apps/server/src', `${e}.ts`)])),
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      // node_modules' packages stay external; the workspace's domain package (TypeScript) is bundled.
      name: 'packages-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@hondana/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
writeFileSync(path.join(outdir, 'built.json'), JSON.stringify({ builtAt: started }));
console.log(
  `Bundled the store's entry points for the journeys in ${((Date.now() - started) / 1000).toFixed(1)} s (${path.relative(root, outdir)}).`,
);
