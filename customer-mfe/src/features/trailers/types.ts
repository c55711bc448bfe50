export interface CatalogVideo {
  id: string;
  key: string;
  name: string;
  site: string;
  type: string;
}

export interface CatalogVideos {
  id: number;
  results: CatalogVideo[];
}

/** A trailer as the player shows it: the video (null for a placeholder) and the movie art to build it from. */
export interface Trailer {
  id: string;
  title: string;
  video: CatalogVideo | null;
  posterPath: string | null;
  backdropPath: string | null;
}
