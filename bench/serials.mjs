#!/usr/bin/env node
// Serials API rows: the episode list, a member's episode data, the episode browser
// with signed page URLs, and a signed episode page image. `node bench/serials.mjs` runs them
// alone against a fresh store on the demo catalog.
import { isMain, measure, printTable, signUpMember, startStore } from './harness.mjs';

/** Rows for the bench table; `measure(name, url, options)` is an autocannon wrapper. */
export async function serialsRows(storeUrl, measure, cookie) {
  const browser = await (await fetch(`${storeUrl}/api/serial_episode_browsers/1`)).json();
  const image = browser.pages_data.pages[0].images.find((i) => i.width === 720).webp;
  return [
    await measure('GET /api/serial_episodes?serial_id=1&limit=100 (episode list)', `${storeUrl}/api/serial_episodes?serial_id=1&limit=100`),
    await measure(
      'GET /api/user_serial_episodes/me/?serial_id=1 (member, §4 prices)',
      `${storeUrl}/api/user_serial_episodes/me/?serial_id=1`,
      { headers: { cookie } },
    ),
    await measure('GET /api/serial_episode_browsers/1 (free episode, member)', `${storeUrl}/api/serial_episode_browsers/1`, {
      headers: { cookie },
    }),
    await measure('GET /media/episodes/1/0/720.webp (signed episode page)', `${storeUrl}${image}`),
  ];
}

if (isMain(import.meta.url)) {
  const store = await startStore({ HONDANA_WEB: 'false' });
  try {
    printTable(await serialsRows(store.url, measure, await signUpMember(store.url)));
  } finally {
    store.stop();
  }
}
