import type { GenreTaxonomyList, MagazineList, PublisherList } from '@hondana/domain/admin/admin-taxonomy-api';
import { type AuthorRole, authorRoleLabels } from '@hondana/domain/catalog/catalog';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { jaAdmin, adminCopy } from '../../../i18n/ja-admin';
import { taxonomyCopy } from '../../../i18n/ja-admin-taxonomy';
import { type AdminTitle, adminGet } from '../api/admin-api';
import styles from './admin.module.css';

const ROLES = Object.keys(authorRoleLabels) as AuthorRole[];

/** The title's credits as the form lists them: each row with a name, in order (a row left empty is none). */
function credits(f: FormData) {
  const names = f.getAll('authorName').map(String);
  const kanas = f.getAll('authorKana').map(String);
  const roles = f.getAll('authorRole').map(String);
  return names.flatMap((name, i) =>
    name.trim() ? [{ name: name.trim(), kana: (kanas[i] ?? '').trim(), role: roles[i] ?? 'author' }] : [],
  );
}

/** The title's fields as the API takes them, read from the form. */
export function titleFields(f: FormData) {
  const text = (k: string) => String(f.get(k) ?? '');
  const id = (k: string) => (text(k) ? Number(text(k)) : null);
  return {
    name: text('name'),
    kana: text('kana'),
    description: text('description'),
    pageType: text('pageType'),
    eroticType: Number(text('eroticType')),
    genreId: id('genreId'),
    publisherId: id('publisherId'),
    magazineId: id('magazineId'),
    authors: credits(f),
  };
}

/** One credit: name, reading and role (the first row of a new title is its author). */
function CreditFields({ author, n }: { author?: AdminTitle['authors'][number]; n: number }) {
  // A title's first credit is its author; a row after its credits adds one.
  const legend = author || n === 1 ? adminCopy('titleForm.credit', { n }) : adminCopy('titleForm.creditNew');
  return (
    <fieldset className={`${styles.wide} ${styles.methods}`} aria-label={legend}>
      <legend>{legend}</legend>
      <label className={styles.field}>
        {adminCopy('titleForm.authorName')}
        <input name="authorName" defaultValue={author?.name} />
      </label>
      <label className={styles.field}>
        {adminCopy('titleForm.authorKana')}
        <input name="authorKana" defaultValue={author?.kana} />
      </label>
      <label className={styles.field}>
        {adminCopy('titleForm.authorRole')}
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

interface Named {
  id: number;
  name: string;
}
interface TaxonomyLists {
  genres: Named[];
  publishers: Named[];
  magazines: Named[];
}

/**
 * The genres, publishers and magazines a title is filed under (`/admin/taxonomy` adds and renames
 * them), for the title form's pickers; null until all three are read (a picker shows the title's own only then).
 */
export function useTaxonomyLists(): TaxonomyLists | null {
  const genres = useQuery({ queryKey: ['admin', 'genres'], queryFn: () => adminGet<GenreTaxonomyList>('/genres') });
  const publishers = useQuery({ queryKey: ['admin', 'publishers'], queryFn: () => adminGet<PublisherList>('/publishers') });
  const magazines = useQuery({ queryKey: ['admin', 'magazines'], queryFn: () => adminGet<MagazineList>('/magazines') });
  if (!genres.data || !publishers.data || !magazines.data) return null;
  return { genres: genres.data.genres, publishers: publishers.data.publishers, magazines: magazines.data.magazines };
}

/** A labelled picker of one list's names (none, or one of them); it sends the picked id. */
function Picker({
  label,
  name,
  options,
  value,
  none,
}: {
  label: string;
  name: string;
  options: Named[];
  value: number | null | undefined;
  none: string;
}) {
  return (
    <label className={styles.field}>
      {label}
      <select name={name} defaultValue={value ?? ''}>
        <option value="">{none}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Name, reading, every credit (and one more row to add one), publisher, magazine, category, genre, rating, description. */
export function TitleFormFields({ title, lists }: { title?: AdminTitle; lists: TaxonomyLists }) {
  const authors = title?.authors ?? [];
  return (
    <>
      <label className={styles.field}>
        {adminCopy('titleForm.name')}
        <input name="name" required defaultValue={title?.name} />
      </label>
      <label className={styles.field}>
        {adminCopy('titleForm.kana')}
        <input name="kana" defaultValue={title?.kana} />
      </label>
      {[...authors, undefined].map((author, i) => (
        <CreditFields key={i} author={author} n={i + 1} />
      ))}
      <Picker
        label={taxonomyCopy('picker.publisher')}
        name="publisherId"
        options={lists.publishers}
        value={title?.publisherId}
        none={taxonomyCopy('picker.none')}
      />
      <Picker
        label={taxonomyCopy('picker.magazine')}
        name="magazineId"
        options={lists.magazines}
        value={title?.magazineId}
        none={taxonomyCopy('picker.none')}
      />
      <label className={styles.field}>
        {adminCopy('titleForm.pageType')}
        <select name="pageType" defaultValue={title?.pageType ?? 'male'}>
          {Object.entries(jaAdmin.titleForm.pageTypes).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <Picker
        label={adminCopy('titleForm.genre')}
        name="genreId"
        options={lists.genres}
        value={title?.genreId}
        none={adminCopy('titleForm.noGenre')}
      />
      <label className={styles.field}>
        {adminCopy('titleForm.eroticType')}
        <select name="eroticType" defaultValue={String(title?.eroticType ?? 0)}>
          {Object.entries(jaAdmin.titleForm.eroticTypes).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className={`${styles.field} ${styles.wide}`}>
        {adminCopy('titleForm.description')}
        <textarea name="description" rows={3} defaultValue={title?.description} />
      </label>
      <p className={styles.wide}>
        <Link to="/admin/taxonomy">{taxonomyCopy('picker.manage')}</Link>
      </p>
    </>
  );
}
