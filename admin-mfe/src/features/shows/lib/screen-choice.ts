import type { CinemaWithLayouts } from 'booking-service/contract';
import { seatTypes } from 'booking-service/layout';
import type { ExtraSeatType } from '../hooks/add-show-store';

/** The seat types Add Shows prices apart from the standard price, in the order it lists them. */
export const EXTRA_TYPES: readonly ExtraSeatType[] = ['premium', 'wheelchair', 'companion'];

/** The request's seatPrices from the form: the types the screen has with a price entered (others cost showPrice). */
export function seatPricesOf(screen: CinemaWithLayouts['screens'][number] | undefined, typePrices: Partial<Record<ExtraSeatType, string>>) {
  if (!screen) return undefined;
  const types = new Set(seatTypes(screen.layout).values());
  const entries = EXTRA_TYPES.filter((type) => types.has(type) && (typePrices[type] ?? '').trim() !== '').map((type) => [type, Number(typePrices[type])] as const);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The screen shows will go on: the chosen one, or (none chosen yet) the first cinema's first screen, as the picker shows it. */
export function chosenScreen(cinemas: readonly CinemaWithLayouts[], screenId: string | null) {
  const cinema = cinemas.find((c) => c.screens.some((s) => s._id === screenId)) ?? cinemas[0];
  const screen = cinema?.screens.find((s) => s._id === screenId) ?? cinema?.screens[0];
  return cinema && screen ? { cinema, screen } : null;
}
