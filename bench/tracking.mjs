#!/usr/bin/env node
// Tracking rows: `/log/page` as a returning guest (first-party id cookie), as a new guest (each
// request is given an id) and as a member. Alone: `node bench/tracking.mjs` (BENCH_SECONDS),
// on a fresh store with the API only. Target: `/log/page` ≥ 10,000 req/s (docs/benchmarks.md).
import { isMain, measure, printTable, signUpMember, startStore } from './harness.mjs';
import { treeCpuSeconds } from './process-cpu.mjs';

export async function trackingRows(base, measureRow, cookie) {
  const page = `${base}/api/log/page?page=%2Fseries_list%2Fseries_id%3D1&title_id=1&ref=free_ranking_reader&hash=v`;
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
    // On a machine shared with other work the store gets a part of a core: beside req/s, the
    // store's own CPU time per request (its process tree, /proc) gives what one core serves.
    // The CPU of the 1 s warm-up is counted and its requests are not: an upper bound.
    const withCpu = (measureRow) => async (name, url, options) => {
      const before = treeCpuSeconds(store.child.pid);
      const row = await measureRow(name, url, options);
      const used = treeCpuSeconds(store.child.pid) - before;
      const requests = row.rps * Number(process.env.BENCH_SECONDS ?? 10);
      return {
        ...row,
        cpuUs: before === null ? '-' : Math.round((used / requests) * 1e6),
        perCore: before === null ? '-' : Math.round(requests / used),
      };
    };
    const reference = await withCpu(measure)('GET /api/common/get_status (guest, for reference)', `${store.url}/api/common/get_status`);
    const rows = [reference, ...(await trackingRows(store.url, withCpu(measure), cookie))];
    printTable(rows, {
      columns: [
        ['store CPU µs/request', 'cpuUs'],
        ['req/s one core could serve', 'perCore'],
      ],
    });
  } finally {
    store.stop();
  }
}
