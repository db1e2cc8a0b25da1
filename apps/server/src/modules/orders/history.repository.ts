import type { Db } from '../../db/schema';

/** The books of some orders with what each cost, for the history's item lines. */
export function orderItemRows(db: Db, orderIds: number[]) {
  return db
    .selectFrom('order_items')
    .innerJoin('books', 'books.id', 'order_items.book_id')
    .select([
      'order_items.order_id',
      'order_items.book_id',
      'order_items.price',
      'books.contents_name',
      'books.vol',
      'books.title_id',
      'books.media_version',
    ])
    .where('order_items.order_id', 'in', orderIds)
    .orderBy('order_items.book_id')
    .execute();
}

/** The member's newest `take` orders and how many they have in all. */
export async function latestOrders(db: Db, userId: number, take: number) {
  const [rows, count] = await Promise.all([
    db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(take).execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(count.n) };
}

/** One book order of the member. */
export function memberBookOrder(db: Db, userId: number, orderId: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'BOOK')
    .executeTakeFirst();
}

/** Which of some books are in the member's active cart (`/user_books/me/by_book` marks them). */
export async function booksInActiveCart(db: Db, userId: number, bookIds: readonly number[]): Promise<Set<number>> {
  if (bookIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('cart_items')
    .select('book_id')
    .where('user_id', '=', userId)
    .where('state', '=', 'ACTIVE')
    .where('book_id', 'in', [...bookIds])
    .execute();
  return new Set(rows.map((r) => r.book_id));
}
