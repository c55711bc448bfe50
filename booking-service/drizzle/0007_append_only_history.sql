CREATE TABLE "row_ledger" (
	"table_name" text NOT NULL,
	"shard" integer NOT NULL,
	"inserted" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "row_ledger_table_name_shard_pk" PRIMARY KEY("table_name","shard")
);--> statement-breakpoint
-- History tables keep every row: DELETE and TRUNCATE are refused (the service never removes a movie, show,
-- booking, user, email or payment session), and each insert is counted in row_ledger in the same statement,
-- so a table holding fewer rows than were inserted lost them, whatever arrived since (src/integrity/).
CREATE FUNCTION "ledger_inserted_rows"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A shard per backend: concurrent bookings on several connections do not queue on one row.
  INSERT INTO "row_ledger" ("table_name", "shard", "inserted")
  SELECT TG_TABLE_NAME, pg_backend_pid() % 8, count(*) FROM "new_rows" HAVING count(*) > 0
  ON CONFLICT ("table_name", "shard") DO UPDATE SET "inserted" = "row_ledger"."inserted" + excluded."inserted";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "refuse_history_removal"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The % table keeps history: its rows are never removed (% refused)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "movies_ledger" AFTER INSERT ON "movies" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_inserted_rows"();--> statement-breakpoint
CREATE TRIGGER "shows_ledger" AFTER INSERT ON "shows" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_inserted_rows"();--> statement-breakpoint
CREATE TRIGGER "bookings_ledger" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_inserted_rows"();--> statement-breakpoint
CREATE TRIGGER "users_ledger" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_inserted_rows"();--> statement-breakpoint
CREATE TRIGGER "outbox_ledger" AFTER INSERT ON "outbox" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_inserted_rows"();--> statement-breakpoint
CREATE TRIGGER "checkout_sessions_ledger" AFTER INSERT ON "checkout_sessions" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_inserted_rows"();--> statement-breakpoint
CREATE TRIGGER "movies_keeps_history" BEFORE DELETE OR TRUNCATE ON "movies" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_history_removal"();--> statement-breakpoint
CREATE TRIGGER "shows_keeps_history" BEFORE DELETE OR TRUNCATE ON "shows" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_history_removal"();--> statement-breakpoint
CREATE TRIGGER "bookings_keeps_history" BEFORE DELETE OR TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_history_removal"();--> statement-breakpoint
CREATE TRIGGER "users_keeps_history" BEFORE DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_history_removal"();--> statement-breakpoint
CREATE TRIGGER "outbox_keeps_history" BEFORE DELETE OR TRUNCATE ON "outbox" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_history_removal"();--> statement-breakpoint
CREATE TRIGGER "checkout_sessions_keeps_history" BEFORE DELETE OR TRUNCATE ON "checkout_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_history_removal"();--> statement-breakpoint
CREATE TRIGGER "row_ledger_keeps_history" BEFORE DELETE OR TRUNCATE ON "row_ledger" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_history_removal"();--> statement-breakpoint
INSERT INTO "row_ledger" ("table_name", "shard", "inserted") SELECT 'movies', 0, count(*) FROM "movies" UNION ALL SELECT 'shows', 0, count(*) FROM "shows" UNION ALL SELECT 'bookings', 0, count(*) FROM "bookings" UNION ALL SELECT 'users', 0, count(*) FROM "users" UNION ALL SELECT 'outbox', 0, count(*) FROM "outbox" UNION ALL SELECT 'checkout_sessions', 0, count(*) FROM "checkout_sessions";
