import { Fragment, type ReactNode } from 'react';

/** One column of a staff table: its heading and what each row shows under it. */
export interface StaffColumn<Row> {
  /** The column's heading, and the cell's label when a phone shows the row as a card (the cell's data-label). */
  heading: string;
  cell: (row: Row) => ReactNode;
  /** The cell that names its row (a row header, `th scope="row"`): the first column, as a rule. */
  rowHeader?: boolean;
  /** The card's label for the cell when not the heading: '' for none (a row's buttons speak for themselves). */
  cardLabel?: string;
  className?: string;
}

export interface StaffTableProps<Row> {
  /** Read by screen readers only: what the table lists. */
  caption: string;
  /** The columns in order; `false` leaves one out (a column only some services can fill). */
  columns: readonly (StaffColumn<Row> | false)[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Classes beside `staff-table` (the remote's density or layout). */
  className?: string;
  rowClassName?: (row: Row) => string | undefined;
  /** Drawn after a row, in the same body: a row of its own under it (a booking's history). */
  afterRow?: (row: Row) => ReactNode;
}

/**
 * The staff remotes' table (staff.css `.staff-table`): a table on a laptop, a card of labelled lines per row on a
 * phone. Every cell's card label is its column's heading, so the two never disagree.
 */
export function StaffTable<Row>({ caption, columns, rows, rowKey, className, rowClassName, afterRow }: StaffTableProps<Row>) {
  const shown = columns.filter((column): column is StaffColumn<Row> => column !== false);
  return (
    <table className={className ? `staff-table ${className}` : 'staff-table'}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {shown.map((column) => (
            <th key={column.heading} scope="col">
              {column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Fragment key={rowKey(row)}>
            <tr className={rowClassName?.(row)}>
              {shown.map((column) => (
                <StaffCell key={column.heading} column={column} row={row} />
              ))}
            </tr>
            {afterRow?.(row)}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}

function StaffCell<Row>({ column, row }: { column: StaffColumn<Row>; row: Row }) {
  const label = column.cardLabel ?? column.heading;
  if (column.rowHeader) {
    return (
      <th scope="row" data-label={label} className={column.className}>
        {column.cell(row)}
      </th>
    );
  }
  return (
    <td data-label={label} className={column.className}>
      {column.cell(row)}
    </td>
  );
}
