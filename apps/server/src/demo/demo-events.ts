import { EroticType } from '@hondana/domain/catalog/catalog';
import type { Insertable } from 'kysely';
import type { CatalogEventKind, CatalogEventsTable } from '../db/catalog-schema';
import { DAY, type DemoPlan, tokyoDayStart } from './demo-plan';
import { Random } from './random';

/** Days of purchase/read/wish history that the demo seeds, enough for monthly rankings. */
export const EVENT_DAYS = 45;

interface TitleProfile {
  titleId: number;
  base: number;
  /** Positive: rising lately; negative: was bigger a month ago. */
  trend: number;
  readShare: number;
  books: { id: number; vol: number; start: number }[];
  /** The title's serial by its place in the plan (`DemoSerial.ref`): insertPlan turns it into the serial's id. */
  serialId: number | null;
}

/**
 * A plausible history for rankings: each title has its own popularity, trend and release
 * spikes, so that daily, weekly and monthly rankings, and rankings per page type, differ.
 */
export function buildDemoEvents(plan: DemoPlan, seed: number, now: number): Insertable<CatalogEventsTable>[] {
  const anchor = tokyoDayStart(now);
  const rnd = Random.of(seed, 2);
  const profiles: TitleProfile[] = plan.titles.map((title) => {
    const books = plan.books.filter((b) => b.title_id === title.id).map((b) => ({ id: b.id!, vol: b.vol, start: b.start_datetime }));
    const free = plan.books.some((b) => b.title_id === title.id && b.free_flg === 1);
    return {
      titleId: title.id!,
      base: (title.erotic_type === EroticType.R18 ? 0.3 : 1) * rnd.range(0.4, 2.2) ** 2,
      trend: rnd.range(-1.2, 1.2),
      readShare: free ? 0.6 : 0.35,
      books,
      serialId: plan.serials.find((s) => s.titleId === title.id)?.ref ?? null,
    };
  });

  const events: Insertable<CatalogEventsTable>[] = [];
  // Its own stream, so the other titles' history stays what it was.
  const adultRnd = Random.of(seed, 3);
  const r18 = new Set(plan.titles.filter((t) => t.erotic_type === EroticType.R18).map((t) => t.id!));
  for (let daysAgo = EVENT_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const dayStart = anchor - daysAgo * DAY;
    const dayEnd = Math.min(dayStart + DAY, now);
    if (dayEnd <= dayStart) continue;
    const weights = profiles.map((p) => weightOn(p, dayStart, daysAgo));
    const count = Math.round(rnd.int(160, 300) * ((dayEnd - dayStart) / DAY));
    const seen = new Set<number>();
    for (let i = 0; i < count; i++) {
      const profile = profiles[rnd.weighted(weights)]!;
      const at = dayStart + Math.floor(rnd.next() * (dayEnd - dayStart));
      events.push(eventFor(profile, at, rnd));
      seen.add(profile.titleId);
    }
    // The adult shelves hold few titles at a third of the weight: a quiet day left the daily
    // adult ranking empty for a verified adult. Each released R18 title gets a few
    // events on any day it would otherwise have none.
    profiles.forEach((profile, i) => {
      if (!r18.has(profile.titleId) || seen.has(profile.titleId) || weights[i] === 0) return;
      for (let n = adultRnd.int(1, 3); n > 0; n--) {
        events.push(eventFor(profile, dayStart + Math.floor(adultRnd.next() * (dayEnd - dayStart)), adultRnd));
      }
    });
  }
  return events.sort((a, b) => a.created_at - b.created_at);
}

function weightOn(profile: TitleProfile, dayStart: number, daysAgo: number): number {
  const released = profile.books.filter((b) => b.start <= dayStart + DAY);
  if (released.length === 0) return 0;
  const recency = 1 - daysAgo / EVENT_DAYS;
  const boost = released.some((b) => b.start > dayStart - 7 * DAY) ? 3 : 1;
  return profile.base * Math.exp(profile.trend * recency) * boost;
}

function eventFor(profile: TitleProfile, at: number, rnd: Random): Insertable<CatalogEventsTable> {
  const released = profile.books.filter((b) => b.start <= at);
  const kind: CatalogEventKind = rnd.chance(0.1) ? 'wish' : rnd.chance(profile.readShare) ? 'read' : 'purchase';
  if (kind === 'read' && profile.serialId !== null && rnd.chance(0.4)) {
    return {
      kind,
      title_id: profile.titleId,
      book_id: null,
      serial_id: profile.serialId,
      user_id: null,
      created_at: at,
    };
  }
  const latest = released.length;
  const weights = released.map((b) => (b.vol === 1 ? 2 : b.vol === latest ? 3 : 1));
  const book = released.length > 0 ? released[rnd.weighted(weights)]! : null;
  return {
    kind,
    title_id: profile.titleId,
    book_id: kind === 'wish' ? null : (book?.id ?? null),
    serial_id: null,
    user_id: null,
    created_at: at,
  };
}
