#!/usr/bin/env node
// Tracking rows: `/log/page` as a returning guest (first-party id cookie), as a new guest (each
// request is given an id) and as a member. Alone: `node bench/tracking.mjs` (BENCH_SECONDS),
// on a fresh store with the API only. Target (issue 25): `/log/page` ≥ 10,000 req/s.
import { isMain, measure, printTable, signUpMember, startStore } from './harness.mjs';

export async function trackingRows(base, measureRow, cookie) {
  const page = `${base}/api/log/page?page=%2Fseries_list%2Fseries_id%3D1&title_id=1&ref=free_ranking_reader`;
  const given = await fetch(page);
  const guestCookie = given.headers.get('set-cookie').split(';')[0];
  return [
    await measureRow('GET /api/log/page (returning guest; target ≥ 10,000 req/s)', page, { headers: { cookie: guestCookie } }),
    await measureRow('GET /api/log/page (new guest: an id cookie each time)', page),
    await measureRow('GET /api/log/page (member)', page, { headers: { cookie } }),
  ];
}

if (isMain(import.meta.url)) {
  const store = await startStore({ HONDANA_WEB: 'false' });
  try {
    const cookie = await signUpMember(store.url);
    printTable(await trackingRows(store.url, measure, cookie));
  } finally {
    store.stop();
  }
}
