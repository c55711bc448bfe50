import { MOVIES } from './fixtures';

/** The chain as GET /api/cinemas and /api/cinemas/:id answer it, for the theatre pages' tests. */
const screen = (cinemaId: string, n: number, format = 'Standard') => ({ _id: `${cinemaId}-${n}`, name: `Screen ${n}`, format, seatCount: 90 });
const cinema = (id: string, name: string, city: string, formats: string[]) => ({
  _id: id,
  name,
  address: `1 ${name} Road`,
  city,
  timeZone: 'UTC',
  phone: '+1 555 0100',
  facilities: ['Wheelchair access', 'Parking'],
  mapUrl: `https://www.openstreetmap.org/search?query=${encodeURIComponent(`1 ${name} Road, ${city}`)}`,
  screens: formats.map((format, i) => screen(id, i + 1, format)),
});

export const CINEMAS = [
  cinema('marquee-marine-drive', 'Marquee Marine Drive', 'Mumbai', ['Standard', 'IMAX']),
  cinema('marquee-bandra', 'Marquee Bandra Talkies', 'Mumbai', ['Standard', 'Recliner']),
  cinema('marquee-saket', 'Marquee Saket', 'Delhi', ['Standard', 'Dolby Atmos']),
  cinema('marquee-cp', 'Marquee Connaught Place', 'Delhi', ['Standard']),
  cinema('marquee-indiranagar', 'Marquee Indiranagar', 'Bangalore', ['Standard', 'IMAX']),
  cinema('marquee-koramangala', 'Marquee Koramangala', 'Bangalore', ['Standard']),
];
export const CITIES = ['Mumbai', 'Delhi', 'Bangalore'];

/** A cinema's detail: four movies, the first with two times on one day (Screen 1 and Screen 2). */
export function cinemaDetail(id: string) {
  const found = CINEMAS.find((c) => c._id === id)!;
  const time = (n: number, at: string, screenNumber = 1) => ({
    showId: `${id}-show-${n}`,
    showDateTime: at,
    screenId: `${id}-${screenNumber}`,
    screenName: `Screen ${screenNumber}`,
    format: found.screens[screenNumber - 1]?.format ?? 'Standard',
  });
  return {
    success: true,
    cinema: { ...found, screens: found.screens.map((s) => ({ ...s, layout: { rows: [{ label: 'A', seats: 'sssssssss' }] } })) },
    shows: MOVIES.slice(0, 4).map((movie, i) => ({
      movie,
      times: i === 0 ? [time(1, '2026-12-01T10:00:00.000Z'), time(2, '2026-12-01T18:30:00.000Z', 2)] : [time(10 + i, '2026-12-02T12:00:00.000Z')],
    })),
  };
}
