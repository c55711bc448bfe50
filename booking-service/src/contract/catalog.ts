import { Type, type Static, type TSchema } from 'typebox';

/**
 * The movie catalogue's answers (GET /api/catalog/...): TMDB v3's shapes, which
 * both catalogues give (the built-in one and the TMDB proxy), plus `success: true`
 * like the rest of the API. Objects allow more fields than these: the TMDB proxy
 * passes TMDB's answers through whole, so clients written against TMDB read them
 * unchanged; these are the fields the service promises.
 */

const ImagePath = Type.Union([Type.String(), Type.Null()], { description: 'TMDB-style path ("/poster-603692.svg"); join with the configured imageBaseUrl' });
const ok = { success: Type.Literal(true) };

export const CatalogGenreSchema = Type.Object({ id: Type.Integer(), name: Type.String() });

export const CatalogMovieSummarySchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  original_title: Type.String(),
  overview: Type.String(),
  poster_path: ImagePath,
  backdrop_path: ImagePath,
  release_date: Type.String({ description: 'YYYY-MM-DD, or empty when unknown' }),
  vote_average: Type.Number(),
  vote_count: Type.Integer(),
  genre_ids: Type.Array(Type.Integer()),
  adult: Type.Boolean(),
  original_language: Type.String(),
  popularity: Type.Number(),
  video: Type.Boolean(),
});

export const CatalogProductionCompanySchema = Type.Object({ id: Type.Integer(), name: Type.String(), logo_path: ImagePath, origin_country: Type.String() });

export const CatalogMovieSchema = Type.Object({
  ...Type.Omit(CatalogMovieSummarySchema, ['genre_ids']).properties,
  tagline: Type.String(),
  runtime: Type.Union([Type.Integer(), Type.Null()], { description: 'Minutes; null when unknown' }),
  genres: Type.Array(CatalogGenreSchema),
  status: Type.String({ description: 'Rumored, Planned, In Production, Post Production, Released or Canceled' }),
  budget: Type.Number({ description: 'USD, 0 when unknown' }),
  revenue: Type.Number(),
  production_companies: Type.Array(CatalogProductionCompanySchema),
  homepage: Type.String(),
  imdb_id: Type.Union([Type.String(), Type.Null()]),
  spoken_languages: Type.Array(Type.Object({ english_name: Type.String(), iso_639_1: Type.String(), name: Type.String() })),
});

export const CatalogCastMemberSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  character: Type.String(),
  profile_path: ImagePath,
  order: Type.Integer(),
  known_for_department: Type.String(),
  gender: Type.Integer(),
  credit_id: Type.String(),
});

export const CatalogCreditsSchema = Type.Object({ id: Type.Integer(), cast: Type.Array(CatalogCastMemberSchema), crew: Type.Array(Type.Unknown()) });

export const CatalogVideoSchema = Type.Object({
  id: Type.String(),
  iso_639_1: Type.String(),
  iso_3166_1: Type.String(),
  name: Type.String(),
  key: Type.String(),
  site: Type.String({ description: '"YouTube" for TMDB; "Local" for the built-in catalogue\'s own player' }),
  size: Type.Integer(),
  type: Type.String({ description: 'Trailer, Teaser, ...' }),
  official: Type.Boolean(),
  published_at: Type.String(),
});

export const CatalogVideosSchema = Type.Object({ id: Type.Integer(), results: Type.Array(CatalogVideoSchema) });

const pageOf = <T extends TSchema>(item: T) =>
  Type.Object({ page: Type.Integer(), results: Type.Array(item), total_pages: Type.Integer(), total_results: Type.Integer() });

export const CatalogMoviePageSchema = Type.Object({
  ...pageOf(CatalogMovieSummarySchema).properties,
  dates: Type.Optional(Type.Object({ minimum: Type.String(), maximum: Type.String() }, { description: 'now_playing and upcoming: the release window' })),
});

export const CatalogListKinds = ['now_playing', 'upcoming', 'top_rated', 'popular'] as const;

// ---- the answers ----

export const CatalogMoviePageResponse = Type.Object({ ...CatalogMoviePageSchema.properties, ...ok });
export const CatalogMovieResponse = Type.Object({ ...CatalogMovieSchema.properties, ...ok });
export const CatalogCreditsResponse = Type.Object({ ...CatalogCreditsSchema.properties, ...ok });
export const CatalogVideosResponse = Type.Object({ ...CatalogVideosSchema.properties, ...ok });

export type CatalogListKind = (typeof CatalogListKinds)[number];
export type CatalogGenre = Static<typeof CatalogGenreSchema>;
export type CatalogMovieSummary = Static<typeof CatalogMovieSummarySchema>;
export type CatalogProductionCompany = Static<typeof CatalogProductionCompanySchema>;
export type CatalogMovie = Static<typeof CatalogMovieSchema>;
export type CatalogCastMember = Static<typeof CatalogCastMemberSchema>;
export type CatalogCredits = Static<typeof CatalogCreditsSchema>;
export type CatalogVideo = Static<typeof CatalogVideoSchema>;
export type CatalogVideos = Static<typeof CatalogVideosSchema>;
export type CatalogMoviePage = Static<typeof CatalogMoviePageSchema>;
export type CatalogMoviePageResponse = Static<typeof CatalogMoviePageResponse>;
export type CatalogMovieResponse = Static<typeof CatalogMovieResponse>;
export type CatalogCreditsResponse = Static<typeof CatalogCreditsResponse>;
export type CatalogVideosResponse = Static<typeof CatalogVideosResponse>;
