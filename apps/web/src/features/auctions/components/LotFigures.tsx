import type { ReactNode } from 'react';
import styles from './lot.module.css';

export interface Figure {
  label: string;
  value: string;
  /** Spans the row, highlighted. */
  total?: boolean;
  /** Asks for the merchant's attention (returned kg). */
  warning?: boolean;
}

/** A lot's figures in a grid of tiles. */
export function Figures({ rows }: { rows: Figure[] }) {
  return (
    <dl className={styles.figures}>
      {rows.map((row) => (
        <div
          key={row.label}
          className={row.total ? styles.total : row.warning ? styles.warning : undefined}
        >
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A lot's bids or winners: the column heads, then the rows given. */
export function LotTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
