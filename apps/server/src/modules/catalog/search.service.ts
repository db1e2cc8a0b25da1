import { listedEroticTypes } from '@hondana/domain/catalog/catalog';
import { searchWords } from '@hondana/domain/catalog/search-text';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { coverUrl } from '../../media/media-spec';
import type { TitleSummary } from '@hondana/domain/catalog/catalog-api';
import { authorsOfTitles } from './books.repository';
import { authorTitleIds, findAuthor, refreshTitleSearchText, searchTitleIds, titleSummaryRows } from './search.repository';
import type { AuthorSearchResult, KeywordSearchResult } from '@hondana/domain/catalog/search-api';

const AUTHOR_PAGE_SIZE = 20;

/** Keeps the search text of titles whose names or credits changed (the import calls it inside its transaction). */
export function refreshSearchText(db: Db | Transaction<Database>, titleIds: number[]): Promise<number> {
  return refreshTitleSearchText(db, titleIds);
}

/** Width of a title's `imageUrl` in lists (as catalog.service's tiles). */
const TITLE_COVER_WIDTH = 128;

/** Titles (with credits) in the order of `ids`; the ids are already filtered by the adult rule. */
async function summaries(db: Db, ids: number[]): Promise<TitleSummary[]> {
  if (ids.length === 0) return [];
  const rows = await titleSummaryRows(db, ids);
  const credits = await authorsOfTitles(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        name: r.name,
        kana: r.kana,
        imageUrl: coverUrl(r.minVolBookId, TITLE_COVER_WIDTH, r.coverVersion),
        pageType: r.pageType,
        genreId: r.genreId,
        eroticType: r.eroticType,
        completeFlg: r.completeFlg === 1,
        maxVol: r.maxVol,
        minVolBookId: r.minVolBookId,
        maxVolBookId: r.maxVolBookId,
        authors: credits.get(id) ?? [],
      },
    ];
  });
}

/**
 * Keyword search over titles and their authors (names and readings). Words are normalised like
 * the stored text (NFKC, case, hiragana ⇄ katakana, spaces), and every word must match.
 */
export async function searchKeyword(
  db: Db,
  q: { word: string; offset: number; limit: number; includeAdult: boolean },
): Promise<KeywordSearchResult> {
  const words = searchWords(q.word);
  if (words.length === 0) return { totalCount: 0, titles: [] };
  const { totalCount, ids } = await searchTitleIds(db, {
    words,
    eroticTypes: listedEroticTypes(q.includeAdult),
    offset: q.offset,
    limit: q.limit,
  });
  return { totalCount, titles: await summaries(db, ids) };
}

/** `/search/author/{authorId}/{page}`: the author and a page of the titles they are credited on. */
export async function searchByAuthor(db: Db, q: { authorId: number; page: number; includeAdult: boolean }): Promise<AuthorSearchResult> {
  const page = Math.max(1, Math.trunc(q.page));
  const author = (await findAuthor(db, q.authorId)) ?? null;
  if (!author) return { author: null, totalCount: 0, page, pageCount: 0, titles: [] };
  const { totalCount, ids } = await authorTitleIds(db, {
    authorId: q.authorId,
    eroticTypes: listedEroticTypes(q.includeAdult),
    offset: (page - 1) * AUTHOR_PAGE_SIZE,
    limit: AUTHOR_PAGE_SIZE,
  });
  return {
    author,
    totalCount,
    page,
    pageCount: Math.ceil(totalCount / AUTHOR_PAGE_SIZE),
    titles: await summaries(db, ids),
  };
}
