import type { CatalogMovie } from 'booking-service/contract';

const languageNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : null;

/** The movie's original language in English: as the movie database names it, else as the browser does, else its code. */
export function languageName(movie: CatalogMovie): string {
  const code = movie.original_language;
  return movie.spoken_languages?.find((l) => l.iso_639_1 === code)?.english_name ?? languageNames?.of(code) ?? code.toUpperCase();
}
