import type { Insertable } from 'kysely';
import type { BundleBooksTable, BundlesTable } from '../db/bundles-schema';
import type { DemoPlan } from './demo-plan';

const DAY = 86_400_000;
/** Titles of the demo that get a bundle: the first ones with three paid volumes on sale. */
const BUNDLE_TITLES = 4;

/**
 * Bundles of the demo: volumes 1–3 of the first titles that sell three paid volumes
 * now, together at 80 % of their list prices (rounded down to 10 yen), on sale from a week ago
 * for 30 days.
 */
export function buildDemoBundles(plan: DemoPlan, now: number): { bundles: Insertable<BundlesTable>[]; bundleBooks: BundleBooksTable[] } {
  const onSale = plan.books.filter(
    (b) => b.sales_status !== 'STOPPED' && b.start_datetime <= now && (b.end_datetime ?? null) === null && b.free_flg !== 1 && b.price > 0,
  );
  const byTitle = new Map<number, typeof onSale>();
  for (const book of onSale) byTitle.set(book.title_id, [...(byTitle.get(book.title_id) ?? []), book]);
  const bundles: Insertable<BundlesTable>[] = [];
  const bundleBooks: BundleBooksTable[] = [];
  for (const [titleId, books] of [...byTitle].sort((a, b) => a[0] - b[0])) {
    const first3 = books.filter((b) => b.vol >= 1 && b.vol <= 3).sort((a, b) => a.vol - b.vol);
    if (first3.length !== 3) continue;
    const id = bundles.length + 1;
    const title = plan.titles.find((t) => t.id === titleId);
    const list = first3.reduce((sum, b) => sum + b.price, 0);
    bundles.push({
      id,
      name: `${title?.name ?? ''} 1〜3巻セット`,
      bundle_price: Math.floor((list * 0.8) / 10) * 10,
      start_at: now - 7 * DAY,
      end_at: now + 30 * DAY,
      created_at: now - 7 * DAY,
    });
    for (const book of first3) bundleBooks.push({ bundle_id: id, book_id: book.id! });
    if (bundles.length === BUNDLE_TITLES) break;
  }
  return { bundles, bundleBooks };
}
