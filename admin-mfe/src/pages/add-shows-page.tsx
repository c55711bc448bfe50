import { Button, ErrorState, PageLayout, Skeleton } from 'shared-ui';
import { useAdminCinemas } from '../features/cinemas/api/get-admin-cinemas';
import { useNowPlaying } from '../features/shows/api/get-now-playing';
import { ClashNotes } from '../features/shows/components/clash-notes';
import { MoviePicker } from '../features/shows/components/movie-picker';
import { ScreenPicker } from '../features/shows/components/screen-picker';
import { SelectedTimes } from '../features/shows/components/selected-times';
import { ShowPriceField } from '../features/shows/components/show-price-field';
import { ShowTimeField } from '../features/shows/components/show-time-field';
import { useAddShowsForm } from '../features/shows/hooks/use-add-shows-form';

export function AddShowsPage() {
  const nowPlaying = useNowPlaying();
  const cinemas = useAdminCinemas().data?.cinemas ?? [];
  const form = useAddShowsForm(cinemas);
  const { movieId, price, dateTimes, selectMovie, setPrice, removeTime, selectScreen, typePrices, setTypePrice } = form.draft;

  return (
    <PageLayout title="Add Shows">
      <form className="admin__form" onSubmit={form.submit} noValidate aria-label="Add shows">
        {nowPlaying.isPending ? (
          <div role="status" aria-label="Loading movies">
            <Skeleton height="10rem" />
          </div>
        ) : nowPlaying.isError ? (
          <ErrorState message={nowPlaying.error.message} onRetry={() => void nowPlaying.refetch()} />
        ) : (
          <MoviePicker movies={nowPlaying.data.movies} selected={movieId} onSelect={selectMovie} />
        )}
        <ShowPriceField price={price} error={form.priceError} onChange={setPrice} />
        {/* After the standard price: the screen's other seat types are priced beside it. */}
        {cinemas.length > 0 && (
          <ScreenPicker cinemas={cinemas} screenId={form.where?.screen._id ?? null} onScreen={selectScreen} typePrices={typePrices} onTypePrice={setTypePrice} />
        )}
        <ShowTimeField
          value={form.dateTime.value}
          error={form.dateTime.error}
          timeZone={form.timeZone}
          onCinemaClock={Boolean(form.where)}
          onType={form.dateTime.type}
          onAdd={form.dateTime.add}
        />
        <SelectedTimes dateTimes={dateTimes} clashing={form.clashing} onRemove={removeTime} />
        {form.timeZone && <ClashNotes clashes={form.clashes} timeZone={form.timeZone} onMove={form.moveTime} />}
        {form.missing.length > 0 && (
          <p className="admin__field-error" role="alert">
            Still needed: {form.missing.join(', ')}.
          </p>
        )}
        <Button type="submit" disabled={form.adding}>
          {form.adding ? 'Adding…' : 'Add Show'}
        </Button>
      </form>
    </PageLayout>
  );
}
