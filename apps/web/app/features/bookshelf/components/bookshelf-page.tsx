import { SHELF_PAGE_SIZE, type ShelfFilter, type ShelfSort, shelfFilters, shelfSorts } from '@hondana/domain/bookshelf/bookshelf';
import { type FormEvent, useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { shelfCopy } from '../../../i18n/ja-bookshelf';
import { useShelf } from '../api/get-shelf';
import { OfflineLink } from '../offline/save-control';
import { ContinueRow } from './continue-row';
import { SeriesGrid } from './series-grid';
import { SeriesVolumes } from './series-volumes';
import styles from './bookshelf.module.css';

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** `/bookshelf`: the shelf's state lives in the URL (filter, sort, word, page, opened series), so back and reload keep it. */
export function BookshelfPage() {
  // React Router's useSearchParams would add its search-params helpers to the chunk every page
  // loads (the series page's 120 kB budget); the location's query string is all this page reads.
  const params = new URLSearchParams(useLocation().search);
  const navigate = useNavigate();
  const filter = oneOf<ShelfFilter>(shelfFilters, params.get('filter'), 'ALL');
  const sort = oneOf<ShelfSort>(shelfSorts, params.get('sort'), 'PURCHASE_DATE');
  const word = params.get('word') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const titleId = Number.parseInt(params.get('title_id') ?? '', 10);

  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    const qs = next.toString();
    return qs ? `/bookshelf?${qs}` : '/bookshelf';
  };

  if (Number.isInteger(titleId) && titleId > 0) {
    return (
      <>
        <OfflineLink />
        <SeriesVolumes titleId={titleId} showHidden={filter === 'HIDDEN'} backTo={hrefWith({ title_id: null })} />
      </>
    );
  }
  return (
    <>
      <OfflineLink />
      {filter === 'ALL' && !word && page === 1 && <ContinueRow />}
      <ShelfControls
        filter={filter}
        sort={sort}
        word={word}
        hrefWith={hrefWith}
        onSearch={(w) => navigate(hrefWith({ word: w, page: null }))}
      />
      <ShelfSeries filter={filter} sort={sort} word={word} page={page} hrefWith={hrefWith} />
    </>
  );
}

type ControlsProps = {
  filter: ShelfFilter;
  sort: ShelfSort;
  word: string;
  hrefWith: (changes: Record<string, string | null>) => string;
  onSearch: (word: string) => void;
};

function ShelfControls({ filter, sort, word, hrefWith, onSearch }: ControlsProps) {
  const navigate = useNavigate();
  const wordId = useId();
  const sortId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('word') ?? '').trim());
  };
  return (
    <div className={styles.controls}>
      <form role="search" className={styles.searchForm} onSubmit={submit}>
        <label htmlFor={wordId} className="visually-hidden">
          {shelfCopy('search.label')}
        </label>
        <input
          id={wordId}
          key={word}
          name="word"
          type="search"
          defaultValue={word}
          placeholder={shelfCopy('search.placeholder')}
          className={styles.searchInput}
          enterKeyHint="search"
        />
        <button type="submit" className={styles.searchButton}>
          {shelfCopy('search.submit')}
        </button>
      </form>
      <nav aria-label={shelfCopy('filter.label')}>
        <ul className={styles.filters}>
          {shelfFilters.map((f) => (
            <li key={f}>
              <Link
                to={hrefWith({ filter: f === 'ALL' ? null : f, page: null })}
                className={styles.filter}
                aria-current={f === filter ? 'true' : undefined}
              >
                {shelfCopy(`filter.${f}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.sortRow}>
        <label htmlFor={sortId}>{shelfCopy('sort.label')}</label>
        <select
          id={sortId}
          value={sort}
          className={styles.sortSelect}
          onChange={(event) => navigate(hrefWith({ sort: event.target.value === 'PURCHASE_DATE' ? null : event.target.value, page: null }))}
        >
          {shelfSorts.map((value) => (
            <option key={value} value={value}>
              {shelfCopy(`sort.${value}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

type SeriesProps = { filter: ShelfFilter; sort: ShelfSort; word: string; page: number; hrefWith: ControlsProps['hrefWith'] };

function ShelfSeries({ filter, sort, word, page, hrefWith }: SeriesProps) {
  const { data, isError, isPending } = useShelf({ filter, sort, word, offset: (page - 1) * SHELF_PAGE_SIZE, limit: SHELF_PAGE_SIZE });
  if (isError) return <p className={styles.error}>{shelfCopy('page.failed')}</p>;
  if (isPending || !data) return <p className={styles.note}>{shelfCopy('page.loading')}</p>;
  if (data.series.length === 0)
    return <p className={styles.note}>{filter === 'ALL' && !word ? shelfCopy('page.empty') : shelfCopy('page.noMatch')}</p>;
  const pages = Math.max(1, Math.ceil(data.totalCount / SHELF_PAGE_SIZE));
  return (
    <>
      <p className={styles.meta}>{shelfCopy('page.count', { count: data.totalCount })}</p>
      <SeriesGrid series={data.series} hrefOf={(id) => hrefWith({ title_id: String(id) })} />
      {pages > 1 && (
        <nav className={styles.pager} aria-label={shelfCopy('pager.label')}>
          {page > 1 ? <Link to={hrefWith({ page: page === 2 ? null : String(page - 1) })}>{shelfCopy('pager.previous')}</Link> : <span />}
          <span>{shelfCopy('pager.position', { page, pages })}</span>
          {page < pages ? <Link to={hrefWith({ page: String(page + 1) })}>{shelfCopy('pager.next')}</Link> : <span />}
        </nav>
      )}
    </>
  );
}
