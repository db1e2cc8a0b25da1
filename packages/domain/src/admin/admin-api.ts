/**
 * Request and response schemas of the operator console's calls (`/api/admin/...`): the staff
 * member, the audit log, titles and books, coupons, members and the sales reports. Instants come
 * and go as Asia/Tokyo wall-clock strings `YYYY-MM-DDTHH:mm` (what a datetime-local field gives);
 * the server turns them into instants. Money is non-negative integer yen. A member's own
 * instants (sign-up, ledger, orders) are epoch milliseconds.
 */
import { z } from 'zod';
import { pageTypes } from '../catalog/catalog';
import { CouponTargetScope, CouponType } from '../cart/coupons';
import { tokyoMinuteToInstant } from '../common/time';
import { patchShape } from './admin-edits';

export const STAFF_ROLES = ['operator', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const id = (message: string) => z.coerce.number({ message }).int().min(1, message).max(2_147_483_647, message);
const yen = z
  .number({ message: 'must be a non-negative integer' })
  .int('must be a non-negative integer')
  .min(0, 'must be a non-negative integer')
  .max(10_000_000, 'is too large');
const version = z.number({ message: 'is required' }).int().min(0);
const token = z.string({ message: 'is required' }).min(1, 'is required').max(200);
const text = (max: number) => z.string({ message: 'must be text' }).max(max, `must be at most ${max} characters`);

const tokyoTime = z.string({ message: 'must be a date and time' }).transform((value, ctx) => {
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

const AuthorInput = z.object({
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
  eroticType: z
    .union([z.literal(0), z.literal(1), z.literal(4), z.literal(9), z.literal(10)], { message: 'must be 0, 1, 4, 9 or 10' })
    .default(0),
  /** Typed names (found, or added): what an import sends. The console sends the ids below, picked from its lists. */
  publisher: text(100).default(''),
  magazine: text(100).default(''),
  /** A publisher (magazine) of the console's lists; when sent, it is what the title is filed under, and the name above is not read. */
  publisherId: id('must be a publisher id').nullable().optional(),
  magazineId: id('must be a magazine id').nullable().optional(),
  authors: z.array(AuthorInput).max(10).default([]),
};

export const CreateTitleBody = z.object({ token, ...titleFields });
export type CreateTitleBody = z.infer<typeof CreateTitleBody>;
/** A title's save: the fields sent are changed, the others kept (`admin-edits.ts`). */
export const UpdateTitleBody = z.object({ token, version, ...patchShape(titleFields) });
export type UpdateTitleBody = z.infer<typeof UpdateTitleBody>;
export type TitleFields = z.infer<z.ZodObject<typeof titleFields>>;

const bookFields = {
  contentsName: text(200).min(1, 'is required'),
  /** 紹介文. */
  description: text(4000),
  price: yen,
  /** null ends the sale; a sale's bounds as the console sets them (an imported open bound is kept until the sale is sent). */
  sale: z
    .object({ price: yen, start: tokyoTime, end: tokyoTime })
    .refine((p) => p.end > p.start, { message: 'must end after it starts', path: ['end'] })
    .nullable(),
  free: period.nullable(),
  releaseAt: tokyoTime,
  samplePageTotal: z.number({ message: 'must be a number' }).int().min(0).max(1000),
};

/** A volume's save (there is no create: volumes come from an import): the fields sent are changed, the others kept. */
export const UpdateBookBody = z.object({ token, version, ...patchShape(bookFields) });
export type UpdateBookBody = z.infer<typeof UpdateBookBody>;
export type BookFields = z.infer<z.ZodObject<typeof bookFields>>;

export const PublishBody = z.object({ token, version, published: z.boolean({ message: 'must be true or false' }) });

export const SearchQuery = z.object({ q: text(200).default(''), offset: z.coerce.number().int().min(0).max(100_000).default(0) });

const step = z.object({
  requiredStepCount: z.number({ message: 'must be a number' }).int().min(1, 'must be at least 1').max(1000),
  stepRate: z.number({ message: 'must be a number' }).int().min(1, 'must be 1–100').max(100, 'must be 1–100'),
});

const TARGET_SCOPES: number[] = Object.values(CouponTargetScope);

const COUPON_AUDIENCES = ['ALL', 'LIST', 'NEW'] as const;

export const CreateCouponBody = z
  .object({
    token,
    name: text(100).min(1, 'is required'),
    couponType: z.union(
      [
        z.literal(CouponType.DISCOUNT),
        z.literal(CouponType.REDUCTION),
        z.literal(CouponType.STEP_BOOK_COUNT),
        z.literal(CouponType.STEP_TITLE_COUNT),
      ],
      { message: 'must be 1, 2, 3 or 4' },
    ),
    rate: z
      .number({ message: 'must be a number' })
      .int('must be an integer')
      .min(1, 'must be at least 1')
      .max(10_000_000)
      .nullable()
      .default(null),
    limit: z.number({ message: 'must be a number' }).int().min(1, 'must be at least 1').max(1000).nullable().default(null),
    minCartPrice: yen.default(0),
    expireAt: tokyoTime,
    targetScope: z
      .number({ message: 'must be 0, 10, 20, 30, 40 or 50' })
      .refine((v) => (TARGET_SCOPES as number[]).includes(v), 'must be 0, 10, 20, 30, 40 or 50'),
    targetIds: z.array(z.number().int().min(1)).max(1000).default([]),
    targetGenreIds: z.array(z.number().int().min(1)).max(100).default([]),
    steps: z.array(step).max(10).default([]),
    audience: z.enum(COUPON_AUDIENCES, { message: 'must be ALL, LIST or NEW' }),
    /** Emails or member ids, for the LIST audience. */
    members: z.array(text(254)).max(10_000).default([]),
  })
  .superRefine((c, ctx) => {
    if (c.couponType === CouponType.DISCOUNT && (c.rate === null || c.rate > 100))
      ctx.addIssue({ code: 'custom', path: ['rate'], message: 'must be 1–100 for a discount coupon' });
    if (c.couponType === CouponType.REDUCTION && c.rate === null)
      ctx.addIssue({ code: 'custom', path: ['rate'], message: 'is required for a reduction coupon' });
    const stepped = c.couponType === CouponType.STEP_BOOK_COUNT || c.couponType === CouponType.STEP_TITLE_COUNT;
    if (stepped && c.steps.length === 0) ctx.addIssue({ code: 'custom', path: ['steps'], message: 'are required for a step coupon' });
    if (c.targetScope !== CouponTargetScope.ALL && c.targetScope !== CouponTargetScope.GENRE && c.targetIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['targetIds'], message: 'are required for this target scope' });
    if ((c.targetScope === CouponTargetScope.GENRE || c.targetScope === CouponTargetScope.PUBLISHER_GENRE) && c.targetGenreIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['targetGenreIds'], message: 'are required for this target scope' });
    if (c.audience === 'LIST' && c.members.length === 0)
      ctx.addIssue({ code: 'custom', path: ['members'], message: 'are required for a list' });
  });
export type CreateCouponBody = z.infer<typeof CreateCouponBody>;

export const GrantBody = z.object({
  token,
  currency: z.enum(['MANGA_COIN', 'COIN', 'POINT'], { message: 'must be MANGA_COIN, COIN or POINT' }),
  amount: z
    .number({ message: 'must be a positive integer' })
    .int('must be a positive integer')
    .min(1, 'must be a positive integer')
    .max(500_000, 'is too large'),
  reason: text(500).min(1, 'is required'),
});
/** `refundYen`: the amount the operator saw on a paid order's refund button (refused if it is no longer so). */
export const CancelOrderBody = z.object({
  token,
  reason: text(500).min(1, 'is required'),
  refundYen: z.number({ message: 'must be a number' }).int('must be a whole number').min(0).optional(),
});
export const RetryRefundBody = z.object({ token, reason: text(500).min(1, 'is required') });
export const SuspendBody = z.object({
  token,
  suspended: z.boolean({ message: 'must be true or false' }),
  reason: text(500).min(1, 'is required'),
});

const day = z.string({ message: 'is required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');
export const SalesQuery = z
  .object({
    from: day,
    to: day,
    by: z.enum(['day', 'title'], { message: 'must be day or title' }).default('day'),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine((q) => q.to >= q.from, { message: 'must not be before from', path: ['to'] });
export const UnusedBalanceQuery = z.object({ date: day, format: z.enum(['json', 'csv']).default('json') });

export const IdParams = z.object({ id: id('must be an id') });

export const OrderParams = z.object({ id: IdParams.shape.id, orderId: IdParams.shape.id });
export const AuditQuery = z.object({
  subject: z.string().max(100).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
/** Query of a book import (the file itself is the body). */
export const ImportQuery = z.object({
  token: z.string({ message: 'is required' }).min(1, 'is required').max(200),
  name: z.string().max(200).default('upload.cbz'),
});
export const CouponEnabledBody = z.object({ token: z.string().min(1).max(200), enabled: z.boolean() });

// Responses

/** `GET /admin/me`: who is signed in to the console, and their role. */
export const StaffMe = z.object({ userId: z.number(), role: z.enum(STAFF_ROLES) });
export type StaffMe = z.infer<typeof StaffMe>;

/** One entry of the console's audit log as the console reads it. */
export const AuditView = z.object({
  id: z.number(),
  actorUserId: z.number(),
  actorEmail: z.string().nullable(),
  actorRole: z.string(),
  action: z.string(),
  subject: z.string(),
  /** The recorded state before and after the change: each action records its own shape (null when none). */
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  createdAt: z.number(),
});
export type AuditView = z.infer<typeof AuditView>;
export const AuditList = z.object({ entries: z.array(AuditView) });
export type AuditList = z.infer<typeof AuditList>;

export const TitleListItem = z.object({
  id: z.number(),
  name: z.string(),
  kana: z.string(),
  eroticType: z.number(),
  bookCount: z.number(),
  publishedCount: z.number(),
});
export type TitleListItem = z.infer<typeof TitleListItem>;
export const TitleList = z.object({ titles: z.array(TitleListItem) });
export type TitleList = z.infer<typeof TitleList>;

/** A period as the console shows it (Asia/Tokyo minutes); a bound the book lacks is null. */
const shownPeriod = { start: z.string().nullable(), end: z.string().nullable() };

/** A book (volume) as the console edits it. */
export const AdminBook = z.object({
  id: z.number(),
  titleId: z.number(),
  vol: z.number(),
  contentsName: z.string(),
  description: z.string(),
  price: z.number(),
  sale: z.object({ price: z.number(), ...shownPeriod }).nullable(),
  free: z.object(shownPeriod).nullable(),
  releaseAt: z.string(),
  published: z.boolean(),
  layoutType: z.number(),
  pageCount: z.number(),
  samplePageTotal: z.number(),
  version: z.number(),
  /**
   * What a member pays now, by the store's own rule (`priceInEffect` at the server's clock), and
   * why: the list price, a sale, or free; `until` is when that sale or free period ends (null: no end).
   */
  priceNow: z.object({ price: z.number(), reason: z.enum(['list', 'sale', 'free']), until: z.string().nullable() }),
});
export type AdminBook = z.infer<typeof AdminBook>;

/** A title with its credits and volumes. */
export const AdminTitle = z.object({
  id: z.number(),
  name: z.string(),
  kana: z.string(),
  description: z.string(),
  pageType: z.string(),
  genreId: z.number().nullable(),
  eroticType: z.number(),
  publisher: z.string(),
  magazine: z.string(),
  publisherId: z.number().nullable(),
  magazineId: z.number().nullable(),
  authors: z.array(z.object({ name: z.string(), kana: z.string(), role: z.string() })),
  version: z.number(),
  books: z.array(AdminBook),
});
export type AdminTitle = z.infer<typeof AdminTitle>;

/** A book import's answer; a replayed token answers the first import's book and action only. */
export const ImportAnswer = z.object({
  bookId: z.number(),
  action: z.enum(['created', 'updated', 'checked']),
  totalPage: z.number().optional(),
  warnings: z.array(z.string()).optional(),
});
export type ImportAnswer = z.infer<typeof ImportAnswer>;

/** A coupon as the console lists it, with how many members hold it and have used it. */
export const AdminCoupon = z.object({
  id: z.number(),
  name: z.string(),
  couponType: z.number(),
  rate: z.number().nullable(),
  limit: z.number().nullable(),
  minCartPrice: z.number(),
  expireAt: z.string(),
  targetScope: z.number(),
  targetIds: z.array(z.number()),
  targetGenreIds: z.array(z.number()),
  steps: z.array(z.object({ stepNumber: z.number(), requiredStepCount: z.number(), stepType: z.string(), stepRate: z.number() })),
  newMembers: z.boolean(),
  enabled: z.boolean(),
  held: z.number(),
  used: z.number(),
});
export type AdminCoupon = z.infer<typeof AdminCoupon>;
export const CouponList = z.object({ coupons: z.array(AdminCoupon) });
export type CouponList = z.infer<typeof CouponList>;
/** A new coupon and how many members were given it. */
export const CreatedCoupon = AdminCoupon.extend({ given: z.number() });
export type CreatedCoupon = z.infer<typeof CreatedCoupon>;

export const MemberListItem = z.object({
  id: z.number(),
  email: z.string(),
  nickname: z.string(),
  createdAt: z.number(),
  suspended: z.boolean(),
  withdrawn: z.boolean(),
});
export type MemberListItem = z.infer<typeof MemberListItem>;
export const MemberList = z.object({ members: z.array(MemberListItem) });
export type MemberList = z.infer<typeof MemberList>;

/** A member's wallet lots and ledger entries, oldest first. */
export const MemberLedger = z.object({
  lots: z.array(
    z.object({
      id: z.number(),
      currency: z.string(),
      amount: z.number(),
      remaining: z.number(),
      paid: z.boolean(),
      yenValue: z.number(),
      issuedAt: z.number(),
      expiresAt: z.number().nullable(),
      expiredAt: z.number().nullable(),
    }),
  ),
  entries: z.array(
    z.object({
      id: z.number(),
      createdAt: z.number(),
      currency: z.string(),
      kind: z.string(),
      amount: z.number(),
      lotId: z.number(),
      orderId: z.number().nullable(),
      reason: z.string(),
    }),
  ),
});
export type MemberLedger = z.infer<typeof MemberLedger>;

/** A cancelled paid order's refund: PENDING and SENDING on their way, SUCCEEDED, or FAILED (the operator may try again). */
/**
 * REVERSED: the provider took the refund, then reported it failed (Stripe's `charge.refund.updated`,
 * a closed card): the coins the cancellation took back were given back to the member; no retry.
 */
export const RefundState = z.object({
  amountYen: z.number(),
  status: z.enum(['PENDING', 'SENDING', 'SUCCEEDED', 'FAILED', 'REVERSED']),
  failure: z.string().nullable(),
});
export type RefundState = z.infer<typeof RefundState>;

/** A member as support sees them: account, orders, wallet, coupons and books. */
export const MemberDetail = z.object({
  member: MemberListItem.extend({ birthDate: z.string(), lastLoginAt: z.number().nullable() }),
  orders: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      status: z.string(),
      paymentType: z.string(),
      totalPrice: z.number(),
      usePoint: z.number(),
      coin: z.number(),
      bonus: z.number(),
      createdAt: z.number(),
      failureCode: z.string().nullable(),
      /** What cancelling it now would give back through the provider (a paid order), null for others. */
      refundableYen: z.number().nullable(),
      refund: RefundState.nullable(),
    }),
  ),
  ledger: MemberLedger,
  coupons: z.array(
    z.object({
      couponId: z.number(),
      name: z.string(),
      couponType: z.number(),
      rate: z.number().nullable(),
      expireAt: z.number(),
      status: z.string(),
      orderId: z.number().nullable(),
      receivedAt: z.number(),
    }),
  ),
  books: z.array(
    z.object({
      bookId: z.number(),
      contentsName: z.string(),
      titleId: z.number(),
      possessionStatus: z.string(),
      source: z.string(),
      orderId: z.number().nullable(),
      createdAt: z.number(),
    }),
  ),
});
export type MemberDetail = z.infer<typeof MemberDetail>;

/** The bonus lot a grant made. */
export const GrantAnswer = z.object({ lotId: z.number() });
export type GrantAnswer = z.infer<typeof GrantAnswer>;
export const CancelOrderAnswer = z.object({ orderId: z.number(), status: z.literal('CANCEL'), refund: RefundState.nullable().optional() });
export const RetryRefundAnswer = z.object({ orderId: z.number(), refund: RefundState });
export type RetryRefundAnswer = z.infer<typeof RetryRefundAnswer>;
export type CancelOrderAnswer = z.infer<typeof CancelOrderAnswer>;
export const SuspendAnswer = z.object({ suspended: z.boolean() });
export type SuspendAnswer = z.infer<typeof SuspendAnswer>;

/** A row of the sales report (by Tokyo day or by title), and its total row. */
export const SalesRow = z.object({
  /** The Tokyo day (by day) or the title's id (by title). */
  key: z.string(),
  label: z.string(),
  orders: z.number(),
  books: z.number(),
  /** Paid in yen (card, carriers), in coins, in points; books given free. */
  yen: z.number(),
  coins: z.number(),
  points: z.number(),
  freeBooks: z.number(),
});
export type SalesRow = z.infer<typeof SalesRow>;
export const SalesReport = z.object({ rows: z.array(SalesRow), total: SalesRow });
export type SalesReport = z.infer<typeof SalesReport>;

/** The unused paid balance (資金決済法) at the end of a Tokyo day: per currency, coins and their yen value. */
export const UnusedBalanceReport = z.object({
  referenceDate: z.string(),
  byCurrency: z.array(z.object({ currency: z.string(), coins: z.number(), yen: z.number() })),
  totalYen: z.number(),
});
export type UnusedBalanceReport = z.infer<typeof UnusedBalanceReport>;
