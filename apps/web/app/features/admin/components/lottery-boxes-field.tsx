import { type AdminLotteryCampaignView, PRIZE_KINDS } from '@hondana/domain/admin/admin-lottery-api';
import { ODDS_TOTAL } from '@hondana/domain/admin/admin-lottery';
import type { PrizeKind } from '@hondana/domain/campaigns/lottery';
import { useState } from 'react';
import { lotteryCopy } from '../../../i18n/ja-admin-lottery';
import { Field } from './editor-form';
import { BookIdsField } from './id-pickers';
import styles from './admin.module.css';
import css from './lottery.module.css';

/**
 * A campaign's boxes and their prizes in the editor's form, under the names `lotteryFields` reads
 * (`boxes.0.name`, `boxes.0.prizes.1.odds`). Boxes and prizes are added and removed here; each
 * box says its odds together as the operator types them (the server refuses a box not at 1,000 ‰).
 */
type Prize = {
  key: number;
  id?: number;
  kind: PrizeKind;
  odds: number;
  drawn: number;
  start: Partial<AdminLotteryCampaignView['boxes'][number]['prizes'][number]>;
};
type Box = { key: number; id?: number; name: string; sortOrder: number; prizes: Prize[] };

let keys = 0;
const newPrize = (rank: number): Prize => ({ key: ++keys, kind: 'MANGA_COIN', odds: 0, drawn: 0, start: { rank } });
const newBox = (): Box => ({ key: ++keys, name: '', sortOrder: 0, prizes: [newPrize(1)] });

function boxesOf(saved: AdminLotteryCampaignView['boxes'] | undefined): Box[] {
  if (!saved || saved.length === 0) return [newBox()];
  return saved.map((b) => ({
    key: ++keys,
    id: b.id,
    name: b.name,
    sortOrder: b.sortOrder,
    prizes: b.prizes.map((p) => ({ key: ++keys, id: p.id, kind: p.kind, odds: p.odds, drawn: p.drawn, start: p })),
  }));
}

