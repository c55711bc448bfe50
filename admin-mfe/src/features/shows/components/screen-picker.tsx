import type { CinemaWithLayouts } from 'booking-service/contract';
import { SEAT_TYPE_LABELS, seatTypes } from 'booking-service/layout';
import { CURRENCY_SYMBOL } from 'shared-ui';
import type { ExtraSeatType } from '../hooks/add-show-store';
import { priceProblem } from '../lib/validate-add-show';
import { chosenScreen, EXTRA_TYPES } from '../lib/screen-choice';

/**
 * Add Shows' cinema and screen: the cinema, then one of its screens (named with its format and seats),
 * and a price for each other seat type the screen has (premium, wheelchair space, companion seat), each optional:
 * left empty, it costs the standard Show Price. The times entered are on the chosen cinema's clock.
 */
export function ScreenPicker({
  cinemas,
  screenId,
  onScreen,
  typePrices,
  onTypePrice,
}: {
  cinemas: readonly CinemaWithLayouts[];
  screenId: string | null;
  onScreen: (screenId: string) => void;
  typePrices: Partial<Record<ExtraSeatType, string>>;
  onTypePrice: (type: ExtraSeatType, price: string) => void;
}) {
  const { cinema, screen } = chosenScreen(cinemas, screenId)!;
  const types = new Set(seatTypes(screen.layout).values());
  const priced = EXTRA_TYPES.filter((type) => types.has(type));
  return (
    <fieldset className="admin__screen">
      <legend>Where</legend>
      <label htmlFor="show-cinema">Cinema</label>
      <select id="show-cinema" value={cinema._id} onChange={(e) => onScreen(cinemas.find((c) => c._id === e.target.value)!.screens[0]!._id)}>
        {cinemas.map((c) => (
          <option key={c._id} value={c._id}>
            {c.name} ({c.city})
          </option>
        ))}
      </select>
      <label htmlFor="show-screen">Screen</label>
      <select id="show-screen" value={screen._id} onChange={(e) => onScreen(e.target.value)}>
        {cinema.screens.map((s) => (
          <option key={s._id} value={s._id}>
            {s.name} · {s.format} · {s.seatCount} seats
          </option>
        ))}
      </select>
      <p className="admin__muted">
        {cinema.address}, {cinema.city} · seats: {[...types].map((type) => SEAT_TYPE_LABELS[type]).join(', ')}
      </p>
      {priced.map((type) => {
        const id = `show-price-${type}`;
        const problem = priceProblem(typePrices[type] ?? '');
        return (
          <div key={type} className="admin__type-price">
            <label htmlFor={id}>{SEAT_TYPE_LABELS[type]} price</label>
            <div className="admin__price">
              <span aria-hidden="true">{CURRENCY_SYMBOL}</span>
              <input
                id={id}
                type="number"
                min={0}
                step="0.01"
                inputMode="decimal"
                placeholder="Same as Show Price"
                value={typePrices[type] ?? ''}
                onChange={(e) => onTypePrice(type, e.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-error` : undefined}
              />
            </div>
            {problem && (
              <p id={`${id}-error`} className="admin__field-error">
                {problem}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
