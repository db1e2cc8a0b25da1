import {
  type AdminMissionView,
  MISSION_REWARD_TYPES,
  MISSION_STATES,
  MISSION_TASK_KINDS,
  type MissionList,
  type MissionState,
} from '@hondana/domain/admin/admin-missions-api';
import type { MissionTaskType } from '@hondana/domain/campaigns/missions';
import { useState } from 'react';
import { missionsCopy } from '../../../i18n/ja-admin-missions';
import { promoCopy } from '../../../i18n/ja-admin-promotions';
import type { StaffRole } from './admin-shell';
import { AppealImageField } from './appeal-image-field';
import { EditorForm, Field } from './editor-form';
import { CampaignList } from './campaign-list';
import { type Column, cells } from './editor-table';
import { useVersionedEditor } from './use-versioned-editor';
import styles from './admin.module.css';
import css from './lottery.module.css';

const MAX_TASKS = 5;

/** The form as the API takes it (`tasks.0.kind`, `bonus.amount`); the same reader for the form as shown and as sent. */
function missionFields(f: FormData) {
  const text = (k: string) => String(f.get(k) ?? '').trim();
  const num = (k: string) => Number(text(k) || 0);
  const tasks = [];
  for (let i = 0; f.has(`tasks.${i}.kind`); i++) {
    const id = text(`tasks.${i}.id`);
    tasks.push({ ...(id && { id: Number(id) }), kind: text(`tasks.${i}.kind`), target: num(`tasks.${i}.target`) });
  }
  const rewardType = num('bonus.rewardType');
  const campaign = text('bonus.lotteryCampaignId');
  return {
    name: text('name'),
    imageUrl: text('imageUrl'),
    backgroundColor: text('backgroundColor'),
    start: text('start'),
    end: text('end'),
    tasks,
    bonus: { rewardType, amount: num('bonus.amount'), lotteryCampaignId: rewardType === 100 && campaign ? Number(campaign) : null },
  };
}

const columns: Column<AdminMissionView>[] = [
  { key: 'id', header: missionsCopy('columns.id'), cell: (x) => x.id, className: cells.nowrap },
  {
    key: 'image',
    header: missionsCopy('columns.image'),
    cell: (x) =>
      x.imageUrl ? (
        <img className={css.thumb} src={x.imageUrl} alt={missionsCopy('imageAlt', { name: x.name })} width={120} height={63} />
      ) : (
        <span className={css.swatch} style={{ backgroundColor: x.backgroundColor }} />
      ),
  },
  { key: 'name', header: missionsCopy('columns.name'), cell: (x) => x.name, className: css.readable },
  {
    key: 'period',
    header: missionsCopy('columns.period'),
    cell: (x) => (
      <>
        <span className={styles.nowrap}>{promoCopy('common.from', { start: x.start.replace('T', ' ') })}</span>
        <br />
        <span className={styles.nowrap}>{x.end.replace('T', ' ')}</span>
      </>
    ),
  },
  {
    key: 'tasks',
    header: missionsCopy('columns.tasks'),
    cell: (x) => (
      <ul className={css.lines}>
        {x.tasks.map((t) => (
          <li key={t.id}>{missionsCopy('taskLine', { label: t.label, members: t.members })}</li>
        ))}
      </ul>
    ),
    className: css.readable,
  },
  {
    key: 'bonus',
    header: missionsCopy('columns.bonus'),
    cell: (x) => missionsCopy('bonusLine', { label: x.bonus.label, rewarded: x.rewarded }),
    className: css.readable,
  },
  { key: 'state', header: missionsCopy('columns.state'), cell: (x) => missionsCopy(`filter.${x.state}`), className: cells.nowrap },
];

type Task = { key: number; id?: number; kind: MissionTaskType; target: number; members: number };
let keys = 0;
const newTask = (): Task => ({ key: ++keys, kind: 'READ_BOOKS', target: 1, members: 0 });

