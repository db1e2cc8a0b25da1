import type { ReactNode } from 'react';
import { promoCopy } from '../../../i18n/ja-admin-promotions';
import { ChangeStatus } from './change-status';
import { Field } from './editor-form';
import { type Column, EditorTable, RowButton } from './editor-table';
import css from './campaign-list.module.css';

/** A row of a campaign-like console list: named, and running, scheduled or ended. */
interface CampaignRow {
  id: number;
  name: string;
  state: string;
}

interface CampaignListProps<S extends string, Row extends CampaignRow> {
  /** The filter: the states the list narrows to, each one's label, and the one chosen ('' = all). */
  filter: {
    label: string;
    all: string;
    states: readonly S[];
    stateLabel: (state: S) => string;
    value: S | '';
    onChange: (state: S | '') => void;
  };
  /** The row actions' notice or error (`useVersionedEditor`'s `rowChange`). */
  change: { notice: string | null; error: string | null; busy: boolean };
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  /** 編集, the page's end action (not on an ended row) and any other of the page's; null where the role only reads. */
  actions: { onEdit: (row: Row) => void; endLabel: string; onEnd: (row: Row) => void; more?: (row: Row) => ReactNode } | null;
}

/**
 * The list under a campaign editor of the console (lottery, missions, invitations, plans, appeals,
 * features, pre-order bonuses): its state filter, the row actions' notice, and the table with
 * 編集 and the end action on each row that has not ended.
 */
export function CampaignList<S extends string, Row extends CampaignRow>({
  filter,
  change,
  columns,
  rows,
  actions,
}: CampaignListProps<S, Row>) {
  return (
    <>
      <div className={css.filter}>
        <Field label={filter.label}>
          <select value={filter.value} onChange={(e) => filter.onChange(e.target.value as S | '')}>
            <option value="">{filter.all}</option>
            {filter.states.map((s) => (
              <option key={s} value={s}>
                {filter.stateLabel(s)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <ChangeStatus notice={change.notice} error={change.error} />
      <EditorTable
        columns={columns}
        rows={rows}
        actions={(row) =>
          actions && (
            <>
              <RowButton
                label={promoCopy('common.edit')}
                name={`${promoCopy('common.edit')} ${row.name}`}
                onClick={() => actions.onEdit(row)}
              />
              {row.state !== 'ended' && (
                <RowButton
                  label={actions.endLabel}
                  name={`${actions.endLabel} ${row.name}`}
                  onClick={() => actions.onEnd(row)}
                  disabled={change.busy}
                />
              )}
              {actions.more?.(row)}
            </>
          )
        }
      />
    </>
  );
}
