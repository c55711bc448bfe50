import { useState } from 'react';
import { imageUrl, useAppConfig } from 'shared-ui';
import { Section } from '../../../components/section';
import { HOME_TRAILER_SHOWS, MESSAGES, PLACEHOLDER_TRAILERS } from '../../../lib/constants';
import { useMoviesVideos } from '../api/get-movie-videos';
import { pickTrailer, youTubeThumbnail } from '../lib/pick-trailer';
import type { Trailer } from '../types';
import { TrailerPlayer } from './trailer-player';
import { TrailersSkeleton } from './trailers-skeleton';

export interface TrailerSourceMovie {
  id: string;
  title: string;
  posterPath: string | null;
  backdropPath: string | null;
}

const placeholders: Trailer[] = Array.from({ length: PLACEHOLDER_TRAILERS }, (_, i) => ({
  id: `placeholder-${i + 1}`,
  title: `Featured Movie ${i + 1}`,
  video: null,
  posterPath: null,
  backdropPath: null,
}));

/**
 * Home "Trailers": the trailers of the first 4 shows, a player and thumbnails.
 * None found: four placeholders named Featured Movie N (spec §8).
 */
export function HomeTrailers({ movies, loading }: { movies: TrailerSourceMovie[]; loading: boolean }) {
  const sources = movies.slice(0, HOME_TRAILER_SHOWS);
  const results = useMoviesVideos(sources.map((m) => m.id));
  const settled = !loading && results.every((r) => !r.isPending);
  const found: Trailer[] = sources.flatMap((movie, i) => {
    const video = pickTrailer(results[i]?.data?.results);
    return video ? [{ id: movie.id, title: movie.title, video, posterPath: movie.posterPath, backdropPath: movie.backdropPath }] : [];
  });
  const trailers = found.length > 0 ? found : settled ? placeholders : [];
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const current = trailers.find((t) => t.id === selectedId) ?? trailers[0] ?? null;

  return (
    <Section title="Trailers" className="c-home-trailers">
      {trailers.length === 0 ? (
        <TrailersSkeleton />
      ) : (
        <>
          {found.length === 0 && <p className="c-muted">{MESSAGES.noTrailers}</p>}
          <TrailerPlayer trailer={current} />
          <ul className="c-trailer-thumbs" aria-label="Choose a trailer">
            {trailers.map((trailer) => (
              <li key={trailer.id}>
                <TrailerThumb trailer={trailer} selected={trailer.id === current?.id} onSelect={() => setSelectedId(trailer.id)} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

function TrailerThumb({ trailer, selected, onSelect }: { trailer: Trailer; selected: boolean; onSelect: () => void }) {
  const config = useAppConfig();
  const src = trailer.video?.site === 'YouTube' ? youTubeThumbnail(trailer.video.key) : imageUrl(config, trailer.backdropPath);
  return (
    <button type="button" className="c-trailer-thumb" aria-pressed={selected} onClick={onSelect}>
      <span className="c-trailer-thumb__art">
        {src ? <img src={src} alt="" width={320} height={180} loading="lazy" decoding="async" /> : <span className="c-trailer-thumb__blank" />}
      </span>
      <span className="c-trailer-thumb__title">{trailer.title}</span>
    </button>
  );
}
