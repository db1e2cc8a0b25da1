import { expect, it } from 'vitest';
import { GuestPageCache } from '../src/web/guest-page-cache';

const page = (bytes: number) => ({
  status: 200,
  headers: [['content-type', 'text/html']] as [string, string][],
  body: Buffer.alloc(bytes),
});

it('serves a kept page until its time is up, then renders again', () => {
  const cache = new GuestPageCache(5_000);
  cache.set('/a', page(10), cache.start(1_000));
  expect(cache.get('/a', 5_999)?.body.length).toBe(10);
  expect(cache.get('/a', 6_000)).toBeUndefined();
  expect(cache.size).toBe(0);
});

it('forgets the least recently used pages past its byte budget', () => {
  const cache = new GuestPageCache(5_000, 1_600);
  cache.set('/a', page(100), cache.start(0));
  cache.set('/b', page(100), cache.start(0));
  cache.get('/a', 1);
  for (let i = 0; i < 15; i++) cache.set(`/x${i}`, page(100), cache.start(2));
  expect(cache.get('/a', 3)).toBeDefined();
  expect(cache.get('/b', 3)).toBeUndefined();
});

it('keeps nothing when turned off or for a page too large to be worth it', () => {
  const off = new GuestPageCache(0);
  off.set('/a', page(10), off.start(0));
  expect(off.get('/a', 1)).toBeUndefined();
  const small = new GuestPageCache(5_000, 1_600);
  small.set('/big', page(200), small.start(0));
  expect(small.get('/big', 1)).toBeUndefined();
});

it('a change clears every kept page and refuses pages rendered from the state before it, even within its millisecond', () => {
  const cache = new GuestPageCache(5_000);
  cache.set('/a', page(10), cache.start(1_000));
  const before = cache.start(1_500); // a render began before the change
  cache.clear();
  expect(cache.get('/a', 1_600)).toBeUndefined();
  cache.set('/b', page(10), before);
  expect(cache.get('/b', 1_600)).toBeUndefined();
  cache.set('/b', page(10), cache.start(1_500)); // began after the change, in the same millisecond
  expect(cache.get('/b', 1_600)?.body.length).toBe(10);
});
