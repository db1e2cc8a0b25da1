import type { PasskeyList, PasskeyView } from '@hondana/domain/admin/admin-staff-api';
import { PASSKEY_NAME_MAX } from '@hondana/domain/admin/admin-second-factor-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { namedFields } from '../../../lib/form-errors';
import { adminCopy } from '../../../i18n/ja-admin';
import { staffCopy } from '../../../i18n/ja-admin-staff';
import { ApiError } from '../../../lib/api/client';
import { adminChange, adminGet, changeError } from '../api/admin-api';
import { passkeyError, registerPasskey } from '../api/second-factor';
import { ChangeStatus } from './change-status';
import { formatInstant } from './format';
import { useChange } from './use-change';
import styles from './admin.module.css';
import { TableWrap } from './table-wrap';
import own from './staff.module.css';

/** A passkey's name as the list shows it: the member's own, or when it was registered. */
const passkeyName = (p: PasskeyView) => p.name ?? staffCopy('passkeys.unnamed', { date: formatInstant(p.createdAt) });

/** Why a removal was refused, in Japanese: the last second factor, else the server's field errors. */
function removeError(error: unknown): string {
  const message = error instanceof ApiError ? (error.messages[0] ?? '') : '';
  if (message.startsWith('id: is the last second factor')) return staffCopy('passkeys.lastFactor');
  return changeError(error);
}

/**
 * One passkey: its name, registration and last use, and its removal, asked once more in the row
 * (削除 → 削除する or やめる). The last one of a member without an authenticator app cannot be removed.
 */
function PasskeyRow({
  passkey,
  last,
  onRemoved,
  onNotice,
}: {
  passkey: PasskeyView;
  last: boolean;
  onRemoved: () => void;
  onNotice: (message: string) => void;
}) {
  const [asking, setAsking] = useState(false);
  const change = useChange();
  const removeButton = useRef<HTMLButtonElement>(null);
  const name = passkeyName(passkey);
  async function remove() {
    const result = await change.run(
      () => adminChange<{ removed: number }>('DELETE', `/second_factor/passkeys/${passkey.id}`, {}),
      () => null,
      removeError,
    );
    if (result) {
      onNotice(staffCopy('passkeys.removed', { name }));
      onRemoved();
    } else {
      setAsking(false);
      removeButton.current?.focus();
    }
  }
  // Roles spelt out: on a phone the rows stack as cards (`own.stacked`), and a table laid out as
  // blocks keeps its semantics only so in every browser.
  return (
    <tr role="row">
      <th scope="row" role="rowheader" className={own.name}>
        {name}
      </th>
      <td role="cell">
        <CellLabel column="created" />
        {formatInstant(passkey.createdAt)}
      </td>
      <td role="cell">
        <CellLabel column="lastUsed" />
        {passkey.lastUsedAt === null ? staffCopy('passkeys.neverUsed') : formatInstant(passkey.lastUsedAt)}
      </td>
      <td role="cell">
        {asking ? (
          <div className={styles.inline} role="group" aria-label={staffCopy('passkeys.confirm', { name })}>
            <span>{staffCopy('passkeys.confirm', { name })}</span>
            <button type="button" className={styles.button} onClick={remove} disabled={change.busy} autoFocus>
              {change.busy ? staffCopy('passkeys.removing') : staffCopy('passkeys.confirmRemove')}
            </button>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => {
                setAsking(false);
                requestAnimationFrame(() => removeButton.current?.focus());
              }}
              disabled={change.busy}
            >
              {staffCopy('passkeys.keep')}
            </button>
          </div>
        ) : (
          <button
            ref={removeButton}
            type="button"
            className={styles.secondary}
            onClick={() => setAsking(true)}
            disabled={last}
            aria-label={staffCopy('passkeys.removeLabel', { name })}
          >
            {staffCopy('passkeys.remove')}
          </button>
        )}
        {last && <p className={own.hint}>{staffCopy('passkeys.lastFactor')}</p>}
        <ChangeStatus notice={null} error={change.error} />
      </td>
    </tr>
  );
}

