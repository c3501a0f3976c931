import type { ReactNode } from 'react';
import { NO_VALUE } from '@/lib/quantity';

export interface SummaryColumn<T> {
  key: string;
  title: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
}

/**
 * A few rows of figures under their column titles, in the look of antd's small table, for a
 * summary that never sorts, filters or pages (a plant's revenue by time-of-use period). antd's
 * Table with its pager is 37 KB gzip: a record page that shows only such a summary on its first
 * screen does not load it.
 */
export function SummaryTable<T>({
  columns,
  rows,
  rowKey,
  empty,
  loading = false,
  rowTestId,
  'data-testid': testId,
}: {
  columns: SummaryColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** a data-testid for each row */
  rowTestId?: (row: T) => string;
  /** what an empty table says (in its single row) */
  empty: ReactNode;
  /** the rows are on their way: one row of "—" holds the place of the first (`<data-testid>-loading`) */
  loading?: boolean;
  'data-testid'?: string;
}) {
  return (
    <table className="pv-summary-table" data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" style={{ textAlign: c.align ?? 'left' }}>
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {loading ? (
          <tr data-testid={testId && `${testId}-loading`}>
            {columns.map((c) => (
              <td key={c.key} style={{ textAlign: c.align ?? 'left' }}>
                {NO_VALUE}
              </td>
            ))}
          </tr>
        ) : rows.length ? (
          rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
              {columns.map((c) => (
                <td key={c.key} style={{ textAlign: c.align ?? 'left' }}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))
        ) : (
          <tr>
            <td colSpan={columns.length} className="pv-summary-table-empty">
              {empty}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
