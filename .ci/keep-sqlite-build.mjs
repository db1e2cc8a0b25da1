// After `npm install`: better-sqlite3's addon, which npm compiled from the registry's source
// (its prebuilt binaries come from GitHub, which CI does not download from), is kept as a
// tarball where its installer, prebuild-install, looks before any download: npm's `_prebuilds`
// cache, keyed by the addon's version, Node's ABI and the platform. The next clean clone's
// `npm install` then unpacks it instead of compiling again (two of CI's minutes on 2 cores).
// A machine without the entry compiles as before; deleting ~/.npm/_prebuilds starts over.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Through require: rc.js prints its options when it is not require()d by another module.
const require = createRequire(import.meta.url);
try {
  keep(require('prebuild-install/util'), require('prebuild-install/rc'));
} catch (error) {
  // Only a saving: an install without it compiles, as on a first run.
  console.warn(`better-sqlite3's build not kept: ${error instanceof Error ? error.message : error}`);
}

function keep(util, prebuildOptions) {
  const dir = path.dirname(require.resolve('better-sqlite3/package.json'));
  const addon = path.join(dir, 'build/Release/better_sqlite3.node');
  if (!existsSync(addon)) return;
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const cached = util.cachedPrebuild(util.getDownloadUrl({ ...prebuildOptions(pkg), pkg }));
  if (existsSync(cached)) return;
  mkdirSync(path.dirname(cached), { recursive: true });
  execFileSync('tar', ['-czf', cached, '-C', dir, 'build/Release/better_sqlite3.node']);
  console.log(`Kept better-sqlite3's build for the next install: ${cached}`);
}
