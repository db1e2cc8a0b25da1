import type { AdminCoinPackView, CoinPackList } from '@hondana/domain/admin/admin-commerce-api';
import { useState } from 'react';
import { jaAdminPromotions, promoCopy as p } from '../../../i18n/ja-admin-promotions';
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
  { key: 'id', header: p('coinPacks.columns.id'), cell: (pack) => pack.id, className: cells.nowrap },
  { key: 'price', header: p('coinPacks.columns.price'), cell: (pack) => p('coinPacks.yen', { n: formatYen(pack.price) }), className: cells.number },
  { key: 'coin', header: p('coinPacks.columns.coin'), cell: (pack) => formatYen(pack.coin), className: cells.number },
  { key: 'bonus', header: p('coinPacks.columns.bonus'), cell: (pack) => formatYen(pack.bonus), className: cells.number },
  { key: 'limit', header: p('coinPacks.columns.limit'), cell: (pack) => (pack.limit === null ? p('coinPacks.unlimited') : p('coinPacks.times', { n: pack.limit })), className: cells.number },
  { key: 'highlight', header: p('coinPacks.columns.highlight'), cell: (pack) => p(`coinPacks.highlights.${pack.highlight}`), className: cells.nowrap },
  { key: 'scene', header: p('coinPacks.columns.scene'), cell: (pack) => p(`coinPacks.scenes.${pack.displayScene}`), className: cells.nowrap },
  { key: 'methods', header: p('coinPacks.columns.methods'), cell: (pack) => (pack.paymentMethods.length === METHODS.length ? p('coinPacks.all') : pack.paymentMethods.map(methodLabel).join('、')) },
  { key: 'sold', header: p('coinPacks.columns.sold'), cell: (pack) => formatYen(pack.sold), className: cells.number },
  { key: 'state', header: p('coinPacks.columns.state'), cell: (pack) => (pack.active ? p('coinPacks.visible') : p('coinPacks.hidden')), className: cells.nowrap },
];

function PackFields({ editing }: { editing: AdminCoinPackView | null }) {
  return (
    <>
      <Field label={p('coinPacks.price')}>
        <input name="price" type="number" min={1} step={1} required defaultValue={editing?.price} />
      </Field>
      <Field label={p('coinPacks.coin')}>
        <input name="coin" type="number" min={1} step={1} required defaultValue={editing?.coin} />
      </Field>
      <Field label={p('coinPacks.bonus')}>
        <input name="bonus" type="number" min={0} step={1} defaultValue={editing?.bonus ?? 0} />
      </Field>
      <Field label={p('coinPacks.bonusPoint')}>
        <input name="bonusPoint" type="number" min={0} step={1} defaultValue={editing?.bonusPoint ?? 0} />
      </Field>
      <Field label={p('coinPacks.limit')}>
        <input name="limit" type="number" min={1} step={1} defaultValue={editing?.limit ?? ''} />
      </Field>
      <Field label={p('coinPacks.highlight')}>
        <select name="highlight" defaultValue={editing?.highlight ?? 'none'}>
          {HIGHLIGHTS.map((h) => (
            <option key={h} value={h}>
              {p(`coinPacks.highlights.${h}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={p('coinPacks.displayScene')}>
        <select name="displayScene" defaultValue={editing?.displayScene ?? 'shop'}>
          {SCENES.map((s) => (
            <option key={s} value={s}>
              {p(`coinPacks.scenes.${s}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={p('coinPacks.sortOrder')}>
        <input name="sortOrder" type="number" min={0} step={1} defaultValue={editing?.sortOrder ?? 0} />
      </Field>
      <fieldset className={`${styles.wide} ${styles.methods}`}>
        <legend>{p('coinPacks.paymentMethods')}</legend>
        {METHODS.map((m) => (
          <label key={m} className={styles.check}>
            <input type="checkbox" name="paymentMethods" value={m} defaultChecked={editing ? editing.paymentMethods.includes(m) : m === 'creditcard'} />
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

  const visibility = (pack: AdminCoinPackView) => (pack.active ? p('coinPacks.hide') : p('coinPacks.show'));

  return (
    <>
      <h1 className={styles.heading}>{p('coinPacks.heading')}</h1>
      <p>{p('coinPacks.lead')}</p>
      <EditorForm createLabel={p('coinPacks.create')} {...editor.form(packFields)}>
        <PackFields editing={editing} />
      </EditorForm>
      <Field label={p('coinPacks.filter')}>
        <select value={method} onChange={(e) => setMethod(e.target.value)}>
          <option value="">{p('coinPacks.all')}</option>
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
            <RowButton label={p('common.edit')} name={`${p('common.edit')} #${pack.id}`} onClick={() => editor.edit(pack)} />
            <RowButton label={visibility(pack)} name={`${visibility(pack)} #${pack.id}`} onClick={() => editor.act(pack, 'active', p('common.saved'), { active: !pack.active })} disabled={rowChange.busy} />
          </>
        )}
      />
    </>
  );
}
