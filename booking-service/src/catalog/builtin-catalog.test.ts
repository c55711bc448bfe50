import { describe, expect, it } from 'vitest';
import { createBuiltinCatalog, NOW_PLAYING_DAYS, PAGE_SIZE, TOP_RATED_MIN_VOTES } from './builtin-catalog.ts';
import { layoutTitle } from './art.ts';
import { MOVIES, PEOPLE } from './builtin-data.ts';
import type { CatalogMovieSummary } from '../contract/catalog.ts';
import type { TmdbDatedPage } from './types.ts';

const NOW = new Date('2031-03-10T15:30:00Z');
const TODAY = '2031-03-10';
const catalog = createBuiltinCatalog({ now: () => NOW });

const allPages = async (kind: 'now_playing' | 'upcoming' | 'top_rated' | 'popular') => {
  const first = await catalog.list(kind, 1);
  const results = [...first.results];
  for (let p = 2; p <= first.total_pages; p++) results.push(...(await catalog.list(kind, p)).results);
  return { first, results };
};

const daysBetween = (a: string, b: string) => (Date.parse(a) - Date.parse(b)) / 86_400_000;

describe('built-in data', () => {
  it('has at least 40 movies with unique ids and titles', () => {
    expect(MOVIES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(MOVIES.map((m) => m.id)).size).toBe(MOVIES.length);
    expect(new Set(MOVIES.map((m) => m.title)).size).toBe(MOVIES.length);
  });

  it('keeps values in their documented ranges', () => {
    for (const m of MOVIES) {
      expect(m.runtime).toBeGreaterThanOrEqual(80);
      expect(m.runtime).toBeLessThanOrEqual(180);
      expect(m.companies.length).toBeGreaterThanOrEqual(1);
      expect(m.companies.length).toBeLessThanOrEqual(5);
      expect(Number.isInteger(m.votes[0] * 10)).toBe(true);
      expect(m.overview.length).toBeGreaterThan(100);
    }
    expect(MOVIES.some((m) => m.adult)).toBe(true);
    expect(MOVIES.some((m) => m.money[0] === 0)).toBe(true);
    expect(MOVIES.filter((m) => m.trailers === 0).length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...MOVIES.map((m) => m.votes[1]))).toBeGreaterThan(20000);
    expect(new Set(MOVIES.map((m) => m.lang)).size).toBeGreaterThan(3);
  });
});

