import type { AdminPointCampaignView, PointCampaignList } from '@hondana/domain/admin/admin-commerce-api';
import { useState } from 'react';
import { jaAdminPromotions, promoCopy } from '../../../i18n/ja-admin-promotions';
import { ChangeStatus } from './change-status';
import { EditorForm, Field } from './editor-form';
import { type Column, EditorTable, RowButton, cells } from './editor-table';
import { BookIdsField, TitleIdsField } from './id-pickers';
import { useVersionedEditor } from './use-versioned-editor';
import styles from './admin.module.css';

type CampaignType = AdminPointCampaignView['type'];
const TYPES = Object.keys(jaAdminPromotions.campaigns.types) as CampaignType[];

function campaignFields(f: FormData) {
  const text = (k: string) => String(f.get(k) ?? '').trim();
  const optional = (k: string) => (text(k) === '' ? null : Number(text(k)));
  return {
    type: text('type'),
    name: text('name'),
    rate: Number(text('rate') || 0),
    point: Number(text('point') || 0),
    start: text('start') || null,
    end: text('end') || null,
    expireDays: Number(text('expireDays') || 0),
    bookId: optional('bookId'),
    titleId: optional('titleId'),
    minBooks: Number(text('minBooks') || 0),
    genreIds: text('genreIds')
      .split(/[\s,、]+/)
      .filter(Boolean)
      .map(Number),
    publisherId: optional('publisherId'),
  };
}

const period = (c: { start: string | null; end: string | null }) =>
  promoCopy('common.period', { start: c.start?.replace('T', ' ') ?? '', end: c.end?.replace('T', ' ') ?? promoCopy('common.open') });

function target(c: AdminPointCampaignView): string {
  if (c.type === 'book') return promoCopy('campaigns.target.book', { id: c.bookId ?? '' });
  if (c.type === 'series') return promoCopy('campaigns.target.title', { id: c.titleId ?? '' });
  if (c.type === 'specificGenres') return promoCopy('campaigns.target.genres', { ids: c.genreIds.join('、') });
  if (c.type === 'publish') return promoCopy('campaigns.target.publisher', { id: c.publisherId ?? '' });
  if (c.type === 'bulkBuy')
    return `${c.titleId === null ? promoCopy('campaigns.target.all') : promoCopy('campaigns.target.title', { id: c.titleId })} ${promoCopy('campaigns.target.minBooks', { n: c.minBooks })}`;
  return promoCopy('campaigns.target.all');
}

const columns: Column<AdminPointCampaignView>[] = [
  { key: 'id', header: promoCopy('campaigns.columns.id'), cell: (c) => c.id, className: cells.nowrap },
  { key: 'name', header: promoCopy('campaigns.columns.name'), cell: (c) => c.name },
  { key: 'type', header: promoCopy('campaigns.columns.type'), cell: (c) => promoCopy(`campaigns.types.${c.type}`) },
  {
    key: 'give',
    header: promoCopy('campaigns.columns.give'),
    cell: (c) => (c.rate > 0 ? promoCopy('campaigns.give.rate', { rate: c.rate }) : promoCopy('campaigns.give.point', { point: c.point })),
    className: cells.number,
  },
  { key: 'target', header: promoCopy('campaigns.columns.target'), cell: target },
  {
    key: 'period',
    header: promoCopy('campaigns.columns.period'),
    cell: (c) => (
      <>
        {c.start && <span className={styles.nowrap}>{promoCopy('common.from', { start: c.start.replace('T', ' ') })}</span>}
        {c.start && <br />}
        <span className={styles.nowrap}>{c.start ? (c.end?.replace('T', ' ') ?? promoCopy('common.open')) : period(c)}</span>
      </>
    ),
  },
  {
    key: 'expire',
    header: promoCopy('campaigns.columns.expire'),
    cell: (c) => promoCopy('campaigns.days', { n: c.expireDays }),
    className: cells.number,
  },
  {
    key: 'state',
    header: promoCopy('campaigns.columns.state'),
    cell: (c) => (c.active ? promoCopy('common.running') : promoCopy('common.notRunning')),
    className: cells.nowrap,
  },
];

