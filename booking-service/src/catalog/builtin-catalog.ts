/**
 * The embedded catalogue (used when no TMDB key is configured): serves the
 * fictional movies of builtin-data.ts in TMDB v3 shapes. Release dates are
 * computed on every call from the injected clock, so "now playing" and
 * "upcoming" stay true however long the service runs.
 */
import { backdropSvg, companyLogoSvg, posterSvg, profileSvg } from './art.ts';
import { COMPANIES, GENRES, LANGUAGES, MOVIES, PEOPLE, SUPPORTING_ROLES } from './builtin-data.ts';
import type { MovieSeed } from './builtin-data.ts';
import type {
  CatalogCastMember,
  CatalogCredits,
  CatalogListKind,
  CatalogMovie,
  CatalogMovieSummary,
  CatalogProductionCompany,
  CatalogVideo,
  CatalogVideos,
} from '../contract/catalog.ts';
import type { Catalog, TmdbDatedPage, TmdbPage } from './types.ts';

export const PAGE_SIZE = 20;
/** A movie is "now playing" from its release day until this many days later. */
export const NOW_PLAYING_DAYS = 42;
/** Upcoming covers releases from tomorrow up to this many days ahead. */
export const UPCOMING_DAYS = 120;
/** TMDB's top_rated ignores movies with too few votes; so do we. */
export const TOP_RATED_MIN_VOTES = 100;

const DAY_MS = 86_400_000;

/** File names the image route may ask for; anything else is rejected (path-traversal guard). */
const IMAGE_FILE = /^(poster|backdrop|person|company)-([1-9][0-9]{0,9})\.svg$/;

export interface BuiltinCatalog extends Catalog {
  /** SVG text for an image file name such as "poster-1001.svg", or null when there is no such image. */
  imageSvg(fileName: string): string | null;
}

export interface BuiltinCatalogOptions {
  now?: () => Date;
}

/** A movie seed with its per-movie derived data computed once at start. */
interface Entry {
  seed: MovieSeed;
  genreNames: string[];
  cast: CatalogCastMember[];
  companies: CatalogProductionCompany[];
}

const hex = (n: number, width = 8) => n.toString(16).padStart(width, '0');

function castFor(seed: MovieSeed, index: number): CatalogCastMember[] {
  const women = PEOPLE.filter((p) => p.gender === 1);
  const men = PEOPLE.filter((p) => p.gender === 2);
  // Each movie starts at a different point in each list, so casts vary between movies;
  // walking forward one by one keeps every person distinct within a movie.
  let w = (index * 7) % women.length;
  let m = (index * 11) % men.length;
  const next = (gender: 'f' | 'm') => (gender === 'f' ? women[w++ % women.length] : men[m++ % men.length]);
  const voiced = seed.genres.includes(16);

  const roles: { gender: 'f' | 'm'; character: string }[] = seed.leads.map((lead) => ({
    gender: lead.startsWith('f:') ? 'f' : 'm',
    character: lead.slice(2),
  }));
  for (let k = 0; roles.length < 12; k++) {
    const role = SUPPORTING_ROLES[(index * 5 + k * 3) % SUPPORTING_ROLES.length] ?? 'Passer-by';
    roles.push({ gender: k % 2 === 0 ? 'f' : 'm', character: role });
  }

  return roles.slice(0, 12).map((role, order) => {
    const person = next(role.gender);
    if (!person) throw new Error('builtin-data: people list is empty');
    const character = voiced && !role.character.includes('(voice)') ? `${role.character} (voice)` : role.character;
    return {
      id: person.id,
      name: person.name,
      character,
      profile_path: `/person-${person.id}.svg`,
      order,
      known_for_department: 'Acting',
      gender: person.gender,
      credit_id: `${hex(seed.id)}${hex(person.id)}${hex(order)}`,
    };
  });
}

