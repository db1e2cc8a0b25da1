import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { testClock } from './support/subscription-factories';

/**
 * Issue 34 item 15: the console's 現在の価格 is the price a member pays now, by the store's own
 * rule (`priceInEffect` at the server's clock), with why: a sale or a free period and its end.
 */
const START = new TZDate(2027, 0, 10, 12, 0, 0, 'Asia/Tokyo').getTime();
const at = (day: number, hour = 0) => new TZDate(2027, 0, day, hour, 0, 0, 'Asia/Tokyo').getTime();
const clock = testClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());
const db = () => t.database.db;

describe('the price in effect in the console', () => {
  it('says the list price, a sale until its end, or free until its end, and follows the clock', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const titleId = await insertTitle(db());
    const sale = { sale_price: 385, sale_start_datetime: at(1), sale_end_datetime: at(16) };
    const list = await insertBook(db(), titleId, 1, { price: 550 });
    const onSale = await insertBook(db(), titleId, 2, { price: 550, ...sale });
    const saleLater = await insertBook(db(), titleId, 3, {
      price: 550,
      sale_price: 385,
      sale_start_datetime: at(20),
      sale_end_datetime: at(25),
    });
    const freeNow = await insertBook(db(), titleId, 4, {
      price: 550,
      free_flg: 1,
      free_start_datetime: at(5),
      free_end_datetime: at(12, 7),
    });
    const freeAlways = await insertBook(db(), titleId, 5, { price: 0, free_flg: 1 });
    const priceNow = async (staff = op) => {
      const books = (await staff.get(`/titles/${titleId}`)).json().books as { id: number; priceNow: unknown }[];
      return Object.fromEntries(books.map((b) => [b.id, b.priceNow]));
    };

    expect(await priceNow()).toEqual({
      [list]: { price: 550, reason: 'list', until: null },
      [onSale]: { price: 385, reason: 'sale', until: '2027-01-16T00:00' },
      [saleLater]: { price: 550, reason: 'list', until: null },
      [freeNow]: { price: 0, reason: 'free', until: '2027-01-12T07:00' },
      [freeAlways]: { price: 0, reason: 'free', until: null },
    });

    // At the sale's end the list price is back; the later sale has started (a console session
    // idle for 12 hours has ended meanwhile: another operator looks).
    clock.set(at(20));
    expect(await priceNow(await staffMember(t.app, db(), 'operator'))).toMatchObject({
      [onSale]: { price: 550, reason: 'list' },
      [saleLater]: { price: 385, reason: 'sale', until: '2027-01-25T00:00' },
      [freeNow]: { price: 550, reason: 'list' },
    });
    clock.set(START);

    // A save answers with the price in effect too (a sale set now is in effect at once).
    const book = (await op.get(`/titles/${titleId}`)).json().books.find((b: { id: number }) => b.id === list);
    const saved = await op.change('PUT', `/books/${list}`, {
      version: book.version,
      sale: { price: 440, start: '2027-01-10T00:00', end: '2027-01-31T00:00' },
    });
    expect(saved.json().priceNow).toEqual({ price: 440, reason: 'sale', until: '2027-01-31T00:00' });
  });
});
