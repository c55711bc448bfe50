import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueEvent, QueueStatusResponse } from 'booking-service/contract';
import { waitingRoomPath } from '../lib/seat-page-path';
import { signIn } from '../../../testing/auth';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { API, SHOW_DETAIL, SHOW_ID } from '../../../testing/fixtures';
import { renderRoute } from '../../../testing/render';
import { server } from '../../../testing/server';

const EVENT_ID = '33333333-3333-4333-8333-333333333333';
const ROUTE = waitingRoomPath(EVENT_ID, { movieId: SHOW_DETAIL.movie._id, date: '2026-12-01', showId: SHOW_ID });
const event = { id: EVENT_ID, name: 'Opening night', onSaleAt: '2026-11-01T10:00:00.000Z', waitingRoom: true, shoppingCapacity: 90, windowMinutes: 10, paused: false, salesClosed: false, streamsOff: false, pollEverySeconds: 8, showIds: [SHOW_ID], soldOut: false };
const status = (change: Partial<QueueStatusResponse>): QueueStatusResponse => ({
  success: true,
  event,
  state: 'waiting',
  place: 500,
  position: 120,
  estimatedWaitSeconds: 1200,
  windowEndsAt: null,
  admission: null,
  placeToken: null,
  ...change,
});
const queueEvent = (change: Partial<QueueEvent>): QueueEvent => ({ serving: 380, drawn: true, soldOut: false, paused: false, secondsPerPlace: 10, ...change });

/** The waiting room's calls, answering `me` with `next()` and recording the place token each poll sent. */
function serveQueue(next: () => QueueStatusResponse) {
  const placeTokens: (string | null)[] = [];
  server.use(
    http.get(`${API}/api/waiting-room/:eventId`, () => HttpResponse.json({ success: true, event })),
    http.get(`${API}/api/waiting-room/:eventId/me`, ({ request }) => {
      placeTokens.push(request.headers.get('x-queue-place'));
      return HttpResponse.json(next());
    }),
    http.post(`${API}/api/waiting-room/:eventId/join`, () => HttpResponse.json(status({ placeToken: 'place-500' }))),
  );
  return placeTokens;
}

