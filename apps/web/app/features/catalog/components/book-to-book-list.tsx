import { TileList } from '../../../components/tile-list';
import { useBookToBook } from '../api/get-book-to-book';
import { tileFromRecommendation } from '../recommendation-tile';
import { QueryProvider } from '../../../components/query-provider';
import { BookToBookSection, BookToBookSkeleton } from './book-to-book';

type Props = { bookId: number; adult: boolean; heading: string; linkRef?: string };

/** Loaded lazily by BookToBook: the fetch and its states. */
export default function BookToBookList(props: Props) {
  return (
    <QueryProvider>
      <List {...props} />
    </QueryProvider>
  );
}

function List({ bookId, adult, heading, linkRef }: Props) {
  const query = useBookToBook({ bookId, adult });
  if (query.isPending) {
    return (
      <BookToBookSection heading={heading}>
        <BookToBookSkeleton />
      </BookToBookSection>
    );
  }
  // FAILED, or DONE with nothing: the module hides (§4).
  if (query.isError || query.data.length === 0) return null;
  return (
    <BookToBookSection heading={heading}>
      <TileList tiles={query.data.map(tileFromRecommendation)} layout="row" {...(linkRef ? { linkRef } : {})} />
    </BookToBookSection>
  );
}
