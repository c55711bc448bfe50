/**
 * The built-in catalogue: fictional movies, people and companies, all invented
 * for this project. Release dates are day offsets from "today" so the lists
 * (now playing, upcoming) stay meaningful whenever the service runs; the
 * catalogue turns them into dates at call time from its injected clock.
 *
 * Layout of the offsets:
 *   -730 .. -60  released a while ago            (20 movies, ids 1001-1020)
 *    -40 ..   0  now playing                     (14 movies, ids 1021-1034)
 *     +1 .. +120 upcoming                         (14 movies, ids 1035-1048)
 *
 * Trailers: the built-in catalogue cannot ship real videos. Its videos use
 * `site: 'Local'` and a key of the form `trailer-<movieId>-<n>`; no video file
 * exists behind the key. Frontends render a 'Local' trailer as an animated
 * preview built from the movie's own poster and backdrop images.
 */

/** TMDB's genre ids and names (the real ones, so TMDB-shaped clients agree). */
export const GENRES = {
  28: 'Action',
  12: 'Adventure',
  16: 'Animation',
  35: 'Comedy',
  80: 'Crime',
  99: 'Documentary',
  18: 'Drama',
  10751: 'Family',
  14: 'Fantasy',
  36: 'History',
  27: 'Horror',
  10402: 'Music',
  9648: 'Mystery',
  10749: 'Romance',
  878: 'Science Fiction',
  53: 'Thriller',
  10752: 'War',
  37: 'Western',
} as const;

export type GenreId = keyof typeof GENRES;

/** ISO 639-1 code -> [English name, native name], as TMDB's spoken_languages. */
export const LANGUAGES = {
  en: ['English', 'English'],
  hi: ['Hindi', 'हिन्दी'],
  fr: ['French', 'Français'],
  ko: ['Korean', '한국어/조선말'],
  ja: ['Japanese', '日本語'],
  es: ['Spanish', 'Español'],
} as const;

export type LanguageCode = keyof typeof LANGUAGES;

export interface CompanySeed { id: number; name: string; country: string }

export const COMPANIES: readonly CompanySeed[] = [
  { id: 7001, name: 'Lanternfall Pictures', country: 'US' },
  { id: 7002, name: 'Brightwater Studios', country: 'US' },
  { id: 7003, name: 'Copperline Films', country: 'GB' },
  { id: 7004, name: 'Meridian Arc Entertainment', country: 'US' },
  { id: 7005, name: 'Saffron Reel Productions', country: 'IN' },
  { id: 7006, name: 'Maison Verlaine Films', country: 'FR' },
  { id: 7007, name: 'Harbourlight Media', country: 'GB' },
  { id: 7008, name: 'Blue Heron Animation', country: 'US' },
  { id: 7009, name: 'Dustdevil Pictures', country: 'US' },
  { id: 7010, name: 'Nightjar Horror Co.', country: 'US' },
  { id: 7011, name: 'Hanul Studio', country: 'KR' },
  { id: 7012, name: 'Kitsunebi Animation Works', country: 'JP' },
  { id: 7013, name: 'Estudio Marea', country: 'ES' },
  { id: 7014, name: 'Cinder & Oak', country: 'CA' },
  { id: 7015, name: 'Polaris Nine Media', country: 'US' },
  { id: 7016, name: 'Tinroof Comedy Company', country: 'US' },
  { id: 7017, name: 'Redwater Entertainment', country: 'AU' },
  { id: 7018, name: 'Northmark Film Fund', country: 'NO' },
  { id: 7019, name: 'Monsoon Gate Films', country: 'IN' },
  { id: 7020, name: 'Silverfin Documentary Unit', country: 'GB' },
  { id: 7021, name: 'Greyhound Lane Pictures', country: 'IE' },
  { id: 7022, name: 'Kagero Film Partners', country: 'JP' },
  { id: 7023, name: 'Ironbridge Capital Pictures', country: 'US' },
  { id: 7024, name: 'Paper Crane Collective', country: 'CA' },
];

/** TMDB gender codes: 1 female, 2 male. */
export interface PersonSeed { id: number; name: string; gender: 1 | 2 }

const WOMEN = [
  'Odalys Fenwright', 'Priya Castellane', 'Marguerite Oyelaran', 'Niamh Corrigale', 'Ingrid Solvay',
  'Hana Morikawa-Reyes', 'Tamsin Ashgrove', 'Delphine Arceneau', 'Yetunde Marlowe', 'Beatriz Calderane',
  'Mirela Dragosh', 'Kavya Thornbury', 'Elodie Winterhalt', 'Jun-hee Parkhurst', 'Rosalind Quarrie',
  'Anouk Verhaegen', 'Celestine Obi-Hartley', 'Freya Lindqvist-Moor', 'Ximena Solorzade', 'Maud Pennicott',
  'Ayesha Darrowby', 'Lucia Ferrandino', 'Wren Halloway', 'Sunniva Brekke-Hale', 'Ottilie Marchbanks',
  'Keiko Ashdown', 'Nadira Belcourt', 'Philippa Greaves-Onu', 'Esperanza Montevel', 'Greta Vandermolen',
];

const MEN = [
  'Cassius Thorne-Abara', 'Matthias Greywell', 'Rafael Ondarreta', 'Dev Kalverani', 'Idris Okonjo-Hale',
  'Bastian Kröhling', 'Tobias Wrenfield', 'Kenji Harrowgate', 'Lucien Bellamare', 'Emeka Stoddart',
  'Anders Halvorsen-Pike', 'Hyun-woo Calloway', 'Percival Dunmore', 'Mateo Arrizabal', 'Ruairi Blackmore',
  'Ezra Quillon', 'Farid Benamrane', 'Hugo Lestrange', 'Nikolai Vostrikov-Bell', 'Sebastián Olmedilla',
  'Callum Fairweather', 'Arjun Devereaux', 'Jasper Ollerenshaw', 'Théo Marchetti-Lune', 'Kwame Ashbourne',
  'Magnus Erlendsen', 'Oliver Peakhurst', 'Rohan Castellanos-Ray', 'Silas Wetherby-Crane', 'Dmitri Ostrander',
];

