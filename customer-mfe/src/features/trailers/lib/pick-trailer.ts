import type { CatalogVideo } from 'booking-service/contract';

const PLAYABLE_SITES = new Set(['YouTube', 'Local']);

/** The best video to show: an official Trailer first, then any Trailer or Teaser, on a site we can play. */
export function pickTrailer(videos: CatalogVideo[] | undefined): CatalogVideo | null {
  const playable = (videos ?? []).filter((v) => PLAYABLE_SITES.has(v.site) && v.key);
  return playable.find((v) => v.type === 'Trailer') ?? playable.find((v) => v.type === 'Teaser') ?? playable[0] ?? null;
}

/** Thumbnail of a video: the movie's backdrop for the built-in (Local) trailers, the site's still for YouTube. */
export function youTubeThumbnail(key: string): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(key)}/hqdefault.jpg`;
}
