import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where `npm run build` bundles the store's entry points (scripts/build-server.mjs). */
const bundleDir = path.join(root, 'apps/server/dist/bundle');
/** What the bundle is made of: a change here after `npm run build` makes it stale. */
const sources = ['apps/server/src', 'packages/domain/src'].map((dir) => path.join(root, dir));

let checked = false;

/**
 * The Node arguments that run one of the store's entry points (`main.ts`, `admin.ts`,
 * `import-command.ts`, `seed.ts`): its bundle from `npm run build`, plain JavaScript, as
 * the journeys need the built web app too. Under tsx a store's start cost about 5 s of CPU and a
 * command 1.8 s, most of it transpiling and loading modules (docs/benchmarks.md, "Test suite
 * time"). A bundle older than its sources is refused rather than run: the journeys check the code
 * as it is.
 */
export function storeEntry(script: string): string[] {
  const bundle = path.join(bundleDir, `${path.basename(script, '.ts')}.mjs`);
  if (!checked) {
    const marker = path.join(bundleDir, 'built.json');
    if (!existsSync(marker) || !existsSync(bundle)) throw new Error(`no bundle of the store's ${script}: run \`npm run build\` first`);
    const { builtAt } = JSON.parse(readFileSync(marker, 'utf8')) as { builtAt: number };
    const changed = sources.map(newestChange).find((file) => file.mtimeMs > builtAt);
    if (changed) throw new Error(`the store's bundle is older than ${path.relative(root, changed.file)}: run \`npm run build\` again`);
    checked = true;
  }
  return [bundle];
}

function newestChange(dir: string): { file: string; mtimeMs: number } {
  let newest = { file: dir, mtimeMs: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const found = entry.isDirectory() ? newestChange(full) : { file: full, mtimeMs: statSync(full).mtimeMs };
    if (found.mtimeMs > newest.mtimeMs) newest = found;
  }
  return newest;
}

/**
 * One of the store's commands (`npm run admin`, `npm run import`, `npm run seed`: a file of
 * apps/server/src, run from its bundle) on a data folder, as an operator runs it.
 */
export async function storeCommand(
  dataDir: string,
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ stdout: string }> {
  return promisify(execFile)(process.execPath, [...storeEntry(script), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
  });
}
