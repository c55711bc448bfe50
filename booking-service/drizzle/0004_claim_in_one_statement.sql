-- New bookings in one statement (src/db/postgres/booking-repository.ts): each element of `batch` (a JSON
-- array of new bookings) is written with its seat-ledger rows in a subtransaction of its own, all its seats
-- or none: the (show, seat) primary key decides, waiting for a transaction that holds the seat uncommitted.
-- Seats already held are found first, without writing. A booking whose seats are not all free leaves nothing
-- behind and comes back with `taken_seats`; any other error of one booking comes back as `failure` without
-- undoing the others. One round trip per booking on a PostgreSQL server (four before, with BEGIN and
-- COMMIT), and one per batch of the bookings queued meanwhile on PGlite.
CREATE FUNCTION "create_bookings"("batch" jsonb) RETURNS TABLE("claimed_id" uuid, "taken_seats" text[], "failure" text)
LANGUAGE plpgsql AS $$
DECLARE
  "wanted" jsonb;
  "wanted_seats" text[];
  "wanted_show" uuid;
BEGIN
  FOR "wanted" IN SELECT "value" FROM jsonb_array_elements("batch") LOOP
    "claimed_id" := ("wanted"->>'id')::uuid;
    "wanted_show" := ("wanted"->>'showId')::uuid;
    "wanted_seats" := ARRAY(SELECT jsonb_array_elements_text("wanted"->'seats'));
    "failure" := NULL;
    -- Seats already held (committed, or written earlier in this batch) are answered at once: in a
    -- rush most attempts collide, and this spares them the writes and the rollback.
    "taken_seats" := ARRAY(
      SELECT "s"."seat" FROM unnest("wanted_seats") WITH ORDINALITY AS "s"("seat", "n")
      WHERE EXISTS (SELECT 1 FROM "seat_reservations" "r" WHERE "r"."show_id" = "wanted_show" AND "r"."seat" = "s"."seat")
      ORDER BY "s"."n");
    IF cardinality("taken_seats") > 0 THEN
      RETURN NEXT;
      CONTINUE;
    END IF;
    "taken_seats" := NULL;
    BEGIN
      INSERT INTO "bookings" ("id", "user_id", "show_id", "seats", "amount_cents", "status", "is_paid", "payment_link", "hold_expires_at", "created_at", "ticket_code")
      VALUES ("claimed_id", "wanted"->>'userId', "wanted_show", "wanted_seats", ("wanted"->>'amountCents')::integer, 'held', false,
              "wanted"->>'paymentLink', ("wanted"->>'holdExpiresAt')::timestamptz, ("wanted"->>'createdAt')::timestamptz, "wanted"->>'ticketCode');
      -- In the order given (sorted by the caller), as every writer of the ledger does: no deadlocks.
      INSERT INTO "seat_reservations" ("show_id", "seat", "booking_id")
      SELECT "wanted_show", "s"."seat", "claimed_id" FROM unnest("wanted_seats") WITH ORDINALITY AS "s"("seat", "n") ORDER BY "s"."n"
      ON CONFLICT DO NOTHING;
      "taken_seats" := ARRAY(
        SELECT "s"."seat" FROM unnest("wanted_seats") AS "s"("seat")
        WHERE NOT EXISTS (SELECT 1 FROM "seat_reservations" "r"
                          WHERE "r"."show_id" = "wanted_show" AND "r"."seat" = "s"."seat" AND "r"."booking_id" = "claimed_id"));
      IF cardinality("taken_seats") > 0 THEN
        RAISE EXCEPTION 'seats taken' USING ERRCODE = 'SEATS';
      END IF;
      "taken_seats" := NULL;
    EXCEPTION
      WHEN SQLSTATE 'SEATS' THEN NULL; -- rolled back to the start of this booking; taken_seats says why
      WHEN OTHERS THEN
        "taken_seats" := NULL;
        "failure" := SQLSTATE || ': ' || SQLERRM;
    END;
    RETURN NEXT;
  END LOOP;
END $$;
