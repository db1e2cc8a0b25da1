import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { adminCopy } from '../../../i18n/ja-admin';
import type { AdminBook } from '../api/admin-api';
import { titleQueryOptions, useAdminTitle } from '../api/get-titles';
import { TitleSearch } from './title-search';
import styles from './admin.module.css';
import css from './picker.module.css';

const parseIds = (text: string) =>
  text
    .split(/[,、\s]+/)
    .filter(Boolean)
    .map(Number);

interface TitleIdsFieldProps {
  /** The form field's name (`titleId`, `targetIds`), which still takes typed ids. */
  name: string;
  label: string;
  required?: boolean;
  /** Several titles (comma-separated ids), or one. */
  multiple: boolean;
  defaultIds?: number[];
}

/** Title ids a form sends, chosen by the title's name (or typed); the chosen titles' names show under them. */
export function TitleIdsField({ name, label, required, multiple, defaultIds = [] }: TitleIdsFieldProps) {
  const [value, setValue] = useState(defaultIds.join(', '));
  const ids = parseIds(value).filter((i) => Number.isInteger(i) && i > 0);
  const titles = useQueries({ queries: ids.map((i) => titleQueryOptions(i)) });
  const nameOf = (i: number, k: number) =>
    titles[k]?.data?.name ?? (titles[k]?.isError ? adminCopy('picker.unknownTitle', { id: i }) : '…');

  function choose(titleId: number) {
    if (!multiple) setValue(String(titleId));
    else if (!ids.includes(titleId)) setValue([...ids, titleId].join(', '));
  }

  const chosen = ids.length === 0 ? adminCopy('picker.chosenNone') : adminCopy('picker.chosenTitle', { name: ids.map(nameOf).join('、') });
  return (
    <div className={`${styles.wide} ${css.group}`}>
      <TitleSearch onChoose={(t) => choose(t.id)} />
      <label className={styles.field}>
        {label}
        <input name={name} inputMode="numeric" required={required} value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <p className={css.chosen} aria-live="polite">
        {chosen}
      </p>
    </div>
  );
}

interface BookIdsFieldProps {
  /** The form field's name (`bookIds`, `bookId`), which still takes typed ids. */
  name: string;
  label: string;
  required?: boolean;
  /** Several volumes (comma-separated ids), or one. */
  multiple: boolean;
  /** The volumes already chosen (a row being edited), with their names. */
  defaultBooks?: { id: number; contentsName?: string }[];
}

/** Volume ids a form sends, chosen by finding the title by name and pressing its volumes (or typed); the chosen names show. */
export function BookIdsField({ name, label, required, multiple, defaultBooks = [] }: BookIdsFieldProps) {
  const [value, setValue] = useState(defaultBooks.map((b) => b.id).join(', '));
  const [names, setNames] = useState(
    () => new Map(defaultBooks.flatMap((b) => (b.contentsName === undefined ? [] : [[b.id, b.contentsName] as const]))),
  );
  const [titleId, setTitleId] = useState<number | null>(null);
  const title = useAdminTitle(titleId);
  const ids = parseIds(value);

  function toggle(book: AdminBook) {
    setNames((known) => new Map(known).set(book.id, book.contentsName));
    if (!multiple) setValue(String(book.id));
    else setValue((ids.includes(book.id) ? ids.filter((i) => i !== book.id) : [...ids, book.id]).join(', '));
  }

  const chosen =
    ids.length === 0
      ? adminCopy('picker.chosenNone')
      : adminCopy('picker.chosenBooks', { names: ids.map((i) => names.get(i) ?? `#${i}`).join('、') });
  return (
    <div className={`${styles.wide} ${css.group}`}>
      <TitleSearch onChoose={(t) => setTitleId(t.id)} />
      <label className={styles.field}>
        {label}
        <input name={name} inputMode="numeric" required={required} value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      {title.data && (
        <fieldset className={css.volumes}>
          <legend>{adminCopy('picker.volumesOf', { name: title.data.name })}</legend>
          {title.data.books.length === 0 && <p className={css.hint}>{adminCopy('picker.noVolumes')}</p>}
          {title.data.books.map((b) => (
            <button key={b.id} type="button" className={css.volume} aria-pressed={ids.includes(b.id)} onClick={() => toggle(b)}>
              {adminCopy('picker.volume', { name: b.contentsName, id: b.id })}
            </button>
          ))}
        </fieldset>
      )}
      <p className={css.chosen} aria-live="polite">
        {chosen}
      </p>
    </div>
  );
}

const SERIES_LINK = /^\/series_list\/series_id=(\d+)/;

interface SeriesLinkFieldProps {
  /** The form field's name (`jumpUrl`), which still takes any link typed. */
  name: string;
  label: string;
  defaultValue?: string;
}

/** A link a form sends, set to a title's series page by choosing the title by name (or typed); a series page's title shows under it. */
export function SeriesLinkField({ name, label, defaultValue = '' }: SeriesLinkFieldProps) {
  const [value, setValue] = useState(defaultValue);
  const linked = SERIES_LINK.exec(value.trim());
  const title = useAdminTitle(linked ? Number(linked[1]) : null);
  return (
    <div className={`${styles.wide} ${css.group}`}>
      <TitleSearch onChoose={(t) => setValue(`/series_list/series_id=${t.id}`)} />
      <label className={styles.field}>
        {label}
        <input name={name} inputMode="url" required value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      {title.data && (
        <p className={css.chosen} aria-live="polite">
          {adminCopy('picker.chosenTitle', { name: title.data.name })}
        </p>
      )}
    </div>
  );
}
