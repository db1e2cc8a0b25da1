import type { MemberList } from '@hondana/domain/admin/admin-api';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { adminCopy as a } from '../../../i18n/ja-admin';
import { adminGet } from '../api/admin-api';
import { formatInstant } from './format';
import styles from './admin.module.css';
import { TableWrap } from './table-wrap';

export const memberState = (m: { suspended: boolean; withdrawn: boolean }) =>
  m.withdrawn ? a('members.withdrawn') : m.suspended ? a('members.suspended') : a('members.active');

/** `/admin/members`: find a member by email or id. */
export function MembersPage() {
  const [q, setQ] = useState('');
  const members = useQuery({ queryKey: ['admin', 'members', q], queryFn: () => adminGet<MemberList>('/members', { q }), enabled: q !== '' });
  function search(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setQ(String(new FormData(e.currentTarget).get('q') ?? '').trim());
  }
  return (
    <>
      <h1 className={styles.heading}>{a('members.heading')}</h1>
      <form className={styles.actions} onSubmit={search} role="search">
        <label className={styles.field}>
          {a('members.searchLabel')}
          <input name="q" type="search" defaultValue={q} />
        </label>
        <button className={styles.secondary} type="submit">
          {a('common.search')}
        </button>
      </form>
      {members.data && (
        <TableWrap label={a('members.heading')}>
          <table className={styles.table}>
            <thead>
              <tr>
                {(['id', 'email', 'nickname', 'registered', 'state'] as const).map((c) => (
                  <th key={c}>{a(`members.columns.${c}`)}</th>
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
          {members.data.members.length === 0 && <p>{a('common.none')}</p>}
        </TableWrap>
      )}
    </>
  );
}
