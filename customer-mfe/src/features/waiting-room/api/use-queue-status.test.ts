import type { QueueStatusResponse } from 'booking-service/contract';
import { describe, expect, it } from 'vitest';
import { pollIntervalMs } from './use-queue-status';

const event = { id: 'e', name: 'Premiere', onSaleAt: '2026-12-01T10:00:00.000Z', waitingRoom: true, shoppingCapacity: 90, windowMinutes: 10, paused: false, showIds: [], soldOut: false };
const status = (extra: object): QueueStatusResponse =>
  ({ success: true, event: { ...event, ...extra }, state: 'waiting', place: 5, position: 4, estimatedWaitSeconds: 40, windowEndsAt: null, admission: null, placeToken: null }) as unknown as QueueStatusResponse;

describe("the waiting page's poll interval", () => {
  it("is the event's: 8 s normally, what staff stretched it to on the day", () => {
    expect(pollIntervalMs(status({ salesClosed: false, streamsOff: false, pollEverySeconds: 8 }))).toBe(8_000);
    expect(pollIntervalMs(status({ salesClosed: false, streamsOff: true, pollEverySeconds: 45 }))).toBe(45_000);
  });

  it('is 8 s before the first answer, and from a service older than the day\'s controls (no interval sent)', () => {
    expect(pollIntervalMs(undefined)).toBe(8_000);
    expect(pollIntervalMs(status({}))).toBe(8_000);
  });
});
