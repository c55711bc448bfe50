CREATE TABLE "on_sale_event_shows" (
	"show_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "on_sale_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"on_sale_at" timestamp with time zone NOT NULL,
	"waiting_room" boolean DEFAULT true NOT NULL,
	"shopping_capacity" integer NOT NULL,
	"window_minutes" integer NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"serving" integer DEFAULT 0 NOT NULL,
	"last_place" integer DEFAULT 0 NOT NULL,
	"drawn_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "on_sale_events_capacity_positive" CHECK ("on_sale_events"."shopping_capacity" > 0),
	CONSTRAINT "on_sale_events_window_positive" CHECK ("on_sale_events"."window_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "queue_entries" (
	"event_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"place" integer,
	"admitted_at" timestamp with time zone,
	"window_ends_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "queue_entries_event_id_account_id_pk" PRIMARY KEY("event_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "waiting_room_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"account_id" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "on_sale_event_shows" ADD CONSTRAINT "on_sale_event_shows_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_sale_event_shows" ADD CONSTRAINT "on_sale_event_shows_event_id_on_sale_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."on_sale_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_event_id_on_sale_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."on_sale_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_actions" ADD CONSTRAINT "waiting_room_actions_event_id_on_sale_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."on_sale_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "on_sale_event_shows_event_idx" ON "on_sale_event_shows" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_event_place_key" ON "queue_entries" USING btree ("event_id","place");--> statement-breakpoint
CREATE INDEX "queue_entries_event_admitted_idx" ON "queue_entries" USING btree ("event_id","admitted_at");--> statement-breakpoint
CREATE INDEX "waiting_room_actions_event_idx" ON "waiting_room_actions" USING btree ("event_id","at");