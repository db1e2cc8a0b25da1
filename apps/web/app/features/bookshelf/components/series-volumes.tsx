import { formatAmount } from '@hondana/domain/common/format';
import type { NextVolume, ShelfBook, ShelfEpisode } from '@hondana/domain/bookshelf/bookshelf';
import { Link } from 'react-router';
import { shelfCopy } from '../../../i18n/ja-bookshelf';
import { formatTokyoDate, formatTokyoDeadline } from '@hondana/domain/common/tokyo-format';
import { useShelfTitle } from '../api/get-shelf-title';
import { useSetHidden } from '../api/set-hidden';
import { SaveControl } from '../offline/save-control';
import styles from './bookshelf.module.css';

type SeriesVolumesProps = {
  titleId: number;
  /** Shows the hidden volumes (the shelf's 非表示の本) instead of the shown ones. */
  showHidden: boolean;
  backTo: string;
};

/** A series opened from the shelf: the member's volumes, rented episodes and the next volume to buy. */
export function SeriesVolumes({ titleId, showHidden, backTo }: SeriesVolumesProps) {
  const { data, isError } = useShelfTitle(titleId);
  const back = (
    <Link to={backTo} className={styles.back}>
      {shelfCopy('series.back')}
    </Link>
  );
  if (isError)
    return (
      <>
        {back}
        <p className={styles.error}>{shelfCopy('page.failed')}</p>
      </>
    );
  if (!data)
    return (
      <>
        {back}
        <p className={styles.note}>{shelfCopy('page.loading')}</p>
      </>
    );
  const books = data.books.filter((b) => b.hidden === showHidden);
  const episodes = showHidden ? [] : data.episodes;
  return (
    <section aria-labelledby="series-heading">
      {back}
      <div className={styles.sectionHead}>
        <h2 id="series-heading" className={styles.seriesHeading}>
          {data.title.name}
        </h2>
        <Link to={`/series_list/series_id=${titleId}`}>{shelfCopy('series.seriesPage')}</Link>
      </div>
      {data.title.authors.length > 0 && <p className={styles.meta}>{data.title.authors.map((a) => a.name).join('・')}</p>}
      {books.length === 0 && episodes.length === 0 && <p className={styles.note}>{shelfCopy('series.none')}</p>}
      {books.length > 0 && (
        <ul className={styles.volumes} aria-label={shelfCopy('series.volumes')}>
          {books.map((book) => (
            <VolumeRow key={book.bookId} book={book} />
          ))}
        </ul>
      )}
      {episodes.length > 0 && (
        <>
          <h3 className={styles.subHeading}>{shelfCopy('series.episodes')}</h3>
          <ul className={styles.volumes}>
            {episodes.map((episode) => (
              <EpisodeRow key={episode.serialEpisodeId} episode={episode} />
            ))}
          </ul>
        </>
      )}
      {!showHidden && data.nextBook && <NextVolumePrompt titleId={titleId} next={data.nextBook} />}
    </section>
  );
}

