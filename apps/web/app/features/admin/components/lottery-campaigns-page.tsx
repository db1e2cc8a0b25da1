import { type AdminLotteryCampaignView, LOTTERY_STATES, type LotteryCampaignList, type LotteryState, TICKET_RULE_KEYS } from '@hondana/domain/admin/admin-lottery-api';
import { useState } from 'react';
import { lotteryCopy as l } from '../../../i18n/ja-admin-lottery';
import { promoCopy as p } from '../../../i18n/ja-admin-promotions';
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
  prize.stock === null ? l('stockUnlimited', { drawn: prize.drawn }) : l('stockLeft', { stock: prize.stock, drawn: prize.drawn });

const columns: Column<AdminLotteryCampaignView>[] = [
  { key: 'id', header: l('columns.id'), cell: (c) => c.id, className: cells.nowrap },
  { key: 'image', header: l('columns.image'), cell: (c) => <img className={css.thumb} src={c.imageUrl} alt={l('imagePreview', { name: c.name })} width={120} height={63} /> },
  { key: 'name', header: l('columns.name'), cell: (c) => c.name },
  {
    key: 'period',
    header: l('columns.period'),
    cell: (c) => (
      <>
        <span className={styles.nowrap}>{p('common.from', { start: c.start.replace('T', ' ') })}</span>
        <br />
        <span className={styles.nowrap}>{c.end.replace('T', ' ')}</span>
      </>
    ),
  },
  {
    key: 'boxes',
    header: l('columns.boxes'),
    cell: (c) =>
      c.boxes.map((b) => (
        <div key={b.id}>
          {b.name}
          <ul className={css.lines}>
            {b.prizes.map((prize) => (
              <li key={prize.id}>{l('prizeLine', { rank: prize.rank, name: prize.name, odds: prize.odds, stock: stock(prize) })}</li>
            ))}
          </ul>
        </div>
      )),
  },
  {
    key: 'rules',
    header: l('columns.rules'),
    cell: (c) => {
      const given = TICKET_RULE_KEYS.filter((k) => c.ticketRules[k] > 0);
      return given.length === 0 ? l('noRules') : given.map((k) => <div key={k}>{l(`ruleLine.${k}`, { n: c.ticketRules[k] })}</div>);
    },
  },
  { key: 'state', header: l('columns.state'), cell: (c) => l(`filter.${c.state}`), className: cells.nowrap },
];

/**
 * `/admin/lottery`: the store's lottery campaigns, filtered by state; create and edit one (period,
 * colour and its share image, ticket rules, boxes and prizes with their odds and stock), end one;
 * support reads the list (each row shows the whole campaign: boxes, prizes, stock drawn, rules).
 */
export function LotteryCampaignsPage({ role }: { role: StaffRole }) {
  const [state, setState] = useState<LotteryState | ''>('');
  const editor = useVersionedEditor<AdminLotteryCampaignView, LotteryCampaignList>({ key: 'lottery-campaigns', path: '/lottery_campaigns', query: { state: state || undefined } });
  const { editing, rowChange } = editor;
  const operator = role === 'operator';

  return (
    <>
      <h1 className={styles.heading}>{l('heading')}</h1>
      <p>{l('lead')}</p>
      {operator ? (
        <EditorForm createLabel={l('create')} {...editor.form(lotteryFields)}>
          <Field label={l('name')}>
            <input name="name" required maxLength={100} defaultValue={editing?.name} />
          </Field>
          <Field label={l('colorCode')}>
            <input name="colorCode" type="color" defaultValue={editing?.colorCode ?? '#f5a623'} />
          </Field>
          <Field label={l('start')}>
            <input name="start" type="datetime-local" required defaultValue={editing?.start} />
          </Field>
          <Field label={l('end')}>
            <input name="end" type="datetime-local" required defaultValue={editing?.end} />
          </Field>
          <Field label={l('ticketValidDays')}>
            <input name="ticketValidDays" type="number" min={1} max={365} step={1} required defaultValue={editing?.ticketValidDays ?? 14} />
          </Field>
          <Field label={l('description')} className={styles.wide}>
            <textarea name="description" rows={2} maxLength={1000} defaultValue={editing?.description} />
          </Field>
          <div className={styles.wide}>
            <p className={styles.field}>{l('image')}</p>
            {editing ? <img className={css.ogp} src={editing.imageUrl} alt={l('imagePreview', { name: editing.name })} width={240} height={126} /> : <p>{l('imageAfterSave')}</p>}
          </div>
          <fieldset className={`${styles.wide} ${css.rules}`}>
            <legend>{l('rules.legend')}</legend>
            <div className={styles.form}>
              {TICKET_RULE_KEYS.map((k) => (
                <Field key={k} label={l(`rules.${k}`)}>
                  <input name={`ticketRules.${k}`} type="number" min={0} max={10} step={1} required defaultValue={editing?.ticketRules[k] ?? (k === 'perOrder' ? 1 : 0)} />
                </Field>
              ))}
            </div>
          </fieldset>
          <LotteryBoxesField saved={editing?.boxes} />
        </EditorForm>
      ) : (
        <p>{l('readOnly')}</p>
      )}
      <CampaignList
        filter={{ label: l('filter.label'), all: l('filter.all'), states: LOTTERY_STATES, stateLabel: (s) => l(`filter.${s}`), value: state, onChange: setState }}
        change={rowChange}
        columns={columns}
        rows={editor.list.data?.campaigns}
        actions={operator ? { onEdit: (row) => editor.edit(row), endLabel: l('endAction'), onEnd: (row) => editor.act(row, 'end', l('ended')) } : null}
      />
    </>
  );
}
