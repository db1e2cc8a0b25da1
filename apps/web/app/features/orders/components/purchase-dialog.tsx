import { walletCopy } from '../../../i18n/ja-wallet';
import { type PurchasedOutcome, PurchasePanel, type PurchaseBook } from './purchase-panel';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import { type BackEntries, useBackCloses } from '../../../lib/use-back-closes';

/** The page's entry and the sheet's while a book's purchase sheet is open. */
const PURCHASE_SHEET: BackEntries = { page: '#book', popup: '#buy' };

type PurchaseDialogProps = {
  book: PurchaseBook;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the order completes: show `outcome.message` as the 3 s toast, reload after 1000 ms. */
  onPurchased: (outcome: PurchasedOutcome) => void;
  /** The server says the member already owns the book. */
  onOwned: () => void;
};

/**
 * The purchase UI of a book (§2, §4): payment method selector, confirm dialog, coin appeal,
 * point detail and long press, as a modal on desktop and a bottom sheet on mobile. Used by the
 * volume page (lazily, through BuyBox) and by the viewer's last page, mounted while it is open:
 * browser back closes it rather than leaving the page (issue 34).
 */
export function PurchaseDialog({ book, open, onOpenChange, onPurchased, onOwned }: PurchaseDialogProps) {
  useBackCloses(() => onOpenChange(false), PURCHASE_SHEET);
  return (
    <ResponsiveDialog open={open} onOpenChange={onOpenChange} title={walletCopy('purchase.dialogTitle')}>
      <PurchasePanel book={book} onPurchased={onPurchased} onOwned={onOwned} onClose={() => onOpenChange(false)} />
    </ResponsiveDialog>
  );
}

export default PurchaseDialog;
