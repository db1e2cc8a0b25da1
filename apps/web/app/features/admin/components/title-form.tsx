import { type AuthorRole, authorRoleLabels } from '@hondana/domain/catalog/catalog';
import { jaAdmin, adminCopy as a } from '../../../i18n/ja-admin';
import type { AdminTitle } from '../api/admin-api';
import styles from './admin.module.css';

const ROLES = Object.keys(authorRoleLabels) as AuthorRole[];

/** The title's credits as the form lists them: each row with a name, in order (a row left empty is none). */
function credits(f: FormData) {
  const names = f.getAll('authorName').map(String);
  const kanas = f.getAll('authorKana').map(String);
  const roles = f.getAll('authorRole').map(String);
  return names.flatMap((name, i) => (name.trim() ? [{ name: name.trim(), kana: (kanas[i] ?? '').trim(), role: roles[i] ?? 'author' }] : []));
}

/** The title's fields as the API takes them, read from the form. */
export function titleFields(f: FormData) {
  const text = (k: string) => String(f.get(k) ?? '');
  const genre = text('genreId');
  return {
    name: text('name'),
    kana: text('kana'),
    description: text('description'),
    pageType: text('pageType'),
    eroticType: Number(text('eroticType')),
    genreId: genre ? Number(genre) : null,
    publisher: text('publisher'),
    magazine: text('magazine'),
    authors: credits(f),
  };
}

/** One credit: name, reading and role (the first row of a new title is its author). */
function CreditFields({ author, n }: { author?: AdminTitle['authors'][number]; n: number }) {
  // A title's first credit is its author; a row after its credits adds one.
  const legend = author || n === 1 ? a('titleForm.credit', { n }) : a('titleForm.creditNew');
  return (
    <fieldset className={`${styles.wide} ${styles.methods}`} aria-label={legend}>
      <legend>{legend}</legend>
      <label className={styles.field}>
        {a('titleForm.authorName')}
        <input name="authorName" defaultValue={author?.name} />
      </label>
      <label className={styles.field}>
        {a('titleForm.authorKana')}
        <input name="authorKana" defaultValue={author?.kana} />
      </label>
      <label className={styles.field}>
        {a('titleForm.authorRole')}
        <select name="authorRole" defaultValue={author?.role ?? 'author'}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {authorRoleLabels[role]}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}

/** Name, reading, every credit (and one more row to add one), publisher, magazine, category, genre, rating, description. */
export function TitleFormFields({ title, genres }: { title?: AdminTitle; genres: { id: number; name: string }[] }) {
  const authors = title?.authors ?? [];
  return (
    <>
      <label className={styles.field}>
        {a('titleForm.name')}
        <input name="name" required defaultValue={title?.name} />
      </label>
      <label className={styles.field}>
        {a('titleForm.kana')}
        <input name="kana" defaultValue={title?.kana} />
      </label>
      {[...authors, undefined].map((author, i) => (
        <CreditFields key={i} author={author} n={i + 1} />
      ))}
      <label className={styles.field}>
        {a('titleForm.publisher')}
        <input name="publisher" defaultValue={title?.publisher} />
      </label>
      <label className={styles.field}>
        {a('titleForm.magazine')}
        <input name="magazine" defaultValue={title?.magazine} />
      </label>
      <label className={styles.field}>
        {a('titleForm.pageType')}
        <select name="pageType" defaultValue={title?.pageType ?? 'male'}>
          {Object.entries(jaAdmin.titleForm.pageTypes).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        {a('titleForm.genre')}
        <select name="genreId" defaultValue={title?.genreId ?? ''}>
          <option value="">{a('titleForm.noGenre')}</option>
          {genres.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        {a('titleForm.eroticType')}
        <select name="eroticType" defaultValue={String(title?.eroticType ?? 0)}>
          {Object.entries(jaAdmin.titleForm.eroticTypes).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className={`${styles.field} ${styles.wide}`}>
        {a('titleForm.description')}
        <textarea name="description" rows={3} defaultValue={title?.description} />
      </label>
    </>
  );
}
