import { notFound } from '@hondana/domain/common/errors';
import type { NewlyNoticeType, NewlyReason } from '@hondana/domain/notices/notices';
import type {
  DeleteNewlyResponse,
  NewlyDisplayResponse,
  NewlyMessage,
  NewlyMessagesResponse,
  NewlyNoticeSetting,
  NewlyNoticesResponse,
} from '@hondana/domain/notices/notices-api';
import type { Db } from '../../db/schema';
import { coverUrl } from '../../media/media-spec';
import { forbidden } from '../../http/forbidden';
import * as repo from './newly.repository';

const COVER_WIDTH = 128;

export async function getSetting(db: Db, userId: number, titleId: number): Promise<NewlyNoticeSetting> {
  await requireTitle(db, titleId);
  const row = await repo.findSetting(db, userId, titleId);
  return { titleStatus: row?.title_status ?? 0, authorStatus: row?.author_status ?? 0 };
}

async function requireTitle(db: Db, titleId: number): Promise<void> {
  if (!(await repo.titleExists(db, titleId))) throw notFound('title');
}

/**
 * Follows (or stops following) a title or its authors. Volumes released after the moment a
 * follow is switched on, and by now, become newly messages; switching on again keeps that moment.
 */
export async function setFollow(
  db: Db,
  userId: number,
  q: { titleId: number; type: NewlyNoticeType; status: boolean; now: number },
): Promise<NewlyNoticeSetting> {
  await requireTitle(db, q.titleId);
  await repo.upsertFollow(db, userId, { titleId: q.titleId, type: q.type, on: q.status ? 1 : 0, now: q.now });
  return getSetting(db, userId, q.titleId);
}

/** The title of a volume, for the viewer's "notify me of the next volume". */
export async function titleOfBook(db: Db, bookId: number): Promise<number> {
  const titleId = await repo.titleIdOfBook(db, bookId);
  if (titleId === undefined) throw notFound('book');
  return titleId;
}

/**
 * Turns every followed volume whose release instant has passed into a newly message, once:
 * (user, book) is unique and deleted messages stay as tombstones, so running it again, or
 * from two processes at once, adds nothing. Called lazily before a member's messages are read.
 */
export async function materialise(db: Db, userId: number, now: number): Promise<void> {
  await repo.insertTitleReleases(db, userId, now);
  await repo.insertAuthorReleases(db, userId, now);
}

export async function listMessages(
  db: Db,
  userId: number,
  q: { offset: number; limit: number; includeAdult: boolean; now: number },
): Promise<NewlyMessagesResponse> {
  await materialise(db, userId, q.now);
  const [rows, total, unread] = await Promise.all([
    repo.listMessageRows(db, userId, q),
    repo.countMessages(db, userId, q.includeAdult),
    undisplayedCount(db, userId),
  ]);
  const newlyMessages: NewlyMessage[] = rows.map((r) => ({
    id: r.id,
    bookId: r.book_id,
    titleId: r.title_id,
    titleName: r.name,
    vol: r.vol,
    imageUrl: coverUrl(r.book_id, COVER_WIDTH, r.media_version),
    reason: r.reason as NewlyReason,
    releaseDatetime: Number(r.released_at),
    displayed: r.displayed_flg === 1,
  }));
  return { totalCount: total, unreadCount: unread, newlyMessages };
}

export async function undisplayedCount(db: Db, userId: number, since?: number): Promise<number> {
  return repo.countUndisplayed(db, userId, since);
}

export async function markDisplayed(db: Db, userId: number, ids: number[], displayed: boolean): Promise<NewlyDisplayResponse> {
  return { updatedCount: await repo.setDisplayed(db, userId, ids, displayed) };
}

export async function deleteMessage(db: Db, userId: number, id: number, now: number): Promise<DeleteNewlyResponse> {
  const message = await repo.findMessage(db, id);
  if (!message || message.deleted_at !== null) throw notFound('newly message');
  if (message.user_id !== userId) throw forbidden("id: another member's message");
  await repo.markMessageDeleted(db, userId, id, now);
  return { result: 'OK' as const, id };
}

/** The member's follows, newest change first (`/newly/get_newly_notice`; `type` keeps title or author follows only). */
export async function listFollows(
  db: Db,
  userId: number,
  q: { offset: number; limit: number; type?: NewlyNoticeType },
): Promise<NewlyNoticesResponse> {
  const [rows, total] = await Promise.all([repo.listFollowRows(db, userId, q), repo.countFollows(db, userId, q.type)]);
  return {
    totalCount: total,
    newlyNotices: rows.map((r) => ({ titleId: r.title_id, titleName: r.name, titleStatus: r.title_status, authorStatus: r.author_status })),
  };
}
