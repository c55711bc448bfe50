import type { QueueEntryResponse } from 'booking-service/contract';

/** A moviegoer's state in an on-sale's queue, as support reads it. */
export const STATE_LABELS: Record<QueueEntryResponse['entry']['state'], string> = {
  'not-joined': 'Not joined',
  'pre-queue': 'In the pre-queue (before the draw)',
  waiting: 'Waiting',
  shopping: 'Shopping (admitted)',
  done: 'Window over',
  left: 'Left',
  removed: 'Removed by support',
};
