/** Status of the last page in the viewer (§4 "Last page choice"). */
type LastPageStatus = 'hidden' | 'close' | 'open';

/** Which last page shows (§2 "Last page, books"). */
export type LastPageVariant = 'none' | 'closeOnly' | 'guest' | 'orderComplete' | 'bought' | 'notBought';

export type LastPageState = {
  status: LastPageStatus;
  loggedIn: boolean;
  /** An order was just completed from the viewer. */
  orderCompleted: boolean;
  bought: boolean;
};

/**
 * §4: pre-hidden statuses give nothing; close status gives close-only; not logged in gives
 * guest; order just completed gives order-complete; bought gives bought; else not-bought.
 */
export function lastPageChoice({ status, loggedIn, orderCompleted, bought }: LastPageState): LastPageVariant {
  if (status === 'hidden') return 'none';
  if (status === 'close') return 'closeOnly';
  if (!loggedIn) return 'guest';
  if (orderCompleted) return 'orderComplete';
  if (bought) return 'bought';
  return 'notBought';
}

export type BoughtMessage = 'buyPrompt' | 'waitForNewVolume' | 'canPreOrder' | 'reserved' | 'none';

type BoughtMessageInput = {
  hasSample: boolean;
  bought: boolean;
  isLatestVol: boolean;
  isConcluded: boolean;
  hasReservableBook: boolean;
  reserved: boolean;
};

/** §4 "Bought message", in the order the spec lists its cases. */
export function boughtMessage(input: BoughtMessageInput): BoughtMessage {
  if (!input.hasSample && !input.bought) return 'buyPrompt';
  if (input.isConcluded || !input.isLatestVol) return 'none';
  if (input.reserved) return 'reserved';
  if (input.hasReservableBook) return 'canPreOrder';
  return 'waitForNewVolume';
}

/** §4 loading status of a resource (here: what the last page waits for). */
export type LoadStatus = 'initial' | 'started' | 'done' | 'failed';

/** §4 "pre-hidden statuses": the last page's data is not ready yet, so nothing shows. */
const PRE_HIDDEN_STATUSES: readonly LoadStatus[] = ['initial', 'started'];

interface LastPageStatusInput {
  /** The free book on load (§4): 'started' while the server buys it, before the reload. */
  load: LoadStatus;
  /** The book is still sold (on sale or open for pre-order). */
  salable: boolean;
  /** The reader holds the book (owned, or free to read in full). */
  bought: boolean;
}

/**
 * The §4 last-page status: hidden while loading (the pre-hidden statuses); close-only when the book's sale has closed and the reader does not hold it
 * (nothing to buy, nothing to continue); else open.
 */
export function lastPageStatus(input: LastPageStatusInput): LastPageStatus {
  if (PRE_HIDDEN_STATUSES.includes(input.load)) return 'hidden';
  if (!input.salable && !input.bought) return 'close';
  return 'open';
}

/**
 * §4 reading progress, moving past the last page: the newly notice (new volumes of the title)
 * is switched on for the latest volume the member bought, unless they already set it (on or
 * off); then the last page resets to the first page (the last-page-reset setting) or hides.
 */
export function pastLastPage(input: { loggedIn: boolean; bought: boolean; isLatestVol: boolean; resetSetting: boolean }): {
  enableNewlyNotice: boolean;
  then: 'reset' | 'hide';
} {
  return { enableNewlyNotice: input.loggedIn && input.bought && input.isLatestVol, then: input.resetSetting ? 'reset' : 'hide' };
}

/**
 * The server's side of the same rule: only the latest volume the member owns. "Not already set"
 * is the server's conditional insert (a member's earlier choice, on or off, stays).
 */
export const newlyNoticeOnPastLastPage = (input: { owned: boolean; isLatestVol: boolean }): boolean => input.owned && input.isLatestVol;

/** §2 'read in app': the native app's deep link to its viewer for a book. */
export const appViewerHref = (bookId: number): string => `hondana://viewer?cid=${bookId}`;

/**
 * §4 `open_lastpage=true` is added to the URL while the last page shows (a reload comes back to
 * it) and removed on leaving; the other parameters stay as they are.
 */
export function withOpenLastPage(search: string, open: boolean): string {
  const params = new URLSearchParams(search);
  if (open) params.set('open_lastpage', 'true');
  else params.delete('open_lastpage');
  const next = params.toString();
  return next ? `?${next}` : '';
}
