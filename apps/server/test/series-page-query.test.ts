import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';

/**
 * The series page's optional queries of §2 (issue 40 item 5): `series_id` names the series as the
 * path does, so a link whose query names another title goes to that title's page with the rest of
 * its query; the same title, or a value that is no title id, leaves the page as it is. And the page
 * links its lazily loaded sections' stylesheets in the HTML it sends (issue 42).
 */
let t: TestApp;
let first: number;
let second: number;
let secondVol1: number;

beforeAll(async () => {
  t = await buildTestApp({ web: true });
  const { db } = t.database;
  first = await insertTitle(db, { name: '一つ目の作品' });
  second = await insertTitle(db, { name: '二つ目の作品' });
  await insertBook(db, first, 1);
  secondVol1 = await insertBook(db, second, 1);
  await insertBook(db, second, 2);
}, 120_000);
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ url });

describe('the series page', () => {
  it('goes to the title its series_id query names, keeping the rest of the query', async () => {
    const moved = await get(`/series_list/series_id=${first}?series_id=${second}&ref=e2e_link&book_id=${secondVol1}`);
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe(`/series_list/series_id=${second}?ref=e2e_link&book_id=${secondVol1}`);
    const bare = await get(`/series_list/series_id=${first}?series_id=${second}`);
    expect([bare.statusCode, bare.headers.location]).toEqual([302, `/series_list/series_id=${second}`]);
    const landed = await get(moved.headers.location as string);
    expect(landed.statusCode).toBe(200);
    expect(landed.body).toContain('二つ目の作品');
  });

  it('stays when series_id names its own title or no title id', async () => {
    for (const query of [`series_id=${first}`, 'series_id=abc', 'series_id=0', 'series_id=']) {
      const page = await get(`/series_list/series_id=${first}?${query}`);
      expect(page.statusCode, query).toBe(200);
      expect(page.body).toContain('一つ目の作品');
    }
  });

  it("links the stylesheets of its lazily loaded sections (the volume detail's with a volume) in the HTML it sends", async () => {
    const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    const series = stylesheets((await get(`/series_list/series_id=${second}`)).body);
    const volume = stylesheets((await get(`/series_list/series_id=${second}?book_id=${secondVol1}`)).body);
    expect(
      series.some((href) => /\/assets\/reviews-section-[\w-]+\.css$/.test(href)),
      series.join(' '),
    ).toBe(true);
    expect(series.some((href) => /\/assets\/volume-detail-[\w-]+\.css$/.test(href))).toBe(false);
    expect(
      volume.some((href) => /\/assets\/volume-detail-[\w-]+\.css$/.test(href)),
      volume.join(' '),
    ).toBe(true);
    // Each once: a stylesheet linked twice would move later in the cascade.
    expect(new Set(volume).size).toBe(volume.length);
  });
});
