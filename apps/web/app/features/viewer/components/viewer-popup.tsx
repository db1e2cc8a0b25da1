import type { ViewerSettings } from '@hondana/domain/reading/reading-api';
import type { SettingsVisibility, SpreadNote } from '@hondana/domain/viewer/controls';
import { useTranslation } from '../../../i18n/i18n';
import { AuthorList, BookmarkList, SettingsPanel, TocList } from './popup-contents';
import PopupFrame from './popup-frame';
import styles from './popup.module.css';
import '../../../i18n/ja-viewer';

export type PopupKind = 'settings' | 'bookmarks' | 'toc' | 'authors' | 'bookmarkLogin';

type ViewerPopupProps = {
  kind: PopupKind;
  sheet: boolean;
  onClose: () => void;
  settings: ViewerSettings;
  visibility: SettingsVisibility;
  onSettings: (patch: Partial<ViewerSettings>) => void;
  /** Why 見開き表示 shows one page on this screen (settings). */
  spreadNote?: SpreadNote;
  bookmarks: readonly number[];
  toc: readonly { page: number; text: string }[];
  /** The 目次 entry the reader is in (-1: before the first). */
  tocCurrent: number;
  authors: readonly { authorId: number; name: string; type: string }[];
  /** Jumps to a book page number (bookmarks, table of contents). */
  onJump: (page: number) => void;
  /** Where a guest logs in to keep bookmarks (the 'bookmarkLogin' popup). */
  loginTo: string;
};

const titles = {
  settings: 'viewer.settings',
  bookmarks: 'viewer.bookmarks',
  toc: 'viewer.toc',
  authors: 'viewer.authors',
  bookmarkLogin: 'viewer.bookmarkAdd',
} as const;

/** One of the §2 popups, in its frame (loaded on first open). */
export default function ViewerPopup(props: ViewerPopupProps) {
  const { t } = useTranslation();
  const jump = (page: number) => {
    props.onJump(page);
    props.onClose();
  };
  return (
    <PopupFrame title={t(titles[props.kind])} sheet={props.sheet} onClose={props.onClose}>
      {props.kind === 'settings' && (
        <SettingsPanel settings={props.settings} visibility={props.visibility} onChange={props.onSettings} spreadNote={props.spreadNote} />
      )}
      {props.kind === 'bookmarks' && <BookmarkList bookmarks={props.bookmarks} onJump={jump} />}
      {props.kind === 'toc' && <TocList entries={props.toc} current={props.tocCurrent} onJump={jump} />}
      {props.kind === 'authors' && <AuthorList authors={props.authors} />}
      {/* A guest's しおりを追加 says why it needs a login before leaving the book. */}
      {props.kind === 'bookmarkLogin' && (
        <div className={styles.loginNote}>
          <p>{t('viewer.bookmarkLoginBody')}</p>
          <div className={styles.loginActions}>
            <button type="button" className={styles.loginCancel} onClick={props.onClose}>
              {t('viewer.bookmarkLoginCancel')}
            </button>
            <a className={styles.loginLink} href={props.loginTo}>
              {t('viewer.bookmarkLogin')}
            </a>
          </div>
        </div>
      )}
    </PopupFrame>
  );
}
