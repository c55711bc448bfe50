-- Issue 43, item 9: staff cancel a show (a state, never a deletion). A cancelled show is no longer listed to moviegoers
-- nor bookable; its paid bookings are refunded and its holds released (admin/show-cancellation.ts).
ALTER TABLE "shows" ADD COLUMN "cancelled_at" timestamp with time zone;