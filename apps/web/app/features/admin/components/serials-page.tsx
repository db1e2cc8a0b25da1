import type { SerialList } from '@hondana/domain/admin/admin-serials-api';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { adminCopy } from '../../../i18n/ja-admin';
import { adminGet } from '../api/admin-api';
import { SerialCreateForm } from './serial-create-form';
import styles from './admin.module.css';
import { TableWrap } from './table-wrap';

/** `/admin/serials`: find a serial to schedule its episodes, or create one for a title that has none. */
export function SerialsPage() {
  const [q, setQ] = useState('');
  const serials = useQuery({ queryKey: ['admin', 'serials', q], queryFn: () => adminGet<SerialList>('/serials', { q }) });
  function search(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setQ(String(new FormData(e.currentTarget).get('q') ?? ''));
  }
  return (
    <>
      <h1 className={styles.heading}>{adminCopy('serials.heading')}</h1>
      <form className={styles.actions} onSubmit={search} role="search">
        <label className={styles.field}>
          {adminCopy('serials.searchLabel')}
          <input name="q" type="search" defaultValue={q} />
        </label>
        <button className={styles.secondary} type="submit">
          {adminCopy('common.search')}
        </button>
      </form>
      <TableWrap label={adminCopy('serials.heading')}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{adminCopy('serials.columns.id')}</th>
              <th>{adminCopy('serials.columns.name')}</th>
              <th className={styles.number}>{adminCopy('serials.columns.episodes')}</th>
            </tr>
          </thead>
          <tbody>
            {serials.data?.serials.map((s) => (
              <tr key={s.id}>
                <td>{s.id}</td>
                <td>
                  <Link to={`/admin/serials/${s.id}`}>{s.name}</Link>
                </td>
                <td className={styles.number}>{s.episodeCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {serials.isPending && <p>{adminCopy('common.loading')}</p>}
        {serials.isError && <p className={styles.error}>{adminCopy('common.failed')}</p>}
        {serials.data?.serials.length === 0 && <p>{adminCopy('common.none')}</p>}
      </TableWrap>
      <SerialCreateForm />
    </>
  );
}
