// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StaffTable, type StaffColumn } from './staff-table';

interface Row {
  id: string;
  name: string;
  seats: number;
}

const ROWS: Row[] = [
  { id: 'a', name: 'Ana', seats: 2 },
  { id: 'b', name: 'Ben', seats: 0 },
];

const NAME: StaffColumn<Row> = { heading: 'Name', rowHeader: true, cell: (row) => row.name };
const SEATS: StaffColumn<Row> = { heading: 'Seats', cell: (row) => row.seats, className: 'x__seats' };

describe('StaffTable', () => {
  afterEach(cleanup);

  it('heads each column and labels each cell with its heading, the first naming its row', () => {
    render(<StaffTable caption="People" columns={[NAME, SEATS]} rows={ROWS} rowKey={(row) => row.id} className="x__dense" />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(table.className).toBe('staff-table x__dense');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Seats']);
    expect(screen.getAllByRole('rowheader').map((th) => [th.textContent, th.dataset.label])).toEqual([
      ['Ana', 'Name'],
      ['Ben', 'Name'],
    ]);
    const seats = table.querySelectorAll('td');
    expect([...seats].map((td) => [td.textContent, td.dataset.label, td.className])).toEqual([
      ['2', 'Seats', 'x__seats'],
      ['0', 'Seats', 'x__seats'],
    ]);
  });

  it('leaves out a column given as false, and gives a cell its own card label', () => {
    const actions: StaffColumn<Row> = { heading: 'Actions', cardLabel: '', cell: () => <button type="button">Open</button> };
    render(<StaffTable caption="People" columns={[NAME, false, actions]} rows={ROWS.slice(0, 1)} rowKey={(row) => row.id} />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Actions']);
    expect(screen.getByRole('button', { name: 'Open' }).closest('td')!.dataset.label).toBe('');
    expect(screen.getByRole('table').className).toBe('staff-table');
  });

  it("styles rows by their data and draws what follows a row under it", () => {
    render(
      <StaffTable
        caption="People"
        columns={[NAME, SEATS]}
        rows={ROWS}
        rowKey={(row) => row.id}
        rowClassName={(row) => (row.seats === 0 ? 'x__empty' : undefined)}
        afterRow={(row) =>
          row.id === 'a' && (
            <tr>
              <td colSpan={2}>Ana&apos;s history</td>
            </tr>
          )
        }
      />,
    );
    const rows = within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
    expect(rows.map((row) => [row.textContent, row.className])).toEqual([
      ['Ana2', ''],
      ["Ana's history", ''],
      ['Ben0', 'x__empty'],
    ]);
  });
});
