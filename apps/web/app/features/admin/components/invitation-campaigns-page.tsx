import { formatAmount } from '@hondana/domain/common/format';
import {
  type AdminInvitationCampaignView,
  INVITATION_CAMPAIGN_TYPES,
  INVITATION_STATES,
  type InvitationCampaignList,
  type InvitationState,
  MAX_INVITER_STEPS,
} from '@hondana/domain/admin/admin-invitations-api';
import { useState } from 'react';
import { invitationAdminCopy as v } from '../../../i18n/ja-admin-invitations';
import { promoCopy as p } from '../../../i18n/ja-admin-promotions';
import type { StaffRole } from './admin-shell';
import { AppealImageField } from './appeal-image-field';
import { EditorForm, Field } from './editor-form';
import { CampaignList } from './campaign-list';
import { type Column, cells } from './editor-table';
import { useVersionedEditor } from './use-versioned-editor';
import styles from './admin.module.css';
import css from './invitations.module.css';

/** Step rows the form offers: five, or one more than a saved campaign has. */
const stepRows = (saved: number) => Math.min(MAX_INVITER_STEPS, Math.max(5, saved + 1));

function invitationFields(f: FormData) {
  const text = (k: string) => String(f.get(k) ?? '').trim();
  const num = (k: string) => Number(text(k) || 0);
  const steps = [];
  for (let i = 0; i < MAX_INVITER_STEPS; i += 1) {
    if (!f.has(`steps.${i}.coins`)) break;
    // A row without coins is not a step.
    if (text(`steps.${i}.coins`) === '') continue;
    steps.push({ mangaCoinAmount: num(`steps.${i}.coins`), expireDays: num(`steps.${i}.days`) });
  }
  const images = [];
  for (let i = 0; f.has(`images.${i}.location`); i += 1) {
    images.push({ location: text(`images.${i}.location`), imageUrl: text(`images.${i}.imageUrl`), alt: text(`images.${i}.alt`) });
  }
  return {
    name: text('name'),
    start: text('start'),
    end: text('end'),
    utmCampaign: text('utmCampaign'),
    images,
    campaignType: text('campaignType'),
    inviterIncentive: { limit: num('limit'), useSteps: f.get('useSteps') === 'on', steps },
    inviteeIncentive: { amount: num('amount'), minCartPrice: num('minCartPrice'), expireDays: num('expireDays') },
  };
}

const columns: Column<AdminInvitationCampaignView>[] = [
  { key: 'id', header: v('columns.id'), cell: (c) => c.id, className: cells.nowrap },
  { key: 'name', header: v('columns.name'), cell: (c) => c.name },
  {
    key: 'images',
    header: v('columns.images'),
    cell: (c) =>
      c.images.length === 0
        ? v('images.none')
        : c.images.map((img, k) => <img key={k} className={css.thumb} src={img.imageUrl} alt={img.alt || `${c.name} ${img.location}`} width={64} height={64} />),
  },
  {
    key: 'period',
    header: v('columns.period'),
    cell: (c) => (
      <>
        <span className={styles.nowrap}>{p('common.from', { start: c.start.replace('T', ' ') })}</span>
        <br />
        <span className={styles.nowrap}>{c.end.replace('T', ' ')}</span>
      </>
    ),
  },
  {
    key: 'inviter',
    header: v('columns.inviter'),
    cell: ({ inviterIncentive: i, inviterMaximum }) => (
      <>
        {i.useSteps ? (
          <ul className={css.lines}>
            {i.steps.slice(0, i.limit).map((s, k) => (
              <li key={k}>{v('stepLine', { n: k + 1, coins: formatAmount(s.mangaCoinAmount), days: s.expireDays })}</li>
            ))}
          </ul>
        ) : (
          <div>{v('flatLine', { coins: formatAmount(i.steps[0]?.mangaCoinAmount ?? 0), days: i.steps[0]?.expireDays ?? 0, limit: i.limit })}</div>
        )}
        <div>{v('maximum', { coins: formatAmount(inviterMaximum) })}</div>
      </>
    ),
  },
  {
    key: 'invitee',
    header: v('columns.invitee'),
    cell: ({ inviteeIncentive: t }) => v('ticketLine', { amount: formatAmount(t.amount), min: formatAmount(t.minCartPrice), days: t.expireDays }),
  },
  { key: 'results', header: v('columns.results'), cell: (c) => v('resultsLine', { invitees: c.invitees, achieved: c.achieved }) },
  { key: 'state', header: v('columns.state'), cell: (c) => v(`filter.${c.state}`), className: cells.nowrap },
];

type ImageRow = { key: number; location: string; imageUrl: string; alt: string };
let imageKeys = 0;
const MAX_IMAGES = 10;

/** The campaign's images (§3: by location), each uploaded or typed as the appeal's image is; under the names `invitationFields` reads. */
function InvitationImagesField({ saved }: { saved: AdminInvitationCampaignView['images'] }) {
  const [rows, setRows] = useState<ImageRow[]>(() => saved.map((img) => ({ key: ++imageKeys, ...img })));
  return (
    <fieldset className={`${styles.wide} ${css.group}`}>
      <legend>{v('images.legend')}</legend>
      <p className={css.hint}>{v('images.help')}</p>
      {rows.map((row, i) => (
        <fieldset key={row.key} className={`${css.group} ${css.image}`}>
          <legend>{v('images.item', { n: i + 1 })}</legend>
          <div className={styles.form}>
            <Field label={v('images.location', { n: i + 1 })}>
              <input name={`images.${i}.location`} required maxLength={40} pattern="[a-z_]+" list="invitation-image-locations" defaultValue={row.location} />
            </Field>
            <Field label={v('images.alt', { n: i + 1 })}>
              <input name={`images.${i}.alt`} maxLength={200} defaultValue={row.alt} />
            </Field>
            <AppealImageField name={`images.${i}.imageUrl`} imageUrl={row.imageUrl} labels={{ upload: v('images.upload', { n: i + 1 }), url: v('images.url', { n: i + 1 }) }} />
          </div>
          <button className={styles.secondary} type="button" onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
            {v('images.remove', { n: i + 1 })}
          </button>
        </fieldset>
      ))}
      <datalist id="invitation-image-locations">
        <option value="top" />
        <option value="share" />
      </datalist>
      {rows.length < MAX_IMAGES && (
        <button className={styles.secondary} type="button" onClick={() => setRows((all) => [...all, { key: ++imageKeys, location: all.length === 0 ? 'top' : '', imageUrl: '', alt: '' }])}>
          {v('images.add')}
        </button>
      )}
    </fieldset>
  );
}

