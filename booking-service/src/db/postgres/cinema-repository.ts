import { asc, sql } from 'drizzle-orm';
import type { Cinema } from '../../cinemas/cinema.ts';
import type { CinemaRepository } from '../../cinemas/cinema-repository.ts';
import { layoutSeats } from '../../contract/seats/layout.ts';
import type { Db } from '../database.ts';
import { cinemas, screens } from '../schema.ts';

export function createCinemaRepository(db: Db): CinemaRepository {
  return {
    async ensure(chain) {
      if (chain.length === 0) return;
      const cinemaRows = chain.map(({ screens: _screens, ...cinema }, position) => ({ ...cinema, position }));
      const screenRows = chain.flatMap((cinema) =>
        cinema.screens.map((screen, position) => ({ ...screen, seatIds: layoutSeats(screen.layout).map((seat) => seat.id), position })),
      );
      // Insert or refresh: several instances starting at once write the same rows.
      await db.transaction(async (tx) => {
        await tx
          .insert(cinemas)
          .values(cinemaRows)
          .onConflictDoUpdate({
            target: cinemas.id,
            set: {
              name: sql`excluded.name`,
              address: sql`excluded.address`,
              city: sql`excluded.city`,
              timeZone: sql`excluded.time_zone`,
              phone: sql`excluded.phone`,
              facilities: sql`excluded.facilities`,
              turnoverMinutes: sql`excluded.turnover_minutes`,
              position: sql`excluded.position`,
            },
          });
        await tx
          .insert(screens)
          .values(screenRows)
          .onConflictDoUpdate({
            target: screens.id,
            set: { name: sql`excluded.name`, format: sql`excluded.format`, layout: sql`excluded.layout`, seatIds: sql`excluded.seat_ids`, position: sql`excluded.position` },
          });
      });
    },

    async list() {
      const [cinemaRows, screenRows] = await Promise.all([
        db.select().from(cinemas).orderBy(asc(cinemas.position), asc(cinemas.id)),
        db.select().from(screens).orderBy(asc(screens.position), asc(screens.id)),
      ]);
      return cinemaRows.map(
        (row): Cinema => ({
          id: row.id,
          name: row.name,
          address: row.address,
          city: row.city,
          timeZone: row.timeZone,
          phone: row.phone,
          facilities: row.facilities,
          turnoverMinutes: row.turnoverMinutes,
          screens: screenRows
            .filter((screen) => screen.cinemaId === row.id)
            .map(({ id, cinemaId, name, format, layout }) => ({ id, cinemaId, name, format, layout })),
        }),
      );
    },
  };
}
