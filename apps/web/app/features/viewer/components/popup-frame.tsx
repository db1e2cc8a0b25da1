import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Drawer } from 'vaul';
import { useTranslation } from '../../../i18n/i18n';
import { VIEWER_POPUP, useBackCloses } from '../../../lib/use-back-closes';
import styles from './popup.module.css';
import '../../../i18n/ja-viewer';

type PopupFrameProps = {
  title: string;
  /** A bottom sheet (phones) instead of a centred modal (desktop). */
  sheet: boolean;
  onClose: () => void;
  children: ReactNode;
};

/**
 * The viewer's popups (設定, しおり一覧, 目次, 作者一覧): a Radix dialog on wide screens, a vaul
 * bottom sheet on phones; both trap focus, close on Escape and return focus on close. Loaded on
 * the first open, so the reading path does not ship them. Browser back closes them (useBackCloses).
 */
export default function PopupFrame({ title, sheet, onClose, children }: PopupFrameProps) {
  const { t } = useTranslation();
  useBackCloses(onClose, VIEWER_POPUP);
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };
  if (sheet) {
    return (
      <Drawer.Root open onOpenChange={onOpenChange}>
        <Drawer.Portal>
          <Drawer.Overlay className={styles.overlay} />
          <Drawer.Content className={styles.sheet} aria-describedby={undefined}>
            <Drawer.Handle className={styles.handle} />
            <Drawer.Title className={styles.title}>{title}</Drawer.Title>
            <div className={styles.body}>{children}</div>
          </Drawer.Content>
        </Drawer.Portal>
      </Drawer.Root>
    );
  }
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.modal} aria-describedby={undefined}>
          <div className={styles.titleRow}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.closeButton}>{t('viewer.dialogClose')}</Dialog.Close>
          </div>
          <div className={styles.body}>{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
