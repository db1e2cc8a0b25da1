import type { AliasableExpression, Expression, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { preparedQuery } from '../db/prepared-query';
import { liveSessionUserQuery } from '../modules/accounts/sessions';
import { activeCartCountQuery } from '../modules/cart/load-context';
import { wishedTitleQuery } from '../modules/notices/wish-list.service';
import { liveReviewOfQuery } from '../modules/reviews/member-reviews';
import type { MemberCall, MemberCallName } from './member-part';

/**
 * The member calls a kept page's answers can be asked in SQL (decision 029): each one a scalar
 * subquery on the member of the session row, and how its columns read back as the answer the
 * call records (`MemberPart.record`, after its projection). The others (a volume's marks and
 * points, the top page's recommendations) are asked through the load context as before.
 */
const inSql = {
  'cart.activeCount': {
    columns: (db: Db, userId: Expression<number>) => [activeCartCountQuery(db, userId)],
    answer: ([count]: unknown[]) => Number(count),
  },
  'reviews.isWished': {
    columns: (db: Db, userId: Expression<number>, titleId: () => number) => [wishedTitleQuery(db, userId, titleId())],
    answer: ([wished]: unknown[]) => wished !== null && wished !== undefined,
  },
  'reviews.myReview': {
    columns: (db: Db, userId: Expression<number>, titleId: () => number) => {
      const title = titleId();
      return [liveReviewOfQuery(db, userId, title, 'id'), liveReviewOfQuery(db, userId, title, 'book_id')];
    },
    answer: ([id, bookId]: unknown[]) => (id === null || id === undefined ? null : myReviewPart({ id: Number(id), titleReviewFlg: bookId === null })),
  },
} satisfies Partial<Record<MemberCallName, { columns: (db: Db, userId: Expression<number>, titleId: () => number) => AliasableExpression<unknown>[]; answer: (values: unknown[]) => unknown }>>;

type Db = Kysely<Database>;
type SqlCallName = keyof typeof inSql;

/** What of the member's review of a title a page shows (its id and whether it is of the whole title): what `myReview` records. */
export const myReviewPart = (review: { id: number; titleReviewFlg: boolean } | null) => review && { id: review.id, titleReviewFlg: review.titleReviewFlg };

export const answeredInSql = (call: MemberCall): call is MemberCall & { name: SqlCallName } => call.name in inSql;

/** The calls of a plan answered by the one statement (their only argument, when they take one, is a title id). */
const sqlCalls = (plan: readonly MemberCall[]) => plan.filter(answeredInSql);

/**
 * The session's member and the plan's answers in one statement, built once per plan shape (the
 * call names; the title ids are bound values): a kept page's member request reads the database
 * once. `shape` is the comma-joined call names of `sqlCalls(plan)`.
 */
// `titleId` is a function: a parameter read from `$` must be bound (prepared-query.ts checks it), and the cart count takes none.
const sessionAndAnswers = preparedQuery((db, $: Record<string, number | string>, shape) => {
  const names = shape === '' ? [] : (shape.split(',') as SqlCallName[]);
  return liveSessionUserQuery(db, $.idHash as string, $.now as number).select((eb) =>
    names.flatMap((name, i) =>
      inSql[name].columns(db, eb.ref('users.id'), () => $[`arg${i}`] as number).map((column, j) => column.as(`a${i}_${j}`)),
    ),
  );
});

export interface SessionAnswers {
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
  const params: Record<string, number | string> = { idHash, now };
  calls.forEach((call, i) => (params[`arg${i}`] = call.args[0] as number));
  const [row] = (await sessionAndAnswers.execute(db, params, calls.map((c) => c.name).join(','))).rows as Record<string, unknown>[];
  if (!row) return null;
  const answers = new Map<number, unknown>();
  let i = 0;
  plan.forEach((call, index) => {
    if (!answeredInSql(call)) return;
    const spec = inSql[call.name];
    const values: unknown[] = [];
    for (let j = 0; `a${i}_${j}` in row; j++) values.push(row[`a${i}_${j}`]);
    answers.set(index, spec.answer(values));
    i += 1;
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
