#!/usr/bin/env node
// Member and guest series-page rows of `npm run bench` (issue 26, decision 029): two stores on one
// data folder with the page caches on (PAGE_CACHE_SECONDS=5, as in production), one rendering
// every member's page (MEMBER_PAGE_CACHE=false: the code before the member page cache) and one
// keeping members' pages; the demo catalog's series page for a guest and for a member at 10 and at
// 50 connections, the two stores alternated in one run so the machine's load hits both alike.
// `node bench/member-pages.mjs` runs only these.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isMain, measure, printTable, signUpMember, startStore } from './harness.mjs';

const TITLE_ID = 1;

/** Rows for the bench table; `measure(name, url, options)` is the harness's autocannon wrapper. */
export async function memberPageRows(measure) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-bench-member-pages-'));
  // The first start generates the demo catalog; the second shares it.
  const before = await startStore({ DATA_DIR: dataDir, PAGE_CACHE_SECONDS: '5', MEMBER_PAGE_CACHE: 'false' });
  const after = await startStore({ DATA_DIR: dataDir, PAGE_CACHE_SECONDS: '5' });
  try {
    const cookie = await signUpMember(after.url, 'bench-member-page');
    const page = `/series_list/series_id=${TITLE_ID}`;
    const rows = [];
    for (const connections of [10, 50]) {
      const target = `target ≥ 5,000 req/s, p99 ≤ ${connections === 10 ? 10 : 30} ms`;
      for (const [store, label] of [[before, 'members rendered'], [after, 'members kept']]) {
        // A 30 s timeout: on a loaded machine a rendered page at 50 connections can wait past autocannon's 10 s.
        rows.push(await measure(`GET ${page} (guest, ${connections} connections, ${label})`, store.url + page, { connections, timeout: 30 }));
        rows.push(await measure(`GET ${page} (member, ${connections} connections, ${label}${store === after ? `; ${target}` : ''})`, store.url + page, { connections, timeout: 30, headers: { cookie } }));
        console.log(rows.slice(-2).map((r) => `${r.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`).join('\n'));
      }
    }
    return rows;
  } finally {
    before.stop();
    after.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  printTable(await memberPageRows(measure), { note: 'autocannon, 10 and 50 connections as named, 10 s each, page caches of 5 s' });
}
