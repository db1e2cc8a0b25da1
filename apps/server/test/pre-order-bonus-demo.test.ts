import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog, resetDemoCatalog } from '../src/demo/demo-catalog';
import { type TestApp, buildTestApp } from './support/build-test-app';

const NOW = new Date('2026-11-22T03:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => NOW });
  await ensureDemoCatalog(t.database, { dataDir: t.database.dataDir, images: 'none', now: NOW });
});
afterAll(() => t.close());

describe('the demo catalog has pre-order bonuses', () => {
  it('every title with a coming volume gives 予約特典 50 points; the soonest volume also 10 % back', async () => {
    const list = (await t.app.inject({ url: '/api/pre_order/bonus' })).json();
    expect(list.totalCount).toBeGreaterThan(0);
    const soonest = list.list[0].bookId as number;
    const byBook = (await t.app.inject({ url: `/api/pre_order/bonus/by_book?book_id=${soonest}` })).json();
    expect(byBook.list.map((b: { name: string }) => b.name).sort()).toEqual(['予約特典 50ポイント', '発売記念 予約で10%ポイント還元']);
    expect(byBook.totalPoint).toBe(50 + Math.floor(byBook.price / 10));
    expect(byBook.releaseDatetime).toBeGreaterThan(NOW.getTime());
  });

  it('a reset deletes and makes them again', async () => {
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('pre_order_bonuses')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await resetDemoCatalog(t.database, { dataDir: t.database.dataDir, images: 'none', now: NOW });
    expect(await count()).toBe(before);
  });
});
