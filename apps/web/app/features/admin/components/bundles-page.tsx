import type { AdminBundleView, BundleList } from '@hondana/domain/admin/admin-commerce-api';
import { promoCopy as p } from '../../../i18n/ja-admin-promotions';
import { ChangeStatus } from './change-status';
import { type Column, EditorTable, RowButton, cells } from './editor-table';
import { EditorForm, Field } from './editor-form';
import { formatYen } from './format';
import { BookIdsField } from './id-pickers';
import { useVersionedEditor } from './use-versioned-editor';
import styles from './admin.module.css';

function bundleFields(f: FormData) {
  const text = (k: string) => String(f.get(k) ?? '').trim();
  return {
    name: text('name'),
    price: Number(text('price') || 0),
    bookIds: text('bookIds').split(/[,、\s]+/).filter(Boolean).map(Number),
    start: text('start'),
    end: text('end') || null,
  };
}

const columns: Column<AdminBundleView>[] = [
  { key: 'id', header: p('bundles.columns.id'), cell: (b) => b.id, className: cells.nowrap },
  { key: 'name', header: p('bundles.columns.name'), cell: (b) => b.name },
  { key: 'books', header: p('bundles.columns.books'), cell: (b) => b.books.map((book) => book.contentsName).join('、') },
  { key: 'price', header: p('bundles.columns.price'), cell: (b) => formatYen(b.price), className: cells.number },
  { key: 'list', header: p('bundles.columns.list'), cell: (b) => formatYen(b.listPrice), className: cells.number },
  { key: 'discount', header: p('bundles.columns.discount'), cell: (b) => p('bundles.discount', { rate: b.discountRate }), className: cells.number },
  {
    key: 'period',
    header: p('bundles.columns.period'),
    cell: (b) => (
      <>
        <span className={styles.nowrap}>{p('common.from', { start: b.start.replace('T', ' ') })}</span>
        <br />
        <span className={styles.nowrap}>{b.end?.replace('T', ' ') ?? p('common.open')}</span>
      </>
    ),
  },
  { key: 'state', header: p('bundles.columns.state'), cell: (b) => (b.onSale ? p('bundles.onSale') : p('bundles.offSale')), className: cells.nowrap },
];

/** `/admin/bundles`: the cart's bundles (books sold together at one price, in a period); create, edit, end. */
export function BundlesPage() {
  const editor = useVersionedEditor<AdminBundleView, BundleList>({ key: 'bundles', path: '/bundles' });
  const { editing, rowChange } = editor;


  return (
    <>
      <h1 className={styles.heading}>{p('bundles.heading')}</h1>
      <p>{p('bundles.lead')}</p>
      <EditorForm createLabel={p('bundles.create')} {...editor.form(bundleFields)}>
        <Field label={p('bundles.name')}>
          <input name="name" required defaultValue={editing?.name} />
        </Field>
        <BookIdsField name="bookIds" label={p('bundles.bookIds')} required multiple defaultBooks={editing?.books} />
        <Field label={p('bundles.price')}>
          <input name="price" type="number" min={0} step={1} required defaultValue={editing?.price} />
        </Field>
        <Field label={p('bundles.start')}>
          <input name="start" type="datetime-local" required defaultValue={editing?.start} />
        </Field>
        <Field label={p('bundles.end')}>
          <input name="end" type="datetime-local" defaultValue={editing?.end ?? ''} />
        </Field>
      </EditorForm>
      <ChangeStatus notice={rowChange.notice} error={rowChange.error} />
      <EditorTable
        columns={columns}
        rows={editor.list.data?.bundles}
        actions={(b) => (
          <>
            <RowButton label={p('common.edit')} name={`${p('common.edit')} ${b.name}`} onClick={() => editor.edit(b)} />
            {!b.ended && <RowButton label={p('bundles.end_')} name={`${p('bundles.end_')} ${b.name}`} onClick={() => editor.act(b, 'end', p('common.ended'))} disabled={rowChange.busy} />}
          </>
        )}
      />
    </>
  );
}
