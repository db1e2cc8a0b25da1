import { EroticType, LayoutType } from '@hondana/domain/catalog/catalog';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../src/demo/demo-catalog';
import { type PageGrant, signEpisodeQuery, signPageQuery } from '../src/media/signed-urls';
import { topPageBooks } from '../src/modules/catalog/catalog.service';
import { type TestApp, buildTestApp } from './support/build-test-app';

const NOW = new Date('2026-11-22T03:00:00Z');

let t: TestApp;
let sampleTotal: number;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => NOW });
  await ensureDemoCatalog(t.database, { dataDir: t.database.dataDir, images: 'none', now: NOW });
  const book = await t.database.db.selectFrom('books').select('sample_page_total').where('id', '=', 1).executeTakeFirstOrThrow();
  sampleTotal = book.sample_page_total;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /media/covers/{bookId}/{width}.{format}', () => {
  it('draws a missing cover on first request and serves WebP with a long cache', async () => {
    const response = await get('/media/covers/1/128.webp');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 128]);
  });

  it('marks a versioned URL immutable and serves the JPEG fallback', async () => {
    const response = await get('/media/covers/1/106.jpg?v=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a width outside §9 with 400 naming the width', async () => {
    const response = await get('/media/covers/1/333.webp');
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('BAD_REQUEST');
    expect(response.json().messages[0]).toMatch(/^width: must be one of 10, 20, /);
  });

  it('answers another format or a non-integer id with 400', async () => {
    expect((await get('/media/covers/1/128.png')).json()).toEqual({
      errorCode: 'BAD_REQUEST',
      messages: ['format: must be one of webp, jpg'],
    });
    expect((await get('/media/covers/abc/128.webp')).json()).toEqual({
      errorCode: 'BAD_REQUEST',
      messages: ['bookId: must be a positive integer'],
    });
    expect((await get('/media/covers/..%2F..%2Fsecrets/128.webp')).statusCode).toBe(400);
  });

  it('answers an unknown book with 404', async () => {
    const response = await get('/media/covers/99999/128.webp');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorCode: 'NOT_FOUND' });
  });
});

describe('GET /media/pages/{bookId}/{page}/{width}.{format}', () => {
  const signed = (page: number, grant: PageGrant = { kind: 'sample' }, bookId = 1) =>
    signPageQuery('test-media-key', bookId, page, grant, NOW.getTime() + 60_000);

  it('serves a sample page to anyone through a signed URL', async () => {
    const response = await get(`/media/pages/1/0/720.webp?${signed(0)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect((await sharp(response.rawPayload).metadata()).width).toBe(720);
    expect((await get(`/media/pages/1/${sampleTotal - 1}/1080.jpg?${signed(sampleTotal - 1)}`)).statusCode).toBe(200);
  });

  it('answers an unsigned page, or a page beyond the sample, with 403 FORBIDDEN', async () => {
    expect((await get('/media/pages/1/0/720.webp')).json()).toEqual({ errorCode: 'FORBIDDEN' });
    const response = await get(`/media/pages/1/${sampleTotal}/720.webp?${signed(sampleTotal)}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errorCode: 'FORBIDDEN' });
  });

  it('answers a page past the end with 404 and a bad page number with 400', async () => {
    expect((await get(`/media/pages/1/999/720.webp?${signed(999)}`)).statusCode).toBe(404);
    expect((await get('/media/pages/1/-1/720.webp')).statusCode).toBe(400);
    expect((await get('/media/pages/1/0/128.webp')).json().messages[0]).toBe('width: must be one of 720, 1080');
  });

  it('answers a reflow book, which has no page images, with 404', async () => {
    const reflow = await t.database.db
      .selectFrom('books')
      .select('id')
      .where('layout_type', '=', LayoutType.REFLOW)
      .executeTakeFirstOrThrow();
    expect((await get(`/media/pages/${reflow.id}/0/720.webp?${signed(0, { kind: 'sample' }, reflow.id)}`)).statusCode).toBe(404);
  });
});

describe('serial media', () => {
  it('serves serial images, and episode pages only through signed URLs that still hold', async () => {
    expect((await get('/media/serials/1/335.webp')).statusCode).toBe(200);
    const episodes = await t.database.db
      .selectFrom('serial_episodes')
      .select(['id', 'free_flg'])
      .where('serial_id', '=', 1)
      .orderBy('order_sequence')
      .execute();
    const free = episodes.find((e) => e.free_flg === 1)!;
    const paid = episodes.find((e) => e.free_flg === 0)!;
    const sign = (id: number) => signEpisodeQuery('test-media-key', id, 0, { kind: 'free' }, NOW.getTime() + 60_000);
    expect((await get(`/media/episodes/${free.id}/0/720.webp`)).statusCode).toBe(403);
    expect((await get(`/media/episodes/${free.id}/0/720.webp?${sign(free.id)}`)).statusCode).toBe(200);
    expect((await get(`/media/episodes/${paid.id}/0/720.webp?${sign(paid.id)}`)).statusCode).toBe(403);
  });
});

describe('catalog reads', () => {
  it('lists the newest released books first and hides R18 unless the viewer is adult', async () => {
    const { db } = t.database;
    const all = await topPageBooks(db, { limit: 100, includeAdult: true, now: NOW });
    const safe = await topPageBooks(db, { limit: 100, includeAdult: false, now: NOW });
    expect(all.some((b) => b.eroticType === EroticType.R18)).toBe(true);
    expect(safe.some((b) => b.eroticType === EroticType.R18)).toBe(false);
    for (let i = 1; i < safe.length; i++) expect(safe[i]!.startDatetime).toBeLessThanOrEqual(safe[i - 1]!.startDatetime);
    expect(safe.every((b) => b.startDatetime <= NOW.getTime())).toBe(true);
    expect(safe[0]!.imageUrl).toBe(`/media/covers/${safe[0]!.bookId}/128.webp?v=1`);
    const free = safe.find((b) => b.free);
    expect(free?.price).toBe(0);
    expect((await topPageBooks(db, { limit: 5, includeAdult: false, now: NOW })).length).toBe(5);
  });

  it('pages titles through GET /api/title/list', async () => {
    const response = await get('/api/title/list?offset=0&limit=10');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.titles).toHaveLength(10);
    expect(body.totalCount).toBeGreaterThanOrEqual(23);
    expect(body.titles[0]).toMatchObject({ id: 1, name: '夜明けの図書館', minVolBookId: 1 });
    expect((await get('/api/title/list?limit=101')).statusCode).toBe(400);
  });
});
