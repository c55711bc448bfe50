import { useState, type FormEvent } from 'react';
import { Button } from 'shared-ui';

/** The fallback to the camera: the ticket code typed (a torn or dim QR, a phone with a cracked screen). */
export function TypedCodeForm({ onCode, busy }: { onCode: (code: string) => void; busy: boolean }) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    onCode(code.trim());
    setCode('');
  };
  return (
    <form className="check-in__typed" onSubmit={submit}>
      <label htmlFor="check-in-code">Ticket code</label>
      <div className="check-in__typed-row">
        <input
          id="check-in-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          enterKeyHint="go"
        />
        <Button type="submit" disabled={busy}>Check in</Button>
      </div>
    </form>
  );
}
