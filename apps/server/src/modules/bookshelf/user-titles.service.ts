import { isSalable, priceInEffect, salesStatusAt } from '@hondana/domain/catalog/books';
import type { MaxBookFinishRead, ReservableBooks, UserTitle } from '@hondana/domain/bookshelf/bookshelf-api';
import { SalesStatus } from '@hondana/domain/catalog/catalog';
import { notFound } from '@hondana/domain/common/errors';
import type { Db } from '../../db/schema';
import { getTitle } from '../catalog/titles.service';
import { isWished } from '../notices/wish-list.service';
import { heldAmong, maxFinishedBook, titleVolumeRows } from './user-titles.repository';

interface TitleViewer {
  userId: number;
  includeAdult: boolean;
  now: number;
}

/** The title's volumes with their sales window and prices; 404 when the viewer may not see the title. */
async function volumesOf(db: Db, v: TitleViewer, titleId: number) {
  if (!(await getTitle(db, { titleId, includeAdult: v.includeAdult, now: v.now }))) throw notFound('title');
  const rows = await titleVolumeRows(db, titleId);
  return rows.map((r) => ({
    ...r,
    status: salesStatusAt({ salesStatus: r.sales_status, startDatetime: r.start_datetime, endDatetime: r.end_datetime }, v.now),
  }));
}

/** `GET /user_titles/get_max_book_finish_read`. */
export async function maxBookFinishRead(db: Db, v: TitleViewer, titleId: number): Promise<MaxBookFinishRead> {
  const volumes = await volumesOf(db, v, titleId);
  const max = await maxFinishedBook(
    db,
    v.userId,
    volumes.map((b) => b.id),
  );
  return { titleId, bookId: max?.id ?? null, vol: max?.vol ?? null };
}

/** `GET /user_titles/get_reservable_books`. */
export async function reservableBooks(db: Db, v: TitleViewer, titleId: number): Promise<ReservableBooks> {
  const open = (await volumesOf(db, v, titleId)).filter((b) => b.status === SalesStatus.IN_RESERVATION);
  const held = await heldAmong(
    db,
    v.userId,
    open.map((b) => b.id),
  );
  return {
    titleId,
    books: open.map((b) => ({
      bookId: b.id,
      vol: b.vol,
      name: b.contents_name,
      price: priceInEffect(
        {
          price: b.price,
          salePrice: b.sale_price,
          saleStartDatetime: b.sale_start_datetime,
          saleEndDatetime: b.sale_end_datetime,
          freeFlg: b.free_flg === 1,
          freeStartDatetime: b.free_start_datetime,
          freeEndDatetime: b.free_end_datetime,
        },
        v.now,
      ).price,
      startDatetime: b.start_datetime,
      reserved: held.has(b.id),
    })),
  };
}

/** `GET /user_titles/me/by_title`. */
export async function userTitle(db: Db, v: TitleViewer, titleId: number): Promise<UserTitle> {
  const volumes = await volumesOf(db, v, titleId);
  const ids = volumes.map((b) => b.id);
  const [held, wished, max] = await Promise.all([
    heldAmong(db, v.userId, ids),
    isWished(db, v.userId, titleId),
    maxFinishedBook(db, v.userId, ids),
  ]);
  const mine = volumes.filter((b) => held.has(b.id));
  return {
    titleId,
    wished,
    boughtBookIds: mine.filter((b) => b.start_datetime <= v.now).map((b) => b.id),
    reservedBookIds: mine.filter((b) => b.start_datetime > v.now).map((b) => b.id),
    salableCount: volumes.filter((b) => isSalable(b.status)).length,
    maxFinishReadBookId: max?.id ?? null,
  };
}
