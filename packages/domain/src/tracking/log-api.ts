import { z } from 'zod';

const MAX_ID = 2_147_483_647;
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`).optional();
const id = z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must not be negative').max(MAX_ID, 'is too large').optional();

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

/** What a `/log/*` call answers: 204 and no body (the event is only queued). */
export const LogAccepted = z.void();
