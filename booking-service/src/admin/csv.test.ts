import { describe, expect, it } from 'vitest';
import { attachment, neutralised, toCsv } from './csv.ts';

describe('CSV for spreadsheets', () => {
  it('starts with a UTF-8 byte-order mark, ends lines with CRLF, quotes commas, quotes and line breaks', () => {
    const csv = toCsv(['Name', 'Amount'], [['Café, "Le Grand"', 12.5], ['two\nlines', 0]]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('Name,Amount\r\n"Café, ""Le Grand""",12.5\r\n"two\nlines",0\r\n');
  });

  it.each(['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])('neutralises %j so no spreadsheet runs it', (text) => {
    expect(neutralised(text)).toBe(`'${text}`);
    expect(toCsv(['x'], [[text]])).toContain(`'${text.replace(/"/g, '""')}`);
  });

  it('leaves numbers as numbers (a negative amount is not a formula) and ordinary text alone', () => {
    expect(toCsv(['a', 'b', 'c'], [[-5, 'Dear Odette', null]]).slice(1)).toBe('a,b,c\r\n-5,Dear Odette,\r\n');
  });

  it('names the download safely', () => {
    expect(attachment('bookings 2026-12-07.csv')).toBe('attachment; filename="bookings_2026-12-07.csv"');
  });
});
