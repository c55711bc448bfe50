import { useState, type FormEvent } from 'react';
import { Button, CURRENCY_SYMBOL, ErrorState, notify, PageLayout, Skeleton } from 'shared-ui';
import { notifyOutcome, useTheatreTimeZone } from 'shared-ui/staff';
import { useAddShow } from '../features/shows/api/add-show';
import { useNowPlaying } from '../features/shows/api/get-now-playing';
import { useAddShowStore } from '../features/shows/hooks/add-show-store';
import { MoviePicker } from '../features/shows/components/movie-picker';
import { chosenScreen, ScreenPicker, seatPricesOf } from '../features/shows/components/screen-picker';
import { useAdminCinemas } from '../features/cinemas/api/get-admin-cinemas';
import { ClashNotes } from '../features/shows/components/clash-notes';
import { SelectedTimes } from '../features/shows/components/selected-times';
import { useClashPreview } from '../features/shows/hooks/use-clash-preview';
import { addShowProblem, dateTimeProblem, missingParts, priceProblem } from '../features/shows/lib/validate-add-show';

export function AddShowsPage() {
  const nowPlaying = useNowPlaying();
  const addShow = useAddShow();
  const { movieId, price, dateTimes, selectMovie, setPrice, addDateTime, removeTime, reset, screenId, selectScreen, typePrices, setTypePrice } = useAddShowStore();
  // Issue 42: the screen (none from an older service: its one hall) and the other seat types' prices.
  const cinemas = useAdminCinemas().data?.cinemas ?? [];
  const where = chosenScreen(cinemas, screenId);
  const [dateTimeInput, setDateTimeInput] = useState('');
  const [dateTimeError, setDateTimeError] = useState<string | null>(null);
  // After a submit that lacked something, the form says what is still needed, until it is all there.
  const [submitted, setSubmitted] = useState(false);
  const missing = submitted ? missingParts({ movieId, price, dateTimes }) : [];
  const priceError = priceProblem(price);
  const theatreTimeZone = useTheatreTimeZone();
  const timeZone = where?.cinema.timeZone ?? theatreTimeZone;
  // Issue 52: the chosen times checked on the screen before adding; a refused add's clashes shown the same way.
  const { clashes, clashing, refuse, moveTime } = useClashPreview({ movieId, screenId: where?.screen._id, dateTimes, timeZone });

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

  return (
    <PageLayout title="Add Shows">
      <form className="admin__form" onSubmit={submit} noValidate aria-label="Add shows">
        {nowPlaying.isPending ? (
          <div role="status" aria-label="Loading movies">
            <Skeleton height="10rem" />
          </div>
        ) : nowPlaying.isError ? (
          <ErrorState message={nowPlaying.error.message} onRetry={() => void nowPlaying.refetch()} />
        ) : (
          <MoviePicker movies={nowPlaying.data.movies} selected={movieId} onSelect={selectMovie} />
        )}
        <label htmlFor="show-price">Show Price</label>
        <div className="admin__price">
          <span aria-hidden="true">{CURRENCY_SYMBOL}</span>
          <input
            id="show-price"
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            placeholder="Enter show price"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            aria-invalid={priceError ? true : undefined}
            aria-describedby={priceError ? 'show-price-error' : undefined}
          />
        </div>
        {priceError && (
          <p id="show-price-error" className="admin__field-error">
            {priceError}
          </p>
        )}
        {/* After the standard price: the screen's other seat types are priced beside it. */}
        {cinemas.length > 0 && (
          <ScreenPicker cinemas={cinemas} screenId={where?.screen._id ?? null} onScreen={selectScreen} typePrices={typePrices} onTypePrice={setTypePrice} />
        )}
        <label htmlFor="show-datetime">Select Date and Time</label>
        {timeZone && <p className="admin__muted">{where ? `In the cinema's time (${timeZone})` : `In the theatre's time (${timeZone})`}</p>}
        <div className="admin__datetime">
          <input
            id="show-datetime"
            type="datetime-local"
            min={localDateTimeNow()}
            value={dateTimeInput}
            onChange={(e) => {
              setDateTimeInput(e.target.value);
              setDateTimeError(null);
            }}
            aria-invalid={dateTimeError ? true : undefined}
            aria-describedby={dateTimeError ? 'show-datetime-error' : undefined}
          />
          <Button variant="secondary" onClick={addTime}>
            Add Time
          </Button>
        </div>
        {dateTimeError && (
          <p id="show-datetime-error" className="admin__field-error">
            {dateTimeError}
          </p>
        )}
        <SelectedTimes dateTimes={dateTimes} clashing={clashing} onRemove={removeTime} />
        {timeZone && <ClashNotes clashes={clashes} timeZone={timeZone} onMove={moveTime} />}
        {missing.length > 0 && (
          <p className="admin__field-error" role="alert">
            Still needed: {missing.join(', ')}.
          </p>
        )}
        <Button type="submit" disabled={addShow.isPending}>
          {addShow.isPending ? 'Adding…' : 'Add Show'}
        </Button>
      </form>
    </PageLayout>
  );
}

/** Now as a datetime-local value ("2026-11-23T20:45"), the earliest the picker offers. */
function localDateTimeNow(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
