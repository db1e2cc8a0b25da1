// After `npm install`: better-sqlite3's addon, which npm compiled from the registry's source
// (its prebuilt binaries come from GitHub, which CI does not download from), is kept as a
// tarball where its installer, prebuild-install, looks before any download: npm's `_prebuilds`
// cache, keyed by the addon's version, Node's ABI and the platform. The next clean clone's
// `npm install` then unpacks it instead of compiling again (two of CI's minutes on 2 cores).
// A machine without the entry compiles as before; deleting ~/.npm/_prebuilds starts over.
const { execFileSync } = require('node:child_process');
const { existsSync, mkdirSync } = require('node:fs');
const path = require('node:path');

const dir = path.resolve(__dirname, '../node_modules/better-sqlite3');
const addon = path.join(dir, 'build/Release/better_sqlite3.node');
if (!existsSync(addon)) process.exit(0);

const pkg = require(path.join(dir, 'package.json'));
const util = require('prebuild-install/util');
const options = { ...require('prebuild-install/rc')(pkg), pkg };
const cached = util.cachedPrebuild(util.getDownloadUrl(options));
if (!existsSync(cached)) {
  mkdirSync(path.dirname(cached), { recursive: true });
  execFileSync('tar', ['-czf', cached, '-C', dir, 'build/Release/better_sqlite3.node']);
  console.log(`Kept better-sqlite3's build for the next install: ${cached}`);
}
