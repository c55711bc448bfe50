import { useState, type FormEvent } from 'react';
import { defaultShoppingCapacity, DEFAULT_WINDOW_MINUTES } from 'booking-service/sales';
import { Button, formatShowTime } from 'shared-ui';
import { notifyOutcome, useTheatreTimeZone } from 'shared-ui/staff';
import type { CinemaWithLayouts } from 'booking-service/contract';
import { useCreateOnSale } from '../api/on-sale-events';
import { onSaleRequest, type OnSaleForm } from '../lib/on-sale-form';
import { OnSaleShowPicker } from './show-picker';

const EMPTY_FORM: OnSaleForm = { name: '', showIds: [], onSaleAt: '', waitingRoom: true, capacity: '', windowMinutes: String(DEFAULT_WINDOW_MINUTES) };

/** The New on-sale form: a name, its shows, when it opens (theatre's time), waiting room, capacity and window. */
export function NewOnSaleForm({ cinemas, onCreated }: { cinemas: readonly CinemaWithLayouts[] | undefined; onCreated: (eventId: string) => void }) {
  const [form, setForm] = useState<OnSaleForm>(EMPTY_FORM);
  const [error, setError] = useState<string | null>(null);
  const timeZone = useTheatreTimeZone();
  const create = useCreateOnSale();
  const change = (values: Partial<OnSaleForm>) => {
    setForm((current) => ({ ...current, ...values }));
    setError(null);
  };
  const toggleShow = (showId: string) =>
    change({ showIds: form.showIds.includes(showId) ? form.showIds.filter((s) => s !== showId) : [...form.showIds, showId] });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = onSaleRequest(form, new Date(), timeZone);
    if ('error' in request) return setError(request.error);
    create.mutate(request, {
      onSuccess: (answer) => {
        notifyOutcome('success', `${answer.event.name} goes on sale ${formatShowTime(answer.event.onSaleAt, timeZone)}`);
        setForm(EMPTY_FORM);
        onCreated(answer.event.id);
      },
      onError: (failure) => notifyOutcome('error', failure.message),
    });
  };

  return (
    <form className="admin__form" onSubmit={submit} aria-labelledby="new-on-sale" noValidate>
      <h2 id="new-on-sale" className="admin__section-title">
        New on-sale
      </h2>
      <label htmlFor="on-sale-name">Name</label>
      <input id="on-sale-name" value={form.name} maxLength={120} onChange={(e) => change({ name: e.target.value })} />
      <OnSaleShowPicker chosen={form.showIds} onToggle={toggleShow} timeZone={timeZone} cinemas={cinemas} />
      <label htmlFor="on-sale-at">On-sale time</label>
      <p className="admin__muted" id="on-sale-at-hint">
        In the theatre&apos;s time{timeZone && ` (${timeZone})`}
      </p>
      <input id="on-sale-at" type="datetime-local" step={1} aria-describedby="on-sale-at-hint" value={form.onSaleAt} onChange={(e) => change({ onSaleAt: e.target.value })} />
      <label className="admin__check">
        <input type="checkbox" checked={form.waitingRoom} onChange={(e) => change({ waitingRoom: e.target.checked })} />
        Waiting room on
      </label>
      <label htmlFor="on-sale-capacity">Shopping at once</label>
      <p className="admin__muted" id="on-sale-capacity-hint">
        Default {defaultShoppingCapacity(Math.max(1, form.showIds.length))}: a quarter of the seats of the chosen shows
      </p>
      <input
        id="on-sale-capacity"
        inputMode="numeric"
        placeholder={String(defaultShoppingCapacity(Math.max(1, form.showIds.length)))}
        aria-describedby="on-sale-capacity-hint"
        value={form.capacity}
        onChange={(e) => change({ capacity: e.target.value })}
      />
      <label htmlFor="on-sale-window">Shopping window (minutes)</label>
      <input id="on-sale-window" inputMode="numeric" value={form.windowMinutes} onChange={(e) => change({ windowMinutes: e.target.value })} />
      {error && (
        <p className="admin__field-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" aria-busy={create.isPending || undefined}>
        Create on-sale
      </Button>
    </form>
  );
}

