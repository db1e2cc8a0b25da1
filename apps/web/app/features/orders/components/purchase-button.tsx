import { PURCHASE_TOAST_MS } from '@hondana/domain/orders/last-page-commerce';
import { type ReactNode, Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { PurchasedOutcome, PurchaseBook } from './purchase-panel';

const PurchaseDialog = lazy(() => import('./purchase-dialog'));

type PurchaseButtonProps = {
  book: PurchaseBook;
  className?: string;
  children: ReactNode;
  /** Called when the order completed (the dialog has closed): toast, then reload after 1000 ms (§4). */
  onPurchased: (outcome: PurchasedOutcome) => void;
  /** The server says the member already owns the book. */
  onOwned?: () => void;
};

/** A buy button whose purchase dialog (Radix / vaul, ~30 kB) loads on the first click. */
export function PurchaseButton({ book, className, children, onPurchased, onOwned }: PurchaseButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {children}
      </button>
      {open && (
        <Suspense fallback={null}>
          <PurchaseDialog
            book={book}
            open={open}
            onOpenChange={setOpen}
            onPurchased={(outcome) => {
              setOpen(false);
              onPurchased(outcome);
            }}
            onOwned={() => {
              setOpen(false);
              onOwned?.();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** The toast after spending coins (§2): shows `message` and calls `onDone` after 3 s. */
export function PurchaseToast({ message, className, onDone }: { message: string; className?: string; onDone: () => void }) {
  // The timer starts once per message; a new onDone on re-render does not restart it.
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);
  useEffect(() => {
    const timer = setTimeout(() => done.current(), PURCHASE_TOAST_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <p role="status" className={className}>
      {message}
    </p>
  );
}
