import { badRequest, HttpError, notFound } from '../http/errors.ts';
import type { AppInstance } from '../http/app-instance.ts';
import type { Checked } from './on-sale-input.ts';
import type { WaitingRoom } from './waiting-room.ts';
import type { WaitingRoomRepository } from './waiting-room-repository.ts';

/** What the waiting room's three route plugins (moviegoers, staff, support) share. */

export const tags = ['waiting-room'];
export const security = [{ bearerAuth: [] }];

/** The failure policy: the queue's store unreachable closes the on-sale (503, this message); the rest of the site goes on. */
export const UNAVAILABLE_MESSAGE = 'The waiting room is unavailable; the on-sale is paused. Your place is kept: try again in a moment';

/** The plugin's errors go on to the app's handler; a store outage becomes the waiting room's own 503. */
export function answerOutagesAsPaused(app: AppInstance, isUnavailable: (error: unknown) => boolean) {
  app.setErrorHandler((error) => {
    throw isUnavailable(error) ? new HttpError(503, UNAVAILABLE_MESSAGE) : error;
  });
}

/** The checked value, or the 400 saying what is wrong with it. */
export function valid<T>(checked: Checked<T>): T {
  if (!checked.ok) throw badRequest(checked.message);
  return checked.value;
}

/** The stored event (read fresh), or 404. */
export async function storedEventOr404(waitingRoom: WaitingRoom, eventId: string) {
  const event = await waitingRoom.storedEvent(eventId);
  if (!event) throw notFound('On-sale event not found');
  return event;
}

/** The live panel's answer (staff and support): the event and its figures, read from the store now. */
export async function figuresOf(waitingRoom: WaitingRoom, repository: Pick<WaitingRoomRepository, 'figures'>, eventId: string, now: Date) {
  const event = await storedEventOr404(waitingRoom, eventId);
  const figures = await repository.figures(event.id, now);
  return { success: true as const, event: { ...waitingRoom.eventJson(event, figures) }, figures };
}
