import { useState } from 'react';
import { imageUrl, useAppConfig } from 'shared-ui';
import { MESSAGES } from '../../../lib/constants';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { youTubeThumbnail } from '../lib/pick-trailer';
import type { Trailer } from '../types';

/**
 * Plays a trailer in a fixed 16:9 box. A YouTube video loads its player only
 * when asked to (nothing comes from the internet before a click). The built-in
 * catalogue's 'Local' trailers have no video file: they play as an animated
 * preview built from the movie's own backdrop and poster.
 */
export function TrailerPlayer({ trailer }: { trailer: Trailer | null }) {
  if (!trailer?.video) {
    return (
      <div className="c-trailer c-trailer--empty" role="note">
        <p>{MESSAGES.trailerMissing}</p>
      </div>
    );
  }
  if (trailer.video.site === 'YouTube') return <YouTubePlayer key={trailer.id} trailer={trailer} videoKey={trailer.video.key} />;
  return <LocalPreview key={trailer.id} trailer={trailer} />;
}

function YouTubePlayer({ trailer, videoKey }: { trailer: Trailer; videoKey: string }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <div className="c-trailer">
        <iframe
          className="c-trailer__frame"
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoKey)}?autoplay=1&rel=0`}
          title={`Trailer: ${trailer.title}`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <div className="c-trailer">
      <img className="c-trailer__backdrop" src={youTubeThumbnail(videoKey)} alt="" width={480} height={360} loading="lazy" />
      <button type="button" className="c-trailer__play" onClick={() => setPlaying(true)} aria-label={`Play trailer: ${trailer.title}`}>
        <PlayIcon />
      </button>
    </div>
  );
}

function LocalPreview({ trailer }: { trailer: Trailer }) {
  const config = useAppConfig();
  const reduced = useReducedMotion();
  const [playing, setPlaying] = useState(!reduced);
  const backdrop = imageUrl(config, trailer.backdropPath);
  const poster = imageUrl(config, trailer.posterPath);
  return (
    <figure className="c-trailer c-trailer--local" data-playing={playing} aria-label={`Trailer preview: ${trailer.title}`}>
      <div className="c-trailer__stage" aria-hidden="true">
        {backdrop ? <img className="c-trailer__backdrop" src={backdrop} alt="" width={1280} height={720} /> : <div className="c-trailer__backdrop" />}
        {poster && <img className="c-trailer__poster" src={poster} alt="" width={500} height={750} />}
        <div className="c-trailer__caption">
          <span className="c-trailer__kicker">{trailer.video?.name ?? 'Trailer'}</span>
          <strong>{trailer.title}</strong>
        </div>
        <div className="c-trailer__progress">
          <span />
        </div>
      </div>
      <figcaption className="sr-only">An animated preview made from the artwork of {trailer.title}.</figcaption>
      <button type="button" className="c-trailer__control" aria-pressed={!playing} onClick={() => setPlaying((p) => !p)}>
        {playing ? <PauseIcon /> : <PlayIcon />}
        <span>{playing ? 'Pause' : 'Play'}</span>
      </button>
    </figure>
  );
}

function PlayIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
      <path d="M8 5v14l11-7z" />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
      <path d="M6 5h4v14H6zM14 5h4v14h-4z" />
    </svg>
  );
}
