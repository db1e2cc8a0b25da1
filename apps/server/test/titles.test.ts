import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../src/demo/demo-catalog';
import { getSeriesPage } from '../src/modules/catalog/titles.service';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { adultViewers, insertBook, insertTitle } from './support/catalog-factories';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22, 3);

let t: TestApp;
let cookies: Awaited<ReturnType<typeof adultViewers>>;
let r18TitleId = 0;
let totalTitles = 0;
let longTitle = 0;
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(NOW) });
  await ensureDemoCatalog(t.database, { dataDir: t.database.dataDir, log: () => {}, images: 'none', now: new Date(NOW) });
  const { db } = t.database;
  // 65 volumes: three pages of 30; vol 1–2 free until NOW+5d, vol 3 free with no end, vol 10 and 11 on sale.
  longTitle = await insertTitle(db, { name: '長い物語', notes: '全65巻', updated_at: Date.UTC(2026, 9, 31, 16) });
  for (let vol = 65; vol >= 1; vol--) {
    await insertBook(db, longTitle, vol, {
      free_flg: vol <= 3 ? 1 : 0,
      free_end_datetime: vol <= 2 ? NOW + 5 * DAY : null,
      sale_price: vol === 10 || vol === 11 ? 300 : null,
      sale_end_datetime: vol === 10 ? NOW + 4 * DAY : vol === 11 ? NOW + 2 * DAY : null,
    });
  }
  const r18 = await db.selectFrom('titles').select('id').where('erotic_type', '=', 4).executeTakeFirstOrThrow();
  r18TitleId = r18.id;
  totalTitles = Number(
    (
      await db
        .selectFrom('titles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('erotic_type', 'in', [0, 1])
        .executeTakeFirstOrThrow()
    ).n,
  );
  cookies = await adultViewers(t.app);
});
afterAll(async () => {
  await t?.close();
});

const expectBadRequest = async (url: string, field: string) => {
  const response = await get(url);
  expect(response.statusCode, url).toBe(400);
  expect(response.json().errorCode).toBe('BAD_REQUEST');
  expect(response.json().messages.join(' '), url).toContain(`${field}:`);
};

describe('GET /titles/{title_id} (§3 Title)', () => {
  it('answers the title with its first and last volumes', async () => {
    const title = (await get(`/api/titles/${longTitle}`)).json();
    expect(title).toMatchObject({
      id: longTitle,
      name: '長い物語',
      maxVol: 65,
      completeFlg: false,
      eroticType: 0,
      mangaLevel: 0,
      pageType: 'male',
    });
    const [first, last] = await Promise.all([get(`/api/books/${title.minVolBookId}`), get(`/api/books/${title.maxVolBookId}`)]);
    expect(first.json().vol).toBe(1);
    expect(last.json().vol).toBe(65);
  });
  it('a demo title carries its authors’ publisher, magazine and genre', async () => {
    const title = (await get('/api/titles/1')).json();
    expect(title.id).toBe(1);
    expect(title.imageUrl).toMatch(/^\/media\/covers\//);
    expect(title.categories.length).toBeLessThanOrEqual(1);
  });
  it('unknown is 404, bad id 400, R18 only for a confirmed adult with ac=1', async () => {
    expect((await get('/api/titles/999999')).statusCode).toBe(404);
    await expectBadRequest('/api/titles/x1', 'title_id');
    await expectBadRequest('/api/titles/1?ac=yes', 'ac');
    const url = `/api/titles/${r18TitleId}?ac=1`;
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, cookies.under18)).statusCode).toBe(404);
    expect((await get(url, cookies.unconfirmed)).statusCode).toBe(404);
    expect((await get(`/api/titles/${r18TitleId}`, cookies.adult)).statusCode).toBe(404);
    expect((await get(url, cookies.adult)).json().eroticType).toBe(4);
  });
});

describe('GET /titles', () => {
  it('lists the asked titles in order, R18 hidden unless allowed', async () => {
    const list = (await get(`/api/titles?title_id=2,${r18TitleId},1,999999`)).json();
    expect(list.titles.map((x: { id: number }) => x.id)).toEqual([2, 1]);
    const adult = (await get(`/api/titles?ac=1&title_id=2,${r18TitleId}`, cookies.adult)).json();
    expect(adult.titles.map((x: { id: number }) => x.id)).toEqual([2, r18TitleId]);
    await expectBadRequest('/api/titles', 'title_id');
    await expectBadRequest('/api/titles?title_id=1;2', 'title_id');
  });
});

describe('GET /title_infos/{title_id}', () => {
  it('adds description, authors, volume count and free volumes', async () => {
    const info = (await get(`/api/title_infos/${longTitle}`)).json();
    expect(info).toMatchObject({ id: longTitle, description: expect.any(String), totalVolumes: 65, freeBookVols: [1, 2, 3] });
    const demo = (await get('/api/title_infos/1')).json();
    expect(demo.authors.length).toBeGreaterThan(0);
    expect(demo.authors[0]).toEqual({
      authorId: expect.any(Number),
      name: expect.any(String),
      kana: expect.any(String),
      type: expect.any(String),
    });
    expect((await get('/api/title_infos/999999')).statusCode).toBe(404);
    expect((await get(`/api/title_infos/${r18TitleId}?ac=1`, cookies.under18)).statusCode).toBe(404);
    await expectBadRequest('/api/title_infos/-1', 'title_id');
  });
});