describe('movie details', () => {
  it('answers TMDB-shaped details', async () => {
    const movie = await catalog.movie(1001);
    expect(movie).toMatchObject({
      id: 1001,
      title: 'Lanterns Over Vellmar',
      status: 'Released',
      poster_path: '/poster-1001.svg',
      backdrop_path: '/backdrop-1001.svg',
      genres: [{ id: 14, name: 'Fantasy' }, { id: 12, name: 'Adventure' }, { id: 10751, name: 'Family' }],
      spoken_languages: [{ iso_639_1: 'en', english_name: 'English', name: 'English' }],
    });
    expect(movie?.production_companies[0]).toEqual({
      id: 7001, name: 'Lanternfall Pictures', logo_path: '/company-7001.svg', origin_country: 'US',
    });
    expect(movie?.release_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('gives upcoming movies a pre-release status', async () => {
    const upcoming = await catalog.list('upcoming', 1);
    for (const summary of upcoming.results) {
      const movie = await catalog.movie(summary.id);
      expect(['Post Production', 'In Production', 'Planned']).toContain(movie?.status);
    }
  });

  it('answers null for unknown ids everywhere', async () => {
    expect(await catalog.movie(1)).toBeNull();
    expect(await catalog.credits(999999)).toBeNull();
    expect(await catalog.similar(999999, 1)).toBeNull();
    expect(await catalog.videos(999999)).toBeNull();
  });

  it('is deterministic between instances', async () => {
    const other = createBuiltinCatalog({ now: () => NOW });
    expect(await other.movie(1030)).toEqual(await catalog.movie(1030));
    expect(await other.credits(1030)).toEqual(await catalog.credits(1030));
    expect(other.imageSvg('poster-1030.svg')).toBe(catalog.imageSvg('poster-1030.svg'));
  });
});

describe('credits', () => {
  it('casts 12 distinct people with characters for every movie', async () => {
    const personIds = new Set(PEOPLE.map((p) => p.id));
    for (const m of MOVIES) {
      const credits = await catalog.credits(m.id);
      expect(credits?.cast).toHaveLength(12);
      expect(new Set(credits?.cast.map((c) => c.id)).size).toBe(12);
      credits?.cast.forEach((member, index) => {
        expect(member.order).toBe(index);
        expect(member.character.length).toBeGreaterThan(0);
        expect(member.profile_path).toBe(`/person-${member.id}.svg`);
        expect(member.credit_id).toMatch(/^[0-9a-f]{24}$/);
        expect(personIds.has(member.id)).toBe(true);
      });
    }
  });

  it('credits voice roles in animated movies', async () => {
    const credits = await catalog.credits(1008);
    expect(credits?.cast.every((c) => c.character.endsWith('(voice)'))).toBe(true);
  });
});

describe('videos', () => {
  it('lists Local trailers, or none', async () => {
    const videos = await catalog.videos(1001);
    expect(videos?.results.length).toBeGreaterThanOrEqual(1);
    for (const v of videos?.results ?? []) {
      expect(v).toMatchObject({ site: 'Local', type: 'Trailer', key: expect.stringMatching(/^trailer-1001-\d$/) });
      expect(Date.parse(v.published_at)).toBeLessThan(NOW.getTime());
    }
    expect(await catalog.videos(1020)).toEqual({ id: 1020, results: [] });
  });
});

describe('similar', () => {
  it('ranks same-genre movies, excluding the movie itself', async () => {
    const source = await catalog.movie(1013);
    const page = await catalog.similar(1013, 1);
    expect(page?.results.length).toBeGreaterThan(0);
    expect(page?.results.length).toBeLessThanOrEqual(PAGE_SIZE);
    expect(page?.results.some((m) => m.id === 1013)).toBe(false);
    const genres = new Set(source?.genres.map((g) => g.id));
    const overlaps = page!.results.map((m) => m.genre_ids.filter((g) => genres.has(g)).length);
    expect(overlaps.every((n) => n > 0)).toBe(true);
    expect([...overlaps].sort((a, b) => b - a)).toEqual(overlaps);
  });

  it('answers an empty page beyond the end', async () => {
    const page = await catalog.similar(1013, 99);
    expect(page).toMatchObject({ page: 99, results: [] });
    expect(page?.total_results).toBeGreaterThan(0);
  });
});

describe('lists', () => {
  it('now_playing: at least 12, all released in the window, newest first, with dates', async () => {
    const { first, results } = await allPages('now_playing');
    expect(results.length).toBeGreaterThanOrEqual(12);
    for (const m of results) {
      expect(m.release_date <= TODAY).toBe(true);
      expect(daysBetween(TODAY, m.release_date)).toBeLessThanOrEqual(NOW_PLAYING_DAYS);
    }
    const dates = results.map((m) => m.release_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((first as TmdbDatedPage<CatalogMovieSummary>).dates).toEqual({ minimum: '2031-01-27', maximum: TODAY });
  });

  it('upcoming: at least 12, all in the future, soonest first, with dates', async () => {
    const { first, results } = await allPages('upcoming');
    expect(results.length).toBeGreaterThanOrEqual(12);
    expect(results.every((m) => m.release_date > TODAY)).toBe(true);
    const dates = results.map((m) => m.release_date);
    expect([...dates].sort()).toEqual(dates);
    expect((first as TmdbDatedPage<CatalogMovieSummary>).dates.minimum).toBe('2031-03-11');
  });

  it('keeps now playing and upcoming right as the clock moves on', async () => {
    const later = new Date(NOW.getTime() + 400 * 86_400_000);
    const moved = createBuiltinCatalog({ now: () => later });
    const today = later.toISOString().slice(0, 10);
    const upcoming = await moved.list('upcoming', 1);
    expect(upcoming.results.length).toBeGreaterThanOrEqual(12);
    expect(upcoming.results.every((m) => m.release_date > today)).toBe(true);
  });

  it('top_rated: by vote average, only well-voted movies, paginated', async () => {
    const { first, results } = await allPages('top_rated');
    expect(first.results).toHaveLength(PAGE_SIZE);
    expect(first.total_pages).toBe(Math.ceil(first.total_results / PAGE_SIZE));
    expect(results).toHaveLength(first.total_results);
    expect(results.every((m) => m.vote_count >= TOP_RATED_MIN_VOTES)).toBe(true);
    const averages = results.map((m) => m.vote_average);
    expect([...averages].sort((a, b) => b - a)).toEqual(averages);
    expect(results.some((m) => m.id === 1034)).toBe(false); // 91 votes
  });

  it('popular: every movie once, by popularity, 20 per page', async () => {
    const { first, results } = await allPages('popular');
    expect(first).toMatchObject({ page: 1, total_results: MOVIES.length, total_pages: Math.ceil(MOVIES.length / PAGE_SIZE) });
    expect(first.results).toHaveLength(PAGE_SIZE);
    expect(new Set(results.map((m) => m.id)).size).toBe(MOVIES.length);
    const popularity = results.map((m) => m.popularity);
    expect([...popularity].sort((a, b) => b - a)).toEqual(popularity);
    expect('dates' in first).toBe(false);
  });

  it('answers an empty page beyond the end', async () => {
    const page = await catalog.list('popular', 40);
    expect(page).toMatchObject({ page: 40, results: [], total_results: MOVIES.length });
  });
});

describe('images', () => {
  it('draws posters, backdrops, profiles and logos as SVG', () => {
    for (const file of ['poster-1001.svg', 'backdrop-1001.svg', 'person-5001.svg', 'company-7001.svg']) {
      const svg = catalog.imageSvg(file);
      expect(svg?.startsWith('<svg')).toBe(true);
      expect(svg?.endsWith('</svg>')).toBe(true);
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg).not.toMatch(/<script|href=|url\((?!#)/i);
    }
    expect(catalog.imageSvg('poster-1001.svg')).toContain('viewBox="0 0 500 750"');
    expect(catalog.imageSvg('backdrop-1001.svg')).toContain('viewBox="0 0 1280 720"');
    expect(catalog.imageSvg('person-5001.svg')).toContain('>OF<'); // initials of Odalys Fenwright
  });

  it('escapes titles in the poster', () => {
    const svg = catalog.imageSvg('poster-1022.svg');
    expect(svg).toContain('KEEPER&apos;S');
    expect(svg).toContain('Poster: The Lighthouse Keeper&apos;s Cat');
    expect(svg).not.toMatch(/Keeper's/);
  });

  it('has an image for every path the data hands out', async () => {
    for (const m of MOVIES) {
      const movie = await catalog.movie(m.id);
      const credits = await catalog.credits(m.id);
      const paths = [movie?.poster_path, movie?.backdrop_path, ...(movie?.production_companies ?? []).map((c) => c.logo_path), ...(credits?.cast ?? []).map((c) => c.profile_path)];
      for (const path of paths) expect(catalog.imageSvg(String(path).slice(1)), String(path)).not.toBeNull();
    }
  });

  it.each([
    '../poster-1001.svg', '..', '%2e%2e', 'poster-1001.svg/..', 'poster/1001.svg', 'poster-1001.svg?x=1', 'poster-01001.svg',
    'poster-1001.SVG', 'poster-1001.svg\n', ' poster-1001.svg', 'poster-0.svg', 'poster-1001', 'poster-.svg', 'logo-7001.svg',
    'poster-99999999999.svg', 'poster-1.svg', 'person-1001.svg', '',
  ])('rejects %j', (name) => {
    expect(catalog.imageSvg(name)).toBeNull();
  });

  it('wraps long titles and fits every line', () => {
    const { lines, fontSize } = layoutTitle('SHADOWS OF THE SIXTH REGIMENT', 440);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((line) => line.length * fontSize * 0.72 <= 440)).toBe(true);
    const huge = layoutTitle('A'.repeat(200), 440);
    expect(huge.lines.length).toBeLessThanOrEqual(4);
    expect(huge.lines.at(-1)?.endsWith('…')).toBe(true);
  });
});
