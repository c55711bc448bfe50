import { ErrorState, formatPrice, PageLayout, Skeleton } from 'shared-ui';
import { useDashboard } from '../features/dashboard/api/get-dashboard';
import { ActiveShowCards } from '../features/dashboard/components/active-show-cards';

export function DashboardPage() {
  const dashboard = useDashboard();
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
    { label: 'Total Bookings', value: String(data.totalBookings) },
    { label: 'Total Revenue', value: formatPrice(data.totalRevenue) },
    { label: 'Active Shows', value: String(data.activeShows.length) },
    { label: 'Total Users', value: String(data.totalUser) },
  ];
  return (
    <PageLayout title="Dashboard">
      <dl className="admin__figures">
        {figures.map((f) => (
          <div key={f.label} className="admin__figure">
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="admin__section-title">Active Shows</h2>
      <ActiveShowCards shows={data.activeShows} />
    </PageLayout>
  );
}
