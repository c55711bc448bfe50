import { useState, type ReactNode } from 'react';
import { DownloadCsvButton } from './download-csv-button';

const DAY_MS = 86_400_000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * The sales report as a spreadsheet: tickets and revenue per day for one cinema or each, between two
 * dates (each cinema's days on its own clock). The last 30 days by default. The page gives the cinema picker.
 */
export function SalesExport({ cinemaFilter }: { cinemaFilter: (value: string | undefined, onChange: (cinemaId: string | undefined) => void) => ReactNode }) {
  const [cinemaId, setCinemaId] = useState<string>();
  const [to, setTo] = useState(() => isoDay(Date.now()));
  const [from, setFrom] = useState(() => isoDay(Date.now() - 29 * DAY_MS));
  return (
    <section aria-labelledby="sales-export-title">
      <h2 id="sales-export-title" className="admin__section-title">
        Sales report
      </h2>
      <form className="admin__filters" onSubmit={(e) => e.preventDefault()} aria-label="Sales report">
        {cinemaFilter(cinemaId, setCinemaId)}
        <label>
          From
          <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} required />
        </label>
        <label>
          To
          <input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} required />
        </label>
        <DownloadCsvButton path="/api/admin/reports/sales/export" query={{ cinemaId, from, to }} fileName={`sales-${from}-to-${to}.csv`} label="Download sales CSV" />
      </form>
    </section>
  );
}
