import type { AliasableExpression, Expression } from 'kysely';
import type { Db } from '../db/schema';
import { preparedQuery } from '../db/prepared-query';
import { liveSessionUserQuery } from '../modules/accounts/sessions';
import { releasedEntitlementQuery } from '../modules/orders/entitlements';
import { heldBooksOfTitleQuery, paidBookOrderQuery } from '../modules/orders/purchase';
import { activeCartCountQuery } from '../modules/cart/load-context';
import { wishedTitleQuery } from '../modules/notices/wish-list.service';
import { liveReviewOfQuery } from '../modules/reviews/member-reviews';
import type { MemberCall, MemberCallName } from './member-part';

/**
 * The member calls a kept page's answers can be asked in SQL (decision 029): the call's bound
 * values (`params`; null when its answer needs no read), its columns, each a scalar subquery on
 * the member of the session row, and how they read back as the answer the call records
 * (`MemberPart.record`, after its projection). The top page's recommendations are asked through
 * the load context.
 */
const inSql = {
  'cart.activeCount': {
    params: () => [],
    columns: (db: Db, userId: Expression<number>) => [activeCartCountQuery(db, userId)],
    answer: ([count]: unknown[]) => Number(count),
  },
  'reviews.isWished': {
    params: ([titleId]: unknown[]) => [titleId as number],
    columns: (db: Db, userId: Expression<number>, arg: Arg) => [wishedTitleQuery(db, userId, arg(0))],
    answer: ([wished]: unknown[]) => present(wished),
  },
  'reviews.myReview': {
    params: ([titleId]: unknown[]) => [titleId as number],
    columns: (db: Db, userId: Expression<number>, arg: Arg) => {
      const title = arg(0);
      return [liveReviewOfQuery(db, userId, title, 'id'), liveReviewOfQuery(db, userId, title, 'book_id')];
    },
    answer: ([id, bookId]: unknown[]) => (present(id) ? myReviewPart({ id: Number(id), titleReviewFlg: !present(bookId) }) : null),
  },
  // Recorded with the volume's title (`member-book-detail.ts`); a volume the member may not see has no marks.
  'catalog.getBookDetail': {
    params: ([q, titleId]: unknown[]) =>
      titleId === null || titleId === undefined ? null : [(q as { bookId: number }).bookId, titleId as number],
    columns: (db: Db, userId: Expression<number>, arg: Arg, now: () => number) => bookMarkColumns(db, userId, arg(0), arg(1), now()),
    answer: (values: unknown[]) => bookMarksOf(values),
  },
} satisfies Partial<Record<MemberCallName, InSql>>;

interface InSql {
  params: (args: unknown[]) => number[] | null;
  columns: (db: Db, userId: Expression<number>, arg: Arg, now: () => number) => AliasableExpression<unknown>[];
  answer: (values: unknown[]) => unknown;
}

/** The call's `k`th bound value (a function: a parameter read from `$` must be bound, prepared-query.ts checks it). */
type Arg = (k: number) => number;

const present = (value: unknown) => value !== null && value !== undefined;

/**
 * What of a volume's detail depends on the member, as read: the marks (owned and released,
 * their review of the title, the title on their list) and what their points depend on (first
 * paying, books of the title held). `memberBookDetail` builds the page's marks and points from
 * these alone, so equal answers are equal pages.
 */
export interface BookMarks {
  bought: boolean;
  reviewId: number | null;
  wished: boolean;
  firstPaying: boolean;
  heldOfTitle: number;
}

function bookMarkColumns(db: Db, userId: number | Expression<number>, bookId: number, titleId: number, now: number) {
  return [
    releasedEntitlementQuery(db, userId, bookId, now),
    liveReviewOfQuery(db, userId, titleId, 'id'),
    wishedTitleQuery(db, userId, titleId),
    paidBookOrderQuery(db, userId),
    heldBooksOfTitleQuery(db, userId, titleId),
  ];
}

