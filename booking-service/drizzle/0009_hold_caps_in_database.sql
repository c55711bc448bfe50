-- The hold caps (MAX_HELD_SEATS_PER_SHOW, MAX_HELD_SEATS) enforced in the claiming statement, under a lock per
-- account, so that concurrent holds of one account on several instances cannot pass together (issue 32): the
-- service's own check (bookings/hold-policy.ts) runs first for its message, one at a time per account on an
-- instance only. A booking over a cap comes back with failure 'hold-cap' and writes nothing.
CREATE OR REPLACE FUNCTION "create_bookings"("batch" jsonb) RETURNS TABLE("claimed_id" uuid, "taken_seats" text[], "failure" text)
LANGUAGE plpgsql AS $$
DECLARE
  "wanted" jsonb;
  "wanted_seats" text[];
  "wanted_show" uuid;
  "held_for_show" bigint;
  "held_overall" bigint;
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
    -- The account's hold caps, when the caller gives them: counted and held as one step per account across
    -- every instance (the lock lasts until this transaction ends; the count sees every booking committed
    -- before it was taken, and this batch's own).
    IF "wanted" ? 'maxHeldSeatsPerShow' THEN
      PERFORM pg_advisory_xact_lock(hashtext('hold-caps:' || ("wanted"->>'userId')));
      SELECT coalesce(sum(cardinality("b"."seats")) FILTER (WHERE "b"."show_id" = "wanted_show"), 0), coalesce(sum(cardinality("b"."seats")), 0)
        INTO "held_for_show", "held_overall"
        FROM "bookings" "b"
        WHERE "b"."user_id" = "wanted"->>'userId' AND "b"."status" = 'held' AND NOT "b"."is_paid"
          AND "b"."hold_expires_at" > ("wanted"->>'createdAt')::timestamptz;
      IF "held_for_show" + cardinality("wanted_seats") > ("wanted"->>'maxHeldSeatsPerShow')::integer
         OR "held_overall" + cardinality("wanted_seats") > ("wanted"->>'maxHeldSeats')::integer THEN
        "failure" := 'hold-cap';
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;
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
