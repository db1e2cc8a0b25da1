import type { ViewerKind } from './direction';
import { spreadsFit } from './spreads';
import { SPREAD_MIN_WIDTH } from './timing';

/** Font sizes of reflowable text (§3 Viewer settings; §5: only these three are accepted). */
export const FONT_SIZES = ['small', 'medium', 'large'] as const;
export type FontSize = (typeof FONT_SIZES)[number];
export const DEFAULT_FONT_SIZE: FontSize = 'medium';

export const FONT_TYPES = ['mincho', 'gothic'] as const;
export type FontType = (typeof FONT_TYPES)[number];
export const DEFAULT_FONT_TYPE: FontType = 'mincho';

type FooterInput = {
  kind: ViewerKind;
  loggedIn: boolean;
  serial: boolean;
  /** The reader's current page(s) and the book's bookmarks (page numbers). */
  visiblePages: readonly number[];
  bookmarks: readonly number[];
  /** Whether there is a page to go back to (the reader jumped by TOC, bookmark or slider). */
  hasBackPage: boolean;
  directionToggle: boolean;
};

export type FooterControls = {
  myList: boolean;
  /** Bookmarks are kept per book (§7 /bookmarks/me takes a book id): none for serial episodes. */
  bookmarks: boolean;
  bookmarkRemoves: boolean;
  backEnabled: boolean;
  directionToggle: boolean;
};

/**
 * §5 footer rules: the bookmark button removes when the current page is bookmarked; the back
 * button is inactive with no back page; the my-list button only for members outside serials;
 * the direction toggle hidden for text books; bookmarks only in books.
 */
export function footerControls(input: FooterInput): FooterControls {
  return {
    myList: input.loggedIn && !input.serial,
    bookmarks: !input.serial,
    bookmarkRemoves: input.visiblePages.some((p) => input.bookmarks.includes(p)),
    backEnabled: input.hasBackPage,
    directionToggle: input.directionToggle && input.kind !== 'text',
  };
}

type SettingsInput = {
  kind: ViewerKind;
  /** The reader may choose the writing of this text book (`writingModeChoice`). */
  writingMode?: boolean;
  loggedIn: boolean;
  /** Imaged reflow: text pages delivered as images. */
  imagedReflow: boolean;
  /** The reader setting that offers 'return to start after finishing'. */
  readerResetSetting: boolean;
};

export type SettingsVisibility = {
  resetAfterFinish: boolean;
  spread: boolean;
  fontSize: boolean;
  fontType: boolean;
  writingMode: boolean;
};

/**
 * §5 settings rules: 'return to start after finishing' only for members with the reader
 * setting on; spread only when not image-reflow (and only for fixed pages); font size for
 * text books (reflow, image-reflow or not); 書字方向 for text books that allow the choice.
 */
export function settingsVisibility(input: SettingsInput): SettingsVisibility {
  return {
    resetAfterFinish: input.loggedIn && input.readerResetSetting,
    spread: input.kind === 'fixed' && !input.imagedReflow,
    fontSize: input.kind === 'text' || input.imagedReflow,
    fontType: input.kind === 'text',
    writingMode: input.kind === 'text' && input.writingMode === true,
  };
}

/** The bookmark button's next state: add the first visible page, or remove the ones shown. */
export function toggleBookmark(bookmarks: readonly number[], visiblePages: readonly number[]): number[] {
  const shown = visiblePages.filter((p) => bookmarks.includes(p));
  if (shown.length > 0) return bookmarks.filter((p) => !shown.includes(p));
  const first = visiblePages[0];
  return first === undefined ? [...bookmarks] : [...bookmarks, first].sort((a, b) => a - b);
}

/** Why 見開き表示, while on, shows one page at a time on this screen (null: it shows spreads, or is off). */
export type SpreadNote = 'narrow' | 'portrait' | null;

/**
 * The 設定 popup says why a spread chosen on does not show: the window is not wider than the
 * §9 desktop breakpoint (a phone, whichever way it is held), or it is taller than wide
 * (spreadsFit's two conditions).
 */
export function spreadNote(spreadOn: boolean, viewport: { width: number; height: number }): SpreadNote {
  if (!spreadOn || spreadsFit(viewport)) return null;
  return viewport.width <= SPREAD_MIN_WIDTH ? 'narrow' : 'portrait';
}
