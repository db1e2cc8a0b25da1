import { useTranslation } from '../../../i18n/i18n';
import styles from './viewer.module.css';
import '../../../i18n/ja-viewer';

type ViewerHeaderProps = {
  visible: boolean;
  title: string;
  closeHref: string;
  /** §2: the table of contents is hidden for serials and webtoons. */
  showToc: boolean;
  /** 作者一覧 (books; a serial episode has no author list of its own). */
  showAuthors?: boolean;
  onOpen: (popup: 'toc' | 'authors') => void;
};

/** §2 header: close link back to where the reader came from, title, table of contents. */
export function ViewerHeader({ visible, title, closeHref, showToc, showAuthors = true, onOpen }: ViewerHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className={`${styles.bar} ${styles.header} ${visible ? '' : styles.hidden}`} aria-hidden={!visible} data-viewer-bar>
      <a className={styles.close} href={closeHref} tabIndex={visible ? undefined : -1}>
        {t('viewer.close')}
      </a>
      <h1 className={styles.title}>{title}</h1>
      {showAuthors && (
        <button type="button" className={styles.button} onClick={() => onOpen('authors')} tabIndex={visible ? undefined : -1}>
          {t('viewer.authors')}
        </button>
      )}
      {showToc && (
        <button type="button" className={styles.button} onClick={() => onOpen('toc')} tabIndex={visible ? undefined : -1}>
          {t('viewer.toc')}
        </button>
      )}
    </header>
  );
}