export function LotteryBoxesField({ saved }: { saved: AdminLotteryCampaignView['boxes'] | undefined }) {
  const [boxes, setBoxes] = useState(() => boxesOf(saved));
  const setBox = (i: number, change: (b: Box) => Box) => setBoxes((all) => all.map((b, at) => (at === i ? change(b) : b)));
  const setPrize = (i: number, j: number, change: Partial<Prize>) =>
    setBox(i, (b) => ({ ...b, prizes: b.prizes.map((p, at) => (at === j ? { ...p, ...change } : p)) }));

  return (
    <div className={styles.wide}>
      {boxes.map((box, i) => {
        const total = box.prizes.reduce((sum, p) => sum + p.odds, 0);
        return (
          <fieldset key={box.key} className={css.box}>
            <legend>{lotteryCopy('boxes.legend', { n: i + 1 })}</legend>
            {box.id !== undefined && <input type="hidden" name={`boxes.${i}.id`} value={box.id} />}
            <div className={styles.form}>
              <Field label={lotteryCopy('boxes.name')}>
                <input name={`boxes.${i}.name`} required defaultValue={box.name} />
              </Field>
              <Field label={lotteryCopy('boxes.sortOrder')}>
                <input name={`boxes.${i}.sortOrder`} type="number" min={0} step={1} defaultValue={box.sortOrder} />
              </Field>
            </div>
            {box.prizes.map((prize, j) => {
              const at = `boxes.${i}.prizes.${j}`;
              return (
                <fieldset key={prize.key} className={css.prize}>
                  <legend>{lotteryCopy('prizes.legend', { n: j + 1 })}</legend>
                  {prize.id !== undefined && <input type="hidden" name={`${at}.id`} value={prize.id} />}
                  <div className={styles.form}>
                    <Field label={lotteryCopy('prizes.rank')}>
                      <input name={`${at}.rank`} type="number" min={1} max={99} step={1} required defaultValue={prize.start.rank ?? 1} />
                    </Field>
                    <Field label={lotteryCopy('prizes.name')}>
                      <input name={`${at}.name`} required defaultValue={prize.start.name ?? ''} />
                    </Field>
                    <Field label={lotteryCopy('prizes.kind')}>
                      <select
                        name={`${at}.kind`}
                        value={prize.kind}
                        onChange={(e) => setPrize(i, j, { kind: e.target.value as PrizeKind })}
                      >
                        {PRIZE_KINDS.map((k) => (
                          <option key={k} value={k}>
                            {lotteryCopy(`prizes.kinds.${k}`)}
                          </option>
                        ))}
                      </select>
                    </Field>
                    {(prize.kind === 'MANGA_COIN' || prize.kind === 'POINT') && (
                      <Field label={lotteryCopy('prizes.amount')}>
                        <input name={`${at}.amount`} type="number" min={1} step={1} required defaultValue={prize.start.amount || ''} />
                      </Field>
                    )}
                    {prize.kind === 'COUPON' && (
                      <Field label={lotteryCopy('prizes.couponId')}>
                        <input name={`${at}.couponId`} inputMode="numeric" required defaultValue={prize.start.couponId ?? ''} />
                      </Field>
                    )}
                    <Field label={lotteryCopy('prizes.odds')}>
                      <input
                        name={`${at}.odds`}
                        type="number"
                        min={0}
                        max={ODDS_TOTAL}
                        step={1}
                        required
                        value={prize.odds}
                        onChange={(e) => setPrize(i, j, { odds: Number(e.target.value) || 0 })}
                      />
                    </Field>
                    <Field label={lotteryCopy('prizes.stock')}>
                      <input name={`${at}.stock`} type="number" min={prize.drawn} step={1} defaultValue={prize.start.stock ?? ''} />
                    </Field>
                    {prize.kind === 'BOOK' && (
                      <BookIdsField
                        name={`${at}.bookId`}
                        label={lotteryCopy('prizes.book')}
                        required
                        multiple={false}
                        defaultBooks={prize.start.bookId ? [{ id: prize.start.bookId }] : []}
                      />
                    )}
                  </div>
                  {prize.drawn > 0 ? (
                    <p className={css.hint}>{lotteryCopy('prizes.drawn', { n: prize.drawn })}</p>
                  ) : (
                    box.prizes.length > 1 && (
                      <button
                        className={styles.secondary}
                        type="button"
                        onClick={() => setBox(i, (b) => ({ ...b, prizes: b.prizes.filter((_, at2) => at2 !== j) }))}
                      >
                        {lotteryCopy('prizes.remove')}
                      </button>
                    )
                  )}
                </fieldset>
              );
            })}
            <p className={total === ODDS_TOTAL ? css.total : `${css.total} ${css.totalOff}`} aria-live="polite">
              {total === ODDS_TOTAL ? lotteryCopy('boxes.totalOk') : lotteryCopy('boxes.total', { total })}
            </p>
            <span className={styles.actions}>
              <button
                className={styles.secondary}
                type="button"
                onClick={() => setBox(i, (b) => ({ ...b, prizes: [...b.prizes, newPrize(b.prizes.length + 1)] }))}
              >
                {lotteryCopy('prizes.add')}
              </button>
              {boxes.length > 1 && box.prizes.every((p) => p.drawn === 0) && (
                <button className={styles.secondary} type="button" onClick={() => setBoxes((all) => all.filter((_, at) => at !== i))}>
                  {lotteryCopy('boxes.remove')}
                </button>
              )}
            </span>
          </fieldset>
        );
      })}
      <button className={styles.secondary} type="button" onClick={() => setBoxes((all) => [...all, newBox()])}>
        {lotteryCopy('boxes.add')}
      </button>
    </div>
  );
}

/** The boxes as the form holds them, in the API's shape (a saved box or prize keeps its id). */
export function readBoxes(f: FormData) {
  const text = (k: string) => String(f.get(k) ?? '').trim();
  const num = (k: string) => Number(text(k) || 0);
  const optionalId = (k: string) => (text(k) ? { id: Number(text(k)) } : {});
  const boxes = [];
  for (let i = 0; f.has(`boxes.${i}.name`); i++) {
    const prizes = [];
    for (let j = 0; f.has(`boxes.${i}.prizes.${j}.name`); j++) {
      const at = `boxes.${i}.prizes.${j}`;
      prizes.push({
        ...optionalId(`${at}.id`),
        rank: num(`${at}.rank`),
        name: text(`${at}.name`),
        kind: text(`${at}.kind`),
        amount: num(`${at}.amount`),
        bookId: text(`${at}.bookId`) ? Number(text(`${at}.bookId`)) : null,
        couponId: text(`${at}.couponId`) ? Number(text(`${at}.couponId`)) : null,
        odds: num(`${at}.odds`),
        stock: text(`${at}.stock`) ? Number(text(`${at}.stock`)) : null,
      });
    }
    boxes.push({ ...optionalId(`boxes.${i}.id`), name: text(`boxes.${i}.name`), sortOrder: num(`boxes.${i}.sortOrder`), prizes });
  }
  return boxes;
}
