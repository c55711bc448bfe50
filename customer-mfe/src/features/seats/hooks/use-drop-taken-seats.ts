import { useEffect, type RefObject } from 'react';
import { sortSeats } from 'booking-service/hall';
import { notify } from 'shared-ui';

/**
 * Someone else took a seat this visitor had picked (the live seat list says so): it is let go, and the visitor
 * told. A picked seat that turned out to be their own hold is let go without a word. Nothing is judged until the
 * visitor's own holds are known (`mineKnown`): before that their own hold looks like someone else's (a
 * false "just taken" after a declined card and Back). Nothing is done while checking out (`paused`): the seats
 * being held are about to show as taken.
 */
export function useDropTakenSeats({
  selected,
  occupied,
  mine,
  mineKnown,
  removeSeats,
  paused,
}: {
  selected: readonly string[];
  occupied: ReadonlySet<string>;
  mine: ReadonlySet<string>;
  mineKnown: boolean;
  removeSeats: (seats: string[]) => void;
  paused: RefObject<boolean>;
}) {
  useEffect(() => {
    if (paused.current || !mineKnown) return;
    const picked = selected;
    const nowMine = picked.filter((s) => mine.has(s));
    if (nowMine.length > 0) removeSeats(nowMine);
    const lost = picked.filter((s) => occupied.has(s) && !mine.has(s));
    if (lost.length === 0) return;
    removeSeats(lost);
    notify.error(`${lost.length === 1 ? 'Seat' : 'Seats'} ${sortSeats(lost).join(', ')} ${lost.length === 1 ? 'was' : 'were'} just taken by someone else`, {
      id: `lost-${lost.join('-')}`,
    });
  }, [occupied, mine, mineKnown, removeSeats, selected, paused]);
}
