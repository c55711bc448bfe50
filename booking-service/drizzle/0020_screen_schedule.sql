-- Issue 52: one screen, one show at a time. A show occupies its screen from its start to its end (start + the
-- movie's runtime) plus its cinema's turnover (cleaning, doors): "occupied", [starts_at, ready_at). No two live
-- (not cancelled) occupations of one screen overlap: an exclusion constraint, so two instances adding clashing
-- shows at once cannot both succeed. btree_gist gives gist the "=" on screen_id (PGlite loads it in pglite-worker.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "cinemas" ADD COLUMN "turnover_minutes" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "cinemas" ADD CONSTRAINT "cinemas_turnover_not_negative" CHECK ("cinemas"."turnover_minutes" >= 0);--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "occupied" tstzrange;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "schedule_conflict" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A show's occupation from its movie's runtime and its cinema's turnover.
CREATE FUNCTION "show_occupied"("starts" timestamptz, "movie" text, "screen" text) RETURNS tstzrange
LANGUAGE sql STABLE AS $$
  SELECT tstzrange("starts", "starts" + make_interval(mins => "movies"."runtime" + "cinemas"."turnover_minutes"), '[)')
  FROM "movies", "screens" JOIN "cinemas" ON "cinemas"."id" = "screens"."cinema_id"
  WHERE "movies"."id" = "movie" AND "screens"."id" = "screen"
$$;--> statement-breakpoint
-- Every writer gets it right, the service or not: the occupation is the database's to compute.
CREATE FUNCTION "shows_set_occupied"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW."occupied" := show_occupied(NEW."starts_at", NEW."movie_id", NEW."screen_id");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "shows_occupied" BEFORE INSERT OR UPDATE OF "starts_at", "movie_id", "screen_id" ON "shows" FOR EACH ROW EXECUTE FUNCTION "shows_set_occupied"();--> statement-breakpoint
UPDATE "shows" SET "occupied" = show_occupied("starts_at", "movie_id", "screen_id");--> statement-breakpoint
ALTER TABLE "shows" ALTER COLUMN "occupied" SET NOT NULL;--> statement-breakpoint
-- Overlaps already stored (the seed put five films at one time on one screen; staff added clashing shows): nothing
-- sold is moved or removed. Each live show that overlaps another on its screen is marked a grandfathered conflict,
-- outside the constraint, listed for staff (GET /api/admin/shows/conflicts) and reported by the integrity check.
UPDATE "shows" SET "schedule_conflict" = true
WHERE "cancelled_at" IS NULL AND EXISTS (
  SELECT 1 FROM "shows" AS "other"
  WHERE "other"."screen_id" = "shows"."screen_id" AND "other"."id" <> "shows"."id"
    AND "other"."cancelled_at" IS NULL AND "other"."occupied" && "shows"."occupied");--> statement-breakpoint
ALTER TABLE "shows" ADD CONSTRAINT "shows_one_at_a_time_per_screen" EXCLUDE USING gist ("screen_id" WITH =, "occupied" WITH &&)
  WHERE ("cancelled_at" IS NULL AND NOT "schedule_conflict");--> statement-breakpoint
-- The grandfathered shows are outside the constraint, yet no new show may overlap them either: checked here (they are
-- never made again, so no race on them), as the constraint would, with its name. Runs after "shows_occupied"
-- (BEFORE triggers go by name), so on the new occupation.
CREATE FUNCTION "show_clear_of_grandfathered"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."cancelled_at" IS NULL AND NOT NEW."schedule_conflict" AND EXISTS (
    SELECT 1 FROM "shows" WHERE "screen_id" = NEW."screen_id" AND "id" <> NEW."id" AND "schedule_conflict"
      AND "cancelled_at" IS NULL AND "occupied" && NEW."occupied")
  -- The same show again (movie, instant, screen) is the unique key's to skip (ON CONFLICT DO NOTHING), not a clash.
  AND NOT EXISTS (SELECT 1 FROM "shows" WHERE "movie_id" = NEW."movie_id" AND "starts_at" = NEW."starts_at" AND "screen_id" = NEW."screen_id" AND "id" <> NEW."id") THEN
    RAISE EXCEPTION 'shows_one_at_a_time_per_screen: show % overlaps a grandfathered show on screen %', NEW."id", NEW."screen_id"
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'shows_one_at_a_time_per_screen';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "shows_occupied_clear_of_grandfathered" BEFORE INSERT OR UPDATE OF "starts_at", "movie_id", "screen_id", "occupied" ON "shows"
  FOR EACH ROW EXECUTE FUNCTION "show_clear_of_grandfathered"();--> statement-breakpoint
-- A movie's new runtime moves the end of its live shows that have not finished (past ones keep the time they were
-- played in). When one would then overlap another show, the constraint refuses the movie's update: no overlap
-- comes in silently (the service names the shows: ScheduleClashError).
CREATE FUNCTION "movie_runtime_moves_shows"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "shows" SET "occupied" = show_occupied("starts_at", "movie_id", "screen_id")
  WHERE "movie_id" = NEW."id" AND "cancelled_at" IS NULL AND upper("occupied") > now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "movies_runtime_moves_shows" AFTER UPDATE OF "runtime" ON "movies" FOR EACH ROW
  WHEN (OLD."runtime" IS DISTINCT FROM NEW."runtime") EXECUTE FUNCTION "movie_runtime_moves_shows"();
