import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../src/demo/demo-catalog';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { cartClient } from './support/cart-factories';
import { grantTo, member } from './support/wallet-factories';

const NOW = new Date('2026-11-22T03:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => NOW });
  await ensureDemoCatalog(t.database, { dataDir: t.database.dataDir, images: 'none', now: NOW });
});
afterAll(() => t.close());

describe('the demo catalog has bundles', () => {
  it('volumes 1–3 of a few titles sold together below their list price; the volume detail names the bundle', async () => {
    const bundles = await t.database.db.selectFrom('bundles').select('id').orderBy('id').execute();
    expect(bundles.length).toBeGreaterThanOrEqual(3);
    const info = (await t.app.inject({ url: `/api/bundles/${bundles[0]!.id}` })).json();
    expect(info.onSale).toBe(true);
    expect(info.bookIds).toHaveLength(3);
    expect(info.bundleSalePrice).toBeLessThan(info.bundleTotalPrice);

    const detail = (await t.app.inject({ url: `/api/books/${info.bookIds[1]}` })).json();
    expect(detail).toMatchObject({
      bundleId: info.bundleId,
      bundleTotalPrice: info.bundleTotalPrice,
      bundleSalePrice: info.bundleSalePrice,
    });
    const m = await member(t.app);
    const memberDetail = (await t.app.inject({ url: `/api/books/${info.bookIds[0]}`, headers: { cookie: m.cookie } })).json();
    expect(memberDetail.bundleId).toBe(info.bundleId);
    const outside = await t.database.db
      .selectFrom('books')
      .select('id')
      .where('id', 'not in', info.bookIds)
      .where('vol', '>', 3)
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await t.app.inject({ url: `/api/books/${outside.id}` })).json().bundleId).toBe(null);

    // Bought through the cart at the bundle price.
    await grantTo(t.database.db, m.userId, 'MANGA_COIN', 10_000, { now: NOW.getTime() });
    const c = cartClient(t.app, m.cookie);
    expect((await c.send('POST', '/cart/bundle', { bundle_id: info.bundleId })).statusCode).toBe(200);
    const view = (await c.view()).json();
    expect(view.salePrice).toBe(info.bundleSalePrice);
    const r = await c.order(await c.token(), {
      usePoint: 0,
      salePrice: info.bundleSalePrice,
      bookIds: info.bookIds,
      paymentType: 'MANGA_COIN',
    });
    expect(r.json().results).toMatchObject({ payPrice: info.bundleSalePrice });
  });
});
