import type { AdminCoinPackView, CoinPackList } from '@hondana/domain/admin/admin-commerce-api';
import { useState } from 'react';
import { jaAdminPromotions, promoCopy } from '../../../i18n/ja-admin-promotions';
import { ChangeStatus } from './change-status';
import { EditorForm, Field } from './editor-form';
import { type Column, EditorTable, RowButton, cells } from './editor-table';
import { formatYen } from './format';
import { useVersionedEditor } from './use-versioned-editor';
import styles from './admin.module.css';

type Method = keyof typeof jaAdminPromotions.coinPacks.methods;
const METHODS = Object.keys(jaAdminPromotions.coinPacks.methods) as Method[];
const HIGHLIGHTS = Object.keys(jaAdminPromotions.coinPacks.highlights) as AdminCoinPackView['highlight'][];
const SCENES = Object.keys(jaAdminPromotions.coinPacks.scenes) as AdminCoinPackView['displayScene'][];

function packFields(f: FormData) {
  const text = (k: string) => String(f.get(k) ?? '').trim();
  return {
    price: Number(text('price') || 0),
    coin: Number(text('coin') || 0),
    bonus: Number(text('bonus') || 0),
    bonusPoint: Number(text('bonusPoint') || 0),
    limit: text('limit') === '' ? null : Number(text('limit')),
    highlight: text('highlight'),
    displayScene: text('displayScene'),
    paymentMethods: f.getAll('paymentMethods').map(String),
    sortOrder: Number(text('sortOrder') || 0),
  };
}

const methodLabel = (m: string) => (jaAdminPromotions.coinPacks.methods as Record<string, string>)[m] ?? m;

const columns: Column<AdminCoinPackView>[] = [
  { key: 'id', header: promoCopy('coinPacks.columns.id'), cell: (pack) => pack.id, className: cells.nowrap },
  {
    key: 'price',
    header: promoCopy('coinPacks.columns.price'),
    cell: (pack) => promoCopy('coinPacks.yen', { n: formatYen(pack.price) }),
    className: cells.number,
  },
  { key: 'coin', header: promoCopy('coinPacks.columns.coin'), cell: (pack) => formatYen(pack.coin), className: cells.number },
  { key: 'bonus', header: promoCopy('coinPacks.columns.bonus'), cell: (pack) => formatYen(pack.bonus), className: cells.number },
  {
    key: 'limit',
    header: promoCopy('coinPacks.columns.limit'),
    cell: (pack) => (pack.limit === null ? promoCopy('coinPacks.unlimited') : promoCopy('coinPacks.times', { n: pack.limit })),
    className: cells.number,
  },
  {
    key: 'highlight',
    header: promoCopy('coinPacks.columns.highlight'),
    cell: (pack) => promoCopy(`coinPacks.highlights.${pack.highlight}`),
    className: cells.nowrap,
  },
  {
    key: 'scene',
    header: promoCopy('coinPacks.columns.scene'),
    cell: (pack) => promoCopy(`coinPacks.scenes.${pack.displayScene}`),
    className: cells.nowrap,
  },
  {
    key: 'methods',
    header: promoCopy('coinPacks.columns.methods'),
    cell: (pack) =>
      pack.paymentMethods.length === METHODS.length ? promoCopy('coinPacks.all') : pack.paymentMethods.map(methodLabel).join('、'),
  },
  { key: 'sold', header: promoCopy('coinPacks.columns.sold'), cell: (pack) => formatYen(pack.sold), className: cells.number },
  {
    key: 'state',
    header: promoCopy('coinPacks.columns.state'),
    cell: (pack) => (pack.active ? promoCopy('coinPacks.visible') : promoCopy('coinPacks.hidden')),
    className: cells.nowrap,
  },
];

