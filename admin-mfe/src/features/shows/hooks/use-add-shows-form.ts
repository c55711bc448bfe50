import { useState, type FormEvent } from 'react';
import type { CinemaWithLayouts } from 'booking-service/contract';
import { notify } from 'shared-ui';
import { notifyOutcome, useTheatreTimeZone } from 'shared-ui/staff';
import { useAddShow } from '../api/add-show';
import { chosenScreen, seatPricesOf } from '../lib/screen-choice';
import { addShowProblem, dateTimeProblem, missingParts, priceProblem } from '../lib/validate-add-show';
import { useAddShowStore } from './add-show-store';
import { useClashPreview } from './use-clash-preview';

/**
 * The Add Shows form's behaviour: its draft (the store), the time being typed and its error, what is still
 * missing after a submit, the clash preview, adding a time and submitting the shows.
 */
export function useAddShowsForm(cinemas: readonly CinemaWithLayouts[]) {
  const addShow = useAddShow();
  const draft = useAddShowStore();
  const { movieId, price, dateTimes, addDateTime, reset, screenId, typePrices } = draft;
  // The screen (none from an older service: its one hall) and the other seat types' prices.
  const where = chosenScreen(cinemas, screenId);
  const [dateTimeInput, setDateTimeInput] = useState('');
  const [dateTimeError, setDateTimeError] = useState<string | null>(null);
  // After a submit that lacked something, the form says what is still needed, until it is all there.
  const [submitted, setSubmitted] = useState(false);
  const theatreTimeZone = useTheatreTimeZone();
  const timeZone = where?.cinema.timeZone ?? theatreTimeZone;
  // The chosen times checked on the screen before adding; a refused add's clashes shown the same way.
  const { clashes, clashing, refuse, moveTime } = useClashPreview({ movieId, screenId: where?.screen._id, dateTimes, timeZone });

  const typeDateTime = (value: string) => {
    setDateTimeInput(value);
    setDateTimeError(null);
  };

  const addTime = () => {
    const problem = dateTimeProblem(dateTimeInput, new Date());
    setDateTimeError(problem);
    if (problem) return;
    const [date, time] = dateTimeInput.split('T') as [string, string];
    addDateTime(date, time.slice(0, 5));
    setDateTimeInput('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = addShowProblem({ movieId, price, dateTimes }, new Date());
    // The toast says the spec's message; the form says what is still needed.
    setSubmitted(true);
    if (problem?.field === 'dateTime') setDateTimeError(problem.message);
    const typePriceProblem = Object.values(typePrices).map(priceProblem).find(Boolean);
    if (problem || !movieId || typePriceProblem) {
      notify.error(problem?.message ?? typePriceProblem ?? 'Missing required fields');
      return;
    }
    const seatPrices = seatPricesOf(where?.screen, typePrices);
    const showsInput = Object.entries(dateTimes).map(([date, time]) => ({ date, time }));
    try {
      const result = await addShow.mutateAsync({
        movieId,
        showsInput,
        showPrice: Number(price),
        ...(where ? { screenId: where.screen._id } : {}),
        ...(seatPrices ? { seatPrices } : {}),
      });
      // Nothing added (every show already existed) is not a success: say what happened, in amber.
      notifyOutcome(result.created > 0 ? 'success' : 'warning', result.message);
      reset();
      setSubmitted(false);
    } catch (error) {
      refuse(error);
      notify.error(error instanceof Error ? error.message : 'An error occurred. Please try again.');
    }
  };

  return {
    draft,
    where,
    timeZone,
    priceError: priceProblem(price),
    missing: submitted ? missingParts({ movieId, price, dateTimes }) : [],
    dateTime: { value: dateTimeInput, error: dateTimeError, type: typeDateTime, add: addTime },
    clashes,
    clashing,
    moveTime,
    submit,
    adding: addShow.isPending,
  };
}
