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
import { invitationAdminCopy } from '../../../i18n/ja-admin-invitations';
import { promoCopy } from '../../../i18n/ja-admin-promotions';
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
  { key: 'id', header: invitationAdminCopy('columns.id'), cell: (c) => c.id, className: cells.nowrap },
  { key: 'name', header: invitationAdminCopy('columns.name'), cell: (c) => c.name },
  {
    key: 'images',
    header: invitationAdminCopy('columns.images'),
    cell: (c) =>
      c.images.length === 0
        ? invitationAdminCopy('images.none')
        : c.images.map((img, k) => (
            <img key={k} className={css.thumb} src={img.imageUrl} alt={img.alt || `${c.name} ${img.location}`} width={64} height={64} />
          )),
  },
  {
    key: 'period',
    header: invitationAdminCopy('columns.period'),
    cell: (c) => (
      <>
        <span className={styles.nowrap}>{promoCopy('common.from', { start: c.start.replace('T', ' ') })}</span>
        <br />
        <span className={styles.nowrap}>{c.end.replace('T', ' ')}</span>
      </>
    ),
  },
  {
    key: 'inviter',
    header: invitationAdminCopy('columns.inviter'),
    cell: ({ inviterIncentive: i, inviterMaximum }) => (
      <>
        {i.useSteps ? (
          <ul className={css.lines}>
            {i.steps.slice(0, i.limit).map((s, k) => (
              <li key={k}>{invitationAdminCopy('stepLine', { n: k + 1, coins: formatAmount(s.mangaCoinAmount), days: s.expireDays })}</li>
            ))}
          </ul>
        ) : (
          <div>
            {invitationAdminCopy('flatLine', {
              coins: formatAmount(i.steps[0]?.mangaCoinAmount ?? 0),
              days: i.steps[0]?.expireDays ?? 0,
              limit: i.limit,
            })}
          </div>
        )}
        <div>{invitationAdminCopy('maximum', { coins: formatAmount(inviterMaximum) })}</div>
      </>
    ),
  },
  {
    key: 'invitee',
    header: invitationAdminCopy('columns.invitee'),
    cell: ({ inviteeIncentive: t }) =>
      invitationAdminCopy('ticketLine', { amount: formatAmount(t.amount), min: formatAmount(t.minCartPrice), days: t.expireDays }),
  },
  {
    key: 'results',
    header: invitationAdminCopy('columns.results'),
    cell: (c) => invitationAdminCopy('resultsLine', { invitees: c.invitees, achieved: c.achieved }),
  },
  {
    key: 'state',
    header: invitationAdminCopy('columns.state'),
    cell: (c) => invitationAdminCopy(`filter.${c.state}`),
    className: cells.nowrap,
  },
];

type ImageRow = { key: number; location: string; imageUrl: string; alt: string };
let imageKeys = 0;
const MAX_IMAGES = 10;

