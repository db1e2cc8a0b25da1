import { type AdminBannerView, BANNER_LOCATIONS, type BannerList, type BannerLocation } from '@hondana/domain/admin/admin-commerce-api';
import { promoCopy } from '../../../i18n/ja-admin-promotions';
import { BannerImageField } from './banner-image-field';
import { ChangeStatus } from './change-status';
import { EditorForm, Field } from './editor-form';
import { type Column, EditorTable, RowButton, cells } from './editor-table';
import { SeriesLinkField } from './id-pickers';
import { useVersionedEditor } from './use-versioned-editor';
import styles from './admin.module.css';

function bannerFields(f: FormData) {
  const text = (k: string) => String(f.get(k) ?? '').trim();
  return {
    imageId: text('imageId') ? Number(text('imageId')) : undefined,
    jumpUrl: text('jumpUrl'),
    colorCode: text('colorCode'),
    location: text('location'),
    priority: Number(text('priority') || 0),
    start: text('start'),
    end: text('end'),
  };
}

const state = (b: AdminBannerView) =>
  b.showing ? promoCopy('banners.showing') : b.ended ? promoCopy('banners.ended') : promoCopy('banners.waiting');
const location = (l: string) =>
  (BANNER_LOCATIONS as readonly string[]).includes(l) ? promoCopy(`banners.locations.${l as BannerLocation}`) : l;

const columns: Column<AdminBannerView>[] = [
  { key: 'id', header: promoCopy('banners.columns.id'), cell: (b) => b.id, className: cells.nowrap },
  {
    key: 'image',
    header: promoCopy('banners.columns.image'),
    cell: (b) => (
      <img
        className={styles.bannerThumb}
        src={b.imageUrl}
        alt={promoCopy('banners.preview', { id: b.id })}
        width={160}
        height={30}
        style={{ backgroundColor: b.colorCode }}
      />
    ),
  },
  { key: 'link', header: promoCopy('banners.columns.link'), cell: (b) => b.jumpUrl, className: styles.breakAll },
  { key: 'location', header: promoCopy('banners.columns.location'), cell: (b) => location(b.location), className: cells.nowrap },
  { key: 'priority', header: promoCopy('banners.columns.priority'), cell: (b) => b.priority, className: cells.number },
  {
    key: 'period',
    header: promoCopy('banners.columns.period'),
    cell: (b) => (
      <>
        <span className={styles.nowrap}>{promoCopy('common.from', { start: b.start.replace('T', ' ') })}</span>
        <br />
        <span className={styles.nowrap}>{b.end.replace('T', ' ')}</span>
      </>
    ),
  },
  { key: 'state', header: promoCopy('banners.columns.state'), cell: state, className: cells.nowrap },
];

/** `/admin/banners`: the store's reach banners (image, link, priority, period, where they show); create, edit, end. */
export function BannersPage() {
  const editor = useVersionedEditor<AdminBannerView, BannerList>({ key: 'banners', path: '/banners' });
  const { editing, rowChange } = editor;

  return (
    <>
      <h1 className={styles.heading}>{promoCopy('banners.heading')}</h1>
      <p>{promoCopy('banners.lead')}</p>
      <EditorForm createLabel={promoCopy('banners.create')} {...editor.form(bannerFields)}>
        <BannerImageField imageId={editing?.imageId} imageUrl={editing?.imageUrl} />
        <SeriesLinkField name="jumpUrl" label={promoCopy('banners.jumpUrl')} defaultValue={editing?.jumpUrl} />
        <Field label={promoCopy('banners.colorCode')}>
          <input name="colorCode" type="color" defaultValue={editing?.colorCode ?? '#ffffff'} />
        </Field>
        <Field label={promoCopy('banners.location')}>
          <select name="location" defaultValue={editing?.location ?? BANNER_LOCATIONS[0]}>
            {BANNER_LOCATIONS.map((l) => (
              <option key={l} value={l}>
                {promoCopy(`banners.locations.${l}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={promoCopy('banners.priority')}>
          <input name="priority" type="number" min={0} step={1} required defaultValue={editing?.priority ?? 0} />
        </Field>
        <Field label={promoCopy('banners.start')}>
          <input name="start" type="datetime-local" required defaultValue={editing?.start} />
        </Field>
        <Field label={promoCopy('banners.end')}>
          <input name="end" type="datetime-local" required defaultValue={editing?.end} />
        </Field>
      </EditorForm>
      <ChangeStatus notice={rowChange.notice} error={rowChange.error} />
      <EditorTable
        columns={columns}
        rows={editor.list.data?.banners}
        actions={(b) => (
          <>
            <RowButton label={promoCopy('common.edit')} name={`${promoCopy('common.edit')} #${b.id}`} onClick={() => editor.edit(b)} />
            {!b.ended && (
              <RowButton
                label={promoCopy('banners.end_')}
                name={`${promoCopy('banners.end_')} #${b.id}`}
                onClick={() => editor.act(b, 'end', promoCopy('common.ended'))}
                disabled={rowChange.busy}
              />
            )}
          </>
        )}
      />
    </>
  );
}
