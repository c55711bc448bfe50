import { useLocation } from 'react-router-dom';
import type { ShowDetailResponse } from 'booking-service/contract';
import { useChosenCity } from '../../../lib/chosen-city';
import { timesByCinema, type ShowDetailWithPlaces, type ShowTime } from '../../../lib/places';
import { useSeatChoice } from './use-seat-choice';

/**
 * The seat page's show times of `date` by cinema (those of the chosen city, and the cinema of a show the link names
 * whatever its city), and the moviegoer's choice among them: the show time (`chosen`) and its seats.
 */
export function useShowChoice(show: ShowDetailResponse | undefined, date: string) {
  const location = useLocation();
  const city = useChosenCity();
  const places = (show as ShowDetailWithPlaces | undefined)?.cinemas;
  const times: ShowTime[] = show?.dateTime[date] ?? [];
  const groups = timesByCinema(times, places, city, new URLSearchParams(location.search).get('show'));
  const choice = useSeatChoice(groups.flatMap((g) => g.times.map((t) => t.showId)));
  const chosen = times.find((t) => t.showId === choice.showId) ?? null;
  return { city, places, groups, chosen, ...choice };
}