function PackFields({ editing }: { editing: AdminCoinPackView | null }) {
  return (
    <>
      <Field label={promoCopy('coinPacks.price')}>
        <input name="price" type="number" min={1} step={1} required defaultValue={editing?.price} />
      </Field>
      <Field label={promoCopy('coinPacks.coin')}>
        <input name="coin" type="number" min={1} step={1} required defaultValue={editing?.coin} />
      </Field>
      <Field label={promoCopy('coinPacks.bonus')}>
        <input name="bonus" type="number" min={0} step={1} defaultValue={editing?.bonus ?? 0} />
      </Field>
      <Field label={promoCopy('coinPacks.bonusPoint')}>
        <input name="bonusPoint" type="number" min={0} step={1} defaultValue={editing?.bonusPoint ?? 0} />
      </Field>
      <Field label={promoCopy('coinPacks.limit')}>
        <input name="limit" type="number" min={1} step={1} defaultValue={editing?.limit ?? ''} />
      </Field>
      <Field label={promoCopy('coinPacks.highlight')}>
        <select name="highlight" defaultValue={editing?.highlight ?? 'none'}>
          {HIGHLIGHTS.map((h) => (
            <option key={h} value={h}>
              {promoCopy(`coinPacks.highlights.${h}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={promoCopy('coinPacks.displayScene')}>
        <select name="displayScene" defaultValue={editing?.displayScene ?? 'shop'}>
          {SCENES.map((s) => (
            <option key={s} value={s}>
              {promoCopy(`coinPacks.scenes.${s}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={promoCopy('coinPacks.sortOrder')}>
        <input name="sortOrder" type="number" min={0} step={1} defaultValue={editing?.sortOrder ?? 0} />
      </Field>
      <fieldset className={`${styles.wide} ${styles.methods}`}>
        <legend>{promoCopy('coinPacks.paymentMethods')}</legend>
        {METHODS.map((m) => (
          <label key={m} className={styles.check}>
            <input
              type="checkbox"
              name="paymentMethods"
              value={m}
              defaultChecked={editing ? editing.paymentMethods.includes(m) : m === 'creditcard'}
            />
            {methodLabel(m)}
          </label>
        ))}
      </fieldset>
    </>
  );
}

/** `/admin/coin-packs`: the coin shop's packs per payment type (price, coins, bonus, limit, highlight, scene); create, edit, hide. */
export function CoinPacksPage() {
  const editor = useVersionedEditor<AdminCoinPackView, CoinPackList>({ key: 'coin-packs', path: '/coin_packs' });
  const { editing, rowChange } = editor;
  const [method, setMethod] = useState<string>('');
  const shown = editor.list.data?.packs.filter((pack) => method === '' || pack.paymentMethods.includes(method));

  const visibility = (pack: AdminCoinPackView) => (pack.active ? promoCopy('coinPacks.hide') : promoCopy('coinPacks.show'));

  return (
    <>
      <h1 className={styles.heading}>{promoCopy('coinPacks.heading')}</h1>
      <p>{promoCopy('coinPacks.lead')}</p>
      <EditorForm createLabel={promoCopy('coinPacks.create')} {...editor.form(packFields)}>
        <PackFields editing={editing} />
      </EditorForm>
      <Field label={promoCopy('coinPacks.filter')}>
        <select value={method} onChange={(e) => setMethod(e.target.value)}>
          <option value="">{promoCopy('coinPacks.all')}</option>
          {METHODS.map((m) => (
            <option key={m} value={m}>
              {methodLabel(m)}
            </option>
          ))}
        </select>
      </Field>
      <ChangeStatus notice={rowChange.notice} error={rowChange.error} />
      <EditorTable
        columns={columns}
        rows={shown}
        actions={(pack) => (
          <>
            <RowButton
              label={promoCopy('common.edit')}
              name={`${promoCopy('common.edit')} #${pack.id}`}
              onClick={() => editor.edit(pack)}
            />
            <RowButton
              label={visibility(pack)}
              name={`${visibility(pack)} #${pack.id}`}
              onClick={() => editor.act(pack, 'active', promoCopy('common.saved'), { active: !pack.active })}
              disabled={rowChange.busy}
            />
          </>
        )}
      />
    </>
  );
}
