import { type FormEvent, useState } from 'react';
import { formatYen } from './format';
import { adminCopy } from '../../../i18n/ja-admin';
import { type AdminBook, adminChange } from '../api/admin-api';
import { ChangeStatus } from './change-status';
import { useChange, useChangeForm } from './use-change';
import { unchanged, useFormChanges } from './use-form-changes';
import styles from './admin.module.css';

/** The volume's fields as the API takes them (a sale or a free period is one field, null when off). */
function bookFields(f: FormData) {
  const text = (k: string) => String(f.get(k) ?? '');
  const num = (k: string) => (text(k) === '' ? Number.NaN : Number(text(k)));
  return {
    contentsName: text('contentsName'),
    description: text('description'),
    price: num('price'),
    sale: f.get('saleOn') ? { price: num('salePrice'), start: text('saleStart'), end: text('saleEnd') } : null,
    free: f.get('freeOn') ? { start: text('freeStart'), end: text('freeEnd') } : null,
    releaseAt: text('releaseAt'),
    samplePageTotal: num('samplePageTotal'),
  };
}

/** 現在の価格: what a member pays now and why (a sale or free period, until when), as the server works it out. */
function priceNowText({ priceNow }: AdminBook): string {
  const until = priceNow.until?.replace('T', ' ');
  const price = formatYen(priceNow.price);
  if (priceNow.reason === 'sale')
    return until ? adminCopy('book.priceNowSale', { price, until }) : adminCopy('book.priceNowSaleOpen', { price });
  if (priceNow.reason === 'free') return until ? adminCopy('book.priceNowFree', { until }) : adminCopy('book.priceNowFreeOpen');
  return adminCopy('book.priceNow', { price });
}

/** One volume: name, 紹介文, price, sale and free periods (Asia/Tokyo), release, sample size, and publishing. A save sends only what changed. */
export function BookEditor({ book, onSaved }: { book: AdminBook; onSaved: () => void }) {
  const change = useChange();
  const { formRef, changes } = useFormChanges();
  const { ref: changeFormRef, errorId: changeErrorId } = useChangeForm(change, formRef);
  const [saleOn, setSaleOn] = useState(book.sale !== null);
  const [freeOn, setFreeOn] = useState(book.free !== null);
  // A saved volume comes back at a new version: its form shows it afresh (the change's notice stays).
  const [shown, setShown] = useState(book.version);
  if (shown !== book.version) {
    setShown(book.version);
    setSaleOn(book.sale !== null);
    setFreeOn(book.free !== null);
  }

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const changed = changes(e.currentTarget, bookFields);
    if (unchanged(changed)) return change.say(adminCopy('common.unchanged'));
    if (
      await change.run(
        () => adminChange<AdminBook>('PUT', `/books/${book.id}`, { version: book.version, ...changed }),
        () => adminCopy('common.saved'),
      )
    )
      onSaved();
  }
  async function publish() {
    const published = !book.published;
    if (
      await change.run(
        () => adminChange<AdminBook>('POST', `/books/${book.id}/publish`, { version: book.version, published }),
        () => adminCopy('common.saved'),
      )
    )
      onSaved();
  }
  const id = (name: string) => `book-${book.id}-${name}`;
  return (
    <div className={styles.book}>
      <h3 className={styles.inline}>
        <span>{adminCopy('book.vol', { vol: book.vol })}</span>
        <span>{book.contentsName}</span>
        <span className={book.published ? styles.badgeOn : styles.badge}>
          {book.published ? adminCopy('book.published') : adminCopy('book.unpublished')}
        </span>
        <span>{adminCopy('book.pages', { pages: book.pageCount })}</span>
      </h3>
      <p className={styles.inline} aria-live="polite">
        <strong>{priceNowText(book)}</strong>
        {book.priceNow.reason !== 'list' && <span>{adminCopy('book.listPrice', { price: formatYen(book.price) })}</span>}
      </p>
      <form
        key={book.version}
        ref={changeFormRef}
        className={styles.form}
        onSubmit={save}
        aria-label={adminCopy('book.vol', { vol: book.vol })}
      >
        <label className={styles.field} htmlFor={id('name')}>
          {adminCopy('book.contentsName')}
          <input id={id('name')} name="contentsName" defaultValue={book.contentsName} />
        </label>
        <label className={`${styles.field} ${styles.wide}`} htmlFor={id('description')}>
          {adminCopy('book.description')}
          <textarea id={id('description')} name="description" rows={3} defaultValue={book.description} />
        </label>
        <label className={styles.field}>
          {adminCopy('book.price')}
          <input name="price" type="number" min={0} step={1} defaultValue={book.price} />
        </label>
        <label className={styles.field}>
          {adminCopy('book.releaseAt')}
          <input name="releaseAt" type="datetime-local" defaultValue={book.releaseAt} />
        </label>
        <label className={styles.field}>
          {adminCopy('book.samplePageTotal')}
          <input name="samplePageTotal" type="number" min={0} step={1} defaultValue={book.samplePageTotal} />
        </label>
        <label className={`${styles.check} ${styles.wide}`}>
          <input name="saleOn" type="checkbox" checked={saleOn} onChange={(e) => setSaleOn(e.target.checked)} />
          {adminCopy('book.sale')}
        </label>
        {saleOn && (
          <>
            <label className={styles.field}>
              {adminCopy('book.salePrice')}
              <input name="salePrice" type="number" min={0} step={1} defaultValue={book.sale?.price} />
            </label>
            <label className={styles.field}>
              {adminCopy('book.saleStart')}
              <input name="saleStart" type="datetime-local" defaultValue={book.sale?.start ?? undefined} />
            </label>
            <label className={styles.field}>
              {adminCopy('book.saleEnd')}
              <input name="saleEnd" type="datetime-local" defaultValue={book.sale?.end ?? undefined} />
            </label>
          </>
        )}
        <label className={`${styles.check} ${styles.wide}`}>
          <input name="freeOn" type="checkbox" checked={freeOn} onChange={(e) => setFreeOn(e.target.checked)} />
          {adminCopy('book.free')}
        </label>
        {freeOn && (
          <>
            <label className={styles.field}>
              {adminCopy('book.freeStart')}
              <input name="freeStart" type="datetime-local" defaultValue={book.free?.start ?? undefined} />
            </label>
            <label className={styles.field}>
              {adminCopy('book.freeEnd')}
              <input name="freeEnd" type="datetime-local" defaultValue={book.free?.end ?? undefined} />
            </label>
          </>
        )}
        <div className={`${styles.actions} ${styles.wide}`}>
          <button className={styles.button} type="submit" disabled={change.busy}>
            {adminCopy('common.save')}
          </button>
          <button className={styles.secondary} type="button" onClick={publish} disabled={change.busy}>
            {book.published ? adminCopy('book.unpublish') : adminCopy('book.publish')}
          </button>
        </div>
      </form>
      <ChangeStatus notice={change.notice} error={change.error} errorId={changeErrorId} />
    </div>
  );
}
