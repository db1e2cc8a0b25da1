import type { Insertable } from 'kysely';
import type { PreOrderBonusesTable } from '../db/pre-order-schema';
import type { DemoPlan } from './demo-plan';

/**
 * Pre-order bonuses of the demo: every title with a volume not yet released gives
 * 予約特典 50 points for pre-ordering it, and the soonest of those volumes store-wide also
 * gives back 10 % of its price (発売記念). Bonuses run from the volume's listing to its release.
 */
export function buildDemoPreOrderBonuses(plan: DemoPlan, now: number): Insertable<PreOrderBonusesTable>[] {
  const coming = plan.books.filter((b) => b.start_datetime > now).sort((a, b) => a.start_datetime - b.start_datetime || a.id! - b.id!);
  const rows: Insertable<PreOrderBonusesTable>[] = [];
  const titles = new Map<number, number>();
  for (const book of coming) {
    const until = titles.get(book.title_id);
    titles.set(book.title_id, Math.max(until ?? 0, book.start_datetime));
  }
  for (const [titleId, lastRelease] of titles) {
    const title = plan.titles.find((t) => t.id === titleId);
    rows.push({ name: '予約特典 50ポイント', rate: 0, points: 50, book_id: null, title_id: titleId, start_at: title?.created_at ?? now, end_at: lastRelease });
  }
  const first = coming[0];
  if (first) rows.push({ name: '発売記念 予約で10%ポイント還元', rate: 10, points: 0, book_id: first.id!, title_id: null, start_at: first.created_at, end_at: first.start_datetime });
  return rows;
}
