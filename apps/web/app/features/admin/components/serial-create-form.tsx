import { type AdminSerial, SERIAL_CATEGORIES } from '@hondana/domain/admin/admin-serials-api';
import { type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { adminCopy } from '../../../i18n/ja-admin';
import { adminChange } from '../api/admin-api';
import { ChangeStatus } from './change-status';
import { TitleIdsField } from './id-pickers';
import { useChange, useChangeForm } from './use-change';
import styles from './admin.module.css';

/** The new serial as the API takes it; the server checks every field and names the bad one. */
function createFields(f: FormData) {
  const text = (k: string) => String(f.get(k) ?? '');
  const num = (k: string) => (text(k) === '' ? Number.NaN : Number(text(k)));
  return {
    titleId: num('titleId'),
    name: text('name'),
    description: text('description'),
    category: text('category'),
    themeColor: text('themeColor'),
    subColor: text('subColor'),
    chargeMinutes: num('chargeMinutes'),
    rentalMinutes: num('rentalMinutes'),
    orderOnly: f.get('orderOnly') === 'on',
    ticketUsable: f.get('ticketUsable') === 'on',
    rewardUsable: f.get('rewardUsable') === 'on',
    endAt: text('endAt') === '' ? null : text('endAt'),
  };
}

/** 連載を作成: a serial for a title without one; then its page opens for episodes and their pages. */
export function SerialCreateForm() {
  const change = useChange();
  const { ref: changeFormRef, errorId: changeErrorId } = useChangeForm(change);
  const navigate = useNavigate();
  async function create(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const created = await change.run(
      () => adminChange<AdminSerial>('POST', '/serials', createFields(new FormData(e.currentTarget))),
      (r) => adminCopy('serials.create.created', { name: r.name }),
    );
    if (created) await navigate(`/admin/serials/${created.id}`);
  }
  const heading = adminCopy('serials.create.heading');
  return (
    <section className={styles.section}>
      <h2>{heading}</h2>
      <p>{adminCopy('serials.create.lead')}</p>
      <form ref={changeFormRef} className={styles.form} onSubmit={create} aria-label={heading}>
        {/* The title by its name (the console's title picker), or its id typed. */}
        <TitleIdsField name="titleId" label={adminCopy('serials.create.titleId')} required multiple={false} />
        <label className={styles.field}>
          {adminCopy('serials.create.name')}
          <input name="name" required maxLength={200} />
        </label>
        <label className={`${styles.field} ${styles.wide}`}>
          {adminCopy('serials.create.description')}
          <textarea name="description" rows={3} maxLength={2000} />
        </label>
        <label className={styles.field}>
          {adminCopy('serials.create.category')}
          <select name="category" defaultValue="male">
            {SERIAL_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {adminCopy(`titleForm.pageTypes.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {adminCopy('serials.create.themeColor')}
          <input name="themeColor" type="color" defaultValue="#3d6ea8" />
        </label>
        <label className={styles.field}>
          {adminCopy('serials.create.subColor')}
          <input name="subColor" type="color" defaultValue="#dde9f7" />
        </label>
        <label className={styles.field}>
          {adminCopy('serials.chargeMinutes')}
          <input name="chargeMinutes" type="number" min={0} step={1} defaultValue={1380} />
        </label>
        <label className={styles.field}>
          {adminCopy('serials.rentalMinutes')}
          <input name="rentalMinutes" type="number" min={0} step={1} defaultValue={180} />
        </label>
        <label className={styles.field}>
          {adminCopy('serials.create.endAt')}
          <input name="endAt" type="datetime-local" />
        </label>
        <label className={`${styles.check} ${styles.wide}`}>
          <input name="ticketUsable" type="checkbox" defaultChecked />
          {adminCopy('serials.ticketUsable')}
        </label>
        <label className={`${styles.check} ${styles.wide}`}>
          <input name="rewardUsable" type="checkbox" />
          {adminCopy('serials.create.rewardUsable')}
        </label>
        <label className={`${styles.check} ${styles.wide}`}>
          <input name="orderOnly" type="checkbox" />
          {adminCopy('serials.orderOnly')}
        </label>
        <div className={`${styles.actions} ${styles.wide}`}>
          <button className={styles.button} type="submit" disabled={change.busy}>
            {adminCopy('serials.create.submit')}
          </button>
        </div>
      </form>
      <ChangeStatus notice={change.notice} error={change.error} errorId={changeErrorId} />
    </section>
  );
}
