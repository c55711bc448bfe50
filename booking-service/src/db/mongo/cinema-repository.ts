import { DEFAULT_TURNOVER_MINUTES, type Cinema } from '../../cinemas/cinema.ts';
import type { CinemaRepository } from '../../cinemas/cinema-repository.ts';
import type { Models } from './models.ts';
import type { CinemaDocument } from './schemas.ts';

export function createCinemaRepository({ Cinema: Cinemas }: Models): CinemaRepository {
  return {
    async ensure(chain) {
      const now = new Date();
      const docs = chain.map(({ id, screens, ...details }, position) => new Cinemas({ _id: id, ...details, screens, position, createdAt: now }));
      await Promise.all(docs.map((doc) => doc.validate()));
      // Insert or refresh, one document per cinema: several instances starting at once write the same documents.
      await Cinemas.bulkWrite(
        docs.map((doc) => {
          const { _id, createdAt, ...details } = doc.toObject<CinemaDocument>();
          return { updateOne: { filter: { _id }, update: { $set: details, $setOnInsert: { createdAt } }, upsert: true } };
        }),
        { ordered: false },
      );
    },

    async list() {
      const docs = await Cinemas.find({}).lean<CinemaDocument[]>();
      return docs
        .sort((a, b) => a.position - b.position || (a._id < b._id ? -1 : 1))
        .map(
          ({ _id, name, address, city, timeZone, phone, facilities, turnoverMinutes, screens }): Cinema => ({
            id: _id,
            name,
            address,
            city,
            timeZone,
            phone,
            facilities,
            turnoverMinutes: turnoverMinutes ?? DEFAULT_TURNOVER_MINUTES,
            screens: screens.map(({ id, cinemaId, name: screenName, format, layout }) => ({
              id,
              cinemaId,
              name: screenName,
              format,
              layout: { rows: layout.rows.map((row) => ({ label: row.label, seats: row.seats, ...(row.aisleBefore ? { aisleBefore: true } : {}) })) },
            })),
          }),
        );
    },
  };
}
