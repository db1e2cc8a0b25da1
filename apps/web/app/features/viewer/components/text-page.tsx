import type { ViewerPage } from '@hondana/domain/reading/reading-api';
import type { WritingMode } from '@hondana/domain/viewer/direction';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { bookTextQuery } from '../api/book-text-query';
import { rubyReadOnce } from './ruby-html';
import styles from './text-page.module.css';
import '../../../i18n/ja-viewer';

type TextPageProps = {
  bookId: number;
  page: ViewerPage;
  /** The book's text pages' writing (an image book's `writingMode`). */
  writingMode: WritingMode;
  /** The page's box: its CSS size on screen (paged), or its aspect ratio in a strip. */
  style: CSSProperties;
  className?: string;
};

/**
 * A text page of an image book (a colophon 奥付, an about page) in the page's place: its text,
 * sanitised at import and rendered by the server (book_text, the chapter numbered as the page,
 * under the page's own sample rule), laid out by the browser at the screen's size in the book's
 * writing, so it reads at any width; a text longer than the page scrolls inside it.
 */
export function TextPage({ bookId, page, writingMode, style, className }: TextPageProps) {
  const { t } = useTranslation();
  const text = useQuery(bookTextQuery(bookId));
  const html = text.data?.chapters.find((c) => c.chapterNo === page.page)?.html ?? null;
  return (
    <div
      className={`${styles.page} ${styles[writingMode]} ${className ?? ''}`}
      style={style}
      lang="ja"
      role="document"
      aria-label={t('viewer.page', { page: page.page + 1 })}
      data-text-page={page.page}
    >
      {html === null ? (
        <p className={styles.message}>{text.isError ? t('viewer.failed') : t('viewer.loading')}</p>
      ) : (
        <div className={styles.text} dangerouslySetInnerHTML={{ __html: rubyReadOnce(html) }} />
      )}
    </div>
  );
}
