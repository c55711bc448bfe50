-- Issue 56, point 6: the day's controls of an on-sale, which every instance reads with the event each second: staff stop
-- seat holds for a moment (sales_closed), turn the live streams off (streams_off: pages poll), stretch the pages' poll
-- interval (poll_every_seconds, 8 s by default, the waiting page's own).
ALTER TABLE "on_sale_events" ADD COLUMN "sales_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "on_sale_events" ADD COLUMN "streams_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "on_sale_events" ADD COLUMN "poll_every_seconds" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "on_sale_events" ADD CONSTRAINT "on_sale_events_poll_interval_valid" CHECK ("on_sale_events"."poll_every_seconds" between 8 and 120);