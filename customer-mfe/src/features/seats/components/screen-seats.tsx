import { Skeleton } from 'shared-ui';
import { CinemaPlace } from '../../../components/cinema-place';
import type { useScreen } from '../hooks/use-screen';
import type { useWheelchairCheck } from '../hooks/use-wheelchair-check';
import { SeatLegend, SeatMap } from './seat-map';
import { SeatPriceLegend } from './seat-price-legend';
import { CompanionOffers, WheelchairPrompt } from './wheelchair-prompt';

/**
 * The chosen show's screen on the seat page: where it is (cinema, screen, address), its seats drawn from its own
 * layout, and the legends of states and of seat types with their prices. Until the taken seats are read the
 * screen's layout is unknown (it comes with them), so a placeholder stands in: no hall is drawn before it is known.
 * A chosen wheelchair space's question and companion seat offer come with the map (`wheelchair`).
 */
export function ScreenSeats({
  screen,
  loading,
  currency,
  coolingUntil,
  wheelchair,
  ...map
}: Omit<Parameters<typeof SeatMap>[0], 'grid'> & {
  screen: ReturnType<typeof useScreen>;
  loading: boolean;
  currency: string;
  coolingUntil: string | null;
  wheelchair: ReturnType<typeof useWheelchairCheck>;
}) {
  return (
    <>
      <CinemaPlace cinema={screen.cinema} screen={screen.screen} />
      {loading ? (
        <div role="status" aria-label="Loading seats" className="c-seatmap">
          <Skeleton height="20rem" />
        </div>
      ) : (
        <SeatMap grid={screen.grid} {...map} />
      )}
      <CompanionOffers offers={wheelchair.offers} addCompanion={wheelchair.addCompanion} />
      <WheelchairPrompt question={wheelchair.question} keep={wheelchair.keep} letGo={wheelchair.letGo} />
      <SeatLegend
        showMine={(map.mine?.size ?? 0) + (map.bought?.size ?? 0) > 0}
        showWheelchair={screen.types.has('wheelchair')}
        coolingUntil={coolingUntil}
      />
      {screen.prices && <SeatPriceLegend types={screen.types} prices={screen.prices} currency={currency} />}
    </>
  );
}
