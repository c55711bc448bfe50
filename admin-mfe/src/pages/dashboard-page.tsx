import { lazy, Suspense, useState } from 'react';
import { ErrorState, formatPrice, PageLayout, Skeleton } from 'shared-ui';
import { useDashboard } from '../features/dashboard/api/get-dashboard';
import { useSalesReport } from '../features/dashboard/api/get-sales-report';
import { ActiveShowCards } from '../features/dashboard/components/active-show-cards';
import { DoorCounts } from '../features/dashboard/components/door-counts';
import { CinemaTotals } from '../features/dashboard/components/cinema-totals';
import { useAdminCinemas } from '../features/cinemas/api/get-admin-cinemas';
import { CinemaFilter } from '../lib/cinema-filters';
import { SalesExport } from '../features/exports/components/sales-export';

// The chart library loads only with the dashboard, not with the admin remote's entry.
const SalesCharts = lazy(() => import('../features/dashboard/components/sales-charts'));

function Charts() {
  const report = useSalesReport();
  if (report.isPending) return <Skeleton height="16rem" />;
  if (report.isError) return <ErrorState title="Could not load the sales chart" message={report.error.message} onRetry={() => void report.refetch()} />;
  return (
    <Suspense fallback={<Skeleton height="16rem" />}>
      <SalesCharts report={report.data} />
    </Suspense>
  );
}

export function DashboardPage() {
  // The figures of one cinema, or of the chain with its totals per cinema.
  const [cinemaId, setCinemaId] = useState<string>();
  const cinemas = useAdminCinemas().data?.cinemas;
  const dashboard = useDashboard(cinemaId);
  if (dashboard.isPending) {
    return (
      <PageLayout title="Dashboard">
        <div role="status" aria-label="Loading dashboard">
          <Skeleton height="6rem" />
        </div>
      </PageLayout>
    );
  }
  if (dashboard.isError) {
    return <ErrorState title="Could not load the dashboard" message={dashboard.error.message} onRetry={() => void dashboard.refetch()} />;
  }
  const data = dashboard.data.dashboardData;
  const figures = [
    // What is counted, said beside the figure: paid bookings only, as List Bookings' Paid total.
    { label: 'Total Bookings', value: String(data.totalBookings), counts: 'paid; refunded and unpaid not counted' },
    { label: 'Total Revenue', value: formatPrice(data.totalRevenue), counts: 'of paid bookings; refunds not counted' },
    { label: 'Active Shows', value: String(data.activeShows.length) },
    { label: 'Total Users', value: String(data.totalUser) },
  ];
  return (
    <PageLayout title="Dashboard">
      {cinemas && (
        <form className="admin__filters" onSubmit={(e) => e.preventDefault()} aria-label="Dashboard of">
          <CinemaFilter cinemas={cinemas} value={cinemaId} onChange={setCinemaId} />
        </form>
      )}
      <dl className="admin__figures">
        {figures.map((f) => (
          <div key={f.label} className="admin__figure">
            <dt>{f.label}</dt>
            <dd>
              {f.value}
              {'counts' in f && <span className="admin__figure-counts">{f.counts}</span>}
            </dd>
          </div>
        ))}
      </dl>
      {data.byCinema && data.byCinema.length > 0 && (
        <>
          <h2 className="admin__section-title">By cinema</h2>
          <CinemaTotals rows={data.byCinema} />
        </>
      )}
      <h2 className="admin__section-title">At the door</h2>
      <DoorCounts cinemaId={cinemaId} />
      <h2 className="admin__section-title">Sales</h2>
      <Charts />
      <SalesExport cinemaFilter={(value, onChange) => <CinemaFilter cinemas={cinemas} value={value} onChange={onChange} />} />
      <h2 className="admin__section-title">Active Shows</h2>
      <ActiveShowCards shows={data.activeShows} />
    </PageLayout>
  );
}
