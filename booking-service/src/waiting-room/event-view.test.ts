import { describe, expect, it } from 'vitest';
import { createEventView } from './event-view.ts';
import type { EventPulse, OnSaleEvent, WaitingRoomRepository } from './waiting-room-repository.ts';

const event: OnSaleEvent = {
  id: 'e',
  name: 'Premiere',
  onSaleAt: new Date('2026-01-01T10:00:00Z'),
  waitingRoom: true,
  shoppingCapacity: 10,
  windowMinutes: 10,
  paused: false,
  salesClosed: false,
  streamsOff: false,
  pollEverySeconds: 8,
  serving: 0,
  drawnAt: null,
  showIds: ['s'],
  createdBy: 'staff',
  createdAt: new Date('2026-01-01T09:00:00Z'),
};

/** A store whose pulse answers only when the test lets it, with the admissions ended as stored then. */
function slowStore() {
  const ended = new Set<string>();
  const waiting: (() => void)[] = [];
  const repository = {
    events: async () => [event],
    pulse: async (): Promise<EventPulse> => {
      const stored = new Set(ended);
      await new Promise<void>((resolve) => waiting.push(resolve));
      return { seatsLeft: 10, admittedLastMinute: 0, outOfTurn: new Set(), endedAdmissions: stored };
    },
  } as unknown as WaitingRoomRepository;
  return { repository, ended, answer: () => waiting.splice(0).forEach((resolve) => resolve()) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("an instance's view of the events", () => {
  it('refuses an admission ended here at once, and still after a read begun before the leave lands', async () => {
    const store = slowStore();
    let at = Date.parse('2026-01-01T10:00:00Z');
    const view = createEventView({ repository: store.repository, now: () => new Date(at), log: { warn: () => {} } });
    // As while the admission timer runs: a request finds the last view while the next read is under way.
    view.refreshInBackground(true);
    const first = view.refresh();
    await settle();
    store.answer();
    await first;

    // A read begins (it finds no one ended), then ada leaves: written, and recorded here.
    at += 2_000;
    const inFlight = view.refresh();
    await settle();
    store.ended.add('ada');
    view.admissionEndedHere('e', 'ada');
    expect((await view.current()).pulses.get('e')!.endedAdmissions.has('ada')).toBe(true);

    store.answer();
    expect((await inFlight).pulses.get('e')!.endedAdmissions.has('ada')).toBe(true);

    // A read begun after the leave finds it stored: the instance drops its own note (here the store, made to
    // forget it, shows that the read alone answers).
    at += 2_000;
    store.ended.delete('ada');
    const next = view.refresh();
    await settle();
    store.answer();
    expect((await next).pulses.get('e')!.endedAdmissions.has('ada')).toBe(false);
  });
});
