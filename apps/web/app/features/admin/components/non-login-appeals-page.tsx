import {
  APPEAL_STATES,
  type AdminNonLoginAppealView,
  type AppealState,
  type NonLoginAppealList,
} from '@hondana/domain/admin/admin-non-login-appeals-api';
import { useState } from 'react';
import { appealsCopy } from '../../../i18n/ja-admin-appeals';
import { AppealImageField } from './appeal-image-field';
import { EditorForm, Field } from './editor-form';
import { CampaignList } from './campaign-list';
import { type Column, cells } from './editor-table';
import { useVersionedEditor } from './use-versioned-editor';
import styles from './admin.module.css';
import css from './console-editors.module.css';

function appealFields(f: FormData) {
  const text = (k: string) => String(f.get(k) ?? '').trim();
  return { name: text('name'), imageUrl: text('imageUrl'), appealText: text('appealText'), start: text('start'), end: text('end') };
}

const columns: Column<AdminNonLoginAppealView>[] = [
  { key: 'id', header: appealsCopy('columns.id'), cell: (a) => a.id, className: cells.nowrap },
  {
    key: 'image',
    header: appealsCopy('columns.image'),
    cell: (a) => (
      <img className={css.appealThumb} src={a.imageUrl} alt={appealsCopy('imagePreview', { name: a.name })} width={48} height={48} />
    ),
  },
  { key: 'name', header: appealsCopy('columns.name'), cell: (a) => a.name },
  { key: 'text', header: appealsCopy('columns.text'), cell: (a) => a.appealText },
  {
    key: 'period',
    header: appealsCopy('columns.period'),
    cell: (a) => (
      <>
        <span className={styles.nowrap}>{appealsCopy('from', { start: a.start.replace('T', ' ') })}</span>
        <br />
        <span className={styles.nowrap}>{a.end.replace('T', ' ')}</span>
      </>
    ),
  },
  { key: 'state', header: appealsCopy('columns.state'), cell: (a) => appealsCopy(`filter.${a.state}`), className: cells.nowrap },
];

/**
 * `/admin/non-login-appeals`: the appeals guests see on the top page, filtered by state; operators
 * create and edit one (name, image uploaded or typed, text, period) and end one. Support reads.
 */
export function NonLoginAppealsPage({ operator }: { operator: boolean }) {
  const [state, setState] = useState<AppealState | ''>('');
  const editor = useVersionedEditor<AdminNonLoginAppealView, NonLoginAppealList>({
    key: 'non-login-appeals',
    path: '/non_login_appeals',
    query: { state: state || undefined },
  });
  const { editing, rowChange } = editor;

  return (
    <>
      <h1 className={styles.heading}>{appealsCopy('heading')}</h1>
      <p>{appealsCopy('lead')}</p>
      {operator ? (
        <EditorForm createLabel={appealsCopy('create')} {...editor.form(appealFields)}>
          <Field label={appealsCopy('name')}>
            <input name="name" required maxLength={100} defaultValue={editing?.name} />
          </Field>
          <Field label={appealsCopy('start')}>
            <input name="start" type="datetime-local" required defaultValue={editing?.start} />
          </Field>
          <Field label={appealsCopy('end')}>
            <input name="end" type="datetime-local" required defaultValue={editing?.end} />
          </Field>
          <Field label={appealsCopy('appealText')} className={styles.wide}>
            <textarea name="appealText" rows={3} required maxLength={500} defaultValue={editing?.appealText} />
          </Field>
          <AppealImageField imageUrl={editing?.imageUrl} />
        </EditorForm>
      ) : (
        <p>{appealsCopy('readOnly')}</p>
      )}
      <CampaignList
        filter={{
          label: appealsCopy('filter.label'),
          all: appealsCopy('filter.all'),
          states: APPEAL_STATES,
          stateLabel: (s) => appealsCopy(`filter.${s}`),
          value: state,
          onChange: setState,
        }}
        change={rowChange}
        columns={columns}
        rows={editor.list.data?.appeals}
        actions={
          operator
            ? {
                onEdit: (row) => editor.edit(row),
                endLabel: appealsCopy('endAction'),
                onEnd: (row) => editor.act(row, 'end', appealsCopy('ended')),
              }
            : null
        }
      />
    </>
  );
}
