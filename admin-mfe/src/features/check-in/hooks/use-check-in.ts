import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useStaffApi } from 'shared-ui/staff';
import { signalResult } from '../lib/feedback';
import { repeatFilter } from '../lib/repeat-filter';
import { scanResultOf, type ScanResult } from '../lib/scan-result';
import { showCountKey } from '../api/get-show-count';

/**
 * The door's scans, one at a time: a camera read while one is being answered, or the same code re-read
 * within a couple of seconds, is dropped; a typed code is always sent. Each answer is shown, buzzed and
 * beeped, and refreshes the count of the show being admitted (the last admission's). `cinemaId`: the door's
 * cinema, sent with each scan so that a ticket for another cinema is refused.
 */
export function useCheckIn(door: string, cinemaId?: string) {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<ScanResult | null>(null);
  const [show, setShow] = useState<{ id: string; title: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const inFlight = useRef(false);
  const isNew = useRef(repeatFilter());

  const send = useCallback(
    async (code: string): Promise<ScanResult | null> => {
      inFlight.current = true;
      setChecking(true);
      try {
        const answer = await scanResultOf(code, api.checkIn(code, door, cinemaId));
        setResult(answer);
        setFailure(null);
        signalResult(answer.kind === 'admitted');
        if (answer.kind === 'admitted') {
          const { showId, movieTitle, showTime } = answer.admission;
          setShow({ id: showId, title: `${movieTitle}, ${showTime}` });
          void queryClient.invalidateQueries({ queryKey: showCountKey(answer.admission.showId) });
        }
        return answer;
      } catch (error) {
        setFailure(error instanceof Error ? error.message : String(error));
        return null;
      } finally {
        inFlight.current = false;
        setChecking(false);
      }
    },
    [api, door, cinemaId, queryClient],
  );

  const scanned = useCallback((text: string) => {
    if (inFlight.current || !isNew.current(text)) return;
    void send(text);
  }, [send]);

  /** A typed code's answer goes back to the form: it keeps a refused or unsent code for correction. */
  const typed = useCallback((code: string) => send(code), [send]);

  return { result, show, checking, failure, scanned, typed };
}
