import type { RemoteEventCountsResponse } from 'booking-service/contract';
import { EmptyState, ErrorState, Skeleton } from 'shared-ui';
import { useLiveRemotes, type LiveRemotes } from '../api/get-live-remotes';
import { useRemoteEvents } from '../api/get-remote-events';

const REMOTES = ['customer', 'admin', 'debug'] as const;

interface ReleaseRow {
  remote: string;
  version: string;
  role: 'Live' | 'Canary';
  share: number;
}

/** One row per release browsers get: each remote's live release and, when there is one, its canary with its share. */
function releaseRows(live: LiveRemotes): ReleaseRow[] {
  return REMOTES.flatMap((remote) => {
    const canary = live.canary?.[remote];
    const stable: ReleaseRow = { remote, version: live.versions?.[remote] ?? 'unknown', role: 'Live', share: 1 - (canary?.share ?? 0) };
    return canary ? [stable, { remote, version: canary.version, role: 'Canary', share: canary.share }] : [stable];
  });
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

/** For platform and support staff: which release of each remote is live, a canary's share, and the loads and failures the shells reported per release. */
export function LiveReleases() {
  const live = useLiveRemotes();
  const events = useRemoteEvents();
  if (live.isPending || events.isPending) return <Skeleton height="6rem" />;
  if (live.isError) return <ErrorState message="Failed to fetch the live releases" onRetry={() => void live.refetch()} />;
  if (!live.data) return <EmptyState title="No remotes.json here" text="This page is not served by a deployed site." />;
  const counts = new Map((events.data?.versions ?? []).map((entry: RemoteEventCountsResponse['versions'][number]) => [`${entry.remote} ${entry.version}`, entry]));
  return (
      <table className="staff-table">
        <caption className="sr-only">Live releases of the remotes</caption>
        <thead>
          <tr>
            <th scope="col">Remote</th>
            <th scope="col">Release</th>
            <th scope="col">Serves</th>
            <th scope="col">Share of browsers</th>
            <th scope="col">Loads</th>
            <th scope="col">Failures</th>
          </tr>
        </thead>
        <tbody>
          {releaseRows(live.data).map((row) => {
            const count = counts.get(`${row.remote} ${row.version}`);
            return (
              <tr key={`${row.remote} ${row.role}`}>
                <td data-label="Remote">{row.remote}</td>
                <td data-label="Release">
                  <code>{row.version}</code>
                </td>
                <td data-label="Serves">{row.role}</td>
                <td data-label="Share of browsers">{percent(row.share)}</td>
                <td data-label="Loads">{events.isError ? '?' : (count?.loads ?? 0)}</td>
                <td data-label="Failures">{events.isError ? '?' : (count?.failures ?? 0)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
  );
}
