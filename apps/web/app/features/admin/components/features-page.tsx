import { type AdminFeatureView, FEATURE_STATES, type FeatureList, type FeatureState } from '@hondana/domain/admin/admin-features-api';
import { useState } from 'react';
import { featuresCopy } from '../../../i18n/ja-admin-features';
import { promoCopy } from '../../../i18n/ja-admin-promotions';
import type { StaffRole } from './admin-shell';
import { EditorForm, Field } from './editor-form';
import { CampaignList } from './campaign-list';
import { type Column, cells } from './editor-table';
import { SerialListField } from './serial-list-field';
import { useVersionedEditor } from './use-versioned-editor';
import styles from './admin.module.css';
import css from './lottery.module.css';

/** The form as the API takes it; the serials in their order (`serialIds.0`, `serialIds.1`, ...). */
function featureFields(data: FormData) {
  const text = (k: string) => String(data.get(k) ?? '').trim();
  const serialIds: number[] = [];
  for (let i = 0; data.has(`serialIds.${i}`); i++) serialIds.push(Number(text(`serialIds.${i}`)));
  return { name: text('name'), description: text('description'), start: text('start'), end: text('end'), serialIds };
}

const columns: Column<AdminFeatureView>[] = [
  { key: 'id', header: featuresCopy('columns.id'), cell: (x) => x.id, className: cells.nowrap },
  { key: 'name', header: featuresCopy('columns.name'), cell: (x) => x.name, className: css.readable },
  {
    key: 'period',
    header: featuresCopy('columns.period'),
    cell: (x) => (
      <>
        <span className={styles.nowrap}>{promoCopy('common.from', { start: x.start.replace('T', ' ') })}</span>
        <br />
        <span className={styles.nowrap}>{x.end ? x.end.replace('T', ' ') : featuresCopy('noEnd')}</span>
      </>
    ),
  },
  {
    key: 'serials',
    header: featuresCopy('columns.serials'),
    cell: (x) => (
      <ol className={css.lines}>
        {x.serials.map((s) => (
          <li key={s.id}>{s.name}</li>
        ))}
      </ol>
    ),
    className: css.readable,
  },
  { key: 'state', header: featuresCopy('columns.state'), cell: (x) => featuresCopy(`filter.${x.state}`), className: cells.nowrap },
];

/**
 * `/admin/features`: the serial pages' 特集・おすすめ, filtered by state; operators create and edit
 * one (name, description, period, serials in their order) and end one; support reads the list.
 */
export function FeaturesPage({ role }: { role: StaffRole }) {
  const [state, setState] = useState<FeatureState | ''>('');
  const editor = useVersionedEditor<AdminFeatureView, FeatureList>({
    key: 'features',
    path: '/features',
    query: { state: state || undefined },
  });
  const { editing, rowChange } = editor;
  const operator = role === 'operator';

  return (
    <>
      <h1 className={styles.heading}>{featuresCopy('heading')}</h1>
      <p>{featuresCopy('lead')}</p>
      {operator ? (
        <EditorForm createLabel={featuresCopy('create')} {...editor.form(featureFields)}>
          <Field label={featuresCopy('name')}>
            <input name="name" required maxLength={100} defaultValue={editing?.name} />
          </Field>
          <Field label={featuresCopy('description')}>
            <input name="description" maxLength={200} defaultValue={editing?.description} />
          </Field>
          <Field label={featuresCopy('start')}>
            <input name="start" type="datetime-local" required defaultValue={editing?.start} />
          </Field>
          <Field label={featuresCopy('end')}>
            <input name="end" type="datetime-local" required defaultValue={editing?.end ?? undefined} />
          </Field>
          <SerialListField saved={editing?.serials} />
        </EditorForm>
      ) : (
        <p>{featuresCopy('readOnly')}</p>
      )}
      <CampaignList
        filter={{
          label: featuresCopy('filter.label'),
          all: featuresCopy('filter.all'),
          states: FEATURE_STATES,
          stateLabel: (s) => featuresCopy(`filter.${s}`),
          value: state,
          onChange: setState,
        }}
        change={rowChange}
        columns={columns}
        rows={editor.list.data?.features}
        actions={
          operator
            ? {
                onEdit: (row) => editor.edit(row),
                endLabel: featuresCopy('endAction'),
                onEnd: (row) => editor.act(row, 'end', featuresCopy('ended')),
              }
            : null
        }
      />
    </>
  );
}
