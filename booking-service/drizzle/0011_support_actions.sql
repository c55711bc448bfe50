CREATE TABLE "support_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"outcome" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_actions_kind_valid" CHECK ("support_actions"."kind" in ('mark-paid', 'fix-payment'))
);
--> statement-breakpoint
ALTER TABLE "support_actions" ADD CONSTRAINT "support_actions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_actions_booking_idx" ON "support_actions" USING btree ("booking_id","created_at");--> statement-breakpoint
-- The audit trail keeps history like the tables of migration 0007: removals refused.
CREATE TRIGGER "support_actions_keeps_history" BEFORE DELETE OR TRUNCATE ON "support_actions" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_history_removal"();
