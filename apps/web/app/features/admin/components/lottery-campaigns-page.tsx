import {
  type AdminLotteryCampaignView,
  LOTTERY_STATES,
  type LotteryCampaignList,
  type LotteryState,
  TICKET_RULE_KEYS,
} from '@hondana/domain/admin/admin-lottery-api';
import { useState } from 'react';
import { lotteryCopy } from '../../../i18n/ja-admin-lottery';
import { promoCopy } from '../../../i18n/ja-admin-promotions';
import type { StaffRole } from './admin-shell';
import { EditorForm, Field } from './editor-form';
import { CampaignList } from './campaign-list';
import { type Column, cells } from './editor-table';
import { LotteryBoxesField, readBoxes } from './lottery-boxes-field';
import { useVersionedEditor } from './use-versioned-editor';
import styles from './admin.module.css';
import css from './lottery.module.css';

function lotteryFields(f: FormData) {
  const text = (k: string) => String(f.get(k) ?? '').trim();
  const num = (k: string) => Number(text(k) || 0);
  return {
    name: text('name'),
    description: text('description'),
    colorCode: text('colorCode'),
    start: text('start'),
    end: text('end'),
    ticketValidDays: num('ticketValidDays'),
    boxes: readBoxes(f),
    ticketRules: Object.fromEntries(TICKET_RULE_KEYS.map((k) => [k, num(`ticketRules.${k}`)])),
  };
}

const stock = (prize: AdminLotteryCampaignView['boxes'][number]['prizes'][number]) =>
  prize.stock === null
    ? lotteryCopy('stockUnlimited', { drawn: prize.drawn })
    : lotteryCopy('stockLeft', { stock: prize.stock, drawn: prize.drawn });

const columns: Column<AdminLotteryCampaignView>[] = [
  { key: 'id', header: lotteryCopy('columns.id'), cell: (c) => c.id, className: cells.nowrap },
  {
    key: 'image',
    header: lotteryCopy('columns.image'),
    cell: (c) => <img className={css.thumb} src={c.imageUrl} alt={lotteryCopy('imagePreview', { name: c.name })} width={120} height={63} />,
  },
  { key: 'name', header: lotteryCopy('columns.name'), cell: (c) => c.name },
  {
    key: 'period',
    header: lotteryCopy('columns.period'),
    cell: (c) => (
      <>
        <span className={styles.nowrap}>{promoCopy('common.from', { start: c.start.replace('T', ' ') })}</span>
        <br />
        <span className={styles.nowrap}>{c.end.replace('T', ' ')}</span>
      </>
    ),
  },
  {
    key: 'boxes',
    header: lotteryCopy('columns.boxes'),
    cell: (c) =>
      c.boxes.map((b) => (
        <div key={b.id}>
          {b.name}
          <ul className={css.lines}>
            {b.prizes.map((prize) => (
              <li key={prize.id}>
                {lotteryCopy('prizeLine', { rank: prize.rank, name: prize.name, odds: prize.odds, stock: stock(prize) })}
              </li>
            ))}
          </ul>
        </div>
      )),
  },
  {
    key: 'rules',
    header: lotteryCopy('columns.rules'),
    cell: (c) => {
      const given = TICKET_RULE_KEYS.filter((k) => c.ticketRules[k] > 0);
      return given.length === 0
        ? lotteryCopy('noRules')
        : given.map((k) => <div key={k}>{lotteryCopy(`ruleLine.${k}`, { n: c.ticketRules[k] })}</div>);
    },
  },
  { key: 'state', header: lotteryCopy('columns.state'), cell: (c) => lotteryCopy(`filter.${c.state}`), className: cells.nowrap },
];

/**
 * `/admin/lottery`: the store's lottery campaigns, filtered by state; create and edit one (period,
 * colour and its share image, ticket rules, boxes and prizes with their odds and stock), end one;
 * support reads the list (each row shows the whole campaign: boxes, prizes, stock drawn, rules).
 */
export function LotteryCampaignsPage({ role }: { role: StaffRole }) {
  const [state, setState] = useState<LotteryState | ''>('');
  const editor = useVersionedEditor<AdminLotteryCampaignView, LotteryCampaignList>({
    key: 'lottery-campaigns',
    path: '/lottery_campaigns',
    query: { state: state || undefined },
  });
  const { editing, rowChange } = editor;
  const operator = role === 'operator';

  return (
    <>
      <h1 className={styles.heading}>{lotteryCopy('heading')}</h1>
      <p>{lotteryCopy('lead')}</p>
      {operator ? (
        <EditorForm createLabel={lotteryCopy('create')} {...editor.form(lotteryFields)}>
          <Field label={lotteryCopy('name')}>
            <input name="name" required maxLength={100} defaultValue={editing?.name} />
          </Field>
          <Field label={lotteryCopy('colorCode')}>
            <input name="colorCode" type="color" defaultValue={editing?.colorCode ?? '#f5a623'} />
          </Field>
          <Field label={lotteryCopy('start')}>
            <input name="start" type="datetime-local" required defaultValue={editing?.start} />
          </Field>
          <Field label={lotteryCopy('end')}>
            <input name="end" type="datetime-local" required defaultValue={editing?.end} />
          </Field>
          <Field label={lotteryCopy('ticketValidDays')}>
            <input name="ticketValidDays" type="number" min={1} max={365} step={1} required defaultValue={editing?.ticketValidDays ?? 14} />
          </Field>
          <Field label={lotteryCopy('description')} className={styles.wide}>
            <textarea name="description" rows={2} maxLength={1000} defaultValue={editing?.description} />
          </Field>
          <div className={styles.wide}>
            <p className={styles.field}>{lotteryCopy('image')}</p>
            {editing ? (
              <img
                className={css.ogp}
                src={editing.imageUrl}
                alt={lotteryCopy('imagePreview', { name: editing.name })}
                width={240}
                height={126}
              />
            ) : (
              <p>{lotteryCopy('imageAfterSave')}</p>
            )}
          </div>
          <fieldset className={`${styles.wide} ${css.rules}`}>
            <legend>{lotteryCopy('rules.legend')}</legend>
            <div className={styles.form}>
              {TICKET_RULE_KEYS.map((k) => (
                <Field key={k} label={lotteryCopy(`rules.${k}`)}>
                  <input
                    name={`ticketRules.${k}`}
                    type="number"
                    min={0}
                    max={10}
                    step={1}
                    required
                    defaultValue={editing?.ticketRules[k] ?? (k === 'perOrder' ? 1 : 0)}
                  />
                </Field>
              ))}
            </div>
          </fieldset>
          <LotteryBoxesField saved={editing?.boxes} />
        </EditorForm>
      ) : (
        <p>{lotteryCopy('readOnly')}</p>
      )}
      <CampaignList
        filter={{
          label: lotteryCopy('filter.label'),
          all: lotteryCopy('filter.all'),
          states: LOTTERY_STATES,
          stateLabel: (s) => lotteryCopy(`filter.${s}`),
          value: state,
          onChange: setState,
        }}
        change={rowChange}
        columns={columns}
        rows={editor.list.data?.campaigns}
        actions={
          operator
            ? {
                onEdit: (row) => editor.edit(row),
                endLabel: lotteryCopy('endAction'),
                onEnd: (row) => editor.act(row, 'end', lotteryCopy('ended')),
              }
            : null
        }
      />
    </>
  );
}
