CREATE TABLE "store_identity" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"movies_seen" integer DEFAULT 0 NOT NULL,
	"shows_seen" integer DEFAULT 0 NOT NULL,
	"bookings_seen" integer DEFAULT 0 NOT NULL
);
