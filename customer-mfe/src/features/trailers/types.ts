import type { CatalogVideo } from 'booking-service/contract';

/** A trailer as the player shows it: the video (null for a placeholder) and the movie art to build it from. */
export interface Trailer {
  id: string;
  title: string;
  video: CatalogVideo | null;
  posterPath: string | null;
  backdropPath: string | null;
}
