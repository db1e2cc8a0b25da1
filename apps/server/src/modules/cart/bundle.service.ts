import { isBuyableNow, salesStatusAt } from '@hondana/domain/catalog/books';
import { type BundleView, type CartChangeResponse, CartType } from '@hondana/domain/cart/cart-api';
import { priceAt } from '@hondana/domain/catalog/catalog';
import { AppError, ErrorCode, notFound } from '@hondana/domain/common/errors';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { entitledBookIds } from '../orders/entitlements';
import { booksForPurchase } from '../orders/order-rows';
import { toPricing } from '../orders/purchase';
import { type BundleRow, bundleOnSale, bundlesById, lockMemberCart } from './bundle.repository';
import { insertCartItem, joinBundle } from './cart.repository';
import { changeResponse, limitExceeded } from './cart.service';
import type { CartMember } from './cart-view';

/** The bundle on sale holding a book, as the book detail shows it (the catalog asks this of the cart). */
export { bundleSummaryOfBook } from './bundle.repository';

async function view(db: Db, bundle: BundleRow, now: number): Promise<BundleView> {
  const rows = await booksForPurchase(db, bundle.bookIds);
  return {
    bundleId: bundle.id,
    name: bundle.name,
    bookIds: bundle.bookIds,
    bundleTotalPrice: rows.reduce((sum, r) => sum + priceAt(toPricing(r), now).price, 0),
    bundleSalePrice: bundle.bundle_price,
    startDatetime: bundle.start_at,
    endDatetime: bundle.end_at,
    onSale: bundleOnSale(bundle, now),
  };
}

/** `GET /bundles/{id}`: a bundle with its books and prices (§3 bundleTotalPrice, bundleSalePrice). */
export async function bundleView(db: Db, bundleId: number, now: number): Promise<BundleView> {
  const bundle = (await bundlesById(db, [bundleId])).get(bundleId);
  if (!bundle) throw notFound('bundle');
  return view(db, bundle, now);
}

const bundleInvalid = (message: string) => new AppError(403, ErrorCode.BUNDLE_INVALID, [message]);

/**
 * `POST /cart/bundle`: the bundle's books as one cart line (cartType BUNDLE). Refused with
 * BUNDLE_INVALID when it cannot be bought as a whole now (sale not running, a book stopped or
 * already owned); books already in the cart join the bundle line. All or nothing: a cart without
 * room for every book is CART_LIST_LIMIT_EXCEEDED and nothing is added.
 */
export async function addBundle(db: Kysely<Database>, member: CartMember, bundleId: number, now: number): Promise<CartChangeResponse> {
  const added = await db.transaction().execute(async (trx) => {
    await lockMemberCart(trx, member.userId);
    const bundle = (await bundlesById(trx, [bundleId])).get(bundleId);
    if (!bundle || bundle.bookIds.length === 0) throw notFound('bundle');
    if (!bundleOnSale(bundle, now)) throw bundleInvalid('bundle_id: not on sale');
    const [rows, owned] = await Promise.all([booksForPurchase(trx, bundle.bookIds), entitledBookIds(trx, member.userId, bundle.bookIds)]);
    const salable = rows.filter((r) =>
      isBuyableNow(salesStatusAt({ salesStatus: r.sales_status, startDatetime: r.start_datetime, endDatetime: r.end_datetime }, now)),
    );
    if (salable.length !== bundle.bookIds.length) throw bundleInvalid('bundle_id: a book is not on sale');
    if (owned.size > 0) throw bundleInvalid('bundle_id: a book is already bought');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ids: number[] = [];
    for (const bookId of bundle.bookIds) {
      const price = priceAt(toPricing(byId.get(bookId)!), now).price;
      const outcome = await insertCartItem(trx, { userId: member.userId, bookId, cartType: CartType.BUNDLE, price, now, bundleId });
      if (outcome === 'full') throw limitExceeded();
      if (outcome === 'added') ids.push(bookId);
    }
    // Books that were in the cart already become part of the bundle line (back in the cart if put aside).
    await joinBundle(trx, member.userId, bundleId, bundle.bookIds);
    return ids;
  });
  return changeResponse(db, member.userId, added, []);
}