/** The fields only some types of campaign take: the volume, the title (picked by name), genres, publisher, books needed. */
function TargetFields({ type, editing }: { type: CampaignType; editing: AdminPointCampaignView | null }) {
  return (
    <>
      {type === 'book' && (
        <BookIdsField
          name="bookId"
          label={promoCopy('campaigns.bookId')}
          required
          multiple={false}
          defaultBooks={editing?.bookId ? [{ id: editing.bookId }] : []}
        />
      )}
      {(type === 'series' || type === 'bulkBuy') && (
        <TitleIdsField
          name="titleId"
          label={promoCopy('campaigns.titleId')}
          required={type === 'series'}
          multiple={false}
          defaultIds={editing?.titleId ? [editing.titleId] : []}
        />
      )}
      {type === 'specificGenres' && (
        <Field label={promoCopy('campaigns.genreIds')}>
          <input name="genreIds" inputMode="numeric" required defaultValue={editing?.genreIds.join(', ') ?? ''} />
        </Field>
      )}
      {type === 'publish' && (
        <Field label={promoCopy('campaigns.publisherId')}>
          <input name="publisherId" inputMode="numeric" required defaultValue={editing?.publisherId ?? ''} />
        </Field>
      )}
      {type === 'bulkBuy' && (
        <Field label={promoCopy('campaigns.minBooks')}>
          <input name="minBooks" type="number" min={2} step={1} required defaultValue={editing?.minBooks || 3} />
        </Field>
      )}
    </>
  );
}

/** `/admin/point-campaigns`: the §3 point campaigns (bulk-buy included) the cart and the book pages give points by; create, edit, end. */
export function PointCampaignsPage() {
  const [type, setType] = useState<CampaignType>('series');
  const editor = useVersionedEditor<AdminPointCampaignView, PointCampaignList>({
    key: 'point-campaigns',
    path: '/point_campaigns',
    onEdit: (c) => setType(c?.type ?? 'series'),
  });
  const { editing, rowChange } = editor;

  return (
    <>
      <h1 className={styles.heading}>{promoCopy('campaigns.heading')}</h1>
      <p>{promoCopy('campaigns.lead')}</p>
      <EditorForm createLabel={promoCopy('campaigns.create')} {...editor.form(campaignFields)}>
        <Field label={promoCopy('campaigns.type')}>
          <select name="type" value={type} onChange={(e) => setType(e.target.value as CampaignType)}>
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {promoCopy(`campaigns.types.${t}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={promoCopy('campaigns.name')}>
          <input name="name" required defaultValue={editing?.name} />
        </Field>
        <Field label={promoCopy('campaigns.rate')}>
          <input name="rate" type="number" min={0} max={100} step={1} required defaultValue={editing?.rate ?? 10} />
        </Field>
        <Field label={promoCopy('campaigns.point')}>
          <input name="point" type="number" min={0} step={1} defaultValue={editing?.point ?? 0} />
        </Field>
        <Field label={promoCopy('campaigns.start')}>
          <input name="start" type="datetime-local" defaultValue={editing?.start ?? ''} />
        </Field>
        <Field label={promoCopy('campaigns.end')}>
          <input name="end" type="datetime-local" defaultValue={editing?.end ?? ''} />
        </Field>
        <Field label={promoCopy('campaigns.expireDays')}>
          <input name="expireDays" type="number" min={1} max={3650} step={1} required defaultValue={editing?.expireDays ?? 90} />
        </Field>
        <TargetFields type={type} editing={editing} />
      </EditorForm>
      <ChangeStatus notice={rowChange.notice} error={rowChange.error} />
      <EditorTable
        columns={columns}
        rows={editor.list.data?.campaigns}
        actions={(c) => (
          <>
            <RowButton label={promoCopy('common.edit')} name={`${promoCopy('common.edit')} ${c.name}`} onClick={() => editor.edit(c)} />
            {!c.ended && (
              <RowButton
                label={promoCopy('campaigns.end_')}
                name={`${promoCopy('campaigns.end_')} ${c.name}`}
                onClick={() => editor.act(c, 'end', promoCopy('common.ended'))}
                disabled={rowChange.busy}
              />
            )}
          </>
        )}
      />
    </>
  );
}
