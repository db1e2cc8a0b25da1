import type { CouponList, CreatedCoupon } from '@hondana/domain/admin/admin-api';
import { useState } from 'react';
import { jaAdmin, adminCopy } from '../../../i18n/ja-admin';
import type { AdminCoupon } from '../api/admin-api';
import { ChangeStatus } from './change-status';
import { EditorForm, Field } from './editor-form';
import { type Column, EditorTable, RowButton } from './editor-table';
import { BookIdsField, TitleIdsField } from './id-pickers';
import { useVersionedEditor } from './use-versioned-editor';
import styles from './admin.module.css';

/** The target scopes whose ids are volumes and titles (`coupons.scopes`). */
const BOOKS = '10';
const TITLES = '20';

const ids = (text: string) =>
  text
    .split(/[,、\s]+/)
    .filter(Boolean)
    .map(Number);

function couponFields(f: FormData) {
  const text = (k: string) => String(f.get(k) ?? '').trim();
  const optional = (k: string) => (text(k) === '' ? null : Number(text(k)));
  return {
    name: text('name'),
    couponType: Number(text('couponType')),
    rate: optional('rate'),
    limit: optional('limit'),
    minCartPrice: Number(text('minCartPrice') || 0),
    expireAt: text('expireAt'),
    targetScope: Number(text('targetScope')),
    targetIds: ids(text('targetIds')),
    targetGenreIds: ids(text('targetGenreIds')),
    steps: text('steps')
      .split(/[,、]+/)
      .filter(Boolean)
      .map((s) => s.split(':').map(Number))
      .map(([requiredStepCount, stepRate]) => ({ requiredStepCount, stepRate })),
    audience: text('audience'),
    members: text('members').split(/\s+/).filter(Boolean),
  };
}

const columns: Column<AdminCoupon>[] = [
  { key: 'id', header: adminCopy('coupons.columns.id'), cell: (c) => c.id },
  { key: 'name', header: adminCopy('coupons.columns.name'), cell: (c) => c.name },
  {
    key: 'type',
    header: adminCopy('coupons.columns.type'),
    cell: (c) => (
      <>
        {jaAdmin.coupons.types[String(c.couponType) as keyof typeof jaAdmin.coupons.types]}
        {c.rate !== null && ` ${c.rate}`}
      </>
    ),
  },
  {
    key: 'target',
    header: adminCopy('coupons.columns.target'),
    cell: (c) => `${jaAdmin.coupons.scopes[String(c.targetScope) as keyof typeof jaAdmin.coupons.scopes]} ${c.targetIds.join(', ')}`,
  },
  { key: 'expire', header: adminCopy('coupons.columns.expire'), cell: (c) => c.expireAt.replace('T', ' ') },
  { key: 'held', header: adminCopy('coupons.columns.held'), cell: (c) => c.held, className: styles.number },
  { key: 'used', header: adminCopy('coupons.columns.used'), cell: (c) => c.used, className: styles.number },
  {
    key: 'state',
    header: adminCopy('coupons.columns.state'),
    cell: (c) => (c.enabled ? adminCopy('coupons.enabled') : adminCopy('coupons.disabled')),
  },
];

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([v, label]) => (
    <option key={v} value={v}>
      {label}
    </option>
  ));

/** The coupon's target ids: volumes or titles picked by name for those scopes, typed ids for the others. */
function TargetIdsField({ scope }: { scope: string }) {
  if (scope === BOOKS) return <BookIdsField name="targetIds" label={adminCopy('coupons.targetIds')} multiple />;
  if (scope === TITLES) return <TitleIdsField name="targetIds" label={adminCopy('coupons.targetIds')} multiple />;
  return (
    <Field label={adminCopy('coupons.targetIds')}>
      <input name="targetIds" inputMode="numeric" />
    </Field>
  );
}

/** `/admin/coupons`: the coupons (4 types × 6 target scopes) with who received and used them; create and switch off. */
export function CouponsPage() {
  const editor = useVersionedEditor<AdminCoupon, CouponList>({ key: 'coupons', path: '/coupons' });
  const { change, rowChange } = editor;
  const [audience, setAudience] = useState('ALL');
  const [scope, setScope] = useState('0');
  const create = editor.submit(couponFields, {
    notice: (c: CreatedCoupon) => adminCopy('coupons.created', { given: c.given }),
    reset: false,
  });

  return (
    <>
      <h1 className={styles.heading}>{adminCopy('coupons.heading')}</h1>
      <EditorForm createLabel={adminCopy('coupons.create')} editing={null} onSubmit={create} change={change}>
        <Field label={adminCopy('coupons.name')}>
          <input name="name" required />
        </Field>
        <Field label={adminCopy('coupons.couponType')}>
          <select name="couponType" defaultValue="1">
            {options(jaAdmin.coupons.types)}
          </select>
        </Field>
        <Field label={adminCopy('coupons.rate')}>
          <input name="rate" type="number" min={1} step={1} />
        </Field>
        <Field label={adminCopy('coupons.limit')}>
          <input name="limit" type="number" min={1} step={1} />
        </Field>
        <Field label={adminCopy('coupons.minCartPrice')}>
          <input name="minCartPrice" type="number" min={0} step={1} defaultValue={0} />
        </Field>
        <Field label={adminCopy('coupons.expireAt')}>
          <input name="expireAt" type="datetime-local" required />
        </Field>
        <Field label={adminCopy('coupons.targetScope')}>
          <select name="targetScope" value={scope} onChange={(e) => setScope(e.target.value)}>
            {options(jaAdmin.coupons.scopes)}
          </select>
        </Field>
        <TargetIdsField scope={scope} />
        <Field label={adminCopy('coupons.targetGenreIds')}>
          <input name="targetGenreIds" inputMode="numeric" />
        </Field>
        <Field label={adminCopy('coupons.steps')}>
          <input name="steps" />
        </Field>
        <Field label={adminCopy('coupons.audience')}>
          <select name="audience" value={audience} onChange={(e) => setAudience(e.target.value)}>
            {options(jaAdmin.coupons.audiences)}
          </select>
        </Field>
        {audience === 'LIST' && (
          <Field label={adminCopy('coupons.members')} className={styles.wide}>
            <textarea name="members" rows={3} />
          </Field>
        )}
      </EditorForm>
      <ChangeStatus notice={rowChange.notice} error={rowChange.error} />
      <EditorTable
        columns={columns}
        rows={editor.list.data?.coupons}
        actions={(c) => (
          <RowButton
            label={c.enabled ? adminCopy('coupons.disable') : adminCopy('coupons.enable')}
            onClick={() => editor.act(c, 'enabled', adminCopy('common.saved'), { enabled: !c.enabled })}
            disabled={rowChange.busy}
          />
        )}
      />
    </>
  );
}
