CREATE TABLE "cinemas" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"time_zone" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"facilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screens" (
	"id" text PRIMARY KEY NOT NULL,
	"cinema_id" text NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"layout" jsonb NOT NULL,
	"seat_ids" text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Cinemas and screens (issue 42) keep history like the tables of migration 0007: removals refused, inserts counted.
CREATE TRIGGER "cinemas_ledger" AFTER INSERT ON "cinemas" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_inserted_rows"();--> statement-breakpoint
CREATE TRIGGER "screens_ledger" AFTER INSERT ON "screens" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_inserted_rows"();--> statement-breakpoint
CREATE TRIGGER "cinemas_keeps_history" BEFORE DELETE OR TRUNCATE ON "cinemas" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_history_removal"();--> statement-breakpoint
CREATE TRIGGER "screens_keeps_history" BEFORE DELETE OR TRUNCATE ON "screens" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_history_removal"();--> statement-breakpoint
-- The default cinema and its first screen, the spec's hall (cinemas/built-in-chain.ts: DEFAULT_LAYOUT), so every
-- show made before cinemas existed has its screen. The service refreshes their details from the built-in chain
-- at start (its time zone is THEATRE_TIMEZONE's).
INSERT INTO "cinemas" ("id", "name", "address", "city", "time_zone", "phone", "facilities", "position")
VALUES ('marquee-marine-drive', 'Marquee Marine Drive', '14 Netaji Subhash Chandra Bose Road, Marine Lines', 'Mumbai', 'UTC', '+91 22 5550 1401', '[]', 0);--> statement-breakpoint
INSERT INTO "screens" ("id", "cinema_id", "name", "format", "layout", "seat_ids", "position")
VALUES ('marquee-marine-drive-1', 'marquee-marine-drive', 'Screen 1', 'Standard', '{"rows":[{"label":"A","seats":"sssssssss"},{"label":"B","seats":"sssssssss"},{"label":"C","seats":"sssssssss","aisleBefore":true},{"label":"D","seats":"sssssssss"},{"label":"E","seats":"sssssssss","aisleBefore":true},{"label":"F","seats":"sssssssss"},{"label":"G","seats":"sssssssss","aisleBefore":true},{"label":"H","seats":"sssssssss"},{"label":"I","seats":"sssssssss","aisleBefore":true},{"label":"J","seats":"sssssssss"}]}', '{A1,A2,A3,A4,A5,A6,A7,A8,A9,B1,B2,B3,B4,B5,B6,B7,B8,B9,C1,C2,C3,C4,C5,C6,C7,C8,C9,D1,D2,D3,D4,D5,D6,D7,D8,D9,E1,E2,E3,E4,E5,E6,E7,E8,E9,F1,F2,F3,F4,F5,F6,F7,F8,F9,G1,G2,G3,G4,G5,G6,G7,G8,G9,H1,H2,H3,H4,H5,H6,H7,H8,H9,I1,I2,I3,I4,I5,I6,I7,I8,I9,J1,J2,J3,J4,J5,J6,J7,J8,J9}', 0);--> statement-breakpoint
ALTER TABLE "seat_reservations" DROP CONSTRAINT "seat_reservations_seat_valid";--> statement-breakpoint
DROP INDEX "shows_movie_starts_at_key";--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "seat_prices" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Every existing show moves to the default cinema's first screen, its price unchanged.
ALTER TABLE "shows" ADD COLUMN "screen_id" text DEFAULT 'marquee-marine-drive-1' NOT NULL;--> statement-breakpoint
ALTER TABLE "shows" ALTER COLUMN "screen_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "screens" ADD CONSTRAINT "screens_cinema_id_cinemas_id_fk" FOREIGN KEY ("cinema_id") REFERENCES "public"."cinemas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screens_cinema_idx" ON "screens" USING btree ("cinema_id");--> statement-breakpoint
ALTER TABLE "shows" ADD CONSTRAINT "shows_screen_id_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."screens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shows_movie_starts_at_screen_key" ON "shows" USING btree ("movie_id","starts_at","screen_id");--> statement-breakpoint
CREATE INDEX "shows_screen_starts_at_idx" ON "shows" USING btree ("screen_id","starts_at");--> statement-breakpoint
ALTER TABLE "seat_reservations" ADD CONSTRAINT "seat_reservations_seat_valid" CHECK ("seat_reservations"."seat" ~ '^[A-Z]{1,2}[1-9][0-9]?$');--> statement-breakpoint
-- Migration 0006's seat rule, widened from A1..J9 to any layout's seat ids (ANY_SEAT_ID_PATTERN); which seats
-- a show has is its screen's, checked by the triggers below.
CREATE OR REPLACE FUNCTION "booking_seats_valid"("seats" text[]) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT cardinality("seats") BETWEEN 1 AND 5
     AND (SELECT count(DISTINCT "s") FROM unnest("seats") AS "s") = cardinality("seats")
     AND NOT EXISTS (SELECT 1 FROM unnest("seats") AS "s" WHERE "s" IS NULL OR "s" !~ '^[A-Z]{1,2}[1-9][0-9]?$')
$$;--> statement-breakpoint
-- The seats of these that the show's screen does not have (a CHECK cannot read another table: triggers do).
CREATE FUNCTION "seats_not_on_show_screen"("show" uuid, "seats" text[]) RETURNS text[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg("s"), '{}') FROM unnest("seats") AS "s"
  WHERE NOT EXISTS (
    SELECT 1 FROM "shows" JOIN "screens" ON "screens"."id" = "shows"."screen_id"
    WHERE "shows"."id" = "show" AND "s" = ANY ("screens"."seat_ids"))
$$;--> statement-breakpoint
CREATE FUNCTION "booking_seats_on_screen"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  "missing" text[] := seats_not_on_show_screen(NEW."show_id", NEW."seats");
BEGIN
  IF cardinality("missing") > 0 THEN
    RAISE EXCEPTION 'bookings_seats_on_screen: seats % are not seats of the screen of show %', "missing", NEW."show_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_seats_on_screen';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION "reservation_seat_on_screen"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(seats_not_on_show_screen(NEW."show_id", ARRAY[NEW."seat"])) > 0 THEN
    RAISE EXCEPTION 'seat_reservations_seat_on_screen: seat % is not a seat of the screen of show %', NEW."seat", NEW."show_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'seat_reservations_seat_on_screen';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_seats_on_screen" BEFORE INSERT OR UPDATE OF "seats", "show_id" ON "bookings" FOR EACH ROW EXECUTE FUNCTION "booking_seats_on_screen"();--> statement-breakpoint
CREATE TRIGGER "seat_reservations_seat_on_screen" BEFORE INSERT OR UPDATE OF "seat", "show_id" ON "seat_reservations" FOR EACH ROW EXECUTE FUNCTION "reservation_seat_on_screen"();
