import { z } from 'zod';

const MAX_ID = 2_147_483_647;
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`).optional();
const id = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must not be negative')
  .max(MAX_ID, 'is too large')
  .optional();

/**
 * The query of every `/log/*` call (§7 Tracking, §2 viewer parameters): what a call does not
 * use it leaves out; unknown parameters are ignored. `title_id` and `book_id` are the columns
 * rankings and recommendations read; `ref` is one of §9's tracking refs or the page a tap came
 * from; the viewer's `blogGenreId`, `themeId`, `tagIds`, `algorithmId`, `did`, `putLog`
 * (`put_log` too) come with `read_start`.
 */
export const LogQuery = z.object({
  title_id: id,
  book_id: id,
  ref: text(200),
  hash: text(200),
  did: text(200),
  blogGenreId: text(100),
  themeId: text(100),
  tagIds: text(500),
  algorithmId: text(100),
  putLog: text(100),
  put_log: text(100),
  /** The page's path (`/log/page`). */
  page: text(500),
  /** The search words (`/log/search`, `/log/tap_result`). */
  word: text(200),
  module_name: text(200),
  section: text(200),
  position: id,
  sns: text(50),
  action: text(50),
  /** `read_end` (§5): 1 when the volume was read as a free sample (立ち読み), else 0. */
  sakuyomiFlg: z.enum(['0', '1'], { message: 'must be 0 or 1' }).optional(),
});
export type LogQuery = z.infer<typeof LogQuery>;

const required = (max: number) => z.string({ message: 'is required' }).max(max, `must be at most ${max} characters`);

/**
 * §8 "page log needs hash; read-end log needs ref, hash, sakuyomiFlg": those two calls name
 * their fields or are refused 400. `hash` is the page view's id (a new one at every page a person
 * sees, `apps/web/app/lib/track.ts`): the read-end of a book and the page log of the viewer that
 * showed it carry the same one. `ref` must be there, empty when the viewer was opened without one.
 */
export const PageLogQuery = LogQuery.extend({ hash: required(200).min(1, 'is required') });
export const ReadEndLogQuery = LogQuery.extend({
  hash: required(200).min(1, 'is required'),
  ref: required(200),
  sakuyomiFlg: z.enum(['0', '1'], { message: 'must be 0 or 1' }),
});

/** What a `/log/*` call answers: 204 and no body (the event is only queued). */
export const LogAccepted = z.void();
