import { formatDay } from 'shared-ui';
import type { SeatFeed } from '../hooks/use-live-seats';

/** The page's title, the movie and date, and whether the seats are live (the stream) or polled. */
export function SeatPageHeader({ title, date, feed }: { title: string; date: string; feed: SeatFeed | null }) {
  return (
    <header className="c-seats-head">
      <h1 className="ui-page__title">Select your seat</h1>
      <p className="c-muted">
        {title} · {formatDay(date)}
        <span className="c-live" data-feed={feed ?? 'polling'} hidden={feed === null}>
          {feed === 'stream' ? 'Live' : 'Auto-refresh'}
        </span>
      </p>
    </header>
  );
}
