import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../src/demo/demo-catalog';
import { searchByAuthor, searchKeyword } from '../src/modules/catalog/search.service';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { createTitle, member } from './support/discovery-factories';

type Result = { totalCount: number; titles: { id: number; name: string; authors: { name: string; kana: string }[] }[] };

describe('keyword search on the demo catalog', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await ensureDemoCatalog(t.database, { dataDir: t.database.dataDir, log: () => {}, images: 'none' });
  });
  afterAll(async () => t.close());

  it('「しんかい」 finds the titles of the author whose kana is シンカイ', async () => {
    const res = await t.app.inject({ url: `/api/lottery/search/title?word=${encodeURIComponent('しんかい')}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Result;
    expect(body.totalCount).toBeGreaterThan(0);
    expect(body.titles.some((x) => x.authors.some((a) => a.kana.startsWith('シンカイ')))).toBe(true);
    const viaKatakana = await searchKeyword(t.database.db, { word: 'シンカイ', offset: 0, limit: 50, includeAdult: false });
    const viaHalfWidth = await searchKeyword(t.database.db, { word: 'ｼﾝｶｲ', offset: 0, limit: 50, includeAdult: false });
    expect(viaKatakana.titles.map((x) => x.id)).toEqual(body.titles.map((x) => x.id));
    expect(viaHalfWidth.titles.map((x) => x.id)).toEqual(body.titles.map((x) => x.id));
  });

  it('lists an author and their titles (/search/author/{authorId}/{page})', async () => {
    const found = await searchKeyword(t.database.db, { word: 'しんかい はると', offset: 0, limit: 50, includeAdult: false });
    const author = found.titles[0]!.authors!.find((a) => a.kana.startsWith('シンカイ')) as { authorId: number } | undefined;
    expect(author).toBeDefined();
    const page = await searchByAuthor(t.database.db, { authorId: author!.authorId, page: 1, includeAdult: false });
    expect(page.author?.kana).toBe('シンカイ ハルト');
    expect(page.totalCount).toBeGreaterThan(0);
    const res = await t.app.inject({ url: `/api/search/author/${author!.authorId}/1` });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { titles: unknown[] }).titles).toHaveLength(page.titles.length);
    expect((await t.app.inject({ url: '/api/search/author/99999/1' })).statusCode).toBe(404);
  });

  it.each([
    ['/api/lottery/search/title', 'word'],
    ['/api/lottery/search/title?word=', 'word'],
    ['/api/lottery/search/title?word=%20%20', 'word'],
    [`/api/lottery/search/title?word=${'あ'.repeat(101)}`, 'word'],
    ['/api/lottery/search/title?word=a&limit=101', 'limit'],
    ['/api/lottery/search/title?word=a&offset=-1', 'offset'],
    ['/api/lottery/search/title?word=a&ac=9', 'ac'],
    ['/api/search/author/abc/1', 'author_id'],
    ['/api/search/author/1/0', 'page'],
  ])('%s → 400 naming %s', async (url, field) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { messages: string[] }).messages.join(' ')).toContain(field);
  });
});

describe('search folding (factories)', () => {
  let t: TestApp;
  const ids: Record<'latin' | 'hira' | 'kata' | 'r18' | 'pct', number> = { latin: 0, hira: 0, kata: 0, r18: 0, pct: 0 };
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    ids.latin = (await createTitle(db, { name: 'ＭＡＮＧＡ Ｓｔｏｒｙ', kana: 'マンガストーリー' })).titleId;
    ids.hira = (await createTitle(db, { name: 'ひだまり荘', kana: 'ヒダマリソウ' })).titleId;
    ids.kata = (
      await createTitle(db, { name: 'ヨアケの図書館', kana: 'ヨアケノトショカン', authors: [{ name: '朝霧 みお', kana: 'アサギリ ミオ' }] })
    ).titleId;
    ids.r18 = (await createTitle(db, { name: '夜の図書館', kana: 'ヨルノトショカン', erotic_type: 4 })).titleId;
    ids.pct = (await createTitle(db, { name: '100%の恋', kana: 'ヒャクパーセントノコイ' })).titleId;
  });
  afterAll(async () => t.close());

  const search = async (word: string, cookie?: string, ac = 0) => {
    const res = await t.app.inject({
      url: `/api/lottery/search/title?ac=${ac}&word=${encodeURIComponent(word)}`,
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Result).titles.map((x) => x.id).sort((a, b) => a - b);
  };

  it('folds full-width and half-width latin and letter case', async () => {
    expect(await search('manga')).toEqual([ids.latin]);
    expect(await search('MANGA story')).toEqual([ids.latin]);
    expect(await search('ｍａｎｇａ')).toEqual([ids.latin]);
  });
  it('folds hiragana and katakana both ways, and half-width katakana', async () => {
    expect(await search('ヒダマリ')).toEqual([ids.hira]);
    expect(await search('よあけ')).toEqual([ids.kata]);
    expect(await search('ﾖｱｹ')).toEqual([ids.kata]);
  });
  it('matches author names and readings; every word must match', async () => {
    expect(await search('あさぎり')).toEqual([ids.kata]);
    expect(await search('朝霧みお')).toEqual([ids.kata]);
    expect(await search('あさぎり ひだまり')).toEqual([]);
    expect(await search('図書館')).toEqual([ids.kata]);
  });
  it('treats % and _ as text', async () => {
    expect(await search('%')).toEqual([ids.pct]);
    expect(await search('_')).toEqual([]);
  });
  it('finds R18 titles only for an age-checked member asking with ac=1', async () => {
    const adult = await member(t.app, { adult: true });
    expect(await search('図書館', undefined, 1)).toEqual([ids.kata]);
    expect(await search('図書館', adult.cookie, 0)).toEqual([ids.kata]);
    expect(await search('図書館', adult.cookie, 1)).toEqual([ids.kata, ids.r18].sort((a, b) => a - b));
  });
  it('pages with offset and limit, counting all matches', async () => {
    const res = await t.app.inject({ url: `/api/lottery/search/title?word=${encodeURIComponent('の')}&limit=1&offset=1` });
    const body = res.json() as Result;
    expect(body.totalCount).toBe(2);
    expect(body.titles).toHaveLength(1);
  });
});
