-- Each change notification carries when the database sent it ('sentAt', milliseconds since the epoch), so
-- every instance can measure how long notifications take to reach it (the metric
-- change_notification_lag_seconds, src/metrics/). statement_timestamp() is the same for every row of one
-- statement, so a booking's seats still fold into one notification, as before.
CREATE OR REPLACE FUNCTION "notify_seats_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('booking_changes', json_build_object(
    'kind', 'seats', 'showId', COALESCE(NEW.show_id, OLD.show_id),
    'sentAt', round(extract(epoch from statement_timestamp()) * 1000)
  )::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_schedule_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('booking_changes', json_build_object(
    'kind', 'schedule', 'movieId', NEW.movie_id,
    'sentAt', round(extract(epoch from statement_timestamp()) * 1000)
  )::text);
  RETURN NULL;
END $$;
