import type { SalesReportResponse } from 'booking-service/contract';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPrice, formatShowTime } from 'shared-ui';

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
  const totalRevenue = report.days.reduce((sum, d) => sum + d.revenue, 0);
  const totalTickets = report.days.reduce((sum, d) => sum + d.tickets, 0);
  const occupancy = report.occupancy.slice(0, 20).map((o) => ({
    name: `${o.title} · ${formatShowTime(o.showDateTime)}`,
    percent: Math.round((o.occupied / o.capacity) * 100),
    occupied: o.occupied,
  }));
  return (
    <div className="admin__charts">
      <figure className="admin__chart">
        <figcaption>
          Revenue and tickets, last {report.days.length} days ({formatPrice(totalRevenue)}, {totalTickets} tickets)
        </figcaption>
        <div aria-hidden="true" style={{ width: '100%', height: 260 }}>
          <ResponsiveContainer>
            <LineChart data={report.days} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
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
        <figcaption>Occupancy of upcoming shows</figcaption>
        {occupancy.length === 0 ? (
          <p className="admin__muted">No upcoming shows.</p>
        ) : (
          <>
            <div aria-hidden="true" style={{ width: '100%', height: Math.max(160, occupancy.length * 28) }}>
              <ResponsiveContainer>
                <BarChart data={occupancy} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
                  <CartesianGrid stroke={GRID} strokeDasharray="3 3" />
                  <XAxis type="number" domain={[0, 100]} unit="%" stroke={TEXT} />
                  <YAxis type="category" dataKey="name" width={260} stroke={TEXT} tick={{ fontSize: 12 }} />
                  <Tooltip contentStyle={{ background: '#18181b', border: `1px solid ${GRID}` }} />
                  <Bar dataKey="percent" name="Occupancy (%)" fill={ACCENT} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <table className="sr-only">
              <caption>Occupancy per upcoming show</caption>
              <thead>
                <tr><th scope="col">Show</th><th scope="col">Seats taken</th><th scope="col">Occupancy</th></tr>
              </thead>
              <tbody>
                {occupancy.map((o) => (
                  <tr key={o.name}><td>{o.name}</td><td>{o.occupied}</td><td>{o.percent}%</td></tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </figure>
    </div>
  );
}
