import { BookToBook } from './book-to-book';
import { SeriesFreeRanking } from './series-free-ranking';

type SeriesPageEndProps = {
  /** The book recommendations start from (the volume shown, else the first); null: no list. */
  bookId: number | null;
  titleName: string;
  adult: boolean;
  pageType: string;
};

/**
 * The two lists that end the series page, in one chunk loaded when they near the viewport:
 * '<title>を好きな人が読んでいる作品' and 無料マンガランキング, both fetched in the browser.
 */
export function SeriesPageEnd({ bookId, titleName, adult, pageType }: SeriesPageEndProps) {
  return (
    <>
      {bookId !== null && <BookToBook bookId={bookId} titleName={titleName} adult={adult} />}
      <SeriesFreeRanking pageType={pageType} adult={adult} />
    </>
  );
}
