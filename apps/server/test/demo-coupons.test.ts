import { CouponType } from '@hondana/domain/cart/coupons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog, resetDemoCatalog } from '../src/demo/demo-catalog';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { cartClient } from './support/cart-factories';
import { member } from './support/wallet-factories';

const NOW = new Date('2026-11-22T03:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => NOW });
  await ensureDemoCatalog(t.database, { dataDir: t.database.dataDir, images: 'none', now: NOW });
});
afterAll(() => t.close());

describe('the demo catalog has coupons a newcomer can try', () => {
  it('a new member holds one coupon of each type once they open the cart, and the picker offers them, best first', async () => {
    const m = await member(t.app);
    const cart = cartClient(t.app, m.cookie);
    const list = (await cart.coupons()).json() as { list: { couponType: number; status: string }[] };
    expect(list.list.map((c) => c.couponType).sort()).toEqual(Object.values(CouponType).sort());
    expect(list.list.every((c) => c.status === 'UNUSED')).toBe(true);

    // Three volumes of two titles on sale: every coupon type applies.
    const books = await t.database.db
      .selectFrom('books')
      .innerJoin('titles', 'titles.id', 'books.title_id')
      .select(['books.id', 'books.title_id'])
      .where('books.price', '>', 200)
      .where('books.start_datetime', '<=', NOW.getTime())
      .where('titles.erotic_type', 'in', [0, 1])
      .orderBy('books.id')
      .execute();
    const [first] = books;
    const other = books.find((b) => b.title_id !== first!.title_id)!;
    const third = books.find((b) => b.id !== first!.id && b.id !== other.id)!;
    for (const b of [first!, other, third]) await cart.add(b.id);
    const view = (await cart.view()).json() as { applicableCoupons: { id: number; discount: number }[]; suggestedCoupon: { id: number } };
    expect(view.applicableCoupons.length).toBe(4);
    expect(view.applicableCoupons[0]!.id).toBe(view.suggestedCoupon.id);
  });

  it('the guest banner offers the 30%OFF coupon, and a reset makes the coupons again', async () => {
    const shown = (await t.app.inject({ url: '/api/guest/coupon' })).json();
    expect(shown.coupon).toMatchObject({ rate: 30, label: '30%OFFクーポン適用価格' });
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('coupons')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // The four coupons of the cart, and the lottery's coupon prize: the same ones after a reset.
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(Object.values(CouponType).length);
    await resetDemoCatalog(t.database, { dataDir: t.database.dataDir, images: 'none', now: NOW });
    expect(await count()).toBe(before);
  });
});
