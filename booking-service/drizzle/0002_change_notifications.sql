-- Every service instance listens on 'booking_changes' (src/db/postgres/change-bus.ts). The database
-- announces each change of the seat ledger and each new show itself, whoever wrote it: another
-- instance, the sweeper, an operator with psql. Notifications are sent at commit (none for a
-- rolled-back transaction), and PostgreSQL folds identical payloads of one transaction into one.
CREATE FUNCTION "notify_seats_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('booking_changes', json_build_object('kind', 'seats', 'showId', COALESCE(NEW.show_id, OLD.show_id))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "seat_reservations_notify" AFTER INSERT OR UPDATE OR DELETE ON "seat_reservations"
  FOR EACH ROW EXECUTE FUNCTION "notify_seats_changed"();
--> statement-breakpoint
CREATE FUNCTION "notify_schedule_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('booking_changes', json_build_object('kind', 'schedule', 'movieId', NEW.movie_id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "shows_notify" AFTER INSERT ON "shows"
  FOR EACH ROW EXECUTE FUNCTION "notify_schedule_changed"();
