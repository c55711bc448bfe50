-- Issue 55, part 1: one fate per ticket. A door's admission is recorded on the booking's own row (admitted_at), set by
-- a guarded update in the same transaction as the check-in log's entry; every cancellation and refund guards on
-- admitted_at IS NULL (bookings/lifecycle.ts). So an admission and a cancellation serialise on the one row they both
-- update, and exactly one of them applies (a NOT EXISTS over check_ins would not: under READ COMMITTED its re-check
-- does not see the other table's concurrent insert). cancelled_at: when a paid booking was cancelled (the door names it).
ALTER TABLE "bookings" ADD COLUMN "admitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
-- Bookings admitted before the column: their admission from the log (one per booking: check_ins_one_admission_key).
UPDATE "bookings" SET "admitted_at" = "check_ins"."at"
  FROM "check_ins"
  WHERE "check_ins"."booking_id" = "bookings"."id" AND "check_ins"."outcome" = 'admitted' AND "bookings"."admitted_at" IS NULL;
