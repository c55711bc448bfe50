import type { RemoteEventCountsResponse } from 'booking-service/contract';
import { EmptyState, ErrorState, Skeleton } from 'shared-ui';
import { StaffTable, type StaffColumn } from 'shared-ui/staff';
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

type EventCounts = RemoteEventCountsResponse['versions'][number];

/** A release's row: which, what it serves, its share, and what the shells reported ('?' when that could not be read). */
function releaseColumns(countsOf: (row: ReleaseRow) => EventCounts | undefined, countsFailed: boolean): StaffColumn<ReleaseRow>[] {
  const counted = (figure: (counts: EventCounts | undefined) => number) => (row: ReleaseRow) => (countsFailed ? '?' : figure(countsOf(row)));
  return [
    { heading: 'Remote', cell: (row) => row.remote },
    { heading: 'Release', cell: (row) => <code>{row.version}</code> },
    { heading: 'Serves', cell: (row) => row.role },
    { heading: 'Share of browsers', cell: (row) => percent(row.share) },
    { heading: 'Loads', cell: counted((counts) => counts?.loads ?? 0) },
    { heading: 'Failures', cell: counted((counts) => counts?.failures ?? 0) },
  ];
}

/** For platform and support staff: which release of each remote is live, a canary's share, and the loads and failures the shells reported per release. */
export function LiveReleases() {
  const live = useLiveRemotes();
  const events = useRemoteEvents();
  if (live.isPending || events.isPending) return <Skeleton height="6rem" />;
  if (live.isError) return <ErrorState message="Failed to fetch the live releases" onRetry={() => void live.refetch()} />;
  if (!live.data) return <EmptyState title="No remotes.json here" text="This page is not served by a deployed site." />;
  const counts = new Map((events.data?.versions ?? []).map((entry: EventCounts) => [`${entry.remote} ${entry.version}`, entry]));
  const columns = releaseColumns((row) => counts.get(`${row.remote} ${row.version}`), events.isError);
  return <StaffTable caption="Live releases of the remotes" columns={columns} rows={releaseRows(live.data)} rowKey={(row) => `${row.remote} ${row.role}`} />;
}
