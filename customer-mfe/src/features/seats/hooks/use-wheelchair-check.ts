import { useCallback, useState } from 'react';
import type { ScreenLayout } from 'booking-service/layout';
import { toggleInLayout } from '../lib/seat-layout';
import { companionToOffer, rememberWheelchairNeeded, wheelchairNeedConfirmed } from '../lib/wheelchair-need';

/**
 * The seat page's accessible seating: choosing a wheelchair space asks whether one is needed (once per visit,
 * wheelchair-need.ts), "Yes" keeps it (with its companion seat when asked for), "No" lets it go (with any
 * companion seat that came with it); and a chosen space's free companion seat is offered in one tap.
 */
export function useWheelchairCheck({
  layout,
  selected,
  unavailable,
  setSeats,
}: {
  layout: ScreenLayout;
  selected: readonly string[];
  unavailable: (seat: string) => boolean;
  setSeats: (seats: readonly string[]) => void;
}) {
  const [asking, setAsking] = useState<string | null>(null);
  const onWheelchairChosen = useCallback((space: string) => {
    if (!wheelchairNeedConfirmed()) setAsking(space);
  }, []);

  const space = asking !== null && selected.includes(asking) ? asking : null;
  const offerFor = (chosen: string) => companionToOffer(layout, chosen, selected, unavailable);
  const question = space === null ? null : { space, companion: offerFor(space) };

  const keep = (withCompanion: boolean) => {
    rememberWheelchairNeeded();
    if (withCompanion && question?.companion) setSeats([...selected, question.companion]);
    setAsking(null);
  };
  const letGo = () => {
    if (space !== null) {
      const next = toggleInLayout(layout, selected, space);
      if ('seats' in next) setSeats(next.seats);
    }
    setAsking(null);
  };

  // Outside the question: each chosen wheelchair space whose companion seat is free and not yet chosen.
  const offers =
    question === null
      ? selected.flatMap((seat) => {
          const companion = offerFor(seat);
          return companion ? [{ space: seat, companion }] : [];
        })
      : [];
  const addCompanion = (companion: string) => setSeats([...selected, companion]);

  return { onWheelchairChosen, question, keep, letGo, offers, addCompanion };
}