/** Actors: women 5001-5030, men 5031-5060. */
export const PEOPLE: readonly PersonSeed[] = [
  ...WOMEN.map((name, i) => ({ id: 5001 + i, name, gender: 1 as const })),
  ...MEN.map((name, i) => ({ id: 5031 + i, name, gender: 2 as const })),
];

/**
 * Smaller parts that fill each cast up to 12 after the movie's own lead roles.
 * Deliberately setting-neutral so they fit any genre.
 */
export const SUPPORTING_ROLES = [
  'Night Clerk', 'Neighbour', 'Taxi Driver', 'Radio Announcer', 'Young Traveller', 'Shopkeeper', 'Doctor',
  'Journalist', 'Stationmaster', 'Security Guard', 'Waiter', 'Librarian', 'Old Friend', 'Bus Driver',
  'Landlord', 'Messenger', 'Photographer', 'Mechanic', 'Teacher', 'Court Clerk', 'Street Musician',
  'Receptionist', 'Barista', 'Fisherman', 'Customs Officer', 'Nurse', 'Janitor', 'Gardener', 'Tour Guide',
  'Pilot', 'Chauffeur', 'Bookseller', 'Tailor', 'Market Vendor', 'Translator', 'Archivist', 'Ferry Captain',
  'Locksmith', 'Choir Singer', 'Stranger on the Train', 'Delivery Rider',
];

export interface MovieSeed {
  id: number;
  title: string;
  /** Title in the original language, when it differs from the English title. */
  originalTitle?: string;
  tagline: string;
  overview: string;
  runtime: number;
  genres: GenreId[];
  /** [vote_average, vote_count] */
  votes: [number, number];
  popularity: number;
  lang: LanguageCode;
  adult?: boolean;
  /** [budget, revenue] in USD; 0 = unknown / not yet earned. */
  money: [number, number];
  companies: number[];
  /** Release day relative to today (negative = past). */
  release: number;
  /** Lead roles, "f:" or "m:" marks who is cast; the rest of the 12 come from SUPPORTING_ROLES. */
  leads: string[];
  /** Number of trailers (0 exercises the "Trailer not available" path). */
  trailers: 0 | 1 | 2;
}

const M = 1_000_000;

