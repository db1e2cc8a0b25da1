/**
 * What the viewer's last page (books, §2) hands the commerce block: the §4 "Last page choice"
 * and "Bought message" facts from the viewer info's book_data, and the book with its next
 * volume for the panels. Pure, so the route only wires it to the components.
 */
import type { LastPageBook, LastPageCommerceInput } from './last-page-commerce';
import type { ViewerInfo } from '../reading/reading-api';
import type { LastPageVariant } from '../viewer/last-page';

interface LastPageSession {
  loggedIn: boolean;
  /** Books bought from this last page (the order completed, the page reloads in 1000 ms). */
  boughtNow: ReadonlySet<number>;
}

/**
 * §4 inputs of `lastPageCommerce`. A free book the member may read in full counts as bought:
 * §4 "free book on load" buys it for a logged-in member, so its last page is the bought page
 * (next volume), not a buy prompt for a 0-coin book.
 */
export function lastPageCommerceInput(info: ViewerInfo, session: LastPageSession): LastPageCommerceInput {
  const b = info.book_data;
  const boughtHere = session.boughtNow.has(b.id);
  return {
    status: 'open',
    loggedIn: session.loggedIn,
    orderCompleted: boughtHere,
    bought: b.bought || boughtHere || (b.free && b.fullAccess),
    nextBookId: b.nextBookId,
    isNextBookBought: b.isNextBookBought || (b.nextBookId !== null && session.boughtNow.has(b.nextBookId)),
    isNextBookFree: b.isNextBookFree,
    hasSample: b.hasSample,
    isLatestVol: b.isLatestVol,
    isConcluded: b.isConcluded,
    hasReservableBook: b.hasReservableBook,
    reserved: b.reserved,
  };
}

/** The book and its next volume as the last page's panels show them. */
export function lastPageCommerceBook(info: ViewerInfo): LastPageBook {
  const b = info.book_data;
  const next = info.nextVolume;
  return {
    id: b.id,
    title: b.title,
    vol: b.vol,
    titleId: b.titleId,
    price: b.price,
    nextBookId: b.nextBookId,
    nextBookTitle: b.nextBookTitle,
    nextBookPrice: next && next.bookId === b.nextBookId ? next.price : null,
    pointCampaign: b.pointCampaign,
  };
}

/**
 * Which book an order placed from the last page was for: the bought page's panel sells the
 * next volume, the not-bought page this book. After the toast the viewer opens that book
 * (§4: reload about 1000 ms after the purchase).
 */
export function purchasedFromLastPage(variant: LastPageVariant, info: ViewerInfo): number | null {
  if (variant === 'bought') return info.book_data.nextBookId;
  if (variant === 'notBought') return info.book_data.id;
  return null;
}
