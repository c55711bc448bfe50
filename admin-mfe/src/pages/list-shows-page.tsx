import { Button, PageLayout } from 'shared-ui';
import { useComposedSearchParams } from 'shared-ui/search-params';
import { StaffListStates, StaffPager, useTheatreTimeZone } from 'shared-ui/staff';
import { useAdminShows } from '../features/shows/api/get-admin-shows';
import { ShowFilters } from '../features/shows/components/show-filters';
import { ShowTable } from '../features/shows/components/show-table';
import { showListQuery, withChange } from '../features/shows/lib/show-list-query';
import { useAdminCinemas } from '../features/cinemas/api/get-admin-cinemas';

/**
 * List Shows: filtered by movie, cinema, screen and date range (or the one show the Schedule opened), sorted and paged by the
 * service; the URL keeps it all. A dense table: each row names
 * its cinema and screen, says when it is cancelled, and has its actions (seat map, change price, cancel the show).
 */
export function ListShowsPage() {
  const [params, changeParams] = useComposedSearchParams();
  const query = showListQuery(params);
  const shows = useAdminShows(query);
  const timeZone = useTheatreTimeZone();
  const cinemas = useAdminCinemas().data?.cinemas;
  const change = (values: Record<string, string | undefined>) => changeParams((current) => withChange(current, values));

  return (
    <PageLayout title="List Shows">
      <ShowFilters query={query} movies={shows.data?.movies ?? []} cinemas={cinemas} change={change} />
      {query.ids && (
        <p className="admin__one-show">
          Showing the show opened from the Schedule.{' '}
          <Button variant="ghost" onClick={() => change({ show: undefined })}>
            Show all shows
          </Button>
        </p>
      )}
      <StaffListStates
        query={shows}
        loadingLabel="Loading shows"
        empty={{ rows: (data) => data.shows, title: 'No shows found', text: params.size > 0 ? 'No show matches these filters.' : 'Add shows from Add Shows.' }}
      >
        {(data) => (
          <>
            <ShowTable shows={data.shows} withPlace={Boolean(cinemas)} timeZone={timeZone} />
            <StaffPager
              className="admin__pager"
              label="Pages"
              page={Number(query.page)}
              pageSize={Number(query.pageSize)}
              total={data.total}
              noun="show"
              onPage={(page) => change({ page: String(page) })}
            />
          </>
        )}
      </StaffListStates>
    </PageLayout>
  );
}
