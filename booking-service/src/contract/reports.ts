import { Type, type Static } from 'typebox';

/** GET /api/admin/dashboard/sales: revenue and tickets per day, occupancy per upcoming show. */
export const SalesReportQuery = Type.Object(
  { days: Type.Optional(Type.String({ pattern: '^([1-9]|[1-8][0-9]|90)$', description: 'Days back, 1 to 90 (default 30)' })) },
  { additionalProperties: false },
);

export const SalesReportResponse = Type.Object({
  success: Type.Literal(true),
  days: Type.Array(Type.Object({ date: Type.String(), revenue: Type.Number(), tickets: Type.Integer() })),
  occupancy: Type.Array(
    Type.Object({ showId: Type.String(), title: Type.String(), showDateTime: Type.String(), occupied: Type.Integer(), capacity: Type.Integer() }),
  ),
});

export type SalesReportResponse = Static<typeof SalesReportResponse>;
