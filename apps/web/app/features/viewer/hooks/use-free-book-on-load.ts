import type { ViewerInfo } from '@hondana/domain/reading/reading-api';
import { buysFreeOnLoad } from '@hondana/domain/orders/orders';
import type { LoadStatus } from '@hondana/domain/viewer/last-page';
import { useEffect, useState } from 'react';
import { buyFreeBook } from '../api/free-book';

/**
 * §4 free book on load: a logged-in member opening a free, salable book they do not hold gets
 * it bought (not an R18 book before the adult check), and the page reloads into the book they
 * now own. 'done' when there is nothing to buy; 'started' while the server buys it (the last
 * page waits: a pre-hidden status); 'failed' when the call failed (reading goes on as before).
 */
export function useFreeBookOnLoad(info: ViewerInfo | null, loggedIn: boolean, adult: boolean): LoadStatus {
  const book = info?.book_data ?? null;
  const wanted =
    book !== null &&
    buysFreeOnLoad(
      loggedIn,
      { price: book.price, free: book.free, salable: book.salable, eroticType: book.eroticType },
      book.bought,
      adult,
    );
  const bookId = book?.id ?? null;
  // The answer for a book; until it comes, the purchase is under way ('started').
  const [answer, setAnswer] = useState<{ bookId: number; status: LoadStatus } | null>(null);
  useEffect(() => {
    if (!wanted || bookId === null) return;
    let live = true;
    buyFreeBook(bookId).then(
      (result) => {
        if (!live) return;
        // Bought now: reload into the owned book (its shelf, read-end, sync). Nothing to do
        // (bought meanwhile elsewhere, no longer free): carry on as is.
        if (result.bought) window.location.reload();
        else setAnswer({ bookId, status: 'done' });
      },
      () => live && setAnswer({ bookId, status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [wanted, bookId]);
  if (!wanted) return 'done';
  return answer !== null && answer.bookId === bookId ? answer.status : 'started';
}
