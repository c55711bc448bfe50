import type { Cinema as CinemaJson, CinemaRef, CinemaWithLayouts, ScreenRef, ScreenSummary } from '../contract/cinemas.ts';
import { layoutSeats } from '../contract/seats/layout.ts';
import { mapUrl, type Cinema, type Screen } from './cinema.ts';

/** Cinemas and screens -> the contract's JSON (`_id` as the spec's records have). */

function cinemaFields(cinema: Cinema) {
  const { id, name, address, city, timeZone, phone, facilities, turnoverMinutes } = cinema;
  return { _id: id, name, address, city, timeZone, phone, facilities, turnoverMinutes, mapUrl: mapUrl(cinema) };
}

export function screenSummaryJson(screen: Screen): ScreenSummary {
  return { _id: screen.id, name: screen.name, format: screen.format, seatCount: layoutSeats(screen.layout).length };
}

export function cinemaJson(cinema: Cinema): CinemaJson {
  return { ...cinemaFields(cinema), screens: cinema.screens.map(screenSummaryJson) };
}

export function cinemaWithLayoutsJson(cinema: Cinema): CinemaWithLayouts {
  return { ...cinemaFields(cinema), screens: cinema.screens.map((screen) => ({ ...screenSummaryJson(screen), layout: { rows: [...screen.layout.rows] } })) };
}

/** Where a show is, as a booking, a ticket and the seat page name it. */
export function cinemaRefJson(cinema: Cinema): CinemaRef {
  return { _id: cinema.id, name: cinema.name, address: cinema.address, city: cinema.city, timeZone: cinema.timeZone, mapUrl: mapUrl(cinema) };
}

export function screenRefJson(screen: Screen): ScreenRef {
  return { _id: screen.id, name: screen.name, format: screen.format };
}
