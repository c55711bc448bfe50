ALTER TABLE "webhook_events" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
-- A failed event is now marked (failed_at) instead of deleted, so webhook_events keeps history like the other
-- tables of migration 0007: removals refused, inserts counted.
CREATE TRIGGER "webhook_events_ledger" AFTER INSERT ON "webhook_events" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_inserted_rows"();--> statement-breakpoint
CREATE TRIGGER "webhook_events_keeps_history" BEFORE DELETE OR TRUNCATE ON "webhook_events" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_history_removal"();--> statement-breakpoint
INSERT INTO "row_ledger" ("table_name", "shard", "inserted") SELECT 'webhook_events', 0, count(*) FROM "webhook_events";