/** A mission's tasks in the form, under the names `missionFields` reads; added and removed here (one with members' progress stays). */
function MissionTasksField({ saved }: { saved: AdminMissionView['tasks'] | undefined }) {
  const [tasks, setTasks] = useState<Task[]>(() =>
    saved && saved.length > 0
      ? saved.map((t) => ({ key: ++keys, id: t.id, kind: t.kind, target: t.target, members: t.members }))
      : [newTask()],
  );
  return (
    <div className={styles.wide}>
      {tasks.map((task, i) => (
        <fieldset key={task.key} className={css.box}>
          <legend>{missionsCopy('tasks.legend', { n: i + 1 })}</legend>
          {task.id !== undefined && <input type="hidden" name={`tasks.${i}.id`} value={task.id} />}
          <div className={styles.form}>
            <Field label={missionsCopy('tasks.kind')}>
              <select name={`tasks.${i}.kind`} defaultValue={task.kind} disabled={task.members > 0}>
                {MISSION_TASK_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {missionsCopy(`tasks.kinds.${k}`)}
                  </option>
                ))}
              </select>
              {/* A disabled select sends nothing: its kind goes as it is. */}
              {task.members > 0 && <input type="hidden" name={`tasks.${i}.kind`} value={task.kind} />}
            </Field>
            <Field label={missionsCopy('tasks.target')}>
              <input name={`tasks.${i}.target`} type="number" min={1} max={1000} step={1} required defaultValue={task.target} />
            </Field>
          </div>
          {task.members > 0 ? (
            <p className={css.hint}>{missionsCopy('tasks.members', { n: task.members })}</p>
          ) : (
            tasks.length > 1 && (
              <button className={styles.secondary} type="button" onClick={() => setTasks((all) => all.filter((t) => t.key !== task.key))}>
                {missionsCopy('tasks.remove')}
              </button>
            )
          )}
        </fieldset>
      ))}
      {tasks.length < MAX_TASKS && (
        <button className={styles.secondary} type="button" onClick={() => setTasks((all) => [...all, newTask()])}>
          {missionsCopy('tasks.add')}
        </button>
      )}
    </div>
  );
}

/** The bonus: its kind, how many, and for lottery tickets the campaign they are for. */
function BonusField({ saved }: { saved: AdminMissionView['bonus'] | undefined }) {
  const [type, setType] = useState<number>(saved?.rewardType ?? 1);
  return (
    <fieldset className={`${styles.wide} ${css.rules}`}>
      <legend>{missionsCopy('bonus.legend')}</legend>
      <div className={styles.form}>
        <Field label={missionsCopy('bonus.rewardType')}>
          <select name="bonus.rewardType" value={type} onChange={(e) => setType(Number(e.target.value))}>
            {MISSION_REWARD_TYPES.map((t) => (
              <option key={t} value={t}>
                {missionsCopy(`bonus.types.${t}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={missionsCopy('bonus.amount')}>
          <input name="bonus.amount" type="number" min={1} max={100000} step={1} required defaultValue={saved?.amount ?? 10} />
        </Field>
        {type === 100 && (
          <Field label={missionsCopy('bonus.lotteryCampaignId')}>
            <input name="bonus.lotteryCampaignId" type="number" min={1} step={1} defaultValue={saved?.lotteryCampaignId ?? ''} />
          </Field>
        )}
      </div>
    </fieldset>
  );
}

/**
 * `/admin/missions`: the store's missions, filtered by state; operators create and edit one (name,
 * image, colour, period, tasks, bonus) and end one; support reads the list.
 */
export function MissionsPage({ role }: { role: StaffRole }) {
  const [state, setState] = useState<MissionState | ''>('');
  const editor = useVersionedEditor<AdminMissionView, MissionList>({
    key: 'missions',
    path: '/missions',
    query: { state: state || undefined },
  });
  const { editing, rowChange } = editor;
  const operator = role === 'operator';

  return (
    <>
      <h1 className={styles.heading}>{missionsCopy('heading')}</h1>
      <p>{missionsCopy('lead')}</p>
      {operator ? (
        <EditorForm createLabel={missionsCopy('create')} {...editor.form(missionFields)}>
          <Field label={missionsCopy('name')}>
            <input name="name" required maxLength={100} defaultValue={editing?.name} />
          </Field>
          <Field label={missionsCopy('backgroundColor')}>
            <input name="backgroundColor" type="color" defaultValue={editing?.backgroundColor ?? '#fff4d6'} />
          </Field>
          <Field label={missionsCopy('start')}>
            <input name="start" type="datetime-local" required defaultValue={editing?.start} />
          </Field>
          <Field label={missionsCopy('end')}>
            <input name="end" type="datetime-local" required defaultValue={editing?.end} />
          </Field>
          <AppealImageField
            imageUrl={editing?.imageUrl}
            required={false}
            labels={{ upload: missionsCopy('imageUpload'), url: missionsCopy('imageUrl') }}
          />
          <MissionTasksField saved={editing?.tasks} />
          <BonusField saved={editing?.bonus} />
        </EditorForm>
      ) : (
        <p>{missionsCopy('readOnly')}</p>
      )}
      <CampaignList
        filter={{
          label: missionsCopy('filter.label'),
          all: missionsCopy('filter.all'),
          states: MISSION_STATES,
          stateLabel: (s) => missionsCopy(`filter.${s}`),
          value: state,
          onChange: setState,
        }}
        change={rowChange}
        columns={columns}
        rows={editor.list.data?.missions}
        actions={
          operator
            ? {
                onEdit: (row) => editor.edit(row),
                endLabel: missionsCopy('endAction'),
                onEnd: (row) => editor.act(row, 'end', missionsCopy('ended')),
              }
            : null
        }
      />
    </>
  );
}
