import { jaAdmin, adminCopy as a } from '../../../i18n/ja-admin';
import type { AdminTitle } from '../api/admin-api';
import styles from './admin.module.css';

/** The title's fields as the API takes them, read from the form. */
export function titleFields(form: HTMLFormElement) {
  const f = new FormData(form);
  const text = (k: string) => String(f.get(k) ?? '');
  const genre = text('genreId');
  const authorName = text('authorName').trim();
  return {
    name: text('name'),
    kana: text('kana'),
    description: text('description'),
    pageType: text('pageType'),
    eroticType: Number(text('eroticType')),
    genreId: genre ? Number(genre) : null,
    publisher: text('publisher'),
    magazine: text('magazine'),
    authors: authorName ? [{ name: authorName, kana: text('authorKana').trim(), role: 'author' }] : [],
  };
}

/** Name, reading, author with reading, publisher, magazine, category, genre, rating, description. */
export function TitleFormFields({ title, genres }: { title?: AdminTitle; genres: { id: number; name: string }[] }) {
  const author = title?.authors[0];
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
      <label className={styles.field}>
        {a('titleForm.authorName')}
        <input name="authorName" defaultValue={author?.name} />
      </label>
      <label className={styles.field}>
        {a('titleForm.authorKana')}
        <input name="authorKana" defaultValue={author?.kana} />
      </label>
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