describe('GET /titles/notes/{title_id} (§3 Title notes)', () => {
  it('gives the notes and their update date in Asia/Tokyo', async () => {
    expect((await get(`/api/titles/notes/${longTitle}`)).json()).toEqual({
      titleId: longTitle,
      lastUpdateDate: '2026年11月1日',
      titleNotes: '全65巻',
    });
    expect((await get('/api/titles/notes/999999')).statusCode).toBe(404);
    expect((await get(`/api/titles/notes/${r18TitleId}`)).statusCode).toBe(404);
    await expectBadRequest('/api/titles/notes/abc', 'title_id');
  });
});

describe('GET /title/list', () => {
  it('returns the listed titles with title_id', async () => {
    const list = (await get('/api/title/list?title_id=3,1')).json();
    expect(list.titles.map((x: { id: number }) => x.id)).toEqual([3, 1]);
  });
  it('pages through the whole catalog without title_id, R18 excluded for a guest', async () => {
    const seen: number[] = [];
    for (let offset = 0; ; offset += 7) {
      const page = (await get(`/api/title/list?offset=${offset}&limit=7`)).json();
      expect(page.totalCount).toBe(totalTitles);
      seen.push(...page.titles.map((x: { id: number }) => x.id));
      if (page.titles.length < 7) break;
    }
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(totalTitles);
    expect(seen).not.toContain(r18TitleId);
  });
  it('includes R18 only for a confirmed adult with ac=1', async () => {
    const ids = async (q: string, cookie?: string) =>
      (await get(`/api/title/list?limit=100${q}`, cookie)).json().titles.map((x: { id: number }) => x.id);
    expect(await ids('&ac=1', cookies.adult)).toContain(r18TitleId);
    expect(await ids('', cookies.adult)).not.toContain(r18TitleId);
    expect(await ids('&ac=1', cookies.under18)).not.toContain(r18TitleId);
    expect(await ids('&ac=1')).not.toContain(r18TitleId);
  });
  it('refuses limit over 100, a negative offset and bad ids', async () => {
    await expectBadRequest('/api/title/list?limit=101', 'limit');
    await expectBadRequest('/api/title/list?offset=-1', 'offset');
    await expectBadRequest('/api/title/list?title_id=a', 'title_id');
  });
});

describe('getSeriesPage (the series page service)', () => {
  const page = (volumePage: number, includeAdult = false, titleId = longTitle) =>
    getSeriesPage(t.database.db, { titleId, volumePage, includeAdult, userId: null, now: NOW });

  it('shows 30 volumes a page, ascending (§9)', async () => {
    const first = await page(1);
    expect(first).not.toBeNull();
    expect(first!.volumes.map((v) => v.vol)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(first).toMatchObject({ totalVolumes: 65, volumePage: 1, volumePageCount: 3, adultGate: false });
    expect((await page(3))!.volumes.map((v) => v.vol)).toEqual([61, 62, 63, 64, 65]);
    expect((await page(99))!.volumePage).toBe(3);
  });
  it('lists free volumes and the sale and free period ends (0 = no end)', async () => {
    const series = (await page(1))!;
    expect(series.freeVolumes.count).toBe(3);
    expect(series.freeVolumes.books.map((b) => b.vol)).toEqual([1, 2, 3]);
    expect(series.seriesInfo).toMatchObject({ titleId: longTitle, freeBooks: 3, freeBookVols: [1, 2, 3], review: { reviewPointAve: 0 } });
    expect(series.salePeriod).toEqual({ endDatetime: NOW + 2 * DAY });
    expect(series.freePeriod).toEqual({ endDatetime: NOW + 5 * DAY });
    expect(series.firstBookId).toBe(series.volumes[0]!.bookId);
    expect(series.volumes[9]).toMatchObject({ vol: 10, price: 300, beforePrice: 550 });
  });
  it('a demo title has its authors and description', async () => {
    const series = (await page(1, false, 1))!;
    expect(series.authors.length).toBeGreaterThan(0);
    expect(series.description.length).toBeGreaterThan(0);
    expect(series.freePeriod === null || series.freePeriod.endDatetime >= 0).toBe(true);
  });
  it('is null for an unknown title', async () => {
    expect(await page(1, false, 999999)).toBeNull();
  });
  it('gates an R18 title without the adult check: no volumes, no cover', async () => {
    const gated = (await page(1, false, r18TitleId))!;
    expect(gated).toMatchObject({ adultGate: true, volumes: [], authors: [], description: '', totalVolumes: 0, firstBookId: null });
    expect(gated.title.imageUrl).toBeNull();
    const open = (await page(1, true, r18TitleId))!;
    expect(open.adultGate).toBe(false);
    expect(open.volumes.length).toBeGreaterThan(0);
  });
});
