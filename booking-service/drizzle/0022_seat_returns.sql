-- Issue 53, item 4: a moviegoer gives back some seats of a paid booking. The booking's row keeps the seats left
-- (amount_cents: what they cost, net of the refunds) and names the seats given back and their refunds in all; each
-- return is a seat_returns row written in the transaction of the guarded UPDATE that took its seats off the booking
-- and out of seat_reservations, so the return, the seats' release and the refund owed are one decision.
ALTER TABLE "bookings" ADD COLUMN "returned_seats" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "returned_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "seat_returns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"seats" text[] NOT NULL,
	"amount_cents" integer NOT NULL,
	"returned_by" text NOT NULL,
	"returned_at" timestamp with time zone NOT NULL,
	"refund_status" text NOT NULL,
	"refund_id" text,
	"refund_reason" text NOT NULL,
	CONSTRAINT "seat_returns_amount_not_negative" CHECK ("seat_returns"."amount_cents" >= 0),
	CONSTRAINT "seat_returns_seats_given" CHECK (cardinality("seat_returns"."seats") > 0),
	CONSTRAINT "seat_returns_refund_status_valid" CHECK ("seat_returns"."refund_status" in ('pending', 'refunded', 'failed'))
);--> statement-breakpoint
ALTER TABLE "seat_returns" ADD CONSTRAINT "seat_returns_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_returns_booking_idx" ON "seat_returns" USING btree ("booking_id","returned_at");--> statement-breakpoint
CREATE INDEX "seat_returns_refund_pending_idx" ON "seat_returns" USING btree ("returned_at") WHERE "seat_returns"."refund_status" = 'pending';--> statement-breakpoint
-- History, like the tables of migration 0007: removals refused.
CREATE TRIGGER "seat_returns_keeps_history" BEFORE DELETE OR TRUNCATE ON "seat_returns" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_history_removal"();--> statement-breakpoint
-- The local checkout refunds a session in parts (seats given back, then perhaps the rest), each once by its key.
ALTER TABLE "checkout_sessions" ADD COLUMN "refund_keys" text[] DEFAULT '{}'::text[] NOT NULL;
