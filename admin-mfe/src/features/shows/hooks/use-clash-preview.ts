import { useState } from 'react';
import type { ScheduleClashJson } from 'booking-service/contract';
import { useScheduleCheck } from '../api/check-schedule';
import { useAddShowStore } from './add-show-store';
import { clashesOf, clashesOfChosen, wallClockOf } from '../lib/clashes';

/**
 * Add Shows' clash preview: the chosen movie's times on the chosen screen, checked by the service as
 * they are chosen; the clashes of a refused add (409) join them, in case the screen changed meanwhile. Each clash
 * still concerning a chosen time is listed, and `moveTime` takes its one-click fix (the next free start).
 */
export function useClashPreview({
  movieId,
  screenId,
  dateTimes,
  timeZone,
}: {
  movieId: string | null;
  screenId: string | undefined;
  dateTimes: Record<string, string[]>;
  timeZone: string | undefined;
}) {
  const { removeTime, addDateTime } = useAddShowStore();
  const [refused, setRefused] = useState<ScheduleClashJson[]>([]);
  const showsInput = Object.entries(dateTimes).map(([date, time]) => ({ date, time }));
  const check = useScheduleCheck(movieId && showsInput.length > 0 ? { movieId, showsInput, ...(screenId ? { screenId } : {}) } : null);
  const found = [...(check.data?.clashes ?? [])];
  for (const clash of refused) if (!found.some((c) => c.proposed.startsAt === clash.proposed.startsAt)) found.push(clash);
  const clashes = timeZone ? clashesOfChosen(found, dateTimes, timeZone) : [];
  const clashing = new Set(clashes.map((clash) => Object.values(wallClockOf(clash.proposed.startsAt, timeZone!)).join('T')));
  return {
    clashes,
    clashing,
    /** After a failed add: keep its clashes, if it was refused for them. */
    refuse: (error: unknown) => setRefused(clashesOf(error) ?? []),
    moveTime: (from: { date: string; time: string }, to: { date: string; time: string }) => {
      removeTime(from.date, from.time);
      addDateTime(to.date, to.time);
      setRefused((current) => current.filter((clash) => Object.values(wallClockOf(clash.proposed.startsAt, timeZone!)).join('T') !== `${from.date}T${from.time}`));
    },
  };
}
