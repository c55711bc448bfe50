CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid,
	"code" text NOT NULL,
	"door" text NOT NULL,
	"staff_id" text NOT NULL,
	"staff_name" text NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "check_ins_outcome_valid" CHECK ("check_ins"."outcome" in ('admitted', 'already-admitted', 'not-paid', 'cancelled', 'refunded', 'another-day', 'too-early', 'too-late', 'unknown-ticket'))
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_one_admission_key" ON "check_ins" USING btree ("booking_id") WHERE "check_ins"."outcome" = 'admitted';--> statement-breakpoint
CREATE INDEX "check_ins_booking_idx" ON "check_ins" USING btree ("booking_id","at");--> statement-breakpoint
-- The door's log keeps history like the tables of migration 0007: removals refused.
CREATE TRIGGER "check_ins_keeps_history" BEFORE DELETE OR TRUNCATE ON "check_ins" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_history_removal"();
