/**
 * Request schemas of the operator console's calls (`/api/admin/...`). Instants come and go as
 * Asia/Tokyo wall-clock strings `YYYY-MM-DDTHH:mm` (what a datetime-local field gives); the
 * server turns them into instants. Money is non-negative integer yen.
 */
import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { pageTypes } from '../catalog/catalog';
import { CouponTargetScope, CouponType } from '../cart/coupons';
import { STORE_TIME_ZONE } from '../common/time';

export const STAFF_ROLES = ['operator', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const id = (message: string) => z.coerce.number({ message }).int().min(1, message).max(2_147_483_647, message);
const yen = z.number({ message: 'must be a non-negative integer' }).int('must be a non-negative integer').min(0, 'must be a non-negative integer').max(10_000_000, 'is too large');
const version = z.number({ message: 'is required' }).int().min(0);
const token = z.string({ message: 'is required' }).min(1, 'is required').max(200);
const text = (max: number) => z.string({ message: 'must be text' }).max(max, `must be at most ${max} characters`);

const TOKYO_MINUTE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** `2027-01-10T09:30` in Asia/Tokyo as an instant; null when it is not such a time. */
export function tokyoMinuteToInstant(value: string): number | null {
  const m = TOKYO_MINUTE.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new TZDate(y, mo - 1, d, h, mi, 0, STORE_TIME_ZONE);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d || date.getHours() !== h) return null;
  return date.getTime();
}

