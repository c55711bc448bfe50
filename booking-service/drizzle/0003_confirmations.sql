ALTER TABLE "bookings" ADD COLUMN "confirmation" text;--> statement-breakpoint
CREATE INDEX "bookings_unconfirmed_idx" ON "bookings" USING btree ("created_at") WHERE "bookings"."is_paid" = true and "bookings"."confirmation" is null;--> statement-breakpoint
CREATE INDEX "outbox_booking_kind_idx" ON "outbox" USING btree ("booking_id","kind");--> statement-breakpoint
-- Paid bookings whose e-ticket an older version already put in the outbox: queued. The others are
-- left null, and the confirmation sweep (payments/payment-service.ts) sends each its one e-ticket.
UPDATE "bookings" SET "confirmation" = 'queued' WHERE "is_paid" = true AND EXISTS (
  SELECT 1 FROM "outbox" WHERE "outbox"."booking_id" = "bookings"."id" AND "outbox"."kind" = 'booking-confirmation'
);
