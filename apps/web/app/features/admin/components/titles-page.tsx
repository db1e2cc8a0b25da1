import type { TitleList } from '@hondana/domain/admin/admin-api';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { adminCopy } from '../../../i18n/ja-admin';
import { type AdminTitle, adminChange, adminGet } from '../api/admin-api';
import { ChangeStatus } from './change-status';
import { TitleFormFields, titleFields, useTaxonomyLists } from './title-form';
import { useChange } from './use-change';
import styles from './admin.module.css';
import { TableWrap } from './table-wrap';

/** `/admin/titles`: find titles, and register a new one. */
export function TitlesPage() {
  const [q, setQ] = useState('');
  const titles = useQuery({ queryKey: ['admin', 'titles', q], queryFn: () => adminGet<TitleList>('/titles', { q }) });
  const lists = useTaxonomyLists();
  const change = useChange();
  const navigate = useNavigate();

  function search(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setQ(String(new FormData(e.currentTarget).get('q') ?? ''));
  }
  async function create(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const created = await change.run(
      () => adminChange<AdminTitle>('POST', '/titles', titleFields(new FormData(e.currentTarget))),
      () => adminCopy('titles.created'),
    );
    if (created) navigate(`/admin/titles/${created.id}`);
  }

  return (
    <>
      <h1 className={styles.heading}>{adminCopy('titles.heading')}</h1>
      <form className={styles.actions} onSubmit={search} role="search">
        <label className={styles.field}>
          {adminCopy('titles.searchLabel')}
          <input name="q" type="search" defaultValue={q} />
        </label>
        <button className={styles.secondary} type="submit">
          {adminCopy('common.search')}
        </button>
      </form>
      <TableWrap label={adminCopy('titles.heading')}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{adminCopy('titles.columns.id')}</th>
              <th>{adminCopy('titles.columns.name')}</th>
              <th className={styles.number}>{adminCopy('titles.columns.books')}</th>
              <th className={styles.number}>{adminCopy('titles.columns.published')}</th>
              <th className={styles.number}>{adminCopy('titles.columns.unpublished')}</th>
            </tr>
          </thead>
          <tbody>
            {titles.data?.titles.map((t) => (
              <tr key={t.id}>
                <td>{t.id}</td>
                <td>
                  <Link to={`/admin/titles/${t.id}`}>{t.name}</Link>
                </td>
                <td className={styles.number}>{t.bookCount}</td>
                <td className={styles.number}>{t.publishedCount}</td>
                {/* Volumes waiting unlisted: an upload's, or `npm run import` without --publish. */}
                <td className={styles.number}>{t.bookCount - t.publishedCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {titles.isPending && <p>{adminCopy('common.loading')}</p>}
        {titles.data?.titles.length === 0 && <p>{adminCopy('common.none')}</p>}
      </TableWrap>
      <section className={styles.section}>
        <h2>{adminCopy('titles.create')}</h2>
        <form className={styles.form} onSubmit={create} aria-label={adminCopy('titles.create')}>
          {lists ? <TitleFormFields lists={lists} /> : <p>{adminCopy('common.loading')}</p>}
          <div className={styles.actions}>
            <button className={styles.button} type="submit" disabled={change.busy}>
              {adminCopy('titles.create')}
            </button>
          </div>
        </form>
        <ChangeStatus notice={change.notice} error={change.error} />
      </section>
    </>
  );
}
