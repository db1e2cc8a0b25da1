import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaConfigFromEnv } from '../src/media/media-config';
import { FileMediaStore, type MediaStore } from '../src/media/media-store';
import { buildTestApp } from './support/build-test-app';
import { type LocalS3, startLocalS3 } from './support/s3-server';

let s3: LocalS3;
let folder: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  folder = mkdtempSync(path.join(tmpdir(), 'hondana-media-'));
});
afterAll(async () => {
  await s3?.close();
  rmSync(folder, { recursive: true, force: true });
});

const ORIGINAL = `originals/${'ab'.repeat(32)}.png`;

const stores: [string, () => MediaStore][] = [
  ['local folder', () => new FileMediaStore(path.join(folder, 'media'))],
  ['S3 (local s3rver)', () => s3.store()],
];

describe.each(stores)('MediaStore on %s', (_, make) => {
  it('puts, gets, streams, lists and deletes originals and derivatives by key', async () => {
    const store = make();
    expect(await store.get('pages/7/0/720.webp')).toBeNull();
    expect(await store.stream('pages/7/0/720.webp')).toBeNull();
    expect(await store.exists('pages/7/0/720.webp')).toBe(false);

    await store.put('pages/7/0/720.webp', Buffer.from('page zero'));
    await store.put('pages/7/1/720.webp', Buffer.from('page one'));
    await store.put('covers/7/128.jpg', Buffer.from('cover'));
    await store.put(ORIGINAL, Buffer.from('original bytes'));

    expect((await store.get('pages/7/0/720.webp'))?.toString()).toBe('page zero');
    expect(await store.exists(ORIGINAL)).toBe(true);
    expect(await text((await store.stream(ORIGINAL))!)).toBe('original bytes');
    expect(await store.list('pages/7/')).toEqual(['pages/7/0/720.webp', 'pages/7/1/720.webp']);

    await store.put('pages/7/0/720.webp', Buffer.from('page zero, redrawn'));
    expect((await store.get('pages/7/0/720.webp'))?.toString()).toBe('page zero, redrawn');

    await store.deletePrefix('pages/7/');
    expect(await store.list('pages/7/')).toEqual([]);
    expect(await store.exists('covers/7/128.jpg')).toBe(true);
    await store.delete('covers/7/128.jpg');
    expect(await store.exists('covers/7/128.jpg')).toBe(false);
    await store.delete('covers/7/128.jpg'); // deleting what is gone is not an error
    await store.clear();
    expect(await store.list()).toEqual([]);
  });

  it('refuses keys that could leave the store', async () => {
    const store = make();
    for (const key of ['../secrets.json', 'pages/1/../../x.webp', 'originals/abc.png', '/etc/passwd', 'pages/1/0/720.svg'])
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/invalid media key/);
    await expect(store.deletePrefix('../')).rejects.toThrow(/invalid media key prefix/);
  });

  it('passes its readiness check', async () => {
    await expect(make().check()).resolves.toBeUndefined();
  });

  it('drops a prefix while files are written into it (a re-import while derivatives are made): neither fails', async () => {
    const store = make();
    const writes = (round: number) =>
      Array.from({ length: 24 }, (_, i) => store.put(`covers/9/${i}/${round}.webp`, Buffer.from(`cover ${round} ${i}`)));
    for (let round = 0; round < 8; round++) {
      await Promise.all([...writes(round), store.deletePrefix('covers/9/'), ...writes(round + 100), store.deletePrefix('covers/9/')]);
    }
    await store.put('covers/9/0/999.webp', Buffer.from('last'));
    expect((await store.get('covers/9/0/999.webp'))?.toString()).toBe('last');
    await store.deletePrefix('covers/9/');
    expect(await store.list('covers/9/')).toEqual([]);
  });
});

describe('media store settings', () => {
  it('reads MEDIA_S3_BUCKET and MEDIA_S3_ENDPOINT, and refuses an endpoint without a bucket', () => {
    expect(mediaConfigFromEnv({})).toEqual({});
    expect(mediaConfigFromEnv({ MEDIA_S3_BUCKET: 'b', MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual({
      s3: { bucket: 'b', endpoint: 'http://127.0.0.1:9000' },
    });
    expect(() => mediaConfigFromEnv({ MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/MEDIA_S3_BUCKET/);
    expect(() => mediaConfigFromEnv({ MEDIA_S3_BUCKET: 'b', MEDIA_S3_ENDPOINT: 'minio:9000' })).toThrow(/http/);
  });

  it('/readyz reports the S3 store, and not ready when its bucket is missing', async () => {
    const good = await buildTestApp({ mediaStore: s3.store() });
    const bad = await buildTestApp({ mediaStore: s3.store('no-such-bucket') });
    try {
      const ok = await good.app.inject({ url: '/readyz' });
      expect(ok.statusCode).toBe(200);
      const down = await bad.app.inject({ url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(JSON.stringify(down.json())).toMatch(/bucket no-such-bucket not reachable/);
    } finally {
      await good.close();
      await bad.close();
    }
  });
});
