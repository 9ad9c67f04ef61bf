import type { ReactNode } from 'react';
import { PageLoading } from './page-loading';
import './admin-table.css';

export interface AdminTableColumn {
  key: string;
  label: ReactNode;
  /** Read by screen readers only (an actions column). */
  hiddenLabel?: boolean;
}

/**
 * The list table of the admin screens, the glossary and the developer keys: a loading state, an empty panel, or the
 * table with its header row (scrolling sideways where it is wider than its box). On a phone each row is a card instead
 * (`.table-cards` in styles.css), so every cell the children render names its column with `data-label` (the column's
 * label as text, a hidden one too), and gives a value's direction to an element inside it, not to the cell. The row's
 * actions (a cell of buttons) have no `data-label`: the buttons name themselves.
 */
export function AdminTable({
  pending,
  count,
  empty,
  emptyTestId,
  testId,
  columns,
  children,
}: {
  pending: boolean;
  count: number;
  empty: ReactNode;
  emptyTestId?: string;
  testId: string;
  columns: AdminTableColumn[];
  children: ReactNode;
}) {
  if (pending) return <PageLoading />;
  if (count === 0)
    return (
      <p className="panel admin-empty" data-testid={emptyTestId}>
        {empty}
      </p>
    );
  return (
    <div className="table-scroll table-cards">
      <table className="admin-table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.hiddenLabel ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
