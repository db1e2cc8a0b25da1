import type { SuggestionResponse } from '@hondana/domain/serials/serials-api';
import type { SerialLastPage } from '@hondana/domain/serials/serials-last-page';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import { SerialRankingStrip } from './last-page-lists';
import styles from './last-page.module.css';
import '../../../i18n/ja-serials';

const HEADINGS = {
  lastEpisode: 'serials.lastPage.lastEpisode',
  expired: 'serials.lastPage.expired',
  notDelivered: 'serials.lastPage.notDelivered',
} as const;

/**
 * 最終エピソード, 続きは配信終了しています and 続きは配信待ち (§2): the series name, a link to the
 * book page (with its volume) when a book collects the episode, and the serial ranking.
 */
export function LastEpisodeBlock({
  kind,
  suggestion,
}: {
  kind: Exclude<SerialLastPage['kind'], 'none' | 'next'>;
  suggestion: SuggestionResponse;
}) {
  const { t } = useTranslation();
  const { serial, book } = suggestion;
  return (
    <>
      <section className={styles.block} data-testid="last-episode-block">
        <p className={styles.variant}>{t(HEADINGS[kind])}</p>
        <p className={styles.series}>
          <span className={styles.label}>{t('serials.lastPage.series')}</span>
          <Link to={`/serial/detail/${serial.id}`}>{serial.name}</Link>
        </p>
        {book && serial.titleId !== null && (
          <Link className={styles.secondary} to={`/series_list/series_id=${serial.titleId}?book_id=${book.bookId}`}>
            {t('serials.toBookVol', { vol: book.vol })}
          </Link>
        )}
      </section>
      <SerialRankingStrip />
    </>
  );
}
