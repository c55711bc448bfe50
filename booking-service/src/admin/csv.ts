import { stringify } from 'csv-stringify/sync';

export type CsvCell = string | number | null;

/**
 * A cell a spreadsheet would run as a formula when it begins with one of these (OWASP's "CSV injection": a customer
 * named `=HYPERLINK(...)` or `@SUM(...)`), or with a tab or carriage return that some spreadsheets skip before one.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that cannot start a formula: a leading apostrophe, which spreadsheets show as text and do not display. */
export function neutralised(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A CSV file that opens correctly in a spreadsheet: UTF-8 with a byte-order mark (Excel reads UTF-8 without one as
 * the system's code page, so "Café" or "₹" break), CRLF line ends, RFC 4180 quoting (csv-stringify), amounts as plain
 * numbers, every text cell neutralised against formula injection. Numbers are written as numbers, never neutralised
 * (a refund of -5 is a number, not a formula).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const safe = rows.map((row) => row.map((cell) => (typeof cell === 'string' ? neutralised(cell) : cell === null ? '' : cell)));
  // A line break inside a cell is quoted too (csv-stringify quotes only the record delimiter itself by default).
  return stringify([[...header], ...safe], { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}

/** The Content-Disposition of a download named `name` (ASCII only: the names are built from dates and slugs). */
export function attachment(name: string): string {
  return `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
