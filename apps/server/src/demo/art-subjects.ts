import { LayoutType, readingDirection } from '@hondana/domain/catalog/catalog';
import type { Db } from '../db/schema';
import type { CoverSubject, PageSubject } from './art/subjects';
import { authorNames, type BookArtRow, bookArtRows, bookPageSize, episodePageRow, volumeCounts } from './art-subjects.repository';

/** What a cover, a page or a serial image shows, from the catalog's rows. */

export const coverSubjectOf = (row: BookArtRow, authors: string[], volumes: number): CoverSubject => ({
  bookId: row.bookId,
  titleId: row.titleId,
  titleName: row.titleName,
  vol: row.vol,
  volumes,
  authors,
  publisher: row.publisher,
  pageType: row.pageType,
  eroticType: row.eroticType,
  layoutType: row.layoutType,
});

export const pageSubjectOf = (row: BookArtRow, author: string, page: number, size: { width: number; height: number }): PageSubject => ({
  seed: row.bookId,
  titleId: row.titleId,
  titleName: row.titleName,
  heading: row.contentsName,
  author,
  pageType: row.pageType,
  genreId: row.genreId,
  layoutType: row.layoutType,
  direction: readingDirection(row.genreId, row.direction),
  pageCount: row.pageCount,
  page,
  width: size.width,
  height: size.height,
});

export async function loadCoverSubject(db: Db, bookId: number): Promise<CoverSubject | null> {
  const [row] = await bookArtRows(db, [bookId]);
  if (!row) return null;
  const [authors, volumes] = await Promise.all([authorNames(db, [row.titleId]), volumeCounts(db, [row.titleId])]);
  return coverSubjectOf(row, authors.get(row.titleId) ?? [], volumes.get(row.titleId) ?? 1);
}

export async function loadPageSubject(db: Db, bookId: number, page: number): Promise<PageSubject | null> {
  const [row] = await bookArtRows(db, [bookId]);
  if (!row) return null;
  const size = await bookPageSize(db, bookId, page);
  if (!size) return null;
  const authors = await authorNames(db, [row.titleId]);
  return pageSubjectOf(row, authors.get(row.titleId)?.[0] ?? '', page, size);
}

export async function loadEpisodePageSubject(db: Db, episodeId: number, page: number): Promise<PageSubject | null> {
  const row = await episodePageRow(db, episodeId, page);
  if (!row) return null;
  const authors = row.titleId ? await authorNames(db, [row.titleId]) : new Map<number, string[]>();
  return {
    seed: 1_000_000 + row.id,
    titleId: row.titleId ?? row.serialId,
    titleName: row.serialName,
    heading: `${row.serialName} ${row.episodeTitle}`,
    author: (row.titleId && authors.get(row.titleId)?.[0]) || '',
    pageType: row.category,
    genreId: row.genreId,
    layoutType: row.layoutType,
    direction: readingDirection(row.genreId, row.layoutType === LayoutType.WEBTOON ? 'ltr' : 'rtl'),
    pageCount: row.pageCount,
    page,
    width: row.width,
    height: row.height,
  };
}
