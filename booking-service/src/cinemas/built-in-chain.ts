import { DEFAULT_LAYOUT, type LayoutRow, type ScreenLayout } from '../contract/seats/layout.ts';
import { DEFAULT_TURNOVER_MINUTES, type Cinema, type Screen } from './cinema.ts';

/**
 * The built-in chain (the embedded default, seeded at start when absent: composition/services.ts): the spec's
 * cities, two cinemas each, each with screens of different shapes. The first cinema's first screen is the
 * spec's hall (DEFAULT_LAYOUT, all standard): every show made before cinemas existed is on it (migration 0015),
 * and a show added without a screen goes there.
 */

export const DEFAULT_CINEMA_ID = 'marquee-marine-drive';
export const DEFAULT_SCREEN_ID = 'marquee-marine-drive-1';

/** Rows from `label seats` lines; a line starting with `|` has a walkway in front of it. */
function layout(...lines: string[]): ScreenLayout {
  const rows: LayoutRow[] = lines.map((line) => {
    const aisleBefore = line.startsWith('|');
    const [label, seats] = line.replace(/^\|/, '').split(' ') as [string, string];
    return { label, seats, ...(aisleBefore ? { aisleBefore: true } : {}) };
  });
  return { rows };
}

/** A centre aisle, wheelchair spaces with companion seats at both ends of row A, premium rows at the back. */
const CENTRE_AISLE = layout(
  'A wcsss.ssscw',
  'B sssss.sssss',
  'C sssss.sssss',
  'D sssss.sssss',
  '|E sssss.sssss',
  'F sssss.sssss',
  'G sssss.sssss',
  '|H ppppp.ppppp',
  'I ppppp.ppppp',
);

/** A large screen with two aisles; wheelchair spaces in row A, premium at the back. */
const LARGE_TWO_AISLES = layout(
  'A wc.ssssssss.cw',
  'B sss.ssssssss.sss',
  'C sss.ssssssss.sss',
  'D sss.ssssssss.sss',
  'E sss.ssssssss.sss',
  '|F sss.ssssssss.sss',
  'G sss.ssssssss.sss',
  'H sss.ssssssss.sss',
  'I sss.ssssssss.sss',
  '|J ppp.pppppppp.ppp',
  'K ppp.pppppppp.ppp',
);

/** A small recliner room: premium pairs, a wheelchair space with its companion seat in the front row. */
const RECLINERS = layout('A wc.pp.pp', 'B pp.pp.pp', 'C pp.pp.pp', 'D pp.pp.pp', 'E pp.pp.pp');

/** A plain room: one cross aisle, a wheelchair space at row A's end, the last row premium. */
const SMALL_STANDARD = layout('A sssssssscw', 'B ssssssssss', 'C ssssssssss', '|D ssssssssss', 'E ssssssssss', 'F ssssssssss', '|G pppppppppp');

type ScreenPlan = Pick<Screen, 'format' | 'layout'>;

function screens(cinemaId: string, plans: ScreenPlan[]): Screen[] {
  return plans.map((plan, i) => ({ id: `${cinemaId}-${i + 1}`, cinemaId, name: `Screen ${i + 1}`, ...plan }));
}

/** The built-in chain's clock: its cinemas are in Mumbai, Delhi and Bangalore (India has one zone and no daylight saving). */
export const BUILT_IN_TIME_ZONE = 'Asia/Kolkata';

/**
 * The chain, each cinema on its own clock: India's. A database holding the chain on another clock (an older store's: it
 * took THEATRE_TIMEZONE) is moved to it by migration 0021 (MongoDB: db/mongo/cinemas-migration.ts) and by `ensure` at every
 * start; its stored shows keep their instant (nothing sold moves), so they read on the new clock.
 */
export function builtInChain(): Cinema[] {
  const cinema = (details: Omit<Cinema, 'timeZone' | 'screens' | 'turnoverMinutes'>, plans: ScreenPlan[]): Cinema => ({
    ...details,
    timeZone: BUILT_IN_TIME_ZONE,
    turnoverMinutes: DEFAULT_TURNOVER_MINUTES,
    screens: screens(details.id, plans),
  });
  return [
    cinema(
      { id: DEFAULT_CINEMA_ID, name: 'Marquee Marine Drive', address: '14 Netaji Subhash Chandra Bose Road, Marine Lines', city: 'Mumbai', phone: '+91 22 5550 1401', facilities: ['Dolby Atmos', 'Recliners', 'Wheelchair access', 'Food court', 'Parking'] },
      [
        { format: 'Standard', layout: DEFAULT_LAYOUT },
        { format: 'Dolby Atmos', layout: CENTRE_AISLE },
        { format: 'Recliner', layout: RECLINERS },
      ],
    ),
    cinema(
      { id: 'marquee-bandra-talkies', name: 'Marquee Bandra Talkies', address: '3 Hill Road, Bandra West', city: 'Mumbai', phone: '+91 22 5550 1402', facilities: ['4K laser', 'Wheelchair access', 'Café'] },
      [
        { format: 'Standard', layout: SMALL_STANDARD },
        { format: 'Dolby Atmos', layout: CENTRE_AISLE },
      ],
    ),
    cinema(
      { id: 'marquee-connaught-place', name: 'Marquee Connaught Place', address: 'Block E, Inner Circle, Connaught Place', city: 'Delhi', phone: '+91 11 5550 2201', facilities: ['Dolby Atmos', 'Recliners', 'Wheelchair access', 'Bar & lounge'] },
      [
        { format: 'Dolby Atmos', layout: CENTRE_AISLE },
        { format: 'Recliner', layout: RECLINERS },
      ],
    ),
    cinema(
      { id: 'marquee-saket-central', name: 'Marquee Saket Central', address: 'District Centre, Saket', city: 'Delhi', phone: '+91 11 5550 2202', facilities: ['IMAX', 'Food court', 'Parking', 'Wheelchair access'] },
      [
        { format: 'IMAX', layout: LARGE_TWO_AISLES },
        { format: 'Standard', layout: SMALL_STANDARD },
        { format: 'Standard', layout: CENTRE_AISLE },
      ],
    ),
    cinema(
      { id: 'marquee-indiranagar', name: 'Marquee Indiranagar', address: '100 Feet Road, Indiranagar', city: 'Bangalore', phone: '+91 80 5550 3301', facilities: ['Dolby Atmos', 'Recliners', 'Wheelchair access', 'Craft café'] },
      [
        { format: 'Dolby Atmos', layout: CENTRE_AISLE },
        { format: 'Recliner', layout: RECLINERS },
      ],
    ),
    cinema(
      { id: 'marquee-koramangala-forum', name: 'Marquee Koramangala Forum', address: 'Hosur Road, Koramangala', city: 'Bangalore', phone: '+91 80 5550 3302', facilities: ['IMAX', '4K laser', 'Wheelchair access', 'Food court', 'Parking'] },
      [
        { format: 'IMAX', layout: LARGE_TWO_AISLES },
        { format: 'Standard', layout: SMALL_STANDARD },
      ],
    ),
  ];
}
