import { useEffect, useState, type FocusEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Movie } from 'booking-service/contract';
import { buttonClass, formatRuntime, imageUrl, releaseYear, StarRating, useAppConfig } from 'shared-ui';
import { HERO_DOTS, HERO_INTERVAL_MS } from '../../../lib/constants';

/** How long before its turn the next slide's image starts loading. */
const HERO_ART_AHEAD_MS = 2000;
import { useReducedMotion } from '../../../lib/use-reduced-motion';

/**
 * The home hero: one slide for each of the first 5 shows (spec §9's hero dots: one dot per slide, so the dots
 * always say where the carousel is), advancing every 5 s and wrapping, with previous/next buttons. It holds still while the
 * pointer is over it or focus is inside it, when the visitor pauses it, and
 * for visitors who prefer reduced motion. Slides are stacked in one fixed box
 * and cross-fade, so changing slide moves nothing on the page.
 *
 * Only the first slide's image loads with the page (it is the page's largest
 * paint); the others would compete with it for a phone's bandwidth. The next
 * slide's image loads shortly before its turn, and a slide shown keeps its image.
 */
export function HeroCarousel({ movies: showing }: { movies: Movie[] }) {
  const movies = showing.slice(0, HERO_DOTS);
  const config = useAppConfig();
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const count = movies.length;
  const current = count > 0 ? index % count : 0;
  const rotating = count > 1 && !hovered && !focused && !paused && !reducedMotion;
  const [withArt, setWithArt] = useState<ReadonlySet<number>>(() => new Set([0]));
  const keepArt = (slide: number) => setWithArt((shown) => (shown.has(slide) ? shown : new Set([...shown, slide])));

  useEffect(() => keepArt(current), [current]);
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => keepArt((current + 1) % count), HERO_INTERVAL_MS - HERO_ART_AHEAD_MS);
    return () => clearTimeout(timer);
  }, [rotating, current, count]);

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), HERO_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [rotating, current, count]);

  const go = (next: number) => setIndex(((next % count) + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className="c-hero"
      aria-roledescription="carousel"
      aria-label="Featured movies"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="c-hero__slides" aria-live={rotating ? 'off' : 'polite'}>
        {movies.map((movie, i) => {
          const active = i === current;
          const meta = [movie.genres.map((g) => g.name).join(' | '), releaseYear(movie.release_date), formatRuntime(movie.runtime)].filter(Boolean).join(' · ');
          return (
            <div
              key={movie._id}
              className="c-hero__slide"
              data-active={active}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}: ${movie.title}`}
              aria-hidden={!active}
              inert={!active}
            >
              {(active || withArt.has(i)) && (
                <img
                  className="c-hero__art"
                  src={imageUrl(config, movie.backdrop_path) ?? undefined}
                  alt=""
                  width={1280}
                  height={720}
                  decoding={i === 0 ? 'sync' : 'async'}
                  {...(i === 0 ? { fetchPriority: 'high' as const } : {})}
                />
              )}
              <div className="c-hero__text">
                <h2 className="c-hero__title">{movie.title}</h2>
                <p className="c-hero__meta">
                  {meta} <StarRating value={movie.vote_average} votes={movie.vote_count} />
                </p>
                <p className="c-hero__overview">{movie.overview}</p>
                <div className="c-hero__actions">
                  <Link className={buttonClass()} to={`/movies/${movie._id}`} aria-label={`Book tickets for ${movie.title}`}>
                    Book Tickets
                  </Link>
                  <Link className={buttonClass('secondary')} to="/movies">
                    Explore Movies
                  </Link>
                </div>
              </div>
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className="c-hero__controls">
          <button type="button" className="c-hero__arrow" aria-label="Previous slide" onClick={() => go(current - 1)}>
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M15 18l-6-6 6-6" />
            </svg>
          </button>
          <div className="c-hero__dots">
            {movies.map((movie, i) => (
              <button
                key={movie._id}
                type="button"
                className="c-hero__dot"
                aria-label={`Show slide ${i + 1}: ${movie.title}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button type="button" className="c-hero__arrow" aria-label="Next slide" onClick={() => go(current + 1)}>
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M9 6l6 6-6 6" />
            </svg>
          </button>
          {!reducedMotion && (
            <button type="button" className="c-hero__arrow" aria-pressed={paused} aria-label="Pause slideshow" onClick={() => setPaused((p) => !p)}>
              <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
                {paused ? <path d="M8 5v14l11-7z" /> : <path d="M6 5h4v14H6zM14 5h4v14h-4z" />}
              </svg>
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/** The hero's box while the shows load, the same size as the real one. */
export function HeroPlaceholder() {
  return <div className="c-hero c-hero--placeholder" aria-hidden="true" />;
}

/** The hero when nothing is showing (or the shows could not be loaded): a welcome instead of a blank box. */
export function HeroEmpty() {
  return (
    <section className="c-hero c-hero--empty" aria-label="Welcome">
      <div className="c-hero__text">
        <p className="c-hero__title">Movie nights start here</p>
        <p className="c-hero__overview">New shows are on their way. Browse the releases, or check back soon for showtimes.</p>
        <div className="c-hero__actions">
          <Link className={buttonClass()} to="/releases">
            See new releases
          </Link>
          <Link className={buttonClass('secondary')} to="/theaters">
            Our theaters
          </Link>
        </div>
      </div>
    </section>
  );
}
