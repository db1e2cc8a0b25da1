import { type AdminPreOrderBonusView, PRE_ORDER_BONUS_STATES, type PreOrderBonusList, type PreOrderBonusState } from '@hondana/domain/admin/admin-pre-order-api';
import { useState } from 'react';
import { preorderCopy as o } from '../../../i18n/ja-admin-preorder';
import { promoCopy as p } from '../../../i18n/ja-admin-promotions';
import type { StaffRole } from './admin-shell';
import { EditorForm, Field } from './editor-form';
import { CampaignList } from './campaign-list';
import { type Column, cells } from './editor-table';
import { BookIdsField } from './id-pickers';
import { useVersionedEditor } from './use-versioned-editor';
import styles from './admin.module.css';
import css from './lottery.module.css';

/** The form as the API takes it. */
function bonusFields(data: FormData) {
  const text = (k: string) => String(data.get(k) ?? '').trim();
  const num = (k: string) => Number(text(k) || 0);
  return { name: text('name'), bookId: num('bookId'), points: num('points'), rate: num('rate'), start: text('start'), end: text('end') };
}

const bookCell = (x: AdminPreOrderBonusView) =>
  x.book ? o('bookLine', { title: x.book.titleName, vol: x.book.vol, release: x.book.release.replace('T', ' ') }) : x.titleId !== null ? o('titleWide', { id: x.titleId }) : o('everyBook');

const columns: Column<AdminPreOrderBonusView>[] = [
  { key: 'id', header: o('columns.id'), cell: (x) => x.id, className: cells.nowrap },
  { key: 'name', header: o('columns.name'), cell: (x) => x.name, className: css.readable },
  { key: 'book', header: o('columns.book'), cell: bookCell, className: css.readable },
  { key: 'bonus', header: o('columns.bonus'), cell: (x) => o('bonusLine', { points: x.points, rate: x.rate }), className: css.readable },
  {
    key: 'period',
    header: o('columns.period'),
    cell: (x) => (
      <>
        <span className={styles.nowrap}>{p('common.from', { start: x.start.replace('T', ' ') })}</span>
        <br />
        <span className={styles.nowrap}>{x.end ? x.end.replace('T', ' ') : o('noEnd')}</span>
      </>
    ),
  },
  { key: 'grants', header: o('columns.grants'), cell: (x) => o('grants', { n: x.grants }), className: cells.nowrap },
  { key: 'state', header: o('columns.state'), cell: (x) => o(`filter.${x.state}`), className: cells.nowrap },
];

/**
 * `/admin/pre-order-bonuses`: the bonuses for pre-ordering a volume not released yet, filtered by
 * state; operators create and edit one (the volume picked by title name and volume, points, rate,
 * period) and end one; support reads the list.
 */
export function PreOrderBonusesPage({ role }: { role: StaffRole }) {
  const [state, setState] = useState<PreOrderBonusState | ''>('');
  const editor = useVersionedEditor<AdminPreOrderBonusView, PreOrderBonusList>({ key: 'pre-order-bonuses', path: '/pre_order_bonuses', query: { state: state || undefined } });
  const { editing, rowChange } = editor;
  const operator = role === 'operator';

  return (
    <>
      <h1 className={styles.heading}>{o('heading')}</h1>
      <p>{o('lead')}</p>
      {operator ? (
        <EditorForm createLabel={o('create')} {...editor.form(bonusFields)}>
          <Field label={o('name')}>
            <input name="name" required maxLength={100} defaultValue={editing?.name} />
          </Field>
          <Field label={o('points')}>
            <input name="points" type="number" min={0} max={100000} step={1} required defaultValue={editing?.points ?? 0} />
          </Field>
          <Field label={o('rate')}>
            <input name="rate" type="number" min={0} max={100} step={1} required defaultValue={editing?.rate ?? 0} />
          </Field>
          <Field label={o('start')}>
            <input name="start" type="datetime-local" required defaultValue={editing?.start} />
          </Field>
          <Field label={o('end')}>
            <input name="end" type="datetime-local" required defaultValue={editing?.end ?? undefined} />
          </Field>
          <BookIdsField
            name="bookId"
            label={o('book')}
            required
            multiple={false}
            defaultBooks={editing?.book ? [{ id: editing.book.id, contentsName: `${editing.book.titleName} ${editing.book.vol}` }] : []}
          />
        </EditorForm>
      ) : (
        <p>{o('readOnly')}</p>
      )}
      <CampaignList
        filter={{ label: o('filter.label'), all: o('filter.all'), states: PRE_ORDER_BONUS_STATES, stateLabel: (s) => o(`filter.${s}`), value: state, onChange: setState }}
        change={rowChange}
        columns={columns}
        rows={editor.list.data?.bonuses}
        actions={operator ? { onEdit: (row) => editor.edit(row), endLabel: o('endAction'), onEnd: (row) => editor.act(row, 'end', o('ended')) } : null}
      />
    </>
  );
}