/** An instant as the `YYYY-MM-DDTHH:mm` of Asia/Tokyo (for a datetime-local field). */
export function instantToTokyoMinute(instant: number): string {
  const d = new TZDate(instant, STORE_TIME_ZONE);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

const tokyoTime = z
  .string({ message: 'must be a date and time' })
  .transform((value, ctx) => {
    const instant = tokyoMinuteToInstant(value);
    if (instant === null) {
      ctx.addIssue({ code: 'custom', message: 'must be a date and time (YYYY-MM-DDTHH:mm, Asia/Tokyo)' });
      return z.NEVER;
    }
    return instant;
  });

/** A period [start, end): both or neither, and the end after the start. */
const period = z
  .object({ start: tokyoTime, end: tokyoTime })
  .refine((p) => p.end > p.start, { message: 'must end after it starts', path: ['end'] });

export const RoleQuery = z.object({ role: z.enum([...STAFF_ROLES, 'none']) });

export const AuthorInput = z.object({
  name: text(100).min(1, 'is required'),
  kana: text(100).regex(/^[\u30A0-\u30FF\u3000 ・ー]+$/, 'must be katakana'),
  role: z.enum(['author', 'original', 'art', 'illustration', 'editor', 'photo'], { message: 'must be an author role' }).default('author'),
});

const titleFields = {
  name: text(200).min(1, 'is required'),
  kana: text(200).regex(/^[\u30A0-\u30FF\u3000 ・ー0-9０-９]*$/, 'must be katakana'),
  description: text(4000).default(''),
  pageType: z.enum(pageTypes.filter((p) => p !== 'all') as [string, ...string[]], { message: 'must be a page type' }),
  genreId: id('must be a genre id').nullable().default(null),
  eroticType: z.union([z.literal(0), z.literal(1), z.literal(4), z.literal(9), z.literal(10)], { message: 'must be 0, 1, 4, 9 or 10' }).default(0),
  publisher: text(100).default(''),
  magazine: text(100).default(''),
  authors: z.array(AuthorInput).max(10).default([]),
};

export const CreateTitleBody = z.object({ token, ...titleFields });
export type CreateTitleBody = z.infer<typeof CreateTitleBody>;
export const UpdateTitleBody = z.object({ token, version, ...titleFields });
export type UpdateTitleBody = z.infer<typeof UpdateTitleBody>;

export const UpdateBookBody = z.object({
  token,
  version,
  contentsName: text(200).min(1, 'is required'),
  description: text(4000).default(''),
  price: yen,
  sale: z.object({ price: yen, start: tokyoTime, end: tokyoTime }).refine((p) => p.end > p.start, { message: 'must end after it starts', path: ['end'] }).nullable().default(null),
  free: period.nullable().default(null),
  releaseAt: tokyoTime,
  samplePageTotal: z.number({ message: 'must be a number' }).int().min(0).max(1000).default(5),
});
export type UpdateBookBody = z.infer<typeof UpdateBookBody>;

export const PublishBody = z.object({ token, version, published: z.boolean({ message: 'must be true or false' }) });

export const SearchQuery = z.object({ q: text(200).default(''), offset: z.coerce.number().int().min(0).max(100_000).default(0) });

const step = z.object({
  requiredStepCount: z.number({ message: 'must be a number' }).int().min(1, 'must be at least 1').max(1000),
  stepRate: z.number({ message: 'must be a number' }).int().min(1, 'must be 1–100').max(100, 'must be 1–100'),
});

const TARGET_SCOPES: number[] = Object.values(CouponTargetScope);

export const COUPON_AUDIENCES = ['ALL', 'LIST', 'NEW'] as const;

export const CreateCouponBody = z
  .object({
    token,
    name: text(100).min(1, 'is required'),
    couponType: z.union([z.literal(CouponType.DISCOUNT), z.literal(CouponType.REDUCTION), z.literal(CouponType.STEP_BOOK_COUNT), z.literal(CouponType.STEP_TITLE_COUNT)], { message: 'must be 1, 2, 3 or 4' }),
    rate: z.number({ message: 'must be a number' }).int('must be an integer').min(1, 'must be at least 1').max(10_000_000).nullable().default(null),
    limit: z.number({ message: 'must be a number' }).int().min(1, 'must be at least 1').max(1000).nullable().default(null),
    minCartPrice: yen.default(0),
    expireAt: tokyoTime,
    targetScope: z.number({ message: 'must be 0, 10, 20, 30, 40 or 50' }).refine((v) => (TARGET_SCOPES as number[]).includes(v), 'must be 0, 10, 20, 30, 40 or 50'),
    targetIds: z.array(z.number().int().min(1)).max(1000).default([]),
    targetGenreIds: z.array(z.number().int().min(1)).max(100).default([]),
    steps: z.array(step).max(10).default([]),
    audience: z.enum(COUPON_AUDIENCES, { message: 'must be ALL, LIST or NEW' }),
    /** Emails or member ids, for the LIST audience. */
    members: z.array(text(254)).max(10_000).default([]),
  })
  .superRefine((c, ctx) => {
    if (c.couponType === CouponType.DISCOUNT && (c.rate === null || c.rate > 100)) ctx.addIssue({ code: 'custom', path: ['rate'], message: 'must be 1–100 for a discount coupon' });
    if (c.couponType === CouponType.REDUCTION && c.rate === null) ctx.addIssue({ code: 'custom', path: ['rate'], message: 'is required for a reduction coupon' });
    const stepped = c.couponType === CouponType.STEP_BOOK_COUNT || c.couponType === CouponType.STEP_TITLE_COUNT;
    if (stepped && c.steps.length === 0) ctx.addIssue({ code: 'custom', path: ['steps'], message: 'are required for a step coupon' });
    if (c.targetScope !== CouponTargetScope.ALL && c.targetScope !== CouponTargetScope.GENRE && c.targetIds.length === 0) ctx.addIssue({ code: 'custom', path: ['targetIds'], message: 'are required for this target scope' });
    if ((c.targetScope === CouponTargetScope.GENRE || c.targetScope === CouponTargetScope.PUBLISHER_GENRE) && c.targetGenreIds.length === 0) ctx.addIssue({ code: 'custom', path: ['targetGenreIds'], message: 'are required for this target scope' });
    if (c.audience === 'LIST' && c.members.length === 0) ctx.addIssue({ code: 'custom', path: ['members'], message: 'are required for a list' });
  });
export type CreateCouponBody = z.infer<typeof CreateCouponBody>;

export const GrantBody = z.object({
  token,
  currency: z.enum(['MANGA_COIN', 'COIN', 'POINT'], { message: 'must be MANGA_COIN, COIN or POINT' }),
  amount: z.number({ message: 'must be a positive integer' }).int('must be a positive integer').min(1, 'must be a positive integer').max(500_000, 'is too large'),
  reason: text(500).min(1, 'is required'),
});
export const CancelOrderBody = z.object({ token, reason: text(500).min(1, 'is required') });
export const SuspendBody = z.object({ token, suspended: z.boolean({ message: 'must be true or false' }), reason: text(500).min(1, 'is required') });

const day = z.string({ message: 'is required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');
export const SalesQuery = z
  .object({ from: day, to: day, by: z.enum(['day', 'title'], { message: 'must be day or title' }).default('day'), format: z.enum(['json', 'csv']).default('json') })
  .refine((q) => q.to >= q.from, { message: 'must not be before from', path: ['to'] });
export const UnusedBalanceQuery = z.object({ date: day, format: z.enum(['json', 'csv']).default('json') });

export const IdParams = z.object({ id: id('must be an id') });

/** A row of the sales report (by Tokyo day or by title), and its total row. */
export interface SalesRow {
  /** The Tokyo day (by day) or the title's id (by title). */
  key: string;
  label: string;
  orders: number;
  books: number;
  /** Paid in yen (card, carriers), in coins, in points; books given free. */
  yen: number;
  coins: number;
  points: number;
  freeBooks: number;
}

/** One entry of the console's audit log as the console reads it. */
export interface AuditView {
  id: number;
  actorUserId: number;
  actorEmail: string | null;
  actorRole: string;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  createdAt: number;
}
