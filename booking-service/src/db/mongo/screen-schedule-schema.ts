import { Schema } from 'mongoose';
import { COLLECTIONS } from './schemas.ts';

/**
 * One document per screen: its live shows' occupations, and a version every write must match and
 * raise. Adding a show first adds its occupation here with one conditional update (the version it read), so of
 * two instances adding clashing shows at once only one write matches: the other reads again and sees the clash.
 * MongoDB on FerretDB has no multi-document transactions, so the show's document is written after its claim
 * (screen-schedule.ts sweeps a claim whose show never came or was cancelled).
 */
export interface StoredOccupation {
  showId: string;
  movieId: string;
  startsAt: Date;
  endsAt: Date;
  readyAt: Date;
  /** When the claim was written: a claim without its show is stale only after a grace (the show's insert follows it). */
  claimedAt: Date;
  grandfathered: boolean;
}

export interface ScreenScheduleDocument {
  /** The screen's id. */
  _id: string;
  version: number;
  occupations: StoredOccupation[];
}

const occupationSchema = new Schema<StoredOccupation>(
  {
    showId: { type: String, required: true },
    movieId: { type: String, required: true },
    startsAt: { type: Date, required: true },
    endsAt: { type: Date, required: true },
    readyAt: { type: Date, required: true },
    claimedAt: { type: Date, required: true },
    grandfathered: { type: Boolean, required: true, default: false },
  },
  { _id: false, strict: 'throw' },
);

export const screenScheduleSchema = new Schema<ScreenScheduleDocument>(
  {
    _id: { type: String, required: true },
    version: { type: Number, required: true, min: 0 },
    occupations: { type: [occupationSchema], default: [] },
  },
  { collection: COLLECTIONS.screenSchedules, strict: 'throw', strictQuery: 'throw', versionKey: false },
);