function VolumeRow({ book }: { book: ShelfBook }) {
  const hide = useSetHidden();
  const { progress } = book;
  const reserved = book.possessionStatus === 'RESERVED';
  const startPage = progress.page !== null && !progress.finished ? `&startupPage=${progress.page}` : '';
  return (
    <li className={styles.volume}>
      <img src={book.imageUrl} alt="" width={64} height={91} loading="lazy" className={styles.volumeCover} />
      <div className={styles.volumeBody}>
        <span className={styles.volumeTitle}>{book.contentsName}</span>
        {reserved ? (
          <span className={styles.reserved}>{shelfCopy('book.reserved', { date: formatTokyoDate(book.startDatetime) })}</span>
        ) : progress.finished ? (
          <span className={styles.finished}>{shelfCopy('book.finished')}</span>
        ) : progress.percent !== null ? (
          <span className={styles.progress}>
            <progress
              max={100}
              value={progress.percent}
              aria-label={shelfCopy('book.progressLabel', { page: (progress.page ?? 0) + 1, total: progress.totalPage })}
            />
            <span className={styles.meta}>{shelfCopy('book.progress', { percent: progress.percent })}</span>
          </span>
        ) : progress.page !== null ? (
          // A reflowable text book has no fixed page count: the shelf says it is being read.
          <span className={styles.meta}>{shelfCopy('book.reading')}</span>
        ) : (
          <span className={styles.meta}>{shelfCopy('book.unread')}</span>
        )}
        {book.source === 'FREE' && <span className={styles.meta}>{shelfCopy('book.free')}</span>}
      </div>
      <div className={styles.volumeActions}>
        {!reserved && (
          <Link to={`/viewer?cid=${book.bookId}${startPage}`} className={styles.readButton}>
            {shelfCopy('book.read')}
          </Link>
        )}
        <button
          type="button"
          className={styles.textButton}
          disabled={hide.isPending}
          onClick={() => hide.mutate({ bookIds: [book.bookId], hidden: !book.hidden })}
        >
          {book.hidden ? shelfCopy('book.unhide') : shelfCopy('book.hide')}
        </button>
      </div>
      {book.possessionStatus === 'OWNED' && <SaveControl bookId={book.bookId} title={book.contentsName} />}
    </li>
  );
}

function EpisodeRow({ episode }: { episode: ShelfEpisode }) {
  const expired = episode.rentalState === 'EXPIRED';
  const state =
    episode.rentalState === 'PERMANENT'
      ? shelfCopy('rental.permanent')
      : expired
        ? shelfCopy('rental.expired', { date: formatTokyoDeadline(episode.rentalEnd, 'long') ?? '' })
        : shelfCopy('rental.until', { date: formatTokyoDeadline(episode.rentalEnd, 'long') ?? '' });
  return (
    <li className={`${styles.volume} ${expired ? styles.expired : ''}`}>
      <img src={episode.imageUrl} alt="" width={104} height={65} loading="lazy" className={styles.episodeImage} />
      <div className={styles.volumeBody}>
        <span className={styles.volumeTitle}>{episode.title}</span>
        <span className={styles.meta}>{episode.serialName}</span>
        <span className={expired ? styles.meta : styles.rental}>{state}</span>
      </div>
      <div className={styles.volumeActions}>
        {expired ? (
          <Link to={`/serial/detail/${episode.serialId}`} className={styles.textLink}>
            {shelfCopy('rental.rentAgain')}
          </Link>
        ) : (
          <Link to={`/viewer?serialEpisodeId=${episode.serialEpisodeId}`} className={styles.readButton}>
            {shelfCopy('book.read')}
          </Link>
        )}
      </div>
    </li>
  );
}

function NextVolumePrompt({ titleId, next }: { titleId: number; next: NextVolume }) {
  const label =
    next.price === 0
      ? shelfCopy('next.free', { vol: next.vol })
      : shelfCopy(next.reservable ? 'next.reserve' : 'next.buy', { vol: next.vol, price: formatAmount(next.price) });
  return (
    <aside className={styles.next} aria-labelledby="next-heading">
      <h3 id="next-heading" className={styles.subHeading}>
        {shelfCopy('next.heading')}
      </h3>
      <div className={styles.volume}>
        <img src={next.imageUrl} alt="" width={64} height={91} loading="lazy" className={styles.volumeCover} />
        <div className={styles.volumeBody}>
          <span className={styles.volumeTitle}>{next.contentsName}</span>
          {next.reservable && (
            <span className={styles.meta}>{shelfCopy('next.release', { date: formatTokyoDate(next.startDatetime) })}</span>
          )}
        </div>
        <div className={styles.volumeActions}>
          <Link to={`/series_list/series_id=${titleId}?book_id=${next.bookId}`} className={styles.buyButton}>
            {label}
          </Link>
        </div>
      </div>
    </aside>
  );
}
