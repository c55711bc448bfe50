import type { SalesReportResponse } from 'booking-service/contract';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPrice, formatShowTime } from 'shared-ui';
import { countOf, useTheatreTimeZone } from 'shared-ui/staff';

/** The fullest upcoming shows the occupancy list names (more would be a wall of labels). */
export const OCCUPANCY_TOP = 8;

const ACCENT = '#f84565';
const SECOND = '#60a5fa';
const GRID = '#3f3f46';
const TEXT = '#a1a1aa';

/**
 * The charts of the dashboard (loaded on demand: the chart library stays out
 * of the admin remote's entry). Each chart has a table alternative for screen
 * readers.
 */
export default function SalesCharts({ report }: { report: SalesReportResponse }) {
  const timeZone = useTheatreTimeZone();
  const totalRevenue = report.days.reduce((sum, d) => sum + d.revenue, 0);
  const totalTickets = report.days.reduce((sum, d) => sum + d.tickets, 0);
  const occupancy = report.occupancy
    .map((o) => ({ id: o.showId, title: o.title, time: formatShowTime(o.showDateTime, timeZone), occupied: o.occupied, capacity: o.capacity, percent: Math.round((o.occupied / o.capacity) * 100) }))
    .sort((a, b) => b.percent - a.percent)
    .slice(0, OCCUPANCY_TOP);
  return (
    <div className="admin__charts">
      <figure className="admin__chart">
        <figcaption>
          Revenue and tickets, last {report.days.length} days ({formatPrice(totalRevenue)}, {countOf(totalTickets, 'ticket')})
        </figcaption>
        <div aria-hidden="true" style={{ width: '100%', height: 260 }}>
          <ResponsiveContainer>
            {/* No accessibility layer: the chart is hidden from assistive technology (the table says it), so nothing in it may take focus. */}
            <LineChart data={report.days} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
              <CartesianGrid stroke={GRID} strokeDasharray="3 3" />
              <XAxis dataKey="date" stroke={TEXT} tickFormatter={(d: string) => d.slice(5)} />
              <YAxis yAxisId="revenue" stroke={TEXT} />
              <YAxis yAxisId="tickets" orientation="right" stroke={TEXT} allowDecimals={false} />
              <Tooltip contentStyle={{ background: '#18181b', border: `1px solid ${GRID}` }} />
              <Legend />
              <Line yAxisId="revenue" type="monotone" dataKey="revenue" name="Revenue ($)" stroke={ACCENT} dot={false} isAnimationActive={false} />
              <Line yAxisId="tickets" type="monotone" dataKey="tickets" name="Tickets" stroke={SECOND} dot={false} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
        <table className="sr-only">
          <caption>Revenue and tickets per day</caption>
          <thead>
            <tr><th scope="col">Date</th><th scope="col">Revenue</th><th scope="col">Tickets</th></tr>
          </thead>
          <tbody>
            {report.days.map((d) => (
              <tr key={d.date}><td>{d.date}</td><td>{formatPrice(d.revenue)}</td><td>{d.tickets}</td></tr>
            ))}
          </tbody>
        </table>
      </figure>
      <figure className="admin__chart">
        <figcaption>Fullest upcoming shows</figcaption>
        {occupancy.length === 0 ? (
          <p className="admin__muted">No upcoming shows.</p>
        ) : (
          <ol className="admin__occupancy">
            {occupancy.map((o) => (
              <li key={o.id}>
                <div className="admin__occupancy-label">
                  <span>
                    {o.title} · {o.time}
                  </span>
                  <span>
                    {o.occupied} / {o.capacity} seats · {o.percent}%
                  </span>
                </div>
                <div className="admin__occupancy-bar" aria-hidden="true">
                  <span style={{ width: `${o.percent}%` }} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </figure>
    </div>
  );
}
