import type { Insertable } from 'kysely';
import type { SerialOsusumeItemsTable, SerialOsusumesTable } from '../db/serials-schema';
import type { DemoPlan } from './demo-plan';

const DAY = 86_400_000;

/**
 * Editorial serial lists of the demo (§7 `/serial_osusumes`): 編集部のおすすめ with every serial
 * outside the adult categories, and 毎日無料で読める連載 with those a daily ticket opens; both
 * running from a week ago with no end, so `/serial` shows them.
 */
export function buildDemoOsusumes(
  plan: DemoPlan,
  now: number,
): { osusumes: Insertable<SerialOsusumesTable>[]; items: Insertable<SerialOsusumeItemsTable>[] } {
  const general = plan.serials.filter((s) => !String(s.category).startsWith('adult'));
  const lists = [
    { name: '編集部のおすすめ', description: '今週、編集部が読んでほしい連載', serials: general },
    { name: '毎日無料で読める連載', description: '1日1話、チケットで無料', serials: general.filter((s) => s.ticket_usable === 1) },
  ].filter((list) => list.serials.length > 0);
  const osusumes = lists.map((list, index) => ({
    id: index + 1,
    name: list.name,
    description: list.description,
    sort_order: index,
    start_datetime: now - 7 * DAY,
    end_datetime: null,
    created_at: now - 7 * DAY,
  }));
  const items = lists.flatMap((list, index) =>
    list.serials.map((serial, position) => ({ osusume_id: index + 1, serial_id: serial.id!, sort_order: position })),
  );
  return { osusumes, items };
}