/** A cell's column, written in it where the rows stack (the header row is then out of sight; screen readers have it already). */
function CellLabel({ column }: { column: 'created' | 'lastUsed' }) {
  return (
    <span className={own.cellLabel} aria-hidden="true">
      {staffCopy(`passkeys.columns.${column}`)}
    </span>
  );
}

/** Registers another passkey, with the name the member gives it. */
function AddPasskey({ onAdded }: { onAdded: () => void }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The server refused the name itself (not the device's prompt): the field is marked and takes the focus.
  const [nameRefused, setNameRefused] = useState(false);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    setError(null);
    setNameRefused(false);
    try {
      await registerPasskey(name.trim() || undefined);
      setName('');
      setNotice(staffCopy('passkeys.added'));
      onAdded();
    } catch (e) {
      setError(passkeyError(e));
      const refused = namedFields(e).includes('name');
      setNameRefused(refused);
      if (refused) input.current?.focus();
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className={styles.section} aria-labelledby="passkey-add-heading">
      <h2 id="passkey-add-heading">{staffCopy('passkeys.addHeading')}</h2>
      <p>{staffCopy('passkeys.addLead')}</p>
      <form className={styles.actions} onSubmit={add}>
        <label className={styles.field} htmlFor={id}>
          {staffCopy('passkeys.nameLabel')}
          <input
            ref={input}
            id={id}
            name="name"
            aria-invalid={nameRefused ? true : undefined}
            aria-describedby={nameRefused ? `${id}-error` : undefined}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={PASSKEY_NAME_MAX}
            placeholder={staffCopy('passkeys.namePlaceholder')}
            autoComplete="off"
          />
        </label>
        <button type="submit" className={styles.button} disabled={busy}>
          {busy ? staffCopy('passkeys.adding') : staffCopy('passkeys.add')}
        </button>
      </form>
      <ChangeStatus notice={notice} error={error} errorId={`${id}-error`} />
    </section>
  );
}

/**
 * `/admin/passkeys` (every staff member): their own passkeys with name, registration and last
 * use; removing one asks the second factor again when the last check is older than ten minutes,
 * and the last one stays when no authenticator app stands beside it (staff always keep a second
 * factor); and another one registered on this device.
 */
export function PasskeysPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['admin', 'passkeys'], queryFn: () => adminGet<PasskeyList>('/second_factor/passkeys') });
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'passkeys'] });
  const passkeys = list.data?.passkeys ?? [];
  const lastFactor = list.data !== undefined && !list.data.totp && passkeys.length === 1;
  return (
    <>
      <h1 className={styles.heading}>{staffCopy('passkeys.heading')}</h1>
      <p>{staffCopy('passkeys.lead')}</p>
      {list.isPending && <p>{adminCopy('common.loading')}</p>}
      {list.isError && <p className={styles.error}>{adminCopy('common.failed')}</p>}
      {list.data && (
        <>
          <p>{list.data.totp ? staffCopy('passkeys.totpEnrolled') : staffCopy('passkeys.totpMissing')}</p>
          {passkeys.length > 0 ? (
            // Focusable and named, as every console table; on a phone its rows stack instead of scrolling.
            <TableWrap label={staffCopy('passkeys.listLabel')}>
              <table role="table" className={`${styles.table} ${own.stacked}`} aria-label={staffCopy('passkeys.listLabel')}>
                <thead role="rowgroup">
                  <tr role="row">
                    {(['name', 'created', 'lastUsed', 'actions'] as const).map((c) => (
                      <th key={c} scope="col" role="columnheader">
                        {staffCopy(`passkeys.columns.${c}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody role="rowgroup">
                  {passkeys.map((p) => (
                    <PasskeyRow key={p.id} passkey={p} last={lastFactor} onRemoved={refresh} onNotice={setNotice} />
                  ))}
                </tbody>
              </table>
            </TableWrap>
          ) : (
            <p>{staffCopy('passkeys.none')}</p>
          )}
          <ChangeStatus notice={notice} error={null} />
        </>
      )}
      <AddPasskey
        onAdded={() => {
          setNotice(null);
          refresh();
        }}
      />
    </>
  );
}
