import {
  type AdminPreOrderBonusView,
  PRE_ORDER_BONUS_STATES,
  type PreOrderBonusList,
  type PreOrderBonusState,
} from '@hondana/domain/admin/admin-pre-order-api';
import { useState } from 'react';
import { preorderCopy } from '../../../i18n/ja-admin-preorder';
import { promoCopy } from '../../../i18n/ja-admin-promotions';
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
  x.book
    ? preorderCopy('bookLine', { title: x.book.titleName, vol: x.book.vol, release: x.book.release.replace('T', ' ') })
    : x.titleId !== null
      ? preorderCopy('titleWide', { id: x.titleId })
      : preorderCopy('everyBook');

const columns: Column<AdminPreOrderBonusView>[] = [
  { key: 'id', header: preorderCopy('columns.id'), cell: (x) => x.id, className: cells.nowrap },
  { key: 'name', header: preorderCopy('columns.name'), cell: (x) => x.name, className: css.readable },
  { key: 'book', header: preorderCopy('columns.book'), cell: bookCell, className: css.readable },
  {
    key: 'bonus',
    header: preorderCopy('columns.bonus'),
    cell: (x) => preorderCopy('bonusLine', { points: x.points, rate: x.rate }),
    className: css.readable,
  },
  {
    key: 'period',
    header: preorderCopy('columns.period'),
    cell: (x) => (
      <>
        <span className={styles.nowrap}>{promoCopy('common.from', { start: x.start.replace('T', ' ') })}</span>
        <br />
        <span className={styles.nowrap}>{x.end ? x.end.replace('T', ' ') : preorderCopy('noEnd')}</span>
      </>
    ),
  },
  { key: 'grants', header: preorderCopy('columns.grants'), cell: (x) => preorderCopy('grants', { n: x.grants }), className: cells.nowrap },
  { key: 'state', header: preorderCopy('columns.state'), cell: (x) => preorderCopy(`filter.${x.state}`), className: cells.nowrap },
];

/**
 * `/admin/pre-order-bonuses`: the bonuses for pre-ordering a volume not released yet, filtered by
 * state; operators create and edit one (the volume picked by title name and volume, points, rate,
 * period) and end one; support reads the list.
 */
export function PreOrderBonusesPage({ role }: { role: StaffRole }) {
  const [state, setState] = useState<PreOrderBonusState | ''>('');
  const editor = useVersionedEditor<AdminPreOrderBonusView, PreOrderBonusList>({
    key: 'pre-order-bonuses',
    path: '/pre_order_bonuses',
    query: { state: state || undefined },
  });
  const { editing, rowChange } = editor;
  const operator = role === 'operator';

  return (
    <>
      <h1 className={styles.heading}>{preorderCopy('heading')}</h1>
      <p>{preorderCopy('lead')}</p>
      {operator ? (
        <EditorForm createLabel={preorderCopy('create')} {...editor.form(bonusFields)}>
          <Field label={preorderCopy('name')}>
            <input name="name" required maxLength={100} defaultValue={editing?.name} />
          </Field>
          <Field label={preorderCopy('points')}>
            <input name="points" type="number" min={0} max={100000} step={1} required defaultValue={editing?.points ?? 0} />
          </Field>
          <Field label={preorderCopy('rate')}>
            <input name="rate" type="number" min={0} max={100} step={1} required defaultValue={editing?.rate ?? 0} />
          </Field>
          <Field label={preorderCopy('start')}>
            <input name="start" type="datetime-local" required defaultValue={editing?.start} />
          </Field>
          <Field label={preorderCopy('end')}>
            <input name="end" type="datetime-local" required defaultValue={editing?.end ?? undefined} />
          </Field>
          <BookIdsField
            name="bookId"
            label={preorderCopy('book')}
            required
            multiple={false}
            defaultBooks={editing?.book ? [{ id: editing.book.id, contentsName: `${editing.book.titleName} ${editing.book.vol}` }] : []}
          />
        </EditorForm>
      ) : (
        <p>{preorderCopy('readOnly')}</p>
      )}
      <CampaignList
        filter={{
          label: preorderCopy('filter.label'),
          all: preorderCopy('filter.all'),
          states: PRE_ORDER_BONUS_STATES,
          stateLabel: (s) => preorderCopy(`filter.${s}`),
          value: state,
          onChange: setState,
        }}
        change={rowChange}
        columns={columns}
        rows={editor.list.data?.bonuses}
        actions={
          operator
            ? {
                onEdit: (row) => editor.edit(row),
                endLabel: preorderCopy('endAction'),
                onEnd: (row) => editor.act(row, 'end', preorderCopy('ended')),
              }
            : null
        }
      />
    </>
  );
}