function buildEntries(): Map<number, Entry> {
  const companies = new Map(COMPANIES.map((c) => [c.id, c]));
  const entries = new Map<number, Entry>();
  MOVIES.forEach((seed, index) => {
    entries.set(seed.id, {
      seed,
      genreNames: seed.genres.map((g) => GENRES[g]),
      cast: castFor(seed, index),
      companies: seed.companies.map((id) => {
        const company = companies.get(id);
        if (!company) throw new Error(`builtin-data: movie ${seed.id} names unknown company ${id}`);
        return { id, name: company.name, logo_path: `/company-${id}.svg`, origin_country: company.country };
      }),
    });
  });
  return entries;
}

function page<T>(items: T[], pageNumber: number): TmdbPage<T> {
  const p = Math.max(1, Math.floor(pageNumber));
  return {
    page: p,
    results: items.slice((p - 1) * PAGE_SIZE, p * PAGE_SIZE),
    total_pages: Math.max(1, Math.ceil(items.length / PAGE_SIZE)),
    total_results: items.length,
  };
}

function statusFor(offset: number): CatalogMovie['status'] {
  if (offset <= 0) return 'Released';
  if (offset <= 45) return 'Post Production';
  if (offset <= 90) return 'In Production';
  return 'Planned';
}

/** The day `offset` days after `base` (midnight UTC), as YYYY-MM-DD. */
const isoDay = (base: number, offset: number) => new Date(base + offset * DAY_MS).toISOString().slice(0, 10);

/** An entry as a list item of TMDB (release dates counted from `base`, today's midnight UTC). */
const summary = (e: Entry, base: number): CatalogMovieSummary => ({
  id: e.seed.id,
  title: e.seed.title,
  original_title: e.seed.originalTitle ?? e.seed.title,
  overview: e.seed.overview,
  poster_path: `/poster-${e.seed.id}.svg`,
  backdrop_path: `/backdrop-${e.seed.id}.svg`,
  release_date: isoDay(base, e.seed.release),
  vote_average: e.seed.votes[0],
  vote_count: e.seed.votes[1],
  genre_ids: [...e.seed.genres],
  adult: e.seed.adult ?? false,
  original_language: e.seed.lang,
  popularity: e.seed.popularity,
  video: false,
});

/** An entry as TMDB's movie details. */
const details = (e: Entry, base: number): CatalogMovie => {
  const { genre_ids: genreIds, ...rest } = summary(e, base);
  const [englishName, nativeName] = LANGUAGES[e.seed.lang];
  return {
    ...rest,
    tagline: e.seed.tagline,
    runtime: e.seed.runtime,
    genres: genreIds.map((id, i) => ({ id, name: e.genreNames[i] ?? '' })),
    status: statusFor(e.seed.release),
    budget: e.seed.money[0],
    revenue: e.seed.money[1],
    production_companies: e.companies.map((c) => ({ ...c })),
    homepage: '',
    imdb_id: null,
    spoken_languages: [{ english_name: englishName, iso_639_1: e.seed.lang, name: nativeName }],
  };
};

/** An entry's trailers as TMDB's videos. */
const videos = (e: Entry, base: number): CatalogVideo[] => {
  const names = ['Official Trailer', 'Final Trailer'];
  return names.slice(0, e.seed.trailers).map((name, i) => ({
    id: `${hex(e.seed.id)}${hex(0x7a11e4)}${hex(i + 1)}`,
    iso_639_1: 'en',
    iso_3166_1: 'US',
    name,
    // site 'Local': no video file exists; frontends animate the poster and backdrop instead.
    key: `trailer-${e.seed.id}-${i + 1}`,
    site: 'Local',
    size: 1080,
    type: 'Trailer',
    official: true,
    // First trailer ~4 months before release, the final one ~1 month before; never in the future.
    published_at: new Date(Math.min(base - DAY_MS, base + (e.seed.release - (i === 0 ? 120 : 30)) * DAY_MS) + 17 * 3_600_000).toISOString(),
  }));
};

const byPopularity = (a: Entry, b: Entry) => b.seed.popularity - a.seed.popularity || a.seed.id - b.seed.id;

