import { useState } from 'react';
import { adminCopy as a } from '../../../i18n/ja-admin';
import type { AdminBook } from '../api/admin-api';
import { useAdminTitle } from '../api/get-titles';
import { TitleSearch } from './title-search';
import styles from './admin.module.css';
import css from './picker.module.css';

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);
const parseIds = (text: string) => text.split(/[,、\s]+/).filter(Boolean).map(Number);

interface TitleIdFieldProps {
  /** The form field's name (`titleId`), which still takes a typed id. */
  name: string;
  label: string;
  required?: boolean;
  defaultId?: number | null;
}

/** A title id a form sends, chosen by the title's name (or typed); the chosen title's name shows under it. */
export function TitleIdField({ name, label, required, defaultId }: TitleIdFieldProps) {
  const [value, setValue] = useState(defaultId == null ? '' : String(defaultId));
  const titleId = wholeNumber(value);
  const title = useAdminTitle(titleId);
  const chosen = titleId === null ? a('picker.chosenNone') : title.data ? a('picker.chosenTitle', { name: title.data.name }) : title.isError ? a('picker.unknownTitle', { id: titleId }) : '';
  return (
    <div className={`${styles.wide} ${css.group}`}>
      <TitleSearch onChoose={(t) => setValue(String(t.id))} />
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
  const [names, setNames] = useState(() => new Map(defaultBooks.flatMap((b) => (b.contentsName === undefined ? [] : [[b.id, b.contentsName] as const]))));
  const [titleId, setTitleId] = useState<number | null>(null);
  const title = useAdminTitle(titleId);
  const ids = parseIds(value);

  function toggle(book: AdminBook) {
    setNames((known) => new Map(known).set(book.id, book.contentsName));
    if (!multiple) setValue(String(book.id));
    else setValue((ids.includes(book.id) ? ids.filter((i) => i !== book.id) : [...ids, book.id]).join(', '));
  }

  const chosen = ids.length === 0 ? a('picker.chosenNone') : a('picker.chosenBooks', { names: ids.map((i) => names.get(i) ?? `#${i}`).join('、') });
  return (
    <div className={`${styles.wide} ${css.group}`}>
      <TitleSearch onChoose={(t) => setTitleId(t.id)} />
      <label className={styles.field}>
        {label}
        <input name={name} inputMode="numeric" required={required} value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      {title.data && (
        <fieldset className={css.volumes}>
          <legend>{a('picker.volumesOf', { name: title.data.name })}</legend>
          {title.data.books.length === 0 && <p className={css.hint}>{a('picker.noVolumes')}</p>}
          {title.data.books.map((b) => (
            <button key={b.id} type="button" className={css.volume} aria-pressed={ids.includes(b.id)} onClick={() => toggle(b)}>
              {a('picker.volume', { name: b.contentsName, id: b.id })}
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
