import type { MemberList } from '@hondana/domain/admin/admin-api';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { adminCopy } from '../../../i18n/ja-admin';
import { adminGet } from '../api/admin-api';
import { formatInstant } from './format';
import styles from './admin.module.css';
import { TableWrap } from './table-wrap';

export const memberState = (m: { suspended: boolean; withdrawn: boolean }) =>
  m.withdrawn ? adminCopy('members.withdrawn') : m.suspended ? adminCopy('members.suspended') : adminCopy('members.active');

/** `/admin/members`: find a member by email or id. */
export function MembersPage() {
  const [q, setQ] = useState('');
  const members = useQuery({
    queryKey: ['admin', 'members', q],
    queryFn: () => adminGet<MemberList>('/members', { q }),
    enabled: q !== '',
  });
  function search(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setQ(String(new FormData(e.currentTarget).get('q') ?? '').trim());
  }
  return (
    <>
      <h1 className={styles.heading}>{adminCopy('members.heading')}</h1>
      <form className={styles.actions} onSubmit={search} role="search">
        <label className={styles.field}>
          {adminCopy('members.searchLabel')}
          <input name="q" type="search" defaultValue={q} />
        </label>
        <button className={styles.secondary} type="submit">
          {adminCopy('common.search')}
        </button>
      </form>
      {members.data && (
        <TableWrap label={adminCopy('members.heading')}>
          <table className={styles.table}>
            <thead>
              <tr>
                {(['id', 'email', 'nickname', 'registered', 'state'] as const).map((c) => (
                  <th key={c}>{adminCopy(`members.columns.${c}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {members.data.members.map((m) => (
                <tr key={m.id}>
                  <td>{m.id}</td>
                  <td>
                    <Link to={`/admin/members/${m.id}`}>{m.email}</Link>
                  </td>
                  <td>{m.nickname}</td>
                  <td>{formatInstant(m.createdAt)}</td>
                  <td>{memberState(m)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {members.data.members.length === 0 && <p>{adminCopy('common.none')}</p>}
        </TableWrap>
      )}
    </>
  );
}
