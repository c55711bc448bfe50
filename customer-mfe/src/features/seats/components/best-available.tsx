import { useState } from 'react';
import { Button } from 'shared-ui';
import { useCustomerApi } from 'shared-ui/customer';
import { MAX_SEATS_PER_BOOKING } from 'booking-service/hall';
import type { SeatType } from 'booking-service/layout';

type Filter = '' | 'standard' | 'premium' | 'wheelchair';
const PARTY_SIZES = Array.from({ length: MAX_SEATS_PER_BOOKING }, (_, i) => i + 1);

/**
 * "Best available": the moviegoer says how many (and, on a screen with several seat types, which type)
 * and one tap selects the best free seats together, as the service proposes them (GET
 * /api/booking/seats/{showId}/best: the one rule, contract/seats/best-available.ts). The seats are only selected, not
 * held: the moviegoer can still change them on the map.
 */
export function BestAvailable({ showId, types, onSeats }: { showId: string; types: ReadonlySet<SeatType>; onSeats: (seats: string[]) => void }) {
  const api = useCustomerApi();
  const [count, setCount] = useState(2);
  const [filter, setFilter] = useState<Filter>('');
  const [note, setNote] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const filters: { value: Filter; label: string }[] = [
    { value: '', label: 'Any seat' },
    ...(types.has('standard') && types.has('premium') ? [{ value: 'standard' as const, label: 'Standard' }, { value: 'premium' as const, label: 'Premium' }] : []),
    ...(types.has('wheelchair') ? [{ value: 'wheelchair' as const, label: 'Wheelchair space' }] : []),
  ];

  async function pick() {
    setBusy(true);
    setNote(null);
    try {
      const answer = await api.bestSeats(showId, count, filter || undefined);
      if (answer.seats.length > 0) {
        onSeats(answer.seats);
        setNote({ text: `Selected ${answer.seats.join(', ')}. Tap a seat to change.`, failed: false });
      } else {
        setNote({ text: answer.message ?? 'No seats together are free. Choose seats on the map.', failed: true });
      }
    } catch {
      setNote({ text: 'Could not find seats just now. Try again, or choose seats on the map.', failed: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="c-best-available" role="group" aria-label="Best available">
      <label className="c-best-available__field">
        <span>People</span>
        <select value={count} onChange={(event) => setCount(Number(event.target.value))}>
          {PARTY_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      {filters.length > 1 && (
        <label className="c-best-available__field">
          <span>Seat type</span>
          <select value={filter} onChange={(event) => setFilter(event.target.value as Filter)}>
            {filters.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <Button variant="secondary" onClick={() => void pick()} disabled={busy}>
        Best available: {count}
      </Button>
      <p className={note?.failed ? 'c-inline-error' : 'c-muted'} role="status">
        {note?.text}
      </p>
    </div>
  );
}
