import type { ReactNode } from 'react';
import styles from './lot.module.css';

/** A lot's figures in a grid of tiles; the `total` one spans the row, highlighted. */
export function Figures({ rows }: { rows: { label: string; value: string; total?: boolean }[] }) {
  return (
    <dl className={styles.figures}>
      {rows.map((row) => (
        <div key={row.label} className={row.total ? styles.total : undefined}>
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