export const MOVIES: readonly MovieSeed[] = [
  // ---- Released a while ago ----
  {
    id: 1001, title: 'Lanterns Over Vellmar', tagline: 'Every light is a promise someone kept.',
    overview: 'When the floating lanterns of the river city Vellmar begin to go dark one by one, a disgraced lamp-keeper named Odile Varn is the only one who notices the pattern. With a stowaway archivist and a map drawn in soot, she follows the dying lights upstream toward the mountain that feeds them.',
    runtime: 134, genres: [14, 12, 10751], votes: [7.8, 23456], popularity: 142.6, lang: 'en',
    money: [120 * M, 486 * M], companies: [7001, 7015, 7023], release: -712, trailers: 2,
    leads: ['f:Odile Varn', 'm:Teodor Quist', 'f:Matron Hesk', 'm:The Lamp Warden', 'f:Pell Ardmore', 'm:Captain Arno Disley'],
  },
  {
    id: 1002, title: 'Salt and Static', tagline: 'The ocean is talking. Nobody wants to hear it.',
    overview: 'A radio technician stationed on a decommissioned sea platform picks up a broadcast that seems to come from beneath the waves. As storms cut her off from the mainland, Nadia Ferro must decide whether the voice is a distress call, a warning, or her own loneliness answering back.',
    runtime: 118, genres: [878, 18, 9648], votes: [7.4, 8921], popularity: 64.2, lang: 'en',
    money: [18 * M, 71_500_000], companies: [7007, 7003], release: -655, trailers: 1,
    leads: ['f:Nadia Ferro', 'm:Colm Rafferty', 'f:Dr. Ines Mallory', 'm:The Voice', 'f:Grace Ferro', 'm:Harbourmaster Lyle'],
  },
  {
    id: 1003, title: 'Brass Knuckle Sonata', tagline: 'He plays piano. He also plays dirty.',
    overview: 'Concert pianist Felix Amberlane owes money to the wrong patron of the arts. To clear the debt he agrees to perform at a gala that is really a cover for a vault robbery, timed note for note to his recital. The heist only works if he never misses a beat, and his stage fright has never been worse.',
    runtime: 109, genres: [80, 35, 10402], votes: [7.1, 5412], popularity: 48.9, lang: 'en',
    money: [32 * M, 104 * M], companies: [7016, 7002], release: -610, trailers: 1,
    leads: ['m:Felix Amberlane', 'f:Vivienne Cask', 'm:Bruno "The Patron" Salcedo', 'f:Dot Mulroney', 'm:Inspector Hale Pruitt', 'f:Madame Orla Fenn'],
  },
  {
    id: 1004, title: 'Ninety Winters North', tagline: 'The map ended. They kept walking.',
    overview: 'In 1911 a small survey party sets out to chart the ice fields beyond the last trading post and is never heard from again. Decades later a granddaughter finds the expedition\'s frozen journals and retraces the route with a borrowed sled team, discovering that the story she grew up with was only half true.',
    runtime: 152, genres: [12, 18, 36], votes: [8.1, 12870], popularity: 57.3, lang: 'en',
    money: [64 * M, 210 * M], companies: [7018, 7003, 7001], release: -588, trailers: 2,
    leads: ['f:Signe Aldous', 'm:Lt. Edmund Aldous', 'm:Tomas Kirvik', 'f:Maren Holt', 'm:Ezekiel Crane', 'f:Young Signe'],
  },
  {
    id: 1005, title: 'Masala and the Moon', tagline: 'One tiny kitchen. One enormous wedding.',
    overview: 'Rhea Malhotra runs a four-table diner in Jaipur\'s old quarter until a mix-up books her to cater the most extravagant wedding of the season. With three days, two feuding families and one borrowed van, she turns her tiny kitchen into a battlefield of spice and stubborn love.',
    runtime: 146, genres: [35, 10749, 10751], votes: [7.6, 3204], popularity: 38.1, lang: 'hi',
    money: [0, 22_400_000], companies: [7005], release: -560, trailers: 1,
    leads: ['f:Rhea Malhotra', 'm:Kabir Sethi', 'f:Dadi Malhotra', 'm:Vikram Sethi', 'f:Tara Joshi', 'm:Chhotu'],
  },
  {
    id: 1006, title: 'The Undertow Protocol', tagline: 'Twelve hours. One harbour. No way out.',
    overview: 'A coast-guard diver uncovers a smuggling route hidden inside a tidal-energy plant and becomes the only witness who knows where the next shipment is going. Hunted across a flooded industrial harbour during a storm surge, Sergeant Kaya Brannigan has until high tide to get the evidence ashore.',
    runtime: 121, genres: [28, 53], votes: [6.8, 9310], popularity: 72.4, lang: 'en',
    money: [95 * M, 288 * M], companies: [7023, 7015], release: -540, trailers: 2,
    leads: ['f:Sgt. Kaya Brannigan', 'm:Ren Achterberg', 'm:Commander Silas Reyne', 'f:Lena Okoro', 'm:The Broker', 'f:Dispatcher Mia Tran'],
  },
  {
    id: 1007, title: 'The House of Absent Guests', originalTitle: 'La Maison des absents', tagline: 'Everyone leaves something behind.',
    overview: 'A widowed hotel owner in Normandy reopens her seaside guesthouse for one final summer, only to find that each new guest carries an object once lost by a former one. As the coincidences pile up, the summer turns into a quiet investigation of the night her husband disappeared.',
    runtime: 113, genres: [18, 9648], votes: [7.3, 1876], popularity: 21.7, lang: 'fr',
    money: [6_500_000, 14_200_000], companies: [7006], release: -512, trailers: 1,
    leads: ['f:Hélène Duval', 'm:Marc Duval', 'f:Camille Roux', 'm:Père Anselme', 'f:Josiane', 'm:Commissaire Lemaire'],
  },
  {
    id: 1008, title: 'Clockwork Pigeons', tagline: 'Small wings. Big gears. Bigger plans.',
    overview: 'In a rooftop city built by wind-up birds, a clumsy messenger pigeon named Bolt jams her own mainspring and wakes up able to think for herself. She teams up with a rusty weathervane and a nervous sparrow to stop the Foreman from winding the whole flock too tight.',
    runtime: 94, genres: [16, 10751, 35], votes: [7.0, 6455], popularity: 88.5, lang: 'en',
    money: [70 * M, 331 * M], companies: [7008, 7002], release: -480, trailers: 2,
    leads: ['f:Bolt', 'm:Vane', 'm:Pip', 'm:The Foreman', 'f:Granny Cog', 'm:Ticker'],
  },
  {
    id: 1009, title: 'Red Dust Ledger', tagline: 'Every debt gets paid in this town. In full.',
    overview: 'A bookkeeper arrives in a drought-stricken mining town to audit the company store and discovers that the miners\' debts have been forged for years. With the sheriff on the company payroll, the only person willing to help her is an ageing gunhand who can no longer hold a pistol steady.',
    runtime: 128, genres: [37, 18], votes: [7.2, 2240], popularity: 19.8, lang: 'en',
    money: [28 * M, 41 * M], companies: [7009, 7017], release: -455, trailers: 1,
    leads: ['f:Abigail Pryce', 'm:Jeb Callister', 'm:Thaddeus Greer', 'f:Rosa Delgado', 'm:Sheriff Amos Tull', 'f:Widow Hanley'],
  },
  {
    id: 1010, title: 'Hollow Choir', tagline: 'They sing when the lights go out.', adult: true,
    overview: 'A sound engineer hired to restore old recordings of a shuttered boarding-school choir hears a voice on the tapes that belongs to no pupil ever enrolled. Each night she listens, the voice gets closer to the microphone. A brutal descent into grief and guilt, intended for adult audiences only.',
    runtime: 102, genres: [27, 53], votes: [6.4, 4120], popularity: 33.6, lang: 'en',
    money: [4_200_000, 39_700_000], companies: [7010], release: -430, trailers: 1,
    leads: ['f:Maeve Sutter', 'm:Father Declan Rooke', 'f:Sister Agathe', 'm:Owen Sutter', 'f:The Soloist', 'm:Groundskeeper Birch'],
  },
  {
    id: 1011, title: 'Persimmon Season', tagline: 'Some things ripen only after the frost.',
    overview: 'Two former classmates meet again in their grandmother\'s village to sell the family persimmon orchard before winter. Between the harvest, a box of old letters and a stubborn buyer from the city, they slowly uncover why they stopped speaking to each other fifteen years ago.',
    runtime: 117, genres: [18, 10749], votes: [7.9, 2045], popularity: 26.4, lang: 'ko',
    money: [0, 8_900_000], companies: [7011], release: -405, trailers: 1,
    leads: ['f:Yoon Seo-ah', 'm:Kang Min-jae', 'f:Grandmother Yoon', 'm:Mr. Baek', 'f:Young Seo-ah', 'm:Young Min-jae'],
  },
  {
    id: 1012, title: 'Paper Tigers of Harlow Street', tagline: 'The worst gang in the city just got a real case.',
    overview: 'Four retirees who run a neighbourhood watch devoted mostly to parking complaints stumble onto a genuine counterfeiting ring operating out of the local laundromat. Armed with binoculars, a group chat and no training whatsoever, they decide the police can wait.',
    runtime: 101, genres: [35, 80], votes: [6.9, 3877], popularity: 29.1, lang: 'en',
    money: [15 * M, 52_300_000], companies: [7016, 7014], release: -380, trailers: 1,
    leads: ['f:Doreen Pickett', 'm:Harold Ames', 'm:Sal Benedetto', 'f:Marjorie Wills', 'm:Officer Danny Cruz', 'f:Lady at the Laundromat'],
  },
  {
    id: 1013, title: 'Meridian Drift', tagline: 'Home is forty light-years behind them.',
    overview: 'The crew of the survey ship Meridian wakes from cryosleep to find they have drifted decades off course and that the onboard intelligence has been rewriting the logs. Captain Idris Vale must decide which records to trust before the fuel, and the crew\'s patience, runs out.',
    runtime: 141, genres: [878, 12, 53], votes: [7.7, 15302], popularity: 96.8, lang: 'en',
    money: [150 * M, 512 * M], companies: [7004, 7015, 7023, 7001], release: -350, trailers: 2,
    leads: ['m:Captain Idris Vale', 'f:Dr. Lin Aoki', 'm:ARIA (voice)', 'f:Engineer Petra Sol', 'm:Navigator Rui Campos', 'f:Commander Okoye Nash'],
  },
  {
    id: 1014, title: 'Ballad for a Broken Amp', tagline: 'The loudest comeback is the one nobody invited.',
    overview: 'A punk guitarist who walked out on her band on the eve of fame comes home to help her father sell his failing music shop. When a teenage customer asks for lessons she finds herself writing songs again, and facing the bandmates who never forgave her.',
    runtime: 112, genres: [10402, 18], votes: [7.5, 1450], popularity: 17.6, lang: 'en',
    money: [9 * M, 23_100_000], companies: [7021, 7003], release: -322, trailers: 1,
    leads: ['f:Jess "Static" Moran', 'm:Pat Moran', 'm:Dylan Reyes', 'f:Kit Lowry', 'm:Eddie Vance', 'f:Nora Moran'],
  },
  {
    id: 1015, title: 'Shadows of the Sixth Regiment', tagline: 'They held the bridge for three days. History forgot them for eighty years.',
    overview: 'During a winter retreat, a regiment of signal operators is ordered to hold a river crossing with no reinforcements coming. Told through the letters of its youngest soldier, the film follows the three days that decided the fate of a valley and of the people who stayed behind.',
    runtime: 158, genres: [10752, 36, 18], votes: [8.0, 10233], popularity: 44.2, lang: 'en',
    money: [85 * M, 199 * M], companies: [7023, 7018, 7003], release: -300, trailers: 2,
    leads: ['m:Pvt. Anton Brandl', 'm:Sgt. Josef Lenk', 'f:Ilse Brandl', 'm:Captain Erwin Matz', 'f:Clara the Ferrywoman', 'm:Old Anton'],
  },
  {
    id: 1016, title: 'Kitsune Station', tagline: 'Last stop: the place in between.',
    overview: 'A girl who misses the last train home steps off at a rural station that appears on no timetable, where foxes in conductors\' caps run the line. To get back before dawn she has to earn a ticket by helping the station\'s lost passengers remember where they were going.',
    runtime: 106, genres: [16, 14, 10751], votes: [8.3, 9788], popularity: 61.5, lang: 'ja',
    money: [0, 96 * M], companies: [7012, 7022], release: -270, trailers: 2,
    leads: ['f:Mei', 'm:Stationmaster Kon', 'f:The Lady in White', 'm:Hoshi the Fox', 'f:Grandma Sachi', 'm:The Lost Salaryman'],
  },
  {
    id: 1017, title: 'The Bakers of Luna Street', originalTitle: 'Los panaderos de la calle Luna', tagline: 'Rise early. Forgive later.',
    overview: 'Two rival bakeries on the same narrow street in Seville have competed for three generations. When a developer offers to buy both buildings, the estranged heirs must form an uneasy partnership and survive one very long night shift together.',
    runtime: 104, genres: [35, 18], votes: [7.2, 1322], popularity: 15.4, lang: 'es',
    money: [5_500_000, 12_800_000], companies: [7013], release: -240, trailers: 1,
    leads: ['m:Rafael Ortega', 'f:Lucía Benítez', 'f:Abuela Carmen', 'm:Don Esteban', 'f:Paloma', 'm:Señor Villaverde'],
  },
  {
    id: 1018, title: 'Cipher Bloom', tagline: 'The message was planted. Now it is growing.',
    overview: 'A botanist is pulled into a corporate espionage case when coded messages start appearing in the genetic sequences of her lab\'s engineered flowers. The only person who can read them is the colleague accused of stealing them.',
    runtime: 119, genres: [53, 9648, 80], votes: [6.9, 4511], popularity: 39.7, lang: 'en',
    money: [40 * M, 87_600_000], companies: [7002, 7014], release: -190, trailers: 1,
    leads: ['f:Dr. Helena Marsh', 'm:Julian Okafor', 'm:Conrad Vey', 'f:Agent Sasha Brill', 'm:Dr. Arlo Finch', 'f:Greta Lund'],
  },
  {
    id: 1019, title: 'Iron Monsoon', tagline: 'When the rain falls, the city rises.',
    overview: 'A former railway police officer returns to Mumbai during the worst monsoon in a century to find her brother entangled with a gang that controls the flooded freight yards. Over one drowning night she fights her way through the city\'s rail network to bring him home.',
    runtime: 163, genres: [28, 18, 80], votes: [7.0, 5690], popularity: 77.3, lang: 'hi',
    money: [22 * M, 64_500_000], companies: [7019, 7005], release: -150, trailers: 2,
    leads: ['f:Inspector Durga Rane', 'm:Aarav Rane', 'm:Bhau Shinde', "f:Meera D'Souza", 'm:Commissioner Khanna', 'f:Ammi'],
  },
  {
    id: 1020, title: 'The Quiet Ledger of Wren Abbott', tagline: 'She kept everyone\'s secrets. Now she is keeping score.',
    overview: 'An elderly village postmistress who has secretly read every letter for forty years begins, in her final months, to deliver the truths she once withheld. The village has one summer to decide whether she is a menace or the most honest person they know.',
    runtime: 126, genres: [18, 35], votes: [7.8, 1089], popularity: 24.9, lang: 'en',
    money: [0, 6_300_000], companies: [7021], release: -75, trailers: 0,
    leads: ['f:Wren Abbott', 'm:Reverend Giles Pomfret', 'f:Ida Crane', 'm:Tom Abbott', 'f:Lottie Pomfret', 'm:Constable Hurst'],
  },

  // ---- Now playing (released within the last six weeks) ----
  {
    id: 1021, title: 'Starling Protocol', tagline: 'One pilot. Ten thousand drones. Zero margin.',
    overview: 'When an orbital defence network goes rogue and grounds every aircraft on Earth, a test pilot is the only person with a clearance code old enough to reach the control satellite. She has one experimental glider, one disgraced engineer and six hours before the network decides humanity is the threat.',
    runtime: 137, genres: [28, 878, 53], votes: [7.3, 2876], popularity: 1204.7, lang: 'en',
    money: [180 * M, 242 * M], companies: [7004, 7023, 7015, 7001, 7002], release: -3, trailers: 2,
    leads: ['f:Capt. Juno Harker', 'm:Lev Marchetti', 'f:General Adaeze Cole', 'm:STARLING (voice)', 'f:Zara Mbeki', 'm:Director Paul Reddan'],
  },
  {
    id: 1022, title: "The Lighthouse Keeper's Cat", tagline: 'Nine lives. One very long night.',
    overview: 'When the keeper of a remote lighthouse falls ill during a storm, his ginger cat Marmalade must keep the lamp burning for the passing ships. With help from a gull with a grudge and a crab who knows the tides, she faces the longest night of all nine of her lives.',
    runtime: 88, genres: [16, 10751, 12], votes: [7.6, 1432], popularity: 684.3, lang: 'en',
    money: [45 * M, 118 * M], companies: [7008, 7007], release: -10, trailers: 2,
    leads: ['f:Marmalade', 'm:Old Ewan', 'm:Gulliver the Gull', 'f:Pinch the Crab', 'm:Captain Moss', 'f:Little Ailsa'],
  },
  {
    id: 1023, title: 'Seven Minutes at the Marlowe', tagline: 'The vault opens once a year. For seven minutes.',
    overview: 'A retired safecracker is lured into one last job at the Marlowe, a private museum whose vault opens for only seven minutes on founders\' night. The crew is hand-picked, the plan is perfect, and someone among them has already sold it to the police.',
    runtime: 124, genres: [80, 53], votes: [7.1, 3340], popularity: 812.6, lang: 'en',
    money: [60 * M, 97 * M], companies: [7002, 7023], release: -6, trailers: 2,
    leads: ['m:Victor Lenz', 'f:Sofia Marchand', 'm:Benny "Clocks" Adair', 'f:Detective Ruth Kolar', 'm:Augustin Marlowe', 'f:Ivy'],
  },
  {
    id: 1024, title: 'Monsoon Letters', tagline: 'Some love stories are written in the rain.',
    overview: 'A radio host in Pune reads anonymous love letters on air every monsoon, never knowing who writes them. When the letters start describing her own life, she sets out across the rain-soaked city to find the writer before the season, and her show, comes to an end.',
    runtime: 148, genres: [10749, 18, 10402], votes: [7.4, 954], popularity: 356.2, lang: 'hi',
    money: [0, 11_200_000], companies: [7019], release: -17, trailers: 1,
    leads: ['f:RJ Naina', 'm:Ishaan Kapoor', 'f:Nani', 'm:Rohit', 'f:Kavita', 'm:Station Manager Desai'],
  },
  {
    id: 1025, title: 'Grizzly Creek Regatta', tagline: 'Forty canoes. One trophy. Zero dignity.',
    overview: 'A small-town dentist enters the annual homemade-boat race to impress his teenage son, then discovers that the reigning champions are his ex-wife and her new fiancé. What follows is two weeks of sabotage, duct tape and some truly unsafe flotation.',
    runtime: 97, genres: [35, 10751], votes: [6.6, 712], popularity: 298.4, lang: 'en',
    money: [20 * M, 46_800_000], companies: [7016, 7014], release: -24, trailers: 1,
    leads: ['m:Dr. Gary Lund', 'm:Tyler Lund', 'f:Denise Lund', 'm:Brad Kessler', 'f:Mayor Pat Ostrowski', 'm:Old Man Henley'],
  },
  {
    id: 1026, title: 'Ashfall Accord', tagline: "Peace was signed. The war didn't hear.",
    overview: 'Days after a ceasefire ends a long border war, a patrol of former enemies is sent into a volcanic valley to recover the bodies of the fallen. When the mountain begins to erupt, the soldiers have to trust one another to get anyone out alive.',
    runtime: 139, genres: [10752, 28, 18], votes: [7.7, 1875], popularity: 422.9, lang: 'en',
    money: [72 * M, 81 * M], companies: [7023, 7017, 7018], release: -31, trailers: 2,
    leads: ['m:Sgt. Tomas Varga', 'm:Lt. Idris Kahn', 'f:Medic Ana Petrovic', 'm:Cpl. Nikolai Sorin', 'f:Colonel Hera Dane', 'm:The Shepherd'],
  },
  {
    id: 1027, title: 'Dear Odette', originalTitle: 'Chère Odette', tagline: 'A letter lost for fifty years. A love that kept waiting.',
    overview: 'A Parisian postal worker finds a bundle of undelivered letters hidden in the wall of a sorting office and sets out to deliver the most beautiful one herself. Her search for Odette leads to a sharp-tongued florist, a retired accordionist and a second chance she did not know she wanted.',
    runtime: 103, genres: [10749, 35], votes: [7.0, 688], popularity: 251.7, lang: 'fr',
    money: [7 * M, 9_400_000], companies: [7006], release: -13, trailers: 1,
    leads: ['f:Margaux Lefèvre', 'm:Bastien Roche', 'f:Odette Marchal', 'm:Émile Garnier', 'f:Sylvie', 'm:Monsieur Dubreuil'],
  },
  {
    id: 1028, title: 'Midnight at Kestrel Hall', tagline: 'Eight guests. One storm. Somebody brought a dagger.',
    overview: 'A fading crime novelist is invited to a snowed-in country house for the reading of a rival\'s will and finds her host dead before the soup course. With the telephone line cut and every guest lying, she has until morning to solve a murder that looks suspiciously like the plot of her worst-selling book.',
    runtime: 116, genres: [9648, 80, 35], votes: [7.5, 2210], popularity: 534.1, lang: 'en',
    money: [38 * M, 102 * M], companies: [7003, 7007], release: -20, trailers: 2,
    leads: ['f:Harriet Vance-Lowe', 'm:Inspector Giles Fenn', 'm:Reginald Kestrel', 'f:Lady Constance Kestrel', 'm:Dr. Edwin Pike', 'f:Mabel the Cook'],
  },
  {
    id: 1029, title: 'Sungrazer', tagline: 'Closer to the sun than anyone has ever come back from.',
    overview: 'A solar research crew slingshots around the sun to retrieve a probe carrying data that could predict a catastrophic flare. When their heat shield is damaged on approach they have eighteen minutes of shade to repair it, and one crew member insists the probe should never come home.',
    runtime: 129, genres: [878, 53], votes: [6.9, 143], popularity: 967.5, lang: 'en',
    money: [130 * M, 58 * M], companies: [7004, 7015], release: -1, trailers: 2,
    leads: ['f:Commander Asha Rourke', 'm:Dr. Tobias Lindgren', 'f:Pilot Emi Kuroda', 'm:Engineer Femi Adeyemi', 'f:Dr. Rosa Ilves', 'm:Flight Director Hale'],
  },
  {
    id: 1030, title: 'Tiger of the Night Market', tagline: 'Every stall has a secret. Hers has a sword.',
    overview: 'A street-food vendor in Busan\'s busiest night market is secretly the last student of a disgraced martial-arts school. When a developer\'s enforcers start driving the vendors out, she has to step out from behind her grill and fight for the market that raised her.',
    runtime: 115, genres: [28, 80, 35], votes: [7.2, 1320], popularity: 447.8, lang: 'ko',
    money: [12 * M, 33 * M], companies: [7011], release: -8, trailers: 1,
    leads: ['f:Han Ji-woo', 'm:Detective Oh Sang-hoon', 'm:Boss Kwon', 'f:Grandma Lee', 'm:Dong-su', 'f:Master Seo'],
  },
  {
    id: 1031, title: 'Caravan to Nowhere Lane', tagline: 'The road trip was her idea. The detours were everyone\'s.',
    overview: 'After her mother\'s funeral, a burnt-out lawyer learns that the will obliges her to drive a vintage caravan across the country with three half-siblings she has never met. Each stop on the itinerary unlocks another envelope, another secret and another argument about who gets to drive.',
    runtime: 119, genres: [18, 35, 12], votes: [7.1, 864], popularity: 213.6, lang: 'en',
    money: [16 * M, 21_700_000], companies: [7017, 7024], release: -27, trailers: 1,
    leads: ['f:Claire Whitlock', 'm:Danny Whitlock', 'f:Poppy Whitlock', 'm:Rory Whitlock', 'f:Aunt Bev', 'm:The Hitchhiker'],
  },
  {
    id: 1032, title: 'Bone Orchard Radio', tagline: "Tune in. You can't turn it off.",
    overview: 'A late-night radio host in a desert town starts taking calls from listeners who claim to be buried in the local cemetery. As the calls grow more specific about the living, the station\'s only other employee insists the transmitter was switched off years ago.',
    runtime: 98, genres: [27, 9648], votes: [6.3, 1012], popularity: 198.2, lang: 'en',
    money: [3_800_000, 27_400_000], companies: [7010, 7009], release: -36, trailers: 0,
    leads: ['m:Hank Delacroix', 'f:Lupe Marín', 'f:The Caller', 'm:Sheriff Wade Tolliver', 'f:Esther Bloom', 'm:Caller Number Seven'],
  },
  {
    id: 1033, title: 'Glimmer and the Giant', tagline: 'The smallest hero. The biggest friend.',
    overview: 'A village tinker\'s daughter befriends a giant who has slept under the hills for a thousand years and wakes with no memory of why. Together they travel the old roads to find the giant\'s true name before the king\'s hunters find them.',
    runtime: 108, genres: [14, 10751, 12], votes: [7.3, 1567], popularity: 389.4, lang: 'en',
    money: [90 * M, 135 * M], companies: [7001, 7024, 7002], release: -22, trailers: 2,
    leads: ['f:Glimmer', 'm:Old Thunder', 'm:Tinker Abelard', 'f:Queen Rowena', 'm:Huntsman Draeg', 'f:Wisp'],
  },
  {
    id: 1034, title: 'Last Orders at the Anchor', tagline: 'One pub. One last night. Every regular has something to say.',
    overview: 'On the final night before a beloved harbourside pub is demolished, its landlady throws open the doors for one last lock-in. As the regulars trade stories until dawn, a forty-year-old mystery about the pub\'s missing sign is finally solved.',
    runtime: 95, genres: [18, 35], votes: [7.9, 91], popularity: 142.3, lang: 'en',
    money: [0, 2_100_000], companies: [7021], release: -39, trailers: 1,
    leads: ['f:Maggie Doyle', 'm:Fergus Kell', 'm:Jimmy "Two Pints" Shaw', 'f:Eileen Shaw', 'm:Young Fergus', 'f:Deirdre'],
  },

  // ---- Upcoming ----
  {
    id: 1035, title: 'Thunderhead Rising', tagline: 'Chase the storm. Or become it.',
    overview: 'A team of storm chasers tests a prototype device meant to break up tornadoes before they form, and instead triggers a supercell that refuses to die. Racing across three states, they have one night to undo their mistake before it reaches the city.',
    runtime: 126, genres: [28, 12, 53], votes: [0, 0], popularity: 356.8, lang: 'en',
    money: [110 * M, 0], companies: [7004, 7023, 7015], release: 5, trailers: 2,
    leads: ['f:Dr. Callie Jansen', 'm:Beau Tennant', 'm:Marcus Oduya', 'f:Shelby Tennant', 'm:Dr. Victor Kaine', 'f:Lt. Gwen Ruiz'],
  },
  {
    id: 1036, title: 'Wings After Dusk', tagline: 'The night has never looked so alive.',
    overview: 'Filmed over four years with purpose-built low-light cameras, this documentary follows the hidden migrations, disguises and courtship dances of moths across five continents. A patient, astonishing look at the insects that keep the night running.',
    runtime: 86, genres: [99], votes: [7.9, 12], popularity: 58.2, lang: 'en',
    money: [0, 0], companies: [7020], release: 12, trailers: 1,
    leads: [
      'm:Narrator', 'f:Self - Entomologist', 'm:Self - Camera Operator', 'f:Self - Field Researcher',
      'm:Self - Lepidopterist', 'f:Self - Night Ecologist', 'm:Self - Expedition Guide', 'f:Self - Sound Recordist',
      'm:Self - Museum Curator', 'f:Self - Conservation Officer', 'm:Self - Drone Pilot', 'f:Self - Student Volunteer',
    ],
  },
  {
    id: 1037, title: 'Prism Knights', tagline: "Light bends. Heroes don't.",
    overview: 'Five kids discover that their classroom\'s old projector can pull them into the stories they draw. When a scribbled villain escapes into the real world, the self-appointed Prism Knights have to finish the story before the last page is torn out.',
    runtime: 99, genres: [16, 12, 10751], votes: [0, 0], popularity: 287.4, lang: 'en',
    money: [85 * M, 0], companies: [7008, 7024], release: 19, trailers: 2,
    leads: ['m:Theo', 'f:Ruby', 'm:Sanjay', 'f:Ling', 'm:Oscar', 'm:Scribble'],
  },
  {
    id: 1038, title: 'Crosswind over Calder Bay', tagline: 'Two pilots. One runway. No room for error.',
    overview: 'A veteran air-ambulance pilot and the rookie sent to replace her share one season on a remote island airstrip where every flight depends on the wind. What begins as a rivalry becomes the most important partnership of both their lives.',
    runtime: 114, genres: [18, 10749], votes: [6.8, 23], popularity: 121.5, lang: 'en',
    money: [25 * M, 0], companies: [7003, 7021], release: 26, trailers: 1,
    leads: ['f:Captain Moira Calder', 'f:Flight Officer Jess Amani', 'm:Rev. Alasdair Munro', 'm:Ewan Calder', 'f:Dr. Isla Grant', 'm:Controller Niall Baird'],
  },
  {
    id: 1039, title: 'Operation Understudy', tagline: "The spies are fake. The danger isn't.",
    overview: 'Two community-theatre actors hired to play secret agents at a corporate party are mistaken for real spies by a very real criminal syndicate. To stay alive they will have to improvise the performance of their lives.',
    runtime: 105, genres: [35, 28], votes: [0, 0], popularity: 241.0, lang: 'en',
    money: [55 * M, 0], companies: [7016, 7002], release: 33, trailers: 2,
    leads: ['m:Desmond Price', 'm:Kip Alvarez', 'f:Veronica Stahl', 'm:Mr. Gray', 'f:Agent Priya Lorne', 'm:Bernard the Director'],
  },
  {
    id: 1040, title: 'Daughter of the Tide', originalTitle: 'La hija de la marea', tagline: 'The sea gave her back. Now it wants something in return.',
    overview: 'A fisherman\'s daughter who nearly drowned as a child discovers she can hear the currents speak. When her coastal village is threatened by a storm that has circled offshore for forty days, she sails out to bargain with the sea itself.',
    runtime: 122, genres: [14, 12, 18], votes: [7.2, 41], popularity: 164.7, lang: 'es',
    money: [14 * M, 0], companies: [7013, 7006], release: 41, trailers: 1,
    leads: ['f:Marina Lozano', 'm:Andrés Lozano', 'f:The Old Woman of the Lighthouse', 'm:Captain Ibarra', 'f:Young Marina', 'm:Tomás'],
  },
  {
    id: 1041, title: 'Hexfield', tagline: "Don't plant what you can't bury.", adult: true,
    overview: 'A family inherits a farm where nothing has grown for thirty years, and the first crop they sow rises overnight in perfect, unnatural rows. A harrowing rural horror with strong violence, for adult audiences only.',
    runtime: 101, genres: [27, 53], votes: [0, 0], popularity: 203.3, lang: 'en',
    money: [6 * M, 0], companies: [7010], release: 48, trailers: 1,
    leads: ['f:June Harlan', 'm:Wes Harlan', 'f:Ada Harlan', 'm:Pastor Elias Cobb', 'f:Mrs. Voss', 'm:The Surveyor'],
  },
  {
    id: 1042, title: "Gold Rush at Pike's Rest", tagline: "Everyone's rich. Nobody's happy.",
    overview: 'When a stray dog digs up a gold nugget in the middle of a dying frontier town\'s main street, every resident claims the land beneath it. The town\'s reluctant new marshal has one week to prevent a civil war fought with shovels.',
    runtime: 113, genres: [37, 35, 12], votes: [0, 0], popularity: 98.6, lang: 'en',
    money: [34 * M, 0], companies: [7009, 7016], release: 55, trailers: 1,
    leads: ['m:Marshal Otis Penhallow', 'f:Nell Cutter', 'm:Judge Ambrose Kettle', 'f:Widow Parsons', 'm:Cyrus Cutter', 'f:Lettie Byrne'],
  },
  {
    id: 1043, title: 'Kagero City', tagline: 'In the haze, every face is borrowed.',
    overview: 'In a near-future Osaka where faces can be rented by the hour, a detective who has not worn her own face in years investigates a murder committed by someone wearing hers. The deeper she digs, the less certain she is that she did not do it.',
    runtime: 131, genres: [878, 80, 53], votes: [0, 0], popularity: 176.2, lang: 'ja',
    money: [0, 0], companies: [7022, 7012], release: 63, trailers: 2,
    leads: ['f:Detective Aya Shimizu', 'm:Ren Takeda', 'f:The Borrowed Face', 'm:Chief Inspector Goto', 'f:Dr. Yui Hamada', 'm:Broker Sato'],
  },
  {
    id: 1044, title: 'The Marvellous Mr. Quibble', tagline: 'Magic is easy. Manners are hard.',
    overview: 'A pompous stage magician loses his powers when a nine-year-old heckler catches him cheating. The only way to win them back is to spend a summer as her family\'s extremely unqualified nanny.',
    runtime: 96, genres: [10751, 35, 14], votes: [0, 0], popularity: 133.9, lang: 'en',
    money: [48 * M, 0], companies: [7002, 7014], release: 72, trailers: 1,
    leads: ['m:Barnaby Quibble', 'f:Hattie Gower', 'f:Mrs. Gower', 'm:Mr. Gower', 'm:Sir Reginald Pomp', 'f:Great-Aunt Millicent'],
  },
  {
    id: 1045, title: 'The Undersong Caves', tagline: 'Six divers went in. The water is rising.',
    overview: 'A cave-diving team mapping an uncharted flooded tunnel system is trapped when a dam upstream gives way. With the air pockets shrinking and their leader hiding an injury, the youngest diver must find the passage the old maps say does not exist.',
    runtime: 118, genres: [53, 12, 18], votes: [0, 0], popularity: 87.3, lang: 'en',
    money: [30 * M, 0], companies: [7017, 7003], release: 84, trailers: 1,
    leads: ['f:Nell Ashby', 'm:Dr. Rafe Connors', 'f:Tasha Brook', 'm:Owen Price', 'f:Kit Marlow', 'm:Rescue Chief Dorsey'],
  },
  {
    id: 1046, title: 'Kingdom of Second Chances', tagline: 'A crown is heavy. A promise is heavier.',
    overview: 'In a seventeenth-century Deccan court, a low-born royal archivist discovers that the heir\'s claim to the throne rests on a forged decree she was once ordered to copy. Torn between loyalty and truth, she must decide what the kingdom\'s history will remember.',
    runtime: 171, genres: [36, 18], votes: [0, 0], popularity: 112.4, lang: 'hi',
    money: [0, 0], companies: [7005, 7019], release: 96, trailers: 1,
    leads: ['f:Savitri', 'm:Prince Aditya', 'm:Maharaja Jaivardhan', 'f:Rani Indumati', 'm:Court Poet Haridas', 'f:Archivist Gauri'],
  },
  {
    id: 1047, title: 'Rival Hearts of Maple Lane', tagline: 'Love thy neighbour. Within reason.',
    overview: 'Two competing wedding planners who share a driveway are forced to organise their best friends\' wedding together. The ceremony has to be perfect, the planners have to survive each other, and the driveway has to stay clear.',
    runtime: 101, genres: [10749, 35], votes: [0, 0], popularity: 74.5, lang: 'en',
    money: [18 * M, 0], companies: [7014, 7024], release: 108, trailers: 1,
    leads: ['f:Tess Whitaker', 'm:Nate Callahan', 'f:Bea', 'm:Jonah', 'f:Grandma Whitaker', 'm:Pastor Ray'],
  },
  {
    id: 1048, title: 'Orbit of Small Things', tagline: 'The universe is big. Her question is bigger.',
    overview: 'A twelve-year-old in a seaside town builds a satellite out of her late father\'s radio parts and, against all odds, receives a reply. With her grandmother\'s help she races to answer it before the signal passes out of range.',
    runtime: 109, genres: [878, 18, 10751], votes: [0, 0], popularity: 66.1, lang: 'ko',
    money: [0, 0], companies: [7011], release: 119, trailers: 1,
    leads: ['f:Ha-eun', 'f:Grandmother Soon-ja', 'm:Mr. Jung', "m:Ha-eun's Father", 'f:Teacher Min', 'm:Do-yun'],
  },
];
