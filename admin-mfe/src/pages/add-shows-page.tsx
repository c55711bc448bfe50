import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button, CURRENCY_SYMBOL, ErrorState, formatDay, PageLayout, Skeleton } from 'shared-ui';
import { useAddShow } from '../features/shows/api/add-show';
import { useNowPlaying } from '../features/shows/api/get-now-playing';
import { useAddShowStore } from '../features/shows/add-show-store';
import { MoviePicker } from '../features/shows/components/movie-picker';

export function AddShowsPage() {
  const nowPlaying = useNowPlaying();
  const addShow = useAddShow();
  const { movieId, price, dateTimes, selectMovie, setPrice, addDateTime, removeTime, reset } = useAddShowStore();
  const [dateTimeInput, setDateTimeInput] = useState('');

  const addTime = () => {
    const [date, time] = dateTimeInput.split('T');
    if (!date || !time) return;
    addDateTime(date, time.slice(0, 5));
    setDateTimeInput('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const showsInput = Object.entries(dateTimes).map(([date, time]) => ({ date, time }));
    if (!movieId || showsInput.length === 0 || price.trim() === '') {
      toast.error('Missing required fields');
      return;
    }
    try {
      const result = await addShow.mutateAsync({ movieId, showsInput, showPrice: Number(price) });
      toast.success(result.message);
      reset();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'An error occurred. Please try again.');
    }
  };

  return (
    <PageLayout title="Add Shows">
      <h2 className="admin__section-title">Now Playing Movies</h2>
      {nowPlaying.isPending ? (
        <div role="status" aria-label="Loading movies">
          <Skeleton height="16rem" />
        </div>
      ) : nowPlaying.isError ? (
        <ErrorState message={nowPlaying.error.message} onRetry={() => void nowPlaying.refetch()} />
      ) : (
        <MoviePicker movies={nowPlaying.data.movies} selected={movieId} onSelect={selectMovie} />
      )}
      <form className="admin__form" onSubmit={submit} noValidate>
        <label htmlFor="show-price">Show Price</label>
        <div className="admin__price">
          <span aria-hidden="true">{CURRENCY_SYMBOL}</span>
          <input id="show-price" type="number" min={0} step="0.01" inputMode="decimal" placeholder="Enter show price" value={price} onChange={(e) => setPrice(e.target.value)} />
        </div>
        <label htmlFor="show-datetime">Select Date and Time</label>
        <div className="admin__datetime">
          <input id="show-datetime" type="datetime-local" value={dateTimeInput} onChange={(e) => setDateTimeInput(e.target.value)} />
          <Button variant="secondary" onClick={addTime}>
            Add Time
          </Button>
        </div>
        {Object.keys(dateTimes).length > 0 && (
          <div className="admin__selected-times">
            <h3>Selected Date-Time</h3>
            <ul>
              {Object.entries(dateTimes).map(([date, times]) => (
                <li key={date}>
                  <span className="admin__date">{formatDay(date)}</span>
                  <ul className="admin__times">
                    {times.map((time) => (
                      <li key={time}>
                        {time}
                        <button type="button" aria-label={`Remove ${time} on ${date}`} onClick={() => removeTime(date, time)}>
                          ×
                        </button>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </div>
        )}
        <Button type="submit" disabled={addShow.isPending}>
          {addShow.isPending ? 'Adding…' : 'Add Show'}
        </Button>
      </form>
    </PageLayout>
  );
}