/**
 * `/admin/invitation-campaigns`: the store's friend invitation campaigns, filtered by state.
 * Operators create and edit one (period, images, the inviter's coins by step and limit, the
 * invitee's ticket) and end one; support reads them.
 */
export function InvitationCampaignsPage({ role }: { role: StaffRole }) {
  const operator = role === 'operator';
  const [state, setState] = useState<InvitationState | ''>('');
  const editor = useVersionedEditor<AdminInvitationCampaignView, InvitationCampaignList>({ key: 'invitation-campaigns', path: '/invitation_campaigns', query: { state: state || undefined } });
  const { editing, rowChange } = editor;
  const steps = editing?.inviterIncentive.steps ?? [];

  return (
    <>
      <h1 className={styles.heading}>{v('heading')}</h1>
      <p>{v('lead')}</p>
      <p>{v('alone')}</p>
      {operator ? (
        <EditorForm createLabel={v('create')} {...editor.form(invitationFields)}>
          <Field label={v('name')}>
            <input name="name" required maxLength={100} defaultValue={editing?.name} />
          </Field>
          <Field label={v('start')}>
            <input name="start" type="datetime-local" required defaultValue={editing?.start} />
          </Field>
          <Field label={v('end')}>
            <input name="end" type="datetime-local" required defaultValue={editing?.end} />
          </Field>
          <Field label={v('campaignType')}>
            <select name="campaignType" defaultValue={editing?.campaignType ?? 'FIRST_PURCHASE'}>
              {INVITATION_CAMPAIGN_TYPES.map((t) => (
                <option key={t} value={t}>
                  {v(`campaignTypes.${t}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={v('utmCampaign')}>
            <input name="utmCampaign" required maxLength={64} pattern="[a-z0-9_\-]+" defaultValue={editing?.utmCampaign ?? 'hondana_friend_invitation'} />
          </Field>
          <InvitationImagesField saved={editing?.images ?? []} />
          <fieldset className={`${styles.wide} ${css.group}`}>
            <legend>{v('inviter.legend')}</legend>
            <div className={styles.form}>
              <Field label={v('inviter.limit')}>
                <input name="limit" type="number" min={0} max={1000} step={1} required defaultValue={editing?.inviterIncentive.limit ?? 5} />
              </Field>
              <Field label={v('inviter.useSteps')} className={css.check}>
                <input name="useSteps" type="checkbox" defaultChecked={editing?.inviterIncentive.useSteps ?? false} />
              </Field>
              <p className={`${styles.wide} ${css.hint}`}>{v('inviter.stepsHelp')}</p>
              {Array.from({ length: stepRows(steps.length) }, (_, i) => (
                <div key={i} className={`${styles.wide} ${styles.form}`}>
                  <Field label={v('inviter.coins', { n: i + 1 })}>
                    <input name={`steps.${i}.coins`} type="number" min={1} max={100000} step={1} required={i === 0} defaultValue={steps[i]?.mangaCoinAmount ?? (editing ? '' : i === 0 ? 300 : '')} />
                  </Field>
                  <Field label={v('inviter.days', { n: i + 1 })}>
                    <input name={`steps.${i}.days`} type="number" min={1} max={3650} step={1} defaultValue={steps[i]?.expireDays ?? 90} />
                  </Field>
                </div>
              ))}
            </div>
          </fieldset>
          <fieldset className={`${styles.wide} ${css.group}`}>
            <legend>{v('invitee.legend')}</legend>
            <div className={styles.form}>
              <Field label={v('invitee.amount')}>
                <input name="amount" type="number" min={1} max={100000} step={1} required defaultValue={editing?.inviteeIncentive.amount ?? 500} />
              </Field>
              <Field label={v('invitee.minCartPrice')}>
                <input name="minCartPrice" type="number" min={0} max={10000000} step={1} required defaultValue={editing?.inviteeIncentive.minCartPrice ?? 1000} />
              </Field>
              <Field label={v('invitee.expireDays')}>
                <input name="expireDays" type="number" min={1} max={365} step={1} required defaultValue={editing?.inviteeIncentive.expireDays ?? 30} />
              </Field>
            </div>
          </fieldset>
        </EditorForm>
      ) : (
        <p>{v('readOnly')}</p>
      )}
      <CampaignList
        filter={{ label: v('filter.label'), all: v('filter.all'), states: INVITATION_STATES, stateLabel: (s) => v(`filter.${s}`), value: state, onChange: setState }}
        change={rowChange}
        columns={columns}
        rows={editor.list.data?.campaigns}
        actions={operator ? { onEdit: (row) => editor.edit(row), endLabel: v('endAction'), onEnd: (row) => editor.act(row, 'end', v('ended')) } : null}
      />
    </>
  );
}
