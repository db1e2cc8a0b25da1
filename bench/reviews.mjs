#!/usr/bin/env node
// Reviews and notices rows of `npm run bench`: the review list and rating summary the
// series page reads, a member's notice count, and the series page render with reviews on it.
// `node bench/reviews.mjs` measures only these against a fresh store on the demo catalog.
import { isMain, measure, printTable, startStore } from './harness.mjs';

const TITLE_ID = 1;

async function signUp(storeUrl, n) {
  const response = await fetch(`${storeUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-review-${n}-${Date.now()}@example.jp`,
      password: 'bench-password',
      nickname: `評者${n}`,
      birth_date: '1990-01-01',
    }),
  });
  if (!response.ok) throw new Error(`signup ${response.status}`);
  return response.headers.get('set-cookie').split(';')[0];
}

/** Five members review title 1 (signup is rate-limited to 10 a minute per client). */
async function seedReviews(storeUrl) {
  let cookie = '';
  for (let n = 0; n < 5; n++) {
    cookie = await signUp(storeUrl, n);
    const token = (await (await fetch(`${storeUrl}/api/review_title/create_token`, { headers: { cookie } })).json()).status.token;
    const form = new URLSearchParams({
      token,
      title_id: String(TITLE_ID),
      star: String(1 + n),
      comment: 'ベンチマークのレビュー本文。'.repeat(10),
      nickname: `評者${n}`,
      ameba: '0',
      spoiler: String(n % 2),
    });
    const response = await fetch(`${storeUrl}/api/review_title/add_review`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    if (!response.ok) throw new Error(`add_review ${response.status}`);
  }
  return cookie;
}

/** Rows for the bench table; `measure(name, url, options)` is run.mjs's autocannon wrapper. */
export async function reviewsRows(storeUrl, measure) {
  const cookie = await seedReviews(storeUrl);
  return [
    await measure(
      `GET /api/title_reviews/list?title_id=${TITLE_ID} (popular, guest)`,
      `${storeUrl}/api/title_reviews/list?title_id=${TITLE_ID}&sort=popular`,
    ),
    await measure(`GET /api/title_reviews/${TITLE_ID} (rating summary)`, `${storeUrl}/api/title_reviews/${TITLE_ID}`),
    await measure('GET /api/user/get_notice_count (member)', `${storeUrl}/api/user/get_notice_count`, { headers: { cookie } }),
    await measure(
      `GET /series_list/series_id=${TITLE_ID} (series page with reviews, demo catalog, member)`,
      `${storeUrl}/series_list/series_id=${TITLE_ID}`,
      { headers: { cookie } },
    ),
  ];
}

if (isMain(import.meta.url)) {
  const store = await startStore({});
  try {
    printTable(await reviewsRows(store.url, measure));
  } finally {
    store.stop();
  }
}
