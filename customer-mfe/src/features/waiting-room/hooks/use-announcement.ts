import { useEffect, useRef, useState } from 'react';
import type { QueueStatusResponse } from 'booking-service/contract';
import { positionAnnouncement } from '../lib/announcement';

/**
 * The polite live region's sentence: the position when it has moved meaningfully (positionAnnouncement),
 * the turn, sold out and seats coming back. A poll that changes nothing says nothing.
 */
export function useAnnouncement(status: QueueStatusResponse | undefined): string {
  const [text, setText] = useState('');
  const lastPosition = useRef<number | null>(null);
  const last = useRef<{ state: string; soldOut: boolean } | null>(null);
  useEffect(() => {
    if (!status) return;
    const before = last.current;
    last.current = { state: status.state, soldOut: status.event.soldOut };
    if (status.state === 'shopping' && before?.state !== 'shopping') return setText('It is your turn: choose your seats.');
    if (status.event.soldOut && !before?.soldOut) return setText('Sold out for now. You can keep waiting for returned seats.');
    if (!status.event.soldOut && before?.soldOut) return setText('Seats are available again.');
    if (status.state === 'waiting' && status.position !== null) {
      const said = positionAnnouncement(lastPosition.current, status.position);
      if (said) {
        lastPosition.current = status.position;
        setText(said);
      }
    }
  }, [status]);
  return text;
}