/** The campaign's images (§3: by location), each uploaded or typed as the appeal's image is; under the names `invitationFields` reads. */
function InvitationImagesField({ saved }: { saved: AdminInvitationCampaignView['images'] }) {
  const [rows, setRows] = useState<ImageRow[]>(() => saved.map((img) => ({ key: ++imageKeys, ...img })));
  return (
    <fieldset className={`${styles.wide} ${css.group}`}>
      <legend>{invitationAdminCopy('images.legend')}</legend>
      <p className={css.hint}>{invitationAdminCopy('images.help')}</p>
      {rows.map((row, i) => (
        <fieldset key={row.key} className={`${css.group} ${css.image}`}>
          <legend>{invitationAdminCopy('images.item', { n: i + 1 })}</legend>
          <div className={styles.form}>
            <Field label={invitationAdminCopy('images.location', { n: i + 1 })}>
              <input
                name={`images.${i}.location`}
                required
                maxLength={40}
                pattern="[a-z_]+"
                list="invitation-image-locations"
                defaultValue={row.location}
              />
            </Field>
            <Field label={invitationAdminCopy('images.alt', { n: i + 1 })}>
              <input name={`images.${i}.alt`} maxLength={200} defaultValue={row.alt} />
            </Field>
            <AppealImageField
              name={`images.${i}.imageUrl`}
              imageUrl={row.imageUrl}
              labels={{ upload: invitationAdminCopy('images.upload', { n: i + 1 }), url: invitationAdminCopy('images.url', { n: i + 1 }) }}
            />
          </div>
          <button className={styles.secondary} type="button" onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
            {invitationAdminCopy('images.remove', { n: i + 1 })}
          </button>
        </fieldset>
      ))}
      <datalist id="invitation-image-locations">
        <option value="top" />
        <option value="share" />
      </datalist>
      {rows.length < MAX_IMAGES && (
        <button
          className={styles.secondary}
          type="button"
          onClick={() => setRows((all) => [...all, { key: ++imageKeys, location: all.length === 0 ? 'top' : '', imageUrl: '', alt: '' }])}
        >
          {invitationAdminCopy('images.add')}
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
  const editor = useVersionedEditor<AdminInvitationCampaignView, InvitationCampaignList>({
    key: 'invitation-campaigns',
    path: '/invitation_campaigns',
    query: { state: state || undefined },
  });
  const { editing, rowChange } = editor;
  const steps = editing?.inviterIncentive.steps ?? [];

  return (
    <>
      <h1 className={styles.heading}>{invitationAdminCopy('heading')}</h1>
      <p>{invitationAdminCopy('lead')}</p>
      <p>{invitationAdminCopy('alone')}</p>
      {operator ? (
        <EditorForm createLabel={invitationAdminCopy('create')} {...editor.form(invitationFields)}>
          <Field label={invitationAdminCopy('name')}>
            <input name="name" required maxLength={100} defaultValue={editing?.name} />
          </Field>
          <Field label={invitationAdminCopy('start')}>
            <input name="start" type="datetime-local" required defaultValue={editing?.start} />
          </Field>
          <Field label={invitationAdminCopy('end')}>
            <input name="end" type="datetime-local" required defaultValue={editing?.end} />
          </Field>
          <Field label={invitationAdminCopy('campaignType')}>
            <select name="campaignType" defaultValue={editing?.campaignType ?? 'FIRST_PURCHASE'}>
              {INVITATION_CAMPAIGN_TYPES.map((t) => (
                <option key={t} value={t}>
                  {invitationAdminCopy(`campaignTypes.${t}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={invitationAdminCopy('utmCampaign')}>
            <input
              name="utmCampaign"
              required
              maxLength={64}
              pattern="[a-z0-9_\-]+"
              defaultValue={editing?.utmCampaign ?? 'hondana_friend_invitation'}
            />
          </Field>
          <InvitationImagesField saved={editing?.images ?? []} />
          <fieldset className={`${styles.wide} ${css.group}`}>
            <legend>{invitationAdminCopy('inviter.legend')}</legend>
            <div className={styles.form}>
              <Field label={invitationAdminCopy('inviter.limit')}>
                <input
                  name="limit"
                  type="number"
                  min={0}
                  max={1000}
                  step={1}
                  required
                  defaultValue={editing?.inviterIncentive.limit ?? 5}
                />
              </Field>
              <Field label={invitationAdminCopy('inviter.useSteps')} className={css.check}>
                <input name="useSteps" type="checkbox" defaultChecked={editing?.inviterIncentive.useSteps ?? false} />
              </Field>
              <p className={`${styles.wide} ${css.hint}`}>{invitationAdminCopy('inviter.stepsHelp')}</p>
              {Array.from({ length: stepRows(steps.length) }, (_, i) => (
                <div key={i} className={`${styles.wide} ${styles.form}`}>
                  <Field label={invitationAdminCopy('inviter.coins', { n: i + 1 })}>
                    <input
                      name={`steps.${i}.coins`}
                      type="number"
                      min={1}
                      max={100000}
                      step={1}
                      required={i === 0}
                      defaultValue={steps[i]?.mangaCoinAmount ?? (editing ? '' : i === 0 ? 300 : '')}
                    />
                  </Field>
                  <Field label={invitationAdminCopy('inviter.days', { n: i + 1 })}>
                    <input name={`steps.${i}.days`} type="number" min={1} max={3650} step={1} defaultValue={steps[i]?.expireDays ?? 90} />
                  </Field>
                </div>
              ))}
            </div>
          </fieldset>
          <fieldset className={`${styles.wide} ${css.group}`}>
            <legend>{invitationAdminCopy('invitee.legend')}</legend>
            <div className={styles.form}>
              <Field label={invitationAdminCopy('invitee.amount')}>
                <input
                  name="amount"
                  type="number"
                  min={1}
                  max={100000}
                  step={1}
                  required
                  defaultValue={editing?.inviteeIncentive.amount ?? 500}
                />
              </Field>
              <Field label={invitationAdminCopy('invitee.minCartPrice')}>
                <input
                  name="minCartPrice"
                  type="number"
                  min={0}
                  max={10000000}
                  step={1}
                  required
                  defaultValue={editing?.inviteeIncentive.minCartPrice ?? 1000}
                />
              </Field>
              <Field label={invitationAdminCopy('invitee.expireDays')}>
                <input
                  name="expireDays"
                  type="number"
                  min={1}
                  max={365}
                  step={1}
                  required
                  defaultValue={editing?.inviteeIncentive.expireDays ?? 30}
                />
              </Field>
            </div>
          </fieldset>
        </EditorForm>
      ) : (
        <p>{invitationAdminCopy('readOnly')}</p>
      )}
      <CampaignList
        filter={{
          label: invitationAdminCopy('filter.label'),
          all: invitationAdminCopy('filter.all'),
          states: INVITATION_STATES,
          stateLabel: (s) => invitationAdminCopy(`filter.${s}`),
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
                endLabel: invitationAdminCopy('endAction'),
                onEnd: (row) => editor.act(row, 'end', invitationAdminCopy('ended')),
              }
            : null
        }
      />
    </>
  );
}
