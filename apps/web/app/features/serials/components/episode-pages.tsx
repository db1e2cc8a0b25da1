import type { EpisodeBrowser } from '@hondana/domain/serials/serials-api';
import type { ViewerPage } from '@hondana/domain/reading/reading-api';
import { LayoutType } from '@hondana/domain/catalog/catalog';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import styles from './episode-viewer.module.css';
import '../../../i18n/ja-serials';
import '../../../i18n/ja-viewer';

export type EpisodePagesProps = { browser: EpisodeBrowser; onEnd: () => void };

function PageImage({ page, eager }: { page: ViewerPage; eager: boolean }) {
  const webp = page.images.map((i) => `${i.webp} ${i.width}w`).join(', ');
  const jpg = page.images.map((i) => `${i.jpg} ${i.width}w`).join(', ');
  return (
    <picture>
      <source type="image/webp" srcSet={webp} sizes="(min-width: 1080px) 720px, 100vw" />
      <img
        className={styles.image}
        src={page.images[0]?.jpg}
        srcSet={jpg}
        sizes="(min-width: 1080px) 720px, 100vw"
        width={page.width}
        height={page.height}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        data-testid="episode-page"
      />
    </picture>
  );
}

/**
 * The episode's pages: webtoons scroll vertically (the last page follows the last image), the
 * others page right to left — ← and a tap on the left half go forward, → and the right half back.
 */
export function EpisodePages({ browser, onEnd }: EpisodePagesProps) {
  const { t } = useTranslation();
  const pages = browser.pages_data.pages;
  const [index, setIndex] = useState(0);
  const webtoon = browser.layoutType === LayoutType.WEBTOON;

  useEffect(() => {
    if (webtoon) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') setIndex((i) => (i + 1 >= pages.length ? (onEnd(), i) : i + 1));
      if (e.key === 'ArrowRight') setIndex((i) => Math.max(0, i - 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [webtoon, pages.length, onEnd]);

  if (webtoon) {
    return (
      <div className={styles.scroll} data-testid="episode-scroll">
        {pages.map((p, i) => (
          <PageImage key={p.page} page={p} eager={i < 2} />
        ))}
        <button type="button" className={styles.next} onClick={onEnd}>
          {t('viewer.next')}
        </button>
      </div>
    );
  }
  const page = pages[index];
  const forward = () => (index + 1 >= pages.length ? onEnd() : setIndex(index + 1));
  return (
    <div className={styles.paged}>
      <div className={styles.stage}>
        {page && <PageImage page={page} eager />}
        <button type="button" className={styles.tapForward} aria-label={t('serials.pageForward')} onClick={forward} />
        <button type="button" className={styles.tapBack} aria-label={t('serials.pageBack')} onClick={() => setIndex(Math.max(0, index - 1))} />
      </div>
      <p className={styles.indicator} aria-live="polite" data-testid="page-indicator">
        {index + 1} / {pages.length}
      </p>
    </div>
  );
}