describe('the waiting room page', () => {
  beforeEach(() => {
    signIn();
    sessionStorage.clear();
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens at its heading: the window at the top (not where the seat page was scrolled) and focus on the h1', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    serveQueue(() => status({}));
    renderRoute(ROUTE);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Waiting room: Opening night' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('follows the queue stream: the position moves and sold out shows without a poll; the turn is asked for at once, with the place token', async () => {
    let answer = status({ state: 'not-joined', place: null, position: null, estimatedWaitSeconds: null });
    const placeTokens = serveQueue(() => answer);
    renderRoute(ROUTE);
    expect(await screen.findByRole('heading', { name: 'You are in line' })).toBeInTheDocument();
    expect(screen.getByText('120')).toBeInTheDocument();
    expect(placeTokens).toEqual([null]);

    // Connected at once, and again with the place token once the join gave it: the service then sends the turn at once.
    await waitFor(() => expect(FakeEventSource.instances.map((s) => s.url)).toEqual([`${API}/api/waiting-room/${EVENT_ID}/events`, `${API}/api/waiting-room/${EVENT_ID}/events?token=place-500`]));
    expect(FakeEventSource.instances[0]!.readyState).toBe(FakeEventSource.CLOSED);
    const stream = FakeEventSource.instances.at(-1)!;
    act(() => stream.open());
    act(() => stream.emit('queue', queueEvent({ serving: 400, secondsPerPlace: 6 })));
    expect(await screen.findByText('100')).toBeInTheDocument();
    expect(screen.getByText('about 10 minutes')).toBeInTheDocument();
    act(() => stream.emit('queue', queueEvent({ serving: 400, soldOut: true })));
    expect(await screen.findByRole('heading', { name: 'Sold out for now' })).toBeInTheDocument();
    expect(placeTokens).toHaveLength(1);

    // The serving counter reaches the place: the page asks at once, sending the place token it was given;
    // the instance answering has not seen the turn yet (its view is a second older), so it asks again.
    answer = status({ placeToken: 'place-500' });
    act(() => stream.emit('queue', queueEvent({ serving: 500 })));
    await waitFor(() => expect(placeTokens).toEqual([null, 'place-500']));
    answer = status({ state: 'shopping', position: null, estimatedWaitSeconds: null, windowEndsAt: new Date(Date.now() + 600_000).toISOString(), admission: 'admitted' });
    expect(await screen.findByRole('heading', { name: 'It is your turn' }, { timeout: 3_000 })).toBeInTheDocument();
    expect(placeTokens).toEqual([null, 'place-500', 'place-500']);
    // Shopping, the stream is no longer needed.
    await waitFor(() => expect(stream.readyState).toBe(FakeEventSource.CLOSED));
  });

  /** A moviegoer in the pre-queue, the sale a second away; `drawn()` switches the service's answers to the place. */
  function preQueue() {
    const onSaleAt = new Date(Date.now() + 1_000).toISOString();
    let drawn = false;
    const placeTokens = serveQueue(() =>
      drawn
        ? status({ event: { ...event, onSaleAt }, placeToken: 'place-500' })
        : status({ event: { ...event, onSaleAt }, state: 'pre-queue', place: null, position: null, estimatedWaitSeconds: null, placeToken: 'pre-queue' }),
    );
    sessionStorage.setItem(`queue-place:${EVENT_ID}`, 'pre-queue');
    return { placeTokens, draw: () => (drawn = true) };
  }

  it('learns its place from the stream with the draw, without asking for it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { placeTokens, draw } = preQueue();
      renderRoute(ROUTE);
      expect(await screen.findByRole('heading', { name: 'You are in the waiting room' })).toBeInTheDocument();
      // Opened once, with the token kept from before the refresh.
      expect(FakeEventSource.instances.map((s) => s.url)).toEqual([`${API}/api/waiting-room/${EVENT_ID}/events?token=pre-queue`]);
      const stream = FakeEventSource.instances[0]!;
      act(() => stream.open());
      draw();
      act(() => stream.emit('queue', queueEvent({ serving: 0, place: 37, secondsPerPlace: 10 })));
      expect(await screen.findByRole('heading', { name: 'You are in line' })).toBeInTheDocument();
      expect(screen.getByText('37')).toBeInTheDocument();
      expect(screen.getByText('#37')).toBeInTheDocument();
      // The page's own timer stays quiet while the stream is open: the crowd does not ask all at once.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(13_000);
      });
      expect(placeTokens).toEqual(['pre-queue']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('without the stream, asks for its place once the on-sale time has passed, within the draw spread, even while the countdown renders every second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { placeTokens, draw } = preQueue();
      renderRoute(ROUTE);
      expect(await screen.findByRole('heading', { name: 'You are in the waiting room' })).toBeInTheDocument();
      act(() => FakeEventSource.instances.at(-1)!.fail());
      draw();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(13_000);
      });
      expect(await screen.findByRole('heading', { name: 'You are in line' })).toBeInTheDocument();
      expect(placeTokens.slice(0, 2)).toEqual(['pre-queue', 'pre-queue']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('still asks every 20 s while the stream brings progress every 15 s (support may have admitted or removed the place)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const placeTokens = serveQueue(() => status({ placeToken: 'place-500' }));
      sessionStorage.setItem(`queue-place:${EVENT_ID}`, 'place-500');
      renderRoute(ROUTE);
      expect(await screen.findByText('120')).toBeInTheDocument();
      const stream = FakeEventSource.instances.at(-1)!;
      act(() => stream.open());
      for (const serving of [385, 390, 395]) {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(15_000);
        });
        act(() => stream.emit('queue', queueEvent({ serving })));
      }
      // 45 s: the polls at 20 s and 40 s came although an event came every 15 s; the stream's position stands.
      expect(placeTokens).toEqual(['place-500', 'place-500', 'place-500']);
      expect(await screen.findByText('105')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('polls every 8 s when the stream is refused, with the newest place token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let place = 500;
      const placeTokens = serveQueue(() => status({ placeToken: `place-${place}`, position: place - 380 }));
      sessionStorage.setItem(`queue-place:${EVENT_ID}`, 'from-before-the-refresh');
      renderRoute(ROUTE);
      expect(await screen.findByText('120')).toBeInTheDocument();
      act(() => FakeEventSource.instances.at(-1)!.fail());
      place = 490;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(8_100);
      });
      expect(await screen.findByText('110')).toBeInTheDocument();
      expect(placeTokens).toEqual(['from-before-the-refresh', 'place-500']);
    } finally {
      vi.useRealTimers();
    }
  });
});
