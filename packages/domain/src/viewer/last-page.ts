/** Status of the last page in the viewer (§4 "Last page choice"). */
export type LastPageStatus = 'hidden' | 'close' | 'open';

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

export type BoughtMessageInput = {
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
