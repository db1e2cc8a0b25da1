import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { adminCopy } from '../../../i18n/ja-admin';
import { type AdminTitle, adminChange, adminGet, uploadBook } from '../api/admin-api';
import { BookEditor } from './book-editor';
import { BookMediaEditor } from './book-media-editor';
import { ChangeStatus } from './change-status';
import { TitleFormFields, titleFields, useTaxonomyLists } from './title-form';
import { useChange, useChangeForm } from './use-change';
import { unchanged, useFormChanges } from './use-form-changes';
import styles from './admin.module.css';

/** `/admin/titles/:titleId`: the title's information, a file import into it, and each volume's price and sale. */
export function TitlePage({ titleId }: { titleId: number }) {
  const queryClient = useQueryClient();
  const key = ['admin', 'title', titleId];
  const title = useQuery({ queryKey: key, queryFn: () => adminGet<AdminTitle>(`/titles/${titleId}`) });
  const lists = useTaxonomyLists();
  const reload = () => queryClient.invalidateQueries({ queryKey: key });
  const meta = useChange();
  const { formRef, changes } = useFormChanges();
  const { ref: changeFormRef, errorId: changeErrorId } = useChangeForm(meta, formRef);
  const upload = useChange();
  const [progress, setProgress] = useState<number | null>(null);

  // The form waits for the pickers' lists, so each shows the title's own choice from the start.
  if (!title.data || !lists) return <p>{title.isError ? adminCopy('common.failed') : adminCopy('common.loading')}</p>;
  const t = title.data;

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const changed = changes(e.currentTarget, titleFields);
    if (unchanged(changed)) return meta.say(adminCopy('common.unchanged'));
    if (
      await meta.run(
        () => adminChange<AdminTitle>('PUT', `/titles/${titleId}`, { version: t.version, ...changed }),
        () => adminCopy('common.saved'),
      )
    )
      await reload();
  }
  async function importFile(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const file = (e.currentTarget.elements.namedItem('file') as HTMLInputElement).files?.[0];
    if (!file) return;
    setProgress(0);
    const done = await upload.run(
      () => uploadBook(titleId, file, setProgress),
      (r) =>
        r.action === 'created'
          ? adminCopy('title.imported', { pages: r.totalPage ?? 0 })
          : adminCopy('title.importedSame', { pages: r.totalPage ?? 0 }),
    );
    setProgress(null);
    if (done) await reload();
  }

  return (
    <>
      <p>
        <Link to="/admin/titles">{adminCopy('title.back')}</Link>
      </p>
      <h1 className={styles.heading}>{t.name}</h1>
      <section className={styles.section}>
        <h2>{adminCopy('title.metadata')}</h2>
        <form key={t.version} ref={changeFormRef} className={styles.form} onSubmit={save} aria-label={adminCopy('title.metadata')}>
          <TitleFormFields title={t} lists={lists} />
          <div className={styles.actions}>
            <button className={styles.button} type="submit" disabled={meta.busy}>
              {adminCopy('common.save')}
            </button>
          </div>
        </form>
        <ChangeStatus notice={meta.notice} error={meta.error} errorId={changeErrorId} />
      </section>
      <section className={styles.section}>
        <h2>{adminCopy('title.import')}</h2>
        <form className={styles.actions} onSubmit={importFile} aria-label={adminCopy('title.import')}>
          <label className={styles.field}>
            {adminCopy('title.importFile')}
            <input name="file" type="file" accept=".cbz,.zip,.epub" required />
          </label>
          <button className={styles.button} type="submit" disabled={upload.busy}>
            {adminCopy('title.importStart')}
          </button>
          {progress !== null && (
            <>
              <progress className={styles.progress} max={100} value={progress} />
              <span>{adminCopy('title.importing', { percent: progress })}</span>
            </>
          )}
        </form>
        <ChangeStatus notice={upload.notice} error={upload.error} />
      </section>
      <section className={styles.section}>
        <h2>{adminCopy('title.books')}</h2>
        {t.books.length === 0 && <p>{adminCopy('title.noBooks')}</p>}
        {t.books.map((b) => (
          <div key={b.id}>
            <BookEditor book={b} onSaved={reload} />
            <BookMediaEditor book={b} onSaved={reload} />
          </div>
        ))}
      </section>
    </>
  );
}
