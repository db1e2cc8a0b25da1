/**
 * Lottery rules (§1, §3 Lottery, §8 lottery grant, §9): when a campaign runs,
 * which events hand out tickets and under which once-only key, how long a ticket lasts, and
 * which prize a random number draws. Pure: the server and the web call these.
 */
import { tokyoDay } from '../common/time';

/** What hands out tickets (§3 distribution events). */
export const DistributionEventType = {
  PURCHASE: 'PURCHASE',
  READ_END_FREE: 'READ_END_FREE',
  READ_END_PRICED: 'READ_END_PRICED',
  SHARE: 'SHARE',
  URL: 'URL',
  MISSION: 'MISSION',
} as const;
export type DistributionEventType = (typeof DistributionEventType)[keyof typeof DistributionEventType];

/** What a prize gives (§1: manga coins, points, a free book, a coupon). */
export const PrizeKind = { MANGA_COIN: 'MANGA_COIN', POINT: 'POINT', BOOK: 'BOOK', COUPON: 'COUPON' } as const;
export type PrizeKind = (typeof PrizeKind)[keyof typeof PrizeKind];

/** §8 outcomes of a ticket grant. */
const GrantError = {
  ALREADY_GRANT_TICKET: 'ALREADY_GRANT_TICKET',
  NOT_TARGET_BOOK: 'NOT_TARGET_BOOK',
  OUT_OF_TERM: 'OUT_OF_TERM',
} as const;
type GrantError = (typeof GrantError)[keyof typeof GrantError];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A ticket is usable from its issue until the earlier of `validDays` after it and the
 * campaign's end: a ticket never outlives the campaign whose boxes it draws from.
 */
export function ticketWindow(issuedAt: number, validDays: number, campaignEndAt: number): { issuedAt: number; expiresAt: number } {
  return { issuedAt, expiresAt: Math.min(issuedAt + validDays * DAY_MS, campaignEndAt) };
}

/**
 * The key under which a grant is given once per member and campaign (a unique constraint holds
 * it): a purchase per order, a read-end per Tokyo day (free and priced books apart, §9), a share
 * per Tokyo day, a URL per link, a mission per mission.
 */
export function grantKey(
  event: DistributionEventType,
  cause: { now: number; orderId?: number; linkId?: string; missionId?: number },
): string {
  switch (event) {
    case 'PURCHASE':
      return `order:${cause.orderId ?? 0}`;
    case 'URL':
      return `url:${cause.linkId ?? ''}`;
    case 'MISSION':
      return `mission:${cause.missionId ?? 0}`;
    default:
      return `${event}:${tokyoDay(cause.now)}`;
  }
}

/** The read-end event a book earns: free books and priced books are granted apart (§9). */
export const readEndEvent = (free: boolean): DistributionEventType => (free ? 'READ_END_FREE' : 'READ_END_PRICED');

interface DrawablePrize {
  id: number;
  /** Relative odds (a positive integer). */
  weight: number;
  /** Prizes left; null for unlimited. */
  remaining: number | null;
}

/** The prizes still in the box: limited prizes with stock left, and unlimited ones. */
export const drawable = <P extends DrawablePrize>(prizes: readonly P[]): P[] =>
  prizes.filter((p) => p.weight > 0 && (p.remaining === null || p.remaining > 0));

export const totalWeight = (prizes: readonly DrawablePrize[]): number => drawable(prizes).reduce((sum, p) => sum + p.weight, 0);

/**
 * The prize that `r` draws, `r` a uniform integer in [0, totalWeight): each drawable prize owns
 * a run of `weight` numbers, in the order given. Null when nothing is left to draw.
 */
export function pickPrize<P extends DrawablePrize>(prizes: readonly P[], r: number): P | null {
  const pool = drawable(prizes);
  const total = pool.reduce((sum, p) => sum + p.weight, 0);
  if (total === 0) return null;
  if (!Number.isInteger(r) || r < 0 || r >= total) throw new RangeError(`r must be an integer in [0, ${total})`);
  let left = r;
  for (const prize of pool) {
    if (left < prize.weight) return prize;
    left -= prize.weight;
  }
  return null;
}

/** The chance of each drawable prize, for the page and the statistical test. */
export function odds(prizes: readonly DrawablePrize[]): Map<number, number> {
  const total = totalWeight(prizes);
  return new Map(drawable(prizes).map((p) => [p.id, total === 0 ? 0 : p.weight / total]));
}

/** What the client does with a grant's answer (§8). */
type GrantReaction =
  | { kind: 'granted'; message: string; storeDay: true }
  | { kind: 'silent'; storeDay: true }
  | { kind: 'snackbar'; message: string; storeDay: true }
  | { kind: 'toast'; message: string; storeDay: false };

export const GRANT_MESSAGES = {
  granted: 'くじが1枚付与されました',
  notTarget: '無料作品を読むとくじがもらえます',
  failed: 'くじを受け取れませんでした',
} as const;

/** §8: ALREADY_GRANT_TICKET silent, NOT_TARGET_BOOK a snackbar, other failures a toast. */
export function grantReaction(answer: { ok: true } | { ok: false; errorCode?: string; message?: string }): GrantReaction {
  if (answer.ok) return { kind: 'granted', message: GRANT_MESSAGES.granted, storeDay: true };
  if (answer.errorCode === GrantError.ALREADY_GRANT_TICKET) return { kind: 'silent', storeDay: true };
  if (answer.errorCode === GrantError.NOT_TARGET_BOOK) return { kind: 'snackbar', message: GRANT_MESSAGES.notTarget, storeDay: true };
  return { kind: 'toast', message: answer.message || GRANT_MESSAGES.failed, storeDay: false };
}

/** §9 "checked once per day (yyyy/MM/dd)": the key the client stores per free or priced book. */
export const lotteryCheckDay = (now: number): string => tokyoDay(now).replaceAll('-', '/');
