import type { StaffMe } from '@hondana/domain/admin/admin-api';
import type { StaffList, StaffMemberView, StaffRoleChanged, StaffRoleChoice } from '@hondana/domain/admin/admin-staff-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminCopy } from '../../../i18n/ja-admin';
import { staffCopy } from '../../../i18n/ja-admin-staff';
import { ApiError } from '../../../lib/api/client';
import { adminChange, adminGet, changeError } from '../api/admin-api';
import { ChangeStatus } from './change-status';
import { formatInstant } from './format';
import { useChange, useChangeForm } from './use-change';
import styles from './admin.module.css';
import { TableWrap } from './table-wrap';

const CHOICES = ['operator', 'support', 'none'] as const satisfies readonly StaffRoleChoice[];
const roleName = (role: StaffRoleChoice | null) => staffCopy(`staff.roles.${role ?? 'none'}`);

/** Why a role change was refused, in Japanese: the last operator, an e-mail address of no member, else the fields the server named. */
function roleError(error: unknown): string {
  const message = error instanceof ApiError ? (error.messages[0] ?? '') : '';
  if (message.startsWith('role: would leave the console without an operator')) return staffCopy('staff.lastOperator');
  if (message.startsWith('email: names no member')) return staffCopy('staff.noMember');
  if (message.startsWith('email: ')) return staffCopy('staff.badEmail');
  return changeError(error);
}

/**
 * After the operator's own role changed their sessions are over: the console's page reloads
 * (its loader sends them to the login page).
 */
function signedOutBySelf() {
  window.location.assign('/admin');
}

interface Status {
  notice: string | null;
  error: string | null;
}

/** One staff member's row: their role, and a select and button to change it; the outcome is said above the table (`report`). */
function StaffRow({
  member,
  me,
  onChanged,
  report,
}: {
  member: StaffMemberView;
  me: number | undefined;
  onChanged: () => void;
  report: (status: Status) => void;
}) {
  const [role, setRole] = useState<StaffRoleChoice>(member.role);
  const [busy, setBusy] = useState(false);
  const self = member.userId === me;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    report({ notice: null, error: null });
    try {
      const r = await adminChange<StaffRoleChanged>('PUT', `/staff/${member.userId}/role`, { role });
      const vars = { email: member.email, role: roleName(r.role) };
      report({ notice: r.changed ? staffCopy('staff.changed', vars) : staffCopy('staff.unchanged', vars), error: null });
      if (r.changed && self) signedOutBySelf();
      else if (r.changed) onChanged();
    } catch (error) {
      report({ notice: null, error: roleError(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <tr>
      <td className={styles.breakAll}>
        {member.email}
        {self && staffCopy('staff.you')}
      </td>
      <td>{member.nickname}</td>
      <td>{roleName(member.role)}</td>
      <td>{member.enrolled ? staffCopy('staff.factor.enrolled') : staffCopy('staff.factor.missing')}</td>
      <td>{formatInstant(member.grantedAt)}</td>
      <td>
        <form className={styles.inline} onSubmit={submit}>
          {/* Named by aria-label: a visually hidden label, positioned absolutely, would stretch the page past the table's scroller at 375 px. */}
          <select
            aria-label={staffCopy('staff.roleOf', { email: member.email })}
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRoleChoice)}
          >
            {CHOICES.map((c) => (
              <option key={c} value={c}>
                {roleName(c)}
              </option>
            ))}
          </select>
          <button type="submit" className={styles.secondary} disabled={busy || role === member.role}>
            {busy ? staffCopy('staff.changing') : staffCopy('staff.change')}
          </button>
        </form>
      </td>
    </tr>
  );
}

/** Gives a role to the member with an e-mail address. */
function GrantForm({ onChanged }: { onChanged: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'operator' | 'support'>('support');
  const change = useChange();
  const { ref: changeFormRef, errorId: changeErrorId } = useChangeForm(change);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await change.run(
      () => adminChange<StaffRoleChanged>('POST', '/staff', { email: email.trim(), role }),
      (r) =>
        r.changed
          ? staffCopy('staff.changed', { email: email.trim(), role: roleName(r.role) })
          : staffCopy('staff.unchanged', { email: email.trim(), role: roleName(r.role) }),
      roleError,
    );
    if (result) {
      setEmail('');
      if (result.changed) onChanged();
    }
  }
  return (
    <section className={styles.section} aria-labelledby="staff-grant-heading">
      <h2 id="staff-grant-heading">{staffCopy('staff.grantHeading')}</h2>
      <p>{staffCopy('staff.grantLead')}</p>
      <form ref={changeFormRef} className={styles.actions} onSubmit={submit}>
        <label className={styles.field}>
          {staffCopy('staff.email')}
          <input
            name="email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            maxLength={254}
            autoComplete="off"
          />
        </label>
        <label className={styles.field}>
          {staffCopy('staff.role')}
          <select name="role" value={role} onChange={(e) => setRole(e.target.value as 'operator' | 'support')}>
            <option value="support">{roleName('support')}</option>
            <option value="operator">{roleName('operator')}</option>
          </select>
        </label>
        <button type="submit" className={styles.button} disabled={change.busy || email.trim() === ''}>
          {change.busy ? staffCopy('staff.granting') : staffCopy('staff.grant')}
        </button>
      </form>
      <ChangeStatus notice={change.notice} error={change.error} errorId={changeErrorId} />
    </section>
  );
}

/**
 * `/admin/staff` (operators): the console's staff, their roles and whether their second factor is
 * set, each with its role change; and a form giving a role to a member by e-mail address. A
 * change asks the second factor again when the last check is older than ten minutes.
 */
export function StaffPage() {
  const queryClient = useQueryClient();
  const staff = useQuery({ queryKey: ['admin', 'staff'], queryFn: () => adminGet<StaffList>('/staff') });
  const me = useQuery({ queryKey: ['admin', 'me'], queryFn: () => adminGet<StaffMe>('/me') });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] });
  // The last row change's outcome, above the table (a narrow screen has no room for it in the row).
  const [status, setStatus] = useState<Status>({ notice: null, error: null });
  return (
    <>
      <h1 className={styles.heading}>{staffCopy('staff.heading')}</h1>
      <p>{staffCopy('staff.lead')}</p>
      <ChangeStatus notice={status.notice} error={status.error} />
      {staff.isPending && <p>{adminCopy('common.loading')}</p>}
      {staff.isError && <p className={styles.error}>{adminCopy('common.failed')}</p>}
      {staff.data && (
        <TableWrap label={staffCopy('staff.heading')}>
          <table className={styles.table} aria-label={staffCopy('staff.heading')}>
            <thead>
              <tr>
                {(['email', 'nickname', 'role', 'factor', 'granted', 'change'] as const).map((c) => (
                  <th key={c} scope="col">
                    {staffCopy(`staff.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {staff.data.staff.map((m) => (
                <StaffRow key={m.userId} member={m} me={me.data?.userId} onChanged={refresh} report={setStatus} />
              ))}
            </tbody>
          </table>
          {staff.data.staff.length === 0 && <p>{staffCopy('staff.none')}</p>}
        </TableWrap>
      )}
      <GrantForm onChanged={refresh} />
    </>
  );
}
