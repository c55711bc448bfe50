/**
 * The static theatre listing of spec §2/§3: a sample for show only (real
 * booking is through Movies). Names and numbers are invented.
 */
export interface SampleTheater {
  id: string;
  name: string;
  address: string;
  distance: string;
  phone: string;
  rating: number;
  screens: number;
  facilities: string[];
  showtimes: string[];
}

export const CITIES = ['Mumbai', 'Delhi', 'Bangalore'] as const;
export type City = (typeof CITIES)[number];

export const SAMPLE_THEATERS: Record<City, SampleTheater[]> = {
  Mumbai: [
    {
      id: 'mum-1',
      name: 'Marquee Marine Drive',
      address: '14 Netaji Subhash Chandra Bose Road, Marine Lines',
      distance: '2.1 km',
      phone: '+91 22 5550 1401',
      rating: 4.6,
      screens: 6,
      facilities: ['Dolby Atmos', 'Recliners', 'Food court', 'Parking'],
      showtimes: ['10:00 AM', '1:30 PM', '5:00 PM', '9:15 PM'],
    },
    {
      id: 'mum-2',
      name: 'Marquee Bandra Talkies',
      address: '3 Hill Road, Bandra West',
      distance: '6.4 km',
      phone: '+91 22 5550 1402',
      rating: 4.4,
      screens: 4,
      facilities: ['4K laser', 'Wheelchair access', 'Café'],
      showtimes: ['11:15 AM', '2:45 PM', '6:30 PM', '10:00 PM'],
    },
    {
      id: 'mum-3',
      name: 'Marquee Powai Lakeside',
      address: 'Lake Boulevard Mall, Powai',
      distance: '14.8 km',
      phone: '+91 22 5550 1403',
      rating: 4.2,
      screens: 8,
      facilities: ['IMAX', 'Dolby Atmos', 'Parking', 'Kids zone'],
      showtimes: ['9:30 AM', '12:45 PM', '4:15 PM', '7:45 PM'],
    },
  ],
  Delhi: [
    {
      id: 'del-1',
      name: 'Marquee Connaught Place',
      address: 'Block E, Inner Circle, Connaught Place',
      distance: '1.2 km',
      phone: '+91 11 5550 2201',
      rating: 4.5,
      screens: 5,
      facilities: ['Dolby Atmos', 'Recliners', 'Bar & lounge'],
      showtimes: ['10:30 AM', '2:00 PM', '5:30 PM', '9:00 PM'],
    },
    {
      id: 'del-2',
      name: 'Marquee Saket Central',
      address: 'District Centre, Saket',
      distance: '11.6 km',
      phone: '+91 11 5550 2202',
      rating: 4.3,
      screens: 7,
      facilities: ['IMAX', 'Food court', 'Parking', 'Wheelchair access'],
      showtimes: ['11:00 AM', '3:10 PM', '6:45 PM', '10:20 PM'],
    },
    {
      id: 'del-3',
      name: 'Marquee Dwarka Square',
      address: 'Sector 12 Market, Dwarka',
      distance: '19.3 km',
      phone: '+91 11 5550 2203',
      rating: 4.1,
      screens: 4,
      facilities: ['4K laser', 'Café', 'Parking'],
      showtimes: ['9:45 AM', '1:15 PM', '4:40 PM', '8:10 PM'],
    },
  ],
  Bangalore: [
    {
      id: 'blr-1',
      name: 'Marquee Indiranagar',
      address: '100 Feet Road, Indiranagar',
      distance: '3.5 km',
      phone: '+91 80 5550 3301',
      rating: 4.7,
      screens: 5,
      facilities: ['Dolby Atmos', 'Recliners', 'Craft café'],
      showtimes: ['10:15 AM', '1:45 PM', '5:15 PM', '9:30 PM'],
    },
    {
      id: 'blr-2',
      name: 'Marquee Koramangala Forum',
      address: 'Hosur Road, Koramangala',
      distance: '7.9 km',
      phone: '+91 80 5550 3302',
      rating: 4.4,
      screens: 9,
      facilities: ['IMAX', '4K laser', 'Food court', 'Parking'],
      showtimes: ['9:00 AM', '12:30 PM', '4:00 PM', '7:30 PM', '10:45 PM'],
    },
    {
      id: 'blr-3',
      name: 'Marquee Whitefield Tech Park',
      address: 'ITPL Main Road, Whitefield',
      distance: '16.2 km',
      phone: '+91 80 5550 3303',
      rating: 4.2,
      screens: 6,
      facilities: ['Dolby Atmos', 'Wheelchair access', 'Parking'],
      showtimes: ['11:30 AM', '3:00 PM', '6:15 PM', '9:45 PM'],
    },
  ],
};
