import { useRef, useState, type FormEvent } from 'react';
import { Button } from 'shared-ui';
import type { ScanResult } from '../lib/scan-result';

/**
 * The fallback to the camera: the ticket code typed (a torn or dim QR, a phone with a cracked screen). The field
 * empties only when the code admitted someone: a mistyped or refused code stays, selected, to be corrected
 * rather than typed again from the start.
 */
export function TypedCodeForm({ onCode, busy }: { onCode: (code: string) => Promise<ScanResult | null>; busy: boolean }) {
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return;
    const answer = await onCode(typed);
    if (answer?.kind === 'admitted') {
      setCode('');
      return;
    }
    input.current?.focus();
    input.current?.select();
  };
  return (
    <form className="check-in__typed" onSubmit={(event) => void submit(event)}>
      <label htmlFor="check-in-code">Ticket code</label>
      <div className="check-in__typed-row">
        <input
          id="check-in-code"
          ref={input}
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
