import { formatAmount } from '@hondana/domain/common/format';
import {
  type AdminSubscriptionPlanView,
  PLAN_HIGHLIGHTS,
  PLAN_PAYMENT_TYPES,
  PLAN_STATES,
  type PlanState,
  type SubscriptionPlanList,
} from '@hondana/domain/admin/admin-subscription-plans-api';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { plansCopy } from '../../../i18n/ja-admin-plans';
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
  { key: 'id', header: plansCopy('columns.id'), cell: (x) => x.id, className: cells.nowrap },
  { key: 'name', header: plansCopy('columns.name'), cell: (x) => x.name },
  {
    key: 'price',
    header: plansCopy('columns.price'),
    cell: (x) => plansCopy('price', { price: formatAmount(x.taxIncludedPrice) }),
    className: cells.number,
  },
  {
    key: 'coin',
    header: plansCopy('columns.coin'),
    cell: (x) => plansCopy('coins', { coin: formatAmount(x.coin) }),
    className: cells.number,
  },
  {
    key: 'bonus',
    header: plansCopy('columns.bonus'),
    cell: (x) => plansCopy('bonusLine', { first: x.firstBonus, second: x.secondBonus, cycle: x.cycleBonus }),
  },
  {
    key: 'highlight',
    header: plansCopy('columns.highlight'),
    cell: (x) => plansCopy(`highlights.${x.highlightType}`),
    className: cells.nowrap,
  },
  {
    key: 'paymentTypes',
    header: plansCopy('columns.paymentTypes'),
    cell: (x) => x.paymentTypes.map((t) => plansCopy(`paymentTypeNames.${t}`)).join('・'),
  },
  { key: 'sortOrder', header: plansCopy('columns.sortOrder'), cell: (x) => x.sortOrder, className: cells.number },
  {
    key: 'period',
    header: plansCopy('columns.period'),
    cell: (x) => (
      <>
        <span className={styles.nowrap}>
          {x.start === null ? plansCopy('fromStart') : plansCopy('from', { start: x.start.replace('T', ' ') })}
        </span>
        {x.end && (
          <>
            <br />
            <span className={styles.nowrap}>{plansCopy('endedAt', { end: x.end.replace('T', ' ') })}</span>
          </>
        )}
      </>
    ),
  },
  {
    key: 'members',
    header: plansCopy('columns.members'),
    cell: (x) => plansCopy('membersLine', { live: x.liveMembers, total: x.members }),
  },
  { key: 'state', header: plansCopy('columns.state'), cell: (x) => plansCopy(`filter.${x.state}`), className: cells.nowrap },
];

function PlanForm({ editing }: { editing: AdminSubscriptionPlanView | null }) {
  return (
    <>
      <Field label={plansCopy('name')}>
        <input name="name" required maxLength={100} defaultValue={editing?.name} />
      </Field>
      <Field label={plansCopy('coin')}>
        <input name="coin" type="number" min={1} step={1} required defaultValue={editing?.coin} />
      </Field>
      <Field label={plansCopy('taxIncludedPrice')}>
        <input name="taxIncludedPrice" type="number" min={1} step={1} required defaultValue={editing?.taxIncludedPrice} />
      </Field>
      <Field label={plansCopy('firstBonus')}>
        <input name="firstBonus" type="number" min={0} step={1} required defaultValue={editing?.firstBonus ?? 0} />
      </Field>
      <Field label={plansCopy('secondBonus')}>
        <input name="secondBonus" type="number" min={0} step={1} required defaultValue={editing?.secondBonus ?? 0} />
      </Field>
      <Field label={plansCopy('cycleBonus')}>
        <input name="cycleBonus" type="number" min={0} step={1} required defaultValue={editing?.cycleBonus ?? 0} />
      </Field>
      <Field label={plansCopy('highlightType')}>
        <select name="highlightType" defaultValue={editing?.highlightType ?? 'none'}>
          {PLAN_HIGHLIGHTS.map((h) => (
            <option key={h} value={h}>
              {plansCopy(`highlights.${h}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={plansCopy('sortOrder')}>
        <input name="sortOrder" type="number" min={0} max={1000} step={1} defaultValue={editing?.sortOrder ?? 0} />
      </Field>
      {editing?.state !== 'ended' && (
        <Field label={plansCopy('start')}>
          <input name="start" type="datetime-local" defaultValue={editing?.start ?? undefined} />
        </Field>
      )}
      <fieldset className={`${styles.wide} ${styles.methods}`}>
        <legend>{plansCopy('paymentTypes')}</legend>
        {PLAN_PAYMENT_TYPES.map((t) => (
          <label key={t} className={styles.check}>
            <input type="checkbox" name="paymentTypes" value={t} defaultChecked={editing ? editing.paymentTypes.includes(t) : true} />
            {plansCopy(`paymentTypeNames.${t}`)}
          </label>
        ))}
      </fieldset>
    </>
  );
}

/** Why a delete was refused, in Japanese: the plan's members keep it (end it instead), or the server's reason. */
const deleteError = (error: unknown) =>
  error instanceof ApiError && error.errorCode === 'PLAN_HAS_MEMBERS' ? plansCopy('hasMembers') : changeError(error);

/**
 * `/admin/subscription-plans`: the manga coin subscription plans, filtered by state; operators
 * create and edit one (coins, price, bonuses, highlight, payment types, order, opening), end it
 * (closed to new members; its members renew on it) or delete one no member has held. Support reads.
 */
export function SubscriptionPlansPage({ operator }: { operator: boolean }) {
  const [state, setState] = useState<PlanState | ''>('');
  const queryClient = useQueryClient();
  const editor = useVersionedEditor<AdminSubscriptionPlanView, SubscriptionPlanList>({
    key: 'subscription-plans',
    path: '/subscription_plans',
    query: { state: state || undefined },
  });
  const { editing, rowChange } = editor;

  async function remove(plan: AdminSubscriptionPlanView) {
    await rowChange.run(
      () => adminChange('DELETE', `/subscription_plans/${plan.id}`, { version: plan.version }),
      () => plansCopy('deleted'),
      deleteError,
    );
    await queryClient.invalidateQueries({ queryKey: ['admin', 'subscription-plans'] });
  }

  return (
    <>
      <h1 className={styles.heading}>{plansCopy('heading')}</h1>
      <p>{plansCopy('lead')}</p>
      {operator ? (
        <EditorForm createLabel={plansCopy('create')} {...editor.form(planFields)}>
          <PlanForm editing={editing} />
        </EditorForm>
      ) : (
        <p>{plansCopy('readOnly')}</p>
      )}
      <CampaignList
        filter={{
          label: plansCopy('filter.label'),
          all: plansCopy('filter.all'),
          states: PLAN_STATES,
          stateLabel: (s) => plansCopy(`filter.${s}`),
          value: state,
          onChange: setState,
        }}
        change={rowChange}
        columns={columns}
        rows={editor.list.data?.plans}
        actions={
          operator
            ? {
                onEdit: (row) => editor.edit(row),
                endLabel: plansCopy('endAction'),
                onEnd: (row) => editor.act(row, 'end', plansCopy('ended')),
                more: (row) =>
                  row.members === 0 && (
                    <RowButton
                      label={plansCopy('deleteAction')}
                      name={`${plansCopy('deleteAction')} ${row.name}`}
                      onClick={() => void remove(row)}
                      disabled={rowChange.busy}
                    />
                  ),
              }
            : null
        }
      />
    </>
  );
}
