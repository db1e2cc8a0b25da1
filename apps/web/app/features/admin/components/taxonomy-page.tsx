import type { AdminGenre, AdminMagazine, AdminPublisher, PublisherList } from '@hondana/domain/admin/admin-taxonomy-api';
import { ApiError } from '../../../lib/api/client';
import { promoCopy } from '../../../i18n/ja-admin-promotions';
import { taxonomyCopy } from '../../../i18n/ja-admin-taxonomy';
import { changeError } from '../api/admin-api';
import type { StaffRole } from './admin-shell';
import { EditorForm, Field } from './editor-form';
import { type Column, EditorTable, RowButton, cells } from './editor-table';
import { useVersionedEditor } from './use-versioned-editor';
import styles from './admin.module.css';

type Kind = 'genres' | 'publishers' | 'magazines';
type Row = AdminGenre | AdminPublisher | AdminMagazine;

const text = (f: FormData, k: string) => String(f.get(k) ?? '').trim();
const READ: Record<Kind, (f: FormData) => object> = {
  genres: (f) => ({ name: text(f, 'name') }),
  publishers: (f) => ({ name: text(f, 'name'), kana: text(f, 'kana') }),
  magazines: (f) => ({
    name: text(f, 'name'),
    kana: text(f, 'kana'),
    publisherId: text(f, 'publisherId') ? Number(text(f, 'publisherId')) : null,
  }),
};

/** A name another row already has is told as such; other errors as the console says them. */
const describe = (e: unknown) =>
  e instanceof ApiError && e.messages.some((m) => m === 'name: is already used') ? taxonomyCopy('taken') : changeError(e);

/** One kind's section: its form (operators) and its list with each row's edit button. */
function TaxonomySection<R extends Row>({ kind, operator, publishers }: { kind: Kind; operator: boolean; publishers: AdminPublisher[] }) {
  const editor = useVersionedEditor<R, Record<Kind, R[]>>({ key: kind, path: `/${kind}` });
  const { editing } = editor;
  const rows = editor.list.data?.[kind];
  const publisherName = (id: number | null) => publishers.find((pub) => pub.id === id)?.name ?? '';
  const columns: Column<R>[] = [
    { key: 'id', header: taxonomyCopy('columns.id'), cell: (r) => r.id, className: cells.nowrap },
    { key: 'name', header: taxonomyCopy('columns.name'), cell: (r) => r.name },
    ...(kind === 'genres' ? [] : [{ key: 'kana', header: taxonomyCopy('columns.kana'), cell: (r: R) => ('kana' in r ? r.kana : '') }]),
    ...(kind === 'magazines'
      ? [
          {
            key: 'publisher',
            header: taxonomyCopy('columns.publisher'),
            cell: (r: R) => ('publisherId' in r ? publisherName(r.publisherId) : ''),
          },
        ]
      : []),
    {
      key: 'titles',
      header: taxonomyCopy('columns.titles'),
      cell: (r) => taxonomyCopy('titles', { n: r.titleCount }),
      className: cells.number,
    },
  ];
  const form = editor.form(READ[kind], { describe });
  return (
    <section className={styles.section} aria-label={taxonomyCopy(`${kind}.heading`)}>
      <h2>{taxonomyCopy(`${kind}.heading`)}</h2>
      {operator && (
        <EditorForm createLabel={taxonomyCopy(`${kind}.create`)} {...form}>
          <Field label={taxonomyCopy('name')}>
            <input name="name" required maxLength={100} defaultValue={editing?.name} />
          </Field>
          {kind !== 'genres' && (
            <Field label={taxonomyCopy('kana')}>
              <input name="kana" maxLength={100} defaultValue={editing && 'kana' in editing ? editing.kana : ''} />
            </Field>
          )}
          {kind === 'magazines' && (
            <Field label={taxonomyCopy('publisher')}>
              <select name="publisherId" defaultValue={editing && 'publisherId' in editing ? (editing.publisherId ?? '') : ''}>
                <option value="">{taxonomyCopy('noPublisher')}</option>
                {publishers.map((pub) => (
                  <option key={pub.id} value={pub.id}>
                    {pub.name}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </EditorForm>
      )}
      {rows && rows.length === 0 ? (
        <p>{taxonomyCopy('empty')}</p>
      ) : (
        <EditorTable
          columns={columns}
          rows={rows}
          actions={(r) =>
            operator ? (
              <RowButton label={promoCopy('common.edit')} name={`${promoCopy('common.edit')} ${r.name}`} onClick={() => editor.edit(r)} />
            ) : null
          }
        />
      )}
    </section>
  );
}

/**
 * `/admin/taxonomy`: genres, publishers and magazines, the names a title is filed under (the title
 * editor picks from them); operators add one and rename one, support reads the lists.
 */
export function TaxonomyPage({ role }: { role: StaffRole }) {
  const operator = role === 'operator';
  const publishers =
    useVersionedEditor<AdminPublisher, PublisherList>({ key: 'publishers', path: '/publishers' }).list.data?.publishers ?? [];
  return (
    <>
      <h1 className={styles.heading}>{taxonomyCopy('heading')}</h1>
      <p>{taxonomyCopy('lead')}</p>
      {!operator && <p>{taxonomyCopy('readOnly')}</p>}
      <TaxonomySection<AdminGenre> kind="genres" operator={operator} publishers={publishers} />
      <TaxonomySection<AdminPublisher> kind="publishers" operator={operator} publishers={publishers} />
      <TaxonomySection<AdminMagazine> kind="magazines" operator={operator} publishers={publishers} />
    </>
  );
}
