import { formatAmount } from '@hondana/domain/common/format';
import { type AdminSubscriptionPlanView, PLAN_HIGHLIGHTS, PLAN_PAYMENT_TYPES, PLAN_STATES, type PlanState, type SubscriptionPlanList } from '@hondana/domain/admin/admin-subscription-plans-api';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { plansCopy as l } from '../../../i18n/ja-admin-plans';
import { ApiError } from '../../../lib/api/client';
import { adminChange, changeError } from '../api/admin-api';
import { EditorForm, Field } from './editor-form';
import { CampaignList } from './campaign-list';
import { type Column, RowButton, cells } from './editor-table';
import { useVersionedEditor } from './use-versioned-editor';
import styles from './admin.module.css';

function planFields(f: FormData) {
  const text = (k: string) => String(f.get(k) ?? '').trim();
  const num = (k: string) => Number(text(k) || 0);
  return {
    name: text('name'),
    coin: num('coin'),
    taxIncludedPrice: num('taxIncludedPrice'),
    firstBonus: num('firstBonus'),
    secondBonus: num('secondBonus'),
    cycleBonus: num('cycleBonus'),
    highlightType: text('highlightType'),
    paymentTypes: f.getAll('paymentTypes').map(String),
    sortOrder: num('sortOrder'),
    start: text('start') || undefined,
  };
}

const columns: Column<AdminSubscriptionPlanView>[] = [
  { key: 'id', header: l('columns.id'), cell: (x) => x.id, className: cells.nowrap },
  { key: 'name', header: l('columns.name'), cell: (x) => x.name },
  { key: 'price', header: l('columns.price'), cell: (x) => l('price', { price: formatAmount(x.taxIncludedPrice) }), className: cells.number },
  { key: 'coin', header: l('columns.coin'), cell: (x) => l('coins', { coin: formatAmount(x.coin) }), className: cells.number },
  { key: 'bonus', header: l('columns.bonus'), cell: (x) => l('bonusLine', { first: x.firstBonus, second: x.secondBonus, cycle: x.cycleBonus }) },
  { key: 'highlight', header: l('columns.highlight'), cell: (x) => l(`highlights.${x.highlightType}`), className: cells.nowrap },
  { key: 'paymentTypes', header: l('columns.paymentTypes'), cell: (x) => x.paymentTypes.map((t) => l(`paymentTypeNames.${t}`)).join('・') },
  { key: 'sortOrder', header: l('columns.sortOrder'), cell: (x) => x.sortOrder, className: cells.number },
  {
    key: 'period',
    header: l('columns.period'),
    cell: (x) => (
      <>
        <span className={styles.nowrap}>{x.start === null ? l('fromStart') : l('from', { start: x.start.replace('T', ' ') })}</span>
        {x.end && (
          <>
            <br />
            <span className={styles.nowrap}>{l('endedAt', { end: x.end.replace('T', ' ') })}</span>
          </>
        )}
      </>
    ),
  },
  { key: 'members', header: l('columns.members'), cell: (x) => l('membersLine', { live: x.liveMembers, total: x.members }) },
  { key: 'state', header: l('columns.state'), cell: (x) => l(`filter.${x.state}`), className: cells.nowrap },
];

function PlanForm({ editing }: { editing: AdminSubscriptionPlanView | null }) {
  return (
    <>
      <Field label={l('name')}>
        <input name="name" required maxLength={100} defaultValue={editing?.name} />
      </Field>
      <Field label={l('coin')}>
        <input name="coin" type="number" min={1} step={1} required defaultValue={editing?.coin} />
      </Field>
      <Field label={l('taxIncludedPrice')}>
        <input name="taxIncludedPrice" type="number" min={1} step={1} required defaultValue={editing?.taxIncludedPrice} />
      </Field>
      <Field label={l('firstBonus')}>
        <input name="firstBonus" type="number" min={0} step={1} required defaultValue={editing?.firstBonus ?? 0} />
      </Field>
      <Field label={l('secondBonus')}>
        <input name="secondBonus" type="number" min={0} step={1} required defaultValue={editing?.secondBonus ?? 0} />
      </Field>
      <Field label={l('cycleBonus')}>
        <input name="cycleBonus" type="number" min={0} step={1} required defaultValue={editing?.cycleBonus ?? 0} />
      </Field>
      <Field label={l('highlightType')}>
        <select name="highlightType" defaultValue={editing?.highlightType ?? 'none'}>
          {PLAN_HIGHLIGHTS.map((h) => (
            <option key={h} value={h}>
              {l(`highlights.${h}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={l('sortOrder')}>
        <input name="sortOrder" type="number" min={0} max={1000} step={1} defaultValue={editing?.sortOrder ?? 0} />
      </Field>
      {editing?.state !== 'ended' && (
        <Field label={l('start')}>
          <input name="start" type="datetime-local" defaultValue={editing?.start ?? undefined} />
        </Field>
      )}
      <fieldset className={`${styles.wide} ${styles.methods}`}>
        <legend>{l('paymentTypes')}</legend>
        {PLAN_PAYMENT_TYPES.map((t) => (
          <label key={t} className={styles.check}>
            <input type="checkbox" name="paymentTypes" value={t} defaultChecked={editing ? editing.paymentTypes.includes(t) : true} />
            {l(`paymentTypeNames.${t}`)}
          </label>
        ))}
      </fieldset>
    </>
  );
}

/** Why a delete was refused, in Japanese: the plan's members keep it (end it instead), or the server's reason. */
const deleteError = (error: unknown) => (error instanceof ApiError && error.errorCode === 'PLAN_HAS_MEMBERS' ? l('hasMembers') : changeError(error));

/**
 * `/admin/subscription-plans`: the manga coin subscription plans, filtered by state; operators
 * create and edit one (coins, price, bonuses, highlight, payment types, order, opening), end it
 * (closed to new members; its members renew on it) or delete one no member has held. Support reads.
 */
export function SubscriptionPlansPage({ operator }: { operator: boolean }) {
  const [state, setState] = useState<PlanState | ''>('');
  const queryClient = useQueryClient();
  const editor = useVersionedEditor<AdminSubscriptionPlanView, SubscriptionPlanList>({ key: 'subscription-plans', path: '/subscription_plans', query: { state: state || undefined } });
  const { editing, rowChange } = editor;

  async function remove(plan: AdminSubscriptionPlanView) {
    await rowChange.run(() => adminChange('DELETE', `/subscription_plans/${plan.id}`, { version: plan.version }), () => l('deleted'), deleteError);
    await queryClient.invalidateQueries({ queryKey: ['admin', 'subscription-plans'] });
  }

  return (
    <>
      <h1 className={styles.heading}>{l('heading')}</h1>
      <p>{l('lead')}</p>
      {operator ? (
        <EditorForm createLabel={l('create')} {...editor.form(planFields)}>
          <PlanForm editing={editing} />
        </EditorForm>
      ) : (
        <p>{l('readOnly')}</p>
      )}
      <CampaignList
        filter={{ label: l('filter.label'), all: l('filter.all'), states: PLAN_STATES, stateLabel: (s) => l(`filter.${s}`), value: state, onChange: setState }}
        change={rowChange}
        columns={columns}
        rows={editor.list.data?.plans}
        actions={operator ? { onEdit: (row) => editor.edit(row), endLabel: l('endAction'), onEnd: (row) => editor.act(row, 'end', l('ended')), more: (row) => row.members === 0 && <RowButton label={l('deleteAction')} name={`${l('deleteAction')} ${row.name}`} onClick={() => void remove(row)} disabled={rowChange.busy} /> } : null}
      />
    </>
  );
}
