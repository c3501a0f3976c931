import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SummaryTable, type SummaryColumn } from './summary-table';

interface Row {
  period: string;
  kwh: number;
}
const columns: SummaryColumn<Row>[] = [
  { key: 'period', title: 'Period', render: (r) => r.period },
  { key: 'kwh', title: 'Energy', align: 'right', render: (r) => `${r.kwh} kWh` },
];

describe('<SummaryTable>', () => {
  afterEach(cleanup);

  it('shows a header row and a row per record, figures aligned as their column says', () => {
    render(
      <SummaryTable
        columns={columns}
        rows={[
          { period: 'peak', kwh: 12 },
          { period: 'offPeak', kwh: 3 },
        ]}
        rowKey={(r) => r.period}
        empty="nothing"
        data-testid="t"
      />,
    );
    const table = screen.getByTestId('t');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Period', 'Energy']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['peak12 kWh', 'offPeak3 kWh']);
    expect(within(rows[0]!).getAllByRole('cell')[1]!.style.textAlign).toBe('right');
    expect(screen.queryByText('nothing')).toBeNull();
  });

  it('says what an empty table means in one row across the columns', () => {
    render(<SummaryTable columns={columns} rows={[]} rowKey={(r) => r.period} empty="No revenue" />);
    const cell = screen.getByText('No revenue');
    expect(cell.tagName).toBe('TD');
    expect(cell.getAttribute('colspan')).toBe('2');
  });
});
