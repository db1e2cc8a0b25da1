import type { ViewerSettings } from '@hondana/domain/reading/reading-api';
import { FONT_SIZES, FONT_TYPES, type SettingsVisibility, type SpreadNote } from '@hondana/domain/viewer/controls';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import styles from './popup.module.css';
import '../../../i18n/ja-viewer';

type Jump = (page: number) => void;

/** しおり一覧: bookmarked pages (book page numbers), or しおりがありません。 */
export function BookmarkList({ bookmarks, onJump }: { bookmarks: readonly number[]; onJump: Jump }) {
  const { t } = useTranslation();
  if (bookmarks.length === 0) return <p className={styles.empty}>{t('viewer.bookmarksEmpty')}</p>;
  return (
    <ul className={styles.list} data-testid="bookmark-list">
      {bookmarks.map((page) => (
        <li key={page}>
          <button type="button" className={styles.item} onClick={() => onJump(page)}>
            {t('viewer.bookmarkPage', { page: page + 1 })}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * 目次: the book's navigations (image books), or its chapters and the pages they start on in
 * the paginated text (text books). `current` marks the entry the reader is in.
 */
export function TocList({
  entries,
  current = -1,
  onJump,
}: {
  entries: readonly { page: number; text: string }[];
  current?: number;
  onJump: Jump;
}) {
  return (
    <ul className={styles.list} data-testid="toc-list">
      {entries.map((entry, i) => (
        <li key={`${entry.page}-${entry.text}`}>
          <button
            type="button"
            className={styles.item}
            aria-current={i === current ? 'true' : undefined}
            onClick={() => onJump(entry.page)}
          >
            {entry.text}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** 作者一覧: each author links to their works. */
export function AuthorList({ authors }: { authors: readonly { authorId: number; name: string; type: string }[] }) {
  return (
    <ul className={styles.list}>
      {authors.map((a) => (
        <li key={`${a.authorId}-${a.type}`}>
          <a className={styles.item} href={`/search/author/${a.authorId}/1`}>
            {a.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

type SettingsPanelProps = {
  settings: ViewerSettings;
  visibility: SettingsVisibility;
  onChange: (patch: Partial<ViewerSettings>) => void;
  /** Why 見開き表示, on, shows one page on this screen (null when it shows spreads). */
  spreadNote?: SpreadNote;
};

type Flag = 'spread' | 'spreadShift' | 'tapNavigation' | 'lastPageReset';

/** 縦書き・横書き: the book's own, or either whatever the book says. */
const WRITING_MODES = ['book', 'vertical', 'horizontal'] as const;

/** 設定 (§3 Viewer settings) with the §5 visibility rules. */
export function SettingsPanel({ settings, visibility, onChange, spreadNote = null }: SettingsPanelProps) {
  const { t } = useTranslation();
  const flags: Flag[] = [
    ...(visibility.spread ? (['spread', 'spreadShift'] as const) : []),
    'tapNavigation',
    ...(visibility.resetAfterFinish ? (['lastPageReset'] as const) : []),
  ];
  return (
    <div>
      {visibility.fontSize && (
        <Choice
          legend={t('viewer.fontSize')}
          options={FONT_SIZES.map((size) => ({ value: size, label: t(`viewer.fontSizes.${size}`) }))}
          value={settings.fontSize}
          onPick={(fontSize) => onChange({ fontSize })}
        />
      )}
      {visibility.writingMode && (
        <Choice
          legend={t('viewer.writingMode')}
          options={WRITING_MODES.map((mode) => ({ value: mode, label: t(`viewer.writingModes.${mode}`) }))}
          value={settings.writingMode}
          onPick={(writingMode) => onChange({ writingMode })}
        />
      )}
      {visibility.fontType && (
        <Choice
          legend={t('viewer.fontType')}
          options={FONT_TYPES.map((type) => ({ value: type, label: t(`viewer.fontTypes.${type}`) }))}
          value={settings.fontType}
          onPick={(fontType) => onChange({ fontType })}
        />
      )}
      {flags.map((flag) => (
        <Choice
          key={flag}
          legend={t(`viewer.${flag}`)}
          options={[
            { value: 'on', label: t('viewer.on') },
            { value: 'off', label: t('viewer.off') },
          ]}
          value={settings[flag] ? 'on' : 'off'}
          onPick={(v) => onChange({ [flag]: v === 'on' })}
          note={flag === 'spread' && spreadNote ? t(`viewer.spreadNote.${spreadNote}`) : undefined}
        />
      ))}
    </div>
  );
}

type ChoiceProps<T extends string> = {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onPick: (value: T) => void;
  /** A line under the choice saying why it does not apply now. */
  note?: string;
};

function Choice<T extends string>({ legend, options, value, onPick, note }: ChoiceProps<T>) {
  const noteId = useId();
  return (
    <div role="group" aria-label={legend} aria-describedby={note ? noteId : undefined} className={styles.setting}>
      <span>{legend}</span>
      <div className={styles.choices}>
        {options.map((o) => (
          <button key={o.value} type="button" className={styles.choice} aria-pressed={o.value === value} onClick={() => onPick(o.value)}>
            {o.label}
          </button>
        ))}
      </div>
      {note && (
        <p id={noteId} className={styles.settingNote} data-testid="setting-note">
          {note}
        </p>
      )}
    </div>
  );
}
