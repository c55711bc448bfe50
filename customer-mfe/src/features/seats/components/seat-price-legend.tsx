import { formatPrice } from 'shared-ui';
import { priceOfSeatType, SEAT_TYPE_LABELS, SEAT_TYPES, type SeatPrices, type SeatType } from 'booking-service/layout';

/**
 * The screen's seat types and what one seat of each costs, drawn like the seats. Shown only on a screen with
 * more than one type: on an all-standard screen (the spec hall) the show time already says the one price.
 */
export function SeatPriceLegend({ types, prices, currency }: { types: ReadonlySet<SeatType>; prices: SeatPrices; currency: string }) {
  if (types.size < 2) return null;
  return (
    <ul className="c-legend" aria-label="Seat types and prices">
      {SEAT_TYPES.filter((type) => types.has(type)).map((type) => (
        <li key={type}>
          <span className="c-seat c-legend__swatch" data-state="available" data-type={type === 'standard' ? undefined : type} aria-hidden="true" />
          {SEAT_TYPE_LABELS[type]} {formatPrice(priceOfSeatType(prices, type), currency)}
        </li>
      ))}
    </ul>
  );
}