const bookMarksOf = ([bought, reviewId, wished, paid, held]: unknown[]): BookMarks => ({
  bought: present(bought),
  reviewId: present(reviewId) ? Number(reviewId) : null,
  wished: present(wished),
  firstPaying: !present(paid),
  heldOfTitle: Number(held ?? 0),
});

/** The member's marks of a volume in one statement (the same columns the member statement reads). */
export async function readBookMarks(db: Db, userId: number, bookId: number, titleId: number, now: number): Promise<BookMarks> {
  const columns = bookMarkColumns(db, userId, bookId, titleId, now);
  const row: Record<string, unknown> = await db.selectNoFrom(columns.map((column, j) => column.as(`m${j}`))).executeTakeFirstOrThrow();
  return bookMarksOf(columns.map((_, j) => row[`m${j}`]));
}

type SqlCallName = keyof typeof inSql;

/** What of the member's review of a title a page shows (its id and whether it is of the whole title): what `myReview` records. */
export const myReviewPart = (review: { id: number; titleReviewFlg: boolean } | null) =>
  review && { id: review.id, titleReviewFlg: review.titleReviewFlg };

const answeredInSql = (call: MemberCall): call is MemberCall & { name: SqlCallName } => call.name in inSql;

/** The calls of a plan answered by the one statement, each with its index in the plan and its bound values (null: no read). */
const sqlCalls = (plan: readonly MemberCall[]) =>
  plan.flatMap((call, index) => (answeredInSql(call) ? [{ call, index, params: (inSql[call.name] as InSql).params(call.args) }] : []));

/**
 * The session's member and the plan's answers in one statement, built once per plan shape (the
 * call names; the titles and volumes are bound values): a kept page's member request reads the
 * database once.
 */
const sessionAndAnswers = preparedQuery((db, $: Record<string, number | string>, names: readonly SqlCallName[]) => {
  return liveSessionUserQuery(db, $.idHash as string, $.now as number).select((eb) =>
    names.flatMap((name, i) =>
      (inSql[name] as InSql)
        .columns(
          db,
          eb.ref('users.id'),
          (k) => $[`p${i}_${k}`] as number,
          () => $.now as number,
        )
        .map((column, j) => column.as(`a${i}_${j}`)),
    ),
  );
});

interface SessionAnswers {
  user: { userId: number; nickname: string; adultState: 'NONE' | 'ADULT'; birthDate: string; loginCount: number };
  /** The answer of each call of the plan answered in SQL, by its index in the plan. */
  answers: Map<number, unknown>;
}

/** The member of a live session (as `findLiveSessionUser`) and the answers `plan`'s calls in SQL have for them; null when the session is not live. */
export async function sessionAndPlanAnswers(
  db: Db,
  idHash: string,
  now: number,
  plan: readonly MemberCall[],
): Promise<SessionAnswers | null> {
  const calls = sqlCalls(plan);
  const read = calls.flatMap((c) => (c.params === null ? [] : [{ ...c, params: c.params }]));
  const params: Record<string, number | string> = { idHash, now };
  read.forEach(({ params: values }, i) => values.forEach((value, k) => (params[`p${i}_${k}`] = value)));
  const [row] = (
    await sessionAndAnswers.execute(
      db,
      params,
      read.map((c) => c.call.name),
    )
  ).rows as Record<string, unknown>[];
  if (!row) return null;
  const answers = new Map<number, unknown>();
  for (const { index } of calls) answers.set(index, null);
  read.forEach(({ call, index }, i) => {
    const values: unknown[] = [];
    for (let j = 0; `a${i}_${j}` in row; j++) values.push(row[`a${i}_${j}`]);
    answers.set(index, (inSql[call.name] as InSql).answer(values));
  });
  return {
    user: {
      userId: row.id as number,
      nickname: row.nickname as string,
      adultState: row.adult_state as 'NONE' | 'ADULT',
      birthDate: row.birth_date as string,
      loginCount: row.login_count as number,
    },
    answers,
  };
}
