#!/usr/bin/env node
// Reading API rows of `npm run bench`: viewer info, a signed page image, page sync.
// `node bench/reading.mjs` measures only these against a fresh store on the demo catalog.
import { isMain, measure, printTable, signUpMember, startStore } from './harness.mjs';

/** Rows for the bench table; `measure(name, url, options)` is run.mjs's autocannon wrapper. */
export async function readingRows(storeUrl, measure, cookie) {
  const info = await (await fetch(`${storeUrl}/api/browser/bookinfo/v2?bookId=1`)).json();
  const image = info.pages_data.pages[0].images.find((i) => i.width === 720).webp;
  return [
    await measure('GET /api/browser/bookinfo/v2?bookId=1 (viewer info, guest)', `${storeUrl}/api/browser/bookinfo/v2?bookId=1`),
    await measure('GET /api/browser/bookinfo/v2?bookId=1 (viewer info, member)', `${storeUrl}/api/browser/bookinfo/v2?bookId=1`, {
      headers: { cookie },
    }),
    await measure('GET /media/pages/1/0/720.webp (signed sample page image)', `${storeUrl}${image}`),
    await measure('POST /api/book/sync_page (member)', `${storeUrl}/api/book/sync_page`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ book_id: 1, reading_page: 3, device_id: 'bench' }),
    }),
  ];
}

if (isMain(import.meta.url)) {
  const store = await startStore({ HONDANA_WEB: 'false' });
  try {
    printTable(await readingRows(store.url, measure, await signUpMember(store.url)));
  } finally {
    store.stop();
  }
}
