import { useState, type FormEvent } from 'react';
import type { Cinema } from 'booking-service/contract';
import { Button } from 'shared-ui';
import type { DoorPlace } from '../lib/door-place';

/**
 * The door's cinema and name, asked once per phone (kept: door-place.ts); "Change door" brings them back. Without
 * cinemas (a service older than them) only the door is asked. A chain of one cinema needs no choice.
 */
export function DoorPicker({ initial, cinemas, onChoose }: { initial: DoorPlace; cinemas: Cinema[]; onChoose: (place: DoorPlace) => void }) {
  const known = cinemas.some((cinema) => cinema._id === initial.cinemaId);
  const [cinemaId, setCinemaId] = useState(known ? initial.cinemaId : cinemas.length === 1 ? cinemas[0]!._id : '');
  const [door, setDoor] = useState(initial.door);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (door.trim() && (cinemaId || cinemas.length === 0)) onChoose({ door, cinemaId });
  };
  return (
    <form className="check-in__door-form" onSubmit={submit}>
      {cinemas.length > 0 && (
        <>
          <label htmlFor="check-in-cinema">Which cinema is this door at?</label>
          <select id="check-in-cinema" value={cinemaId} onChange={(e) => setCinemaId(e.target.value)} required>
            <option value="" disabled>Choose the cinema</option>
            {cinemas.map((cinema) => (
              <option key={cinema._id} value={cinema._id}>{cinema.name} · {cinema.city}</option>
            ))}
          </select>
        </>
      )}
      <label htmlFor="check-in-door">Which door is this phone at?</label>
      <input id="check-in-door" value={door} onChange={(e) => setDoor(e.target.value)} placeholder="Door 1" maxLength={60} autoComplete="off" required />
      <Button type="submit">Start scanning</Button>
    </form>
  );
}
