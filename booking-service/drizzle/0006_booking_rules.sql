-- The booking rules of contract/hall.ts, held by the database as well: 1 to 5 distinct seats, each A1..J9
-- (MAX_SEATS_PER_BOOKING, SEAT_ID_PATTERN; test/booking-rules-in-database.test.ts checks this function
-- against seatSelectionProblem). A CHECK cannot hold a subquery, so the seat rule is an immutable function.
CREATE FUNCTION "booking_seats_valid"("seats" text[]) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT cardinality("seats") BETWEEN 1 AND 5
     AND (SELECT count(DISTINCT "s") FROM unnest("seats") AS "s") = cardinality("seats")
     AND NOT EXISTS (SELECT 1 FROM unnest("seats") AS "s" WHERE "s" IS NULL OR "s" !~ '^[A-J][1-9]$')
$$;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_seats_valid" CHECK (booking_seats_valid("bookings"."seats"));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_amount_not_negative" CHECK ("bookings"."amount_cents" >= 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_valid" CHECK ("bookings"."status" in ('held', 'paid', 'cancelled'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_refund_status_valid" CHECK ("bookings"."refund_status" is null or "bookings"."refund_status" in ('pending', 'refunded', 'failed'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_confirmation_valid" CHECK ("bookings"."confirmation" is null or "bookings"."confirmation" in ('queued', 'sample'));--> statement-breakpoint
ALTER TABLE "seat_reservations" ADD CONSTRAINT "seat_reservations_seat_valid" CHECK ("seat_reservations"."seat" ~ '^[A-J][1-9]$');