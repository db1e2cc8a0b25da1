import type { AdminBundleView, BundleList } from '@hondana/domain/admin/admin-commerce-api';
import { promoCopy } from '../../../i18n/ja-admin-promotions';
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
    bookIds: text('bookIds')
      .split(/[,、\s]+/)
      .filter(Boolean)
      .map(Number),
    start: text('start'),
    end: text('end') || null,
  };
}

const columns: Column<AdminBundleView>[] = [
  { key: 'id', header: promoCopy('bundles.columns.id'), cell: (b) => b.id, className: cells.nowrap },
  { key: 'name', header: promoCopy('bundles.columns.name'), cell: (b) => b.name },
  { key: 'books', header: promoCopy('bundles.columns.books'), cell: (b) => b.books.map((book) => book.contentsName).join('、') },
  { key: 'price', header: promoCopy('bundles.columns.price'), cell: (b) => formatYen(b.price), className: cells.number },
  { key: 'list', header: promoCopy('bundles.columns.list'), cell: (b) => formatYen(b.listPrice), className: cells.number },
  {
    key: 'discount',
    header: promoCopy('bundles.columns.discount'),
    cell: (b) => promoCopy('bundles.discount', { rate: b.discountRate }),
    className: cells.number,
  },
  {
    key: 'period',
    header: promoCopy('bundles.columns.period'),
    cell: (b) => (
      <>
        <span className={styles.nowrap}>{promoCopy('common.from', { start: b.start.replace('T', ' ') })}</span>
        <br />
        <span className={styles.nowrap}>{b.end?.replace('T', ' ') ?? promoCopy('common.open')}</span>
      </>
    ),
  },
  {
    key: 'state',
    header: promoCopy('bundles.columns.state'),
    cell: (b) => (b.onSale ? promoCopy('bundles.onSale') : promoCopy('bundles.offSale')),
    className: cells.nowrap,
  },
];

/** `/admin/bundles`: the cart's bundles (books sold together at one price, in a period); create, edit, end. */
export function BundlesPage() {
  const editor = useVersionedEditor<AdminBundleView, BundleList>({ key: 'bundles', path: '/bundles' });
  const { editing, rowChange } = editor;

  return (
    <>
      <h1 className={styles.heading}>{promoCopy('bundles.heading')}</h1>
      <p>{promoCopy('bundles.lead')}</p>
      <EditorForm createLabel={promoCopy('bundles.create')} {...editor.form(bundleFields)}>
        <Field label={promoCopy('bundles.name')}>
          <input name="name" required defaultValue={editing?.name} />
        </Field>
        <BookIdsField name="bookIds" label={promoCopy('bundles.bookIds')} required multiple defaultBooks={editing?.books} />
        <Field label={promoCopy('bundles.price')}>
          <input name="price" type="number" min={0} step={1} required defaultValue={editing?.price} />
        </Field>
        <Field label={promoCopy('bundles.start')}>
          <input name="start" type="datetime-local" required defaultValue={editing?.start} />
        </Field>
        <Field label={promoCopy('bundles.end')}>
          <input name="end" type="datetime-local" defaultValue={editing?.end ?? ''} />
        </Field>
      </EditorForm>
      <ChangeStatus notice={rowChange.notice} error={rowChange.error} />
      <EditorTable
        columns={columns}
        rows={editor.list.data?.bundles}
        actions={(b) => (
          <>
            <RowButton label={promoCopy('common.edit')} name={`${promoCopy('common.edit')} ${b.name}`} onClick={() => editor.edit(b)} />
            {!b.ended && (
              <RowButton
                label={promoCopy('bundles.end_')}
                name={`${promoCopy('bundles.end_')} ${b.name}`}
                onClick={() => editor.act(b, 'end', promoCopy('common.ended'))}
                disabled={rowChange.busy}
              />
            )}
          </>
        )}
      />
    </>
  );
}