/** The entries of each of TMDB's lists, in its order. */
function listsOf(all: Entry[]): Record<CatalogListKind, () => Entry[]> {
  return {
    now_playing: () =>
      all
        .filter((e) => e.seed.release <= 0 && e.seed.release >= -NOW_PLAYING_DAYS)
        .sort((a, b) => b.seed.release - a.seed.release || byPopularity(a, b)),
    upcoming: () =>
      all
        .filter((e) => e.seed.release >= 1 && e.seed.release <= UPCOMING_DAYS)
        .sort((a, b) => a.seed.release - b.seed.release || byPopularity(a, b)),
    top_rated: () =>
      all
        .filter((e) => e.seed.votes[1] >= TOP_RATED_MIN_VOTES)
        .sort((a, b) => b.seed.votes[0] - a.seed.votes[0] || b.seed.votes[1] - a.seed.votes[1] || a.seed.id - b.seed.id),
    popular: () => [...all].sort(byPopularity),
  };
}

/** The SVG of an image file name (a movie's poster or backdrop, a person, a company), or null. */
function imageSvgOf(entries: Map<number, Entry>, fileName: string): string | null {
  const match = IMAGE_FILE.exec(fileName);
  if (!match) return null;
  const id = Number(match[2]);
  switch (match[1]) {
    case 'poster':
    case 'backdrop': {
      const e = entries.get(id);
      if (!e) return null;
      const art = { id, title: e.seed.title, genres: e.genreNames };
      return match[1] === 'poster' ? posterSvg(art) : backdropSvg(art);
    }
    case 'person': {
      const person = PEOPLE.find((p) => p.id === id);
      return person ? profileSvg(person) : null;
    }
    case 'company': {
      const company = COMPANIES.find((c) => c.id === id);
      return company ? companyLogoSvg(company) : null;
    }
    default:
      return null;
  }
}

export function createBuiltinCatalog(options: BuiltinCatalogOptions = {}): BuiltinCatalog {
  const now = options.now ?? (() => new Date());
  const entries = buildEntries();
  const all = [...entries.values()];
  const lists = listsOf(all);

  /** Midnight UTC of today's date; offsets count whole days from it. */
  const today = () => {
    const d = now();
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  };

  return {
    name: 'builtin',

    async movie(id) {
      const e = entries.get(id);
      return e ? details(e, today()) : null;
    },

    async credits(id): Promise<CatalogCredits | null> {
      const e = entries.get(id);
      return e ? { id, cast: e.cast.map((c) => ({ ...c })), crew: [] } : null;
    },

    async similar(id, pageNumber) {
      const e = entries.get(id);
      if (!e) return null;
      const base = today();
      const genres = new Set(e.seed.genres);
      const overlap = (other: Entry) => other.seed.genres.filter((g) => genres.has(g)).length;
      const ranked = all
        .filter((other) => other !== e && overlap(other) > 0)
        .sort((a, b) => overlap(b) - overlap(a) || byPopularity(a, b));
      return page(ranked.map((other) => summary(other, base)), pageNumber);
    },

    async videos(id): Promise<CatalogVideos | null> {
      const e = entries.get(id);
      return e ? { id, results: videos(e, today()) } : null;
    },

    async list(kind, pageNumber) {
      const base = today();
      const result = page(lists[kind]().map((e) => summary(e, base)), pageNumber);
      if (kind === 'now_playing') {
        return { ...result, dates: { minimum: isoDay(base, -NOW_PLAYING_DAYS), maximum: isoDay(base, 0) } } satisfies TmdbDatedPage<CatalogMovieSummary>;
      }
      if (kind === 'upcoming') {
        return { ...result, dates: { minimum: isoDay(base, 1), maximum: isoDay(base, UPCOMING_DAYS) } } satisfies TmdbDatedPage<CatalogMovieSummary>;
      }
      return result;
    },

    imageSvg: (fileName) => imageSvgOf(entries, fileName),
  };
}
