import { useQuery } from '@tanstack/react-query';
import { ErrorState, formatPrice, PageLayout, Skeleton, useApi } from 'shared-ui';

export function DashboardPage() {
  const api = useApi();
  const dashboard = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: async () => {
      try {
        return await api.dashboard();
      } catch (error) {
        console.error('Error fetching dashboard data:', error);
        throw error;
      }
    },
  });
  if (dashboard.isPending) return <PageLayout title="Dashboard"><Skeleton height="6rem" /></PageLayout>;
  if (dashboard.isError) return <ErrorState title="Could not load the dashboard" message={dashboard.error.message} onRetry={() => void dashboard.refetch()} />;
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
    </PageLayout>
  );
}
