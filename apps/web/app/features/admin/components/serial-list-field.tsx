import type { SerialList } from '@hondana/domain/admin/admin-serials-api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { featuresCopy } from '../../../i18n/ja-admin-features';
import { adminGet } from '../api/admin-api';
import { Field } from './editor-form';
import styles from './admin.module.css';
import css from './picker.module.css';

type Picked = { id: number; name: string };

/**
 * A feature's serials in their order, chosen by name (`/api/admin/serials?q=`), moved up and down
 * or taken out; the form gets them as `serialIds.0`, `serialIds.1`, ... in that order.
 */
export function SerialListField({ saved }: { saved: Picked[] | undefined }) {
  const [picked, setPicked] = useState<Picked[]>(saved ?? []);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const found = useQuery({
    queryKey: ['admin', 'serial-pick', q],
    queryFn: () => adminGet<SerialList>('/serials', { q }),
    enabled: q !== '',
  });
  const options = (found.data?.serials ?? []).filter((s) => !picked.some((p) => p.id === s.id)).slice(0, 10);
  const move = (i: number, step: number) =>
    setPicked((all) => {
      const next = [...all];
      const [x] = next.splice(i, 1);
      next.splice(i + step, 0, x!);
      return next;
    });

  return (
    <fieldset className={`${styles.wide} ${css.group}`}>
      <legend>{featuresCopy('serials.legend')}</legend>
      {picked.length === 0 && <p className={css.hint}>{featuresCopy('serials.none')}</p>}
      <ol>
        {picked.map((s, i) => (
          <li key={s.id}>
            <input type="hidden" name={`serialIds.${i}`} value={s.id} />
            <span>{s.name}</span>{' '}
            <button
              type="button"
              className={styles.secondary}
              aria-label={featuresCopy('serials.up', { name: s.name })}
              disabled={i === 0}
              onClick={() => move(i, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              className={styles.secondary}
              aria-label={featuresCopy('serials.down', { name: s.name })}
              disabled={i === picked.length - 1}
              onClick={() => move(i, 1)}
            >
              ↓
            </button>
            <button
              type="button"
              className={styles.secondary}
              aria-label={featuresCopy('serials.remove', { name: s.name })}
              onClick={() => setPicked((all) => all.filter((x) => x.id !== s.id))}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      <Field label={featuresCopy('serials.search')}>
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              setQ(text.trim());
            }
          }}
        />
      </Field>
      <button type="button" className={styles.secondary} onClick={() => setQ(text.trim())}>
        {featuresCopy('serials.find')}
      </button>
      {q !== '' && found.data?.serials.length === 0 && <p className={css.hint}>{featuresCopy('serials.noMatch')}</p>}
      <div>
        {options.map((s) => (
          <button key={s.id} type="button" className={css.volume} onClick={() => setPicked((all) => [...all, { id: s.id, name: s.name }])}>
            {featuresCopy('serials.add', { name: s.name })}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
