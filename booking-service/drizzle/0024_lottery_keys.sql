-- Issue 56, point 1: joins without a hot row. A pre-queue join gets a random lottery key (no lock on the event's row);
-- the draw becomes the pre-queue's close, which counts it and creates the event's sequence for later arrivals; the
-- pre-queue's places (ranks by key) are written by the admissions in batches as they reach them.
-- The event's foreign key goes: its check locked the event's row shared on every join (schema.ts says why).
ALTER TABLE "queue_entries" DROP CONSTRAINT "queue_entries_event_id_on_sale_events_id_fk";
--> statement-breakpoint
ALTER TABLE "on_sale_events" ADD COLUMN "written_through" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "lottery_key" double precision;--> statement-breakpoint
CREATE INDEX "queue_entries_event_lottery_idx" ON "queue_entries" USING btree ("event_id","lottery_key","account_id") WHERE "queue_entries"."lottery_key" is not null;--> statement-breakpoint
-- The pre-queues of events not yet drawn: a lottery key each. Drawn events keep their written places.
UPDATE "queue_entries" SET "lottery_key" = random() WHERE "place" IS NULL AND "event_id" IN (SELECT "id" FROM "on_sale_events" WHERE "drawn_at" IS NULL);--> statement-breakpoint
UPDATE "on_sale_events" SET "written_through" = "last_place" WHERE "drawn_at" IS NOT NULL;--> statement-breakpoint
-- Drawn events go on giving places after their last one, from their own sequence.
DO $$
DECLARE event record;
BEGIN
  FOR event IN SELECT "id", "last_place" FROM "on_sale_events" WHERE "drawn_at" IS NOT NULL LOOP
    EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I START %s', 'queue_places_' || replace(event.id::text, '-', ''), event.last_place + 1);
  END LOOP;
END $$;
--> statement-breakpoint
-- Every entry has a place or a lottery ticket (schema.ts says why): an older release's pre-queue insert is refused.
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_place_or_lottery_key" CHECK ("queue_entries"."place" is not null or "queue_entries"."lottery_key" is not null);
