/** Query keys more than one feature refreshes (features never import each other). */

/** A show's occupied seats (GET /api/booking/seats/{showId}). */
export const occupiedSeatsQueryKey = (showId: string) => ['seats', showId] as const;
