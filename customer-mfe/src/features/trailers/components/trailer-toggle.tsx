import { useId, useState, type ReactNode } from 'react';
import { Button, ErrorState, Skeleton } from 'shared-ui';
import { isNotFound } from '../../../lib/api-error';
import { useMovieVideos } from '../api/get-movie-videos';
import { pickTrailer } from '../lib/pick-trailer';
import { TrailerPlayer } from './trailer-player';

interface TrailerMovie {
  id: string;
  title: string;
  posterPath: string | null;
  backdropPath: string | null;
}

/**
 * Watch Trailer / Hide Trailer, in a row with the page's other `actions`, and
 * the player below that row: the movie's videos are fetched only once shown.
 */
export function TrailerToggle({ movie, actions }: { movie: TrailerMovie; actions?: ReactNode }) {
  const [shown, setShown] = useState(false);
  const panelId = useId();
  return (
    <>
      <div className="c-detail__actions">
        <Button variant="secondary" aria-expanded={shown} aria-controls={panelId} onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide Trailer' : 'Watch Trailer'}
        </Button>
        {actions}
      </div>
      <div id={panelId} className="c-trailer-panel" hidden={!shown}>
        {shown && <TrailerPanel movie={movie} />}
      </div>
    </>
  );
}

function TrailerPanel({ movie }: { movie: TrailerMovie }) {
  const videos = useMovieVideos(movie.id, true);
  if (videos.isPending) return <Skeleton className="c-trailer" height="auto" />;
  // A movie the catalogue does not know simply has no trailer.
  if (videos.isError && isNotFound(videos.error)) return <TrailerPlayer trailer={null} />;
  if (videos.isError) return <ErrorState title="Could not load the trailer" message={videos.error.message} onRetry={() => void videos.refetch()} />;
  const video = pickTrailer(videos.data.results);
  return <TrailerPlayer trailer={{ id: movie.id, title: movie.title, video, posterPath: movie.posterPath, backdropPath: movie.backdropPath }} />;
}
