import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef, useSyncExternalStore } from 'react';
import { Drawer } from 'vaul';
import { walletCopy } from '../i18n/ja-wallet';
import styles from './responsive-dialog.module.css';

/** Below the §9 tablet breakpoint the dialog is a bottom sheet. */
const MOBILE_QUERY = '(max-width: 767px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const useMobile = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );

type ResponsiveDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
};

/**
 * A modal on desktop (Radix Dialog) and a bottom sheet on mobile (vaul): both trap focus, close
 * on Escape and on the overlay, and name themselves by `title` (§2 payment method selector).
 * Closed, they give focus back to what had it when they opened (the button that opened them):
 * Radix returns it to a `Dialog.Trigger` only, and the pages open these from buttons of their own
 * (issue 42).
 */
export function ResponsiveDialog({ open, onOpenChange, title, children }: ResponsiveDialogProps) {
  const mobile = useMobile();
  const opener = useRef<HTMLElement | null>(null);
  const focusHandlers = {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
  if (mobile) {
    return (
      <Drawer.Root open={open} onOpenChange={onOpenChange}>
        <Drawer.Portal>
          <Drawer.Overlay className={styles.overlay} />
          <Drawer.Content className={styles.sheet} aria-describedby={undefined} {...focusHandlers}>
            <div className={styles.handle} aria-hidden="true" />
            <Drawer.Title className={styles.title}>{title}</Drawer.Title>
            {children}
          </Drawer.Content>
        </Drawer.Portal>
      </Drawer.Root>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.modal} aria-describedby={undefined} {...focusHandlers}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          {children}
          <Dialog.Close className={styles.closeX} aria-label={walletCopy('purchase.close')}>
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
