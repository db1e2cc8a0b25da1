import type { ReactNode } from 'react';
import { adminCopy } from '../../../i18n/ja-admin';
import styles from './admin.module.css';
import { TableWrap } from './table-wrap';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

/** Cell classes the editors' tables share: a number kept on one line, or any text kept on one line. */
export const cells = { number: `${styles.number} ${styles.nowrap}`, nowrap: styles.nowrap } as const;

interface EditorTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  /** The row's buttons (edit, end, hide), in the last column. */
  actions: (row: Row) => ReactNode;
  /** What the list is, for a screen reader (its scrolling box is a named region); 一覧 unless said. */
  label?: string;
}

/** The list under a console editor: one row per item, its columns, then its actions. */
export function EditorTable<Row extends { id: number }>({
  columns,
  rows,
  actions,
  label = adminCopy('common.list'),
}: EditorTableProps<Row>) {
  return (
    <TableWrap label={label}>
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key}>{c.header}</th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {rows?.map((row) => (
            <tr key={row.id}>
              {columns.map((c) => (
                <td key={c.key} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
              <td>
                <span className={styles.actions}>{actions(row)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

interface RowButtonProps {
  label: string;
  /** What a screen reader and the journeys hear: the action and the row (`終了する 灯台セット`). */
  name?: string;
  onClick: () => void;
  disabled?: boolean;
}

/** A row's secondary button in an editor's table. */
export function RowButton({ label, name, onClick, disabled }: RowButtonProps) {
  return (
    <button className={styles.secondary} type="button" onClick={onClick} disabled={disabled} aria-label={name}>
      {label}
    </button>
  );
}
