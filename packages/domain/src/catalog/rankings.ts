import { addDays, startOfDay } from 'date-fns';
import { PageType, isPageType } from './catalog';
import { inTokyo } from '../common/time';

/**
 * Ranking rules (§7 "Rankings and lists", §9 ranking periods and rank genders).
 *
 * Windows are whole Tokyo calendar days that have ended: a ranking does not move during the
 * day, and a purchase made today counts from tomorrow's rankings on. Times are epoch ms;
 * windows are half-open `[from, to)`.
 * - daily: yesterday (Tokyo);
 * - weekly: the 7 days before today;
 * - monthly: the 30 days before today;
 * - trending: the 3 days before today, against the 14 days before those (`baselineFrom`).
 */
export const RankingTerm = { DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly', TRENDING: 'trending' } as const;
export type RankingTerm = (typeof RankingTerm)[keyof typeof RankingTerm];
export const rankingTerms = Object.values(RankingTerm);
export const isRankingTerm = (value: string): value is RankingTerm => (rankingTerms as string[]).includes(value);

interface RankingWindow {
  from: number;
  to: number;
  /** Trending only: start of the baseline period `[baselineFrom, from)`. */
  baselineFrom: number | null;
}

const TERM_DAYS: Record<RankingTerm, number> = { daily: 1, weekly: 7, monthly: 30, trending: 3 };
const TRENDING_BASELINE_DAYS = 14;

/** The window of `term` as of `now`, in Asia/Tokyo whole days. */
export function rankingWindow(term: RankingTerm, now: number): RankingWindow {
  const today = startOfDay(inTokyo(now));
  const from = addDays(today, -TERM_DAYS[term]);
  return {
    from: from.getTime(),
    to: today.getTime(),
    baselineFrom: term === 'trending' ? addDays(from, -TRENDING_BASELINE_DAYS).getTime() : null,
  };
}

/**
 * What a ranking counts. `popular` weighs each kind of event (a purchase says most, a wish
 * says more than a read because a read is often a free sample, a tap on a title in a list or a
 * search result or a share says least); `sales` counts purchases and `reads` reads only.
 */
export const RankingBasis = { POPULAR: 'popular', SALES: 'sales', READS: 'reads' } as const;
export type RankingBasis = (typeof RankingBasis)[keyof typeof RankingBasis];
export const rankingBases = Object.values(RankingBasis);

const EVENT_WEIGHTS: Record<RankingBasis, { purchase: number; read: number; wish: number; interest: number }> = {
  popular: { purchase: 3, read: 1, wish: 2, interest: 0.5 },
  sales: { purchase: 1, read: 0, wish: 0, interest: 0 },
  reads: { purchase: 0, read: 1, wish: 0, interest: 0 },
};

interface EventCounts {
  purchase: number;
  read: number;
  wish: number;
  /** Taps on the title in a list or a search result, and shares (recorded `/log` calls). */
  interest?: number;
}

/**
 * The recorded §7 `/log` kinds that count towards the rankings, and as what; each counts once
 * per visitor (member, else the guest's first-party id), title and window, so reloading a page
 * or replaying a call does not move a title. Not counted: `add_wish_list` and
 * `delete_wish_list` (the store records the wish itself, once per member and title),
 * `read_end` (a member's first finished read is recorded by the store; a guest's opening is
 * `read_start`), and the kinds that name no title (`page`, `search`, `module_view`,
 * `tap_section`, `popup_read_end`).
 */
export const LOG_KIND_SIGNALS = {
  read_start: 'read',
  tap_result: 'interest',
  module_tap: 'interest',
  post_sns: 'interest',
} as const satisfies Record<string, keyof typeof EVENT_WEIGHTS.popular>;
export type LogSignalKind = keyof typeof LOG_KIND_SIGNALS;

export const weightedScore = (counts: EventCounts, basis: RankingBasis): number => {
  const w = EVENT_WEIGHTS[basis];
  return counts.purchase * w.purchase + counts.read * w.read + counts.wish * w.wish + (counts.interest ?? 0) * w.interest;
};

/**
 * A title's score in a window. For trending: the recent score minus what the baseline's daily
 * rate predicts for the recent days, so a title rises by growing, not by being big; only a
 * positive score ranks.
 */
export function rankingScore(term: RankingTerm, basis: RankingBasis, recent: EventCounts, baseline: EventCounts | null): number {
  const score = weightedScore(recent, basis);
  if (term !== 'trending') return score;
  const expected = (weightedScore(baseline ?? { purchase: 0, read: 0, wish: 0 }, basis) * TERM_DAYS.trending) / TRENDING_BASELINE_DAYS;
  return score - expected;
}

/** Rank genders of §9. */
export const RankGender = {
  ALL: 'all',
  MALE: 'male',
  FEMALE: 'female',
  ADULT: 'adult',
  ADULT_MALE: 'adult_male',
  ADULT_FEMALE: 'adult_female',
  BL: 'bl',
  LADIES: 'ladies',
  YOUNG_MALE: 'young_male',
  ALL_MALE: 'all_male',
  YOUNG_FEMALE: 'young_female',
  ALL_FEMALE: 'all_female',
} as const;
export type RankGender = (typeof RankGender)[keyof typeof RankGender];
export const rankGenders = Object.values(RankGender);
export const isRankGender = (value: string): value is RankGender => (rankGenders as string[]).includes(value);

/** Labels shown on the ranking page tabs. */
export const rankGenderLabels: Record<RankGender, string> = {
  all: '総合',
  male: '男性',
  female: '女性',
  adult: 'オトナ',
  adult_male: 'オトナ男子',
  adult_female: 'オトナ女子',
  bl: 'BL',
  ladies: 'レディース',
  young_male: '少年・青年',
  all_male: '男性総合',
  young_female: '少女',
  all_female: '女性総合',
};

const { MALE, FEMALE, ADULT_FEMALE, ADULT_MALE, BL, LIGHT_NOVEL } = PageType;

/**
 * The page types (shelves) each rank gender ranks; null ranks every shelf. `adult` here is the
 * grown-up shelves (オトナ男子/女子), not R18: R18 follows the adult rule whatever the gender.
 */
export const rankGenderPageTypes: Record<RankGender, readonly PageType[] | null> = {
  all: null,
  male: [MALE],
  female: [FEMALE],
  adult: [ADULT_MALE, ADULT_FEMALE],
  adult_male: [ADULT_MALE],
  adult_female: [ADULT_FEMALE],
  bl: [BL],
  ladies: [FEMALE, ADULT_FEMALE],
  young_male: [MALE, LIGHT_NOVEL],
  all_male: [MALE, ADULT_MALE, LIGHT_NOVEL],
  young_female: [FEMALE],
  all_female: [FEMALE, ADULT_FEMALE, BL],
};

/** The shelves a page type filter covers (`all` → every shelf). */
export function pageTypeFilter(pageType: string): readonly string[] | null {
  if (pageType === PageType.ALL) return null;
  return isPageType(pageType) ? [pageType] : [];
}

/** Lists of §9. */
export const RANKING_PAGE_SIZE = 20;
export const FREE_RANKING_LIMIT = 12;
export const RANKING_CUTOFF_RANK = 10;
export const RECOMMENDATIONS_LIMIT = 12;
