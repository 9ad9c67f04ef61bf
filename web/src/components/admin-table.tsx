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
 * The list table of the admin screens: a loading state, an empty panel, or the table with
 * its header row (scrolling sideways on narrow screens). The rows are the children. With
 * `cardsOnPhones`, a phone shows each row as a card instead (`.table-cards` in styles.css): the
 * cells with a `data-label` name their column there.
 */
export function AdminTable({
  pending,
  count,
  empty,
  emptyTestId,
  testId,
  columns,
  cardsOnPhones = false,
  children,
}: {
  pending: boolean;
  count: number;
  empty: ReactNode;
  emptyTestId?: string;
  testId: string;
  columns: AdminTableColumn[];
  cardsOnPhones?: boolean;
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
    <div className={cardsOnPhones ? 'table-scroll table-cards' : 'table-scroll'}>
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
