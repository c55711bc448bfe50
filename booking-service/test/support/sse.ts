import { Value } from 'typebox/value';
import { SEAT_EVENT, SEAT_RECONNECT_EVENT, SeatsEventSchema, type SeatsEvent } from '../../src/contract/responses.ts';

/** Reads a live seat stream from a real HTTP response; every event must be a `seats` event of the contract's schema. */
export async function openEvents(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers: { origin: 'http://localhost:3000' } });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: { event: string; data: string }[] = [];
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data });
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    response,
    events,
    /** Resolves when the server ends the stream (or it is closed). */
    ended: pump,
    /** Whether the server said to reconnect (it shuts down). */
    toldToReconnect: () => events.some((e) => e.event === SEAT_RECONNECT_EVENT),
    async next(predicate: (seats: string[]) => boolean, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const hit = events.filter((e) => e.event !== SEAT_RECONNECT_EVENT).map(seatsOf).find(predicate);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no matching seats event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
    },
    close() {
      controller.abort();
      return pump;
    },
  };
}

/** The seats of an event, once it is checked against the contract. */
function seatsOf({ event, data }: { event: string; data: string }): string[] {
  const body: unknown = JSON.parse(data);
  if (event !== SEAT_EVENT || !Value.Check(SeatsEventSchema, body)) throw new Error(`not a ${SEAT_EVENT} event of the contract: ${event} ${data}`);
  return (body as SeatsEvent).occupiedSeats;
}
