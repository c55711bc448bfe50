import { useState, type FormEvent } from 'react';
import { Button } from 'shared-ui';

/** The door's name, asked once per phone (kept: door-name.ts); "Change door" brings it back. */
export function DoorPicker({ initial, onChoose }: { initial: string; onChoose: (door: string) => void }) {
  const [name, setName] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onChoose(name);
  };
  return (
    <form className="check-in__door-form" onSubmit={submit}>
      <label htmlFor="check-in-door">Which door is this phone at?</label>
      <input id="check-in-door" value={name} onChange={(e) => setName(e.target.value)} placeholder="Door 1" maxLength={60} autoComplete="off" required />
      <Button type="submit">Start scanning</Button>
    </form>
  );
}
