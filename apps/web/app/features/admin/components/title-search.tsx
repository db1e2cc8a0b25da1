import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { adminCopy } from '../../../i18n/ja-admin';
import type { TitleListItem } from '../api/admin-api';
import { useTitleSearch } from '../api/get-titles';
import styles from './admin.module.css';
import css from './picker.module.css';

const SHOWN = 10;

/** `value`, once it has stayed the same for `ms` (a title search per pause in typing, not per key). */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface TitleSearchProps {
  onChoose: (title: TitleListItem) => void;
}

/**
 * A combobox finding titles by part of their name (WAI-ARIA combobox with a listbox popup): ↑↓ move
 * through the matches, Enter or a click chooses (Enter never submits the form), Escape closes. Its input has no `name`, so what is
 * typed never reaches the form; the chosen title goes to `onChoose`.
 */
export function TitleSearch({ onChoose }: TitleSearchProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useSettled(text.trim(), 250);
  const found = useTitleSearch(q);
  const options = found.data?.titles.slice(0, SHOWN) ?? [];
  const expanded = open && q !== '' && options.length > 0;
  const optionId = (t: TitleListItem) => `${id}-title-${t.id}`;

  function choose(title: TitleListItem) {
    onChoose(title);
    setText(title.name);
    setOpen(false);
  }
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (options.length === 0 ? 0 : (i + step + options.length) % options.length));
    } else if (e.key === 'Enter') {
      // Enter in the search chooses; it never sends the half-filled form around it.
      e.preventDefault();
      const chosen = expanded ? options[active] : undefined;
      if (chosen) choose(chosen);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  }

  const status =
    q === '' || !open
      ? ''
      : found.isFetching && !found.data
        ? adminCopy('picker.searching')
        : options.length === 0
          ? adminCopy('picker.noMatch')
          : '';
  return (
    <div className={styles.field}>
      <label htmlFor={`${id}-input`}>{adminCopy('picker.searchTitle')}</label>
      <div className={css.anchor}>
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-listbox`}
          aria-activedescendant={expanded && options[active] ? optionId(options[active]) : undefined}
          aria-describedby={`${id}-hint`}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <ul id={`${id}-listbox`} role="listbox" aria-label={adminCopy('picker.searchTitle')} className={css.listbox} hidden={!expanded}>
          {options.map((t, i) => (
            <li
              key={t.id}
              id={optionId(t)}
              role="option"
              aria-selected={i === active}
              className={css.option}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(t)}
            >
              {adminCopy('picker.titleOption', { name: t.name, id: t.id, books: t.bookCount })}
            </li>
          ))}
        </ul>
      </div>
      <p id={`${id}-hint`} className={css.hint}>
        {adminCopy('picker.hint')}
      </p>
      <p role="status" className={css.hint}>
        {status}
      </p>
    </div>
  );
}
