#!/usr/bin/env node
// Member and guest series-page rows of `npm run bench` (issue 26): one store with the page caches
// on (PAGE_CACHE_SECONDS=5, as in production), the series page of the demo catalog's title 1 for a
// guest and for a signed-in member, at 10 and at 50 connections, guest and member alternated in
// one run so the machine's load hits both alike. `node bench/member-pages.mjs` runs only these.
import { isMain, measure, printTable, signUpMember, startStore } from './harness.mjs';

const TITLE_ID = 1;

/** Rows for the bench table; `measure(name, url, options)` is the harness's autocannon wrapper. */
export async function memberPageRows(measure) {
  const store = await startStore({ PAGE_CACHE_SECONDS: '5' });
  try {
    const cookie = await signUpMember(store.url, 'bench-member-page');
    const url = `${store.url}/series_list/series_id=${TITLE_ID}`;
    const rows = [];
    for (const connections of [10, 50]) {
      rows.push(await measure(`GET /series_list/series_id=${TITLE_ID} (guest, page cache of 5 s, ${connections} connections)`, url, { connections }));
      rows.push(await measure(`GET /series_list/series_id=${TITLE_ID} (member, page cache of 5 s, ${connections} connections; target ≥ 5,000 req/s, p99 ≤ ${connections === 10 ? 10 : 30} ms)`, url, { connections, headers: { cookie } }));
    }
    return rows;
  } finally {
    store.stop();
  }
}

if (isMain(import.meta.url)) {
  printTable(await memberPageRows(measure), { note: 'autocannon, 10 and 50 connections as named, 10 s each' });
}
