import { describe, expect, it } from 'vitest';
import type { QueueEvent, QueueStatusResponse } from 'booking-service/contract';
import { shownStatus, withQueueEvent } from './use-queue-stream';

const waiting: QueueStatusResponse = {
  success: true,
  event: { id: 'e', name: 'Premiere', onSaleAt: '2026-12-01T10:00:00.000Z', waitingRoom: true, shoppingCapacity: 90, windowMinutes: 10, paused: false, salesClosed: false, streamsOff: false, pollEverySeconds: 8, showIds: [], soldOut: false },
  state: 'waiting',
  place: 500,
  position: 120,
  estimatedWaitSeconds: 240,
  windowEndsAt: null,
  admission: null,
  placeToken: 'token',
};
const event = (change: Partial<QueueEvent>): QueueEvent => ({ serving: 380, drawn: true, soldOut: false, paused: false, secondsPerPlace: 2, ...change });

describe('a queue event applied to the waiting status', () => {
  it('moves the position to the place against the serving counter, and the wait with the pace', () => {
    expect(withQueueEvent(waiting, event({ serving: 400, secondsPerPlace: 1.5 }))).toMatchObject({ position: 100, estimatedWaitSeconds: 150, place: 500 });
    // Next in line at most: never 0 or below.
    expect(withQueueEvent(waiting, event({ serving: 600 })).position).toBe(1);
  });

  it('never moves the position back up (an older counter than the last poll saw)', () => {
    expect(withQueueEvent(waiting, event({ serving: 300 })).position).toBe(120);
  });

  it('places the pre-queue when the stream brings the place the draw gave', () => {
    const preQueue = { ...waiting, state: 'pre-queue' as const, place: null, position: null, estimatedWaitSeconds: null };
    expect(withQueueEvent(preQueue, event({ serving: 10, place: 40, secondsPerPlace: 2 }))).toMatchObject({ state: 'waiting', place: 40, position: 30, estimatedWaitSeconds: 60 });
    expect(withQueueEvent(preQueue, event({ drawn: true }))).toMatchObject({ state: 'pre-queue', place: null });
  });

  it('carries sold out and paused to the event, whatever the state', () => {
    expect(withQueueEvent(waiting, event({ soldOut: true, paused: true })).event).toMatchObject({ soldOut: true, paused: true });
    const preQueue = { ...waiting, state: 'pre-queue' as const, place: null, position: null, estimatedWaitSeconds: null };
    expect(withQueueEvent(preQueue, event({ soldOut: true }))).toMatchObject({ position: null, estimatedWaitSeconds: null, event: { soldOut: true } });
  });
});

describe('the status shown: the last poll with the stream\'s latest news', () => {
  const soldOut = { ...waiting, event: { ...waiting.event, soldOut: true } };

  it('takes sold out and paused from the newer of the two', () => {
    // News after the poll: the stream's word stands.
    expect(shownStatus(waiting, 1_000, { event: event({ soldOut: true }), at: 2_000 }).event.soldOut).toBe(true);
    // A poll after the news (seats came back, and the poll saw it first): the poll's word stands.
    expect(shownStatus(waiting, 3_000, { event: event({ soldOut: true }), at: 2_000 }).event.soldOut).toBe(false);
    expect(shownStatus(soldOut, 3_000, null).event.soldOut).toBe(true);
  });

  it('never shows a position above what either said', () => {
    // A newer poll from an instance whose view is behind the stream: the stream's lower position stays.
    expect(shownStatus(waiting, 3_000, { event: event({ serving: 400 }), at: 2_000 }).position).toBe(100);
    expect(shownStatus({ ...waiting, position: 90 }, 1_000, { event: event({ serving: 400 }), at: 2_000 }).position).toBe(90);
  });
});
