-- 0019_confirmation_log (issue 55): every confirmed payment and admission, numbered in the order of their
-- commits, written by the database itself in the transaction that makes the booking paid or records the
-- admission, whichever path made it (a moviegoer's payment, a webhook, the reconciliation, support's mark-paid,
-- a late payment). Each instance remembers the newest entries it confirmed or saw (DATA_DIR); a database that
-- no longer holds them, or holds another booking under their number, went back in time (src/integrity/).
CREATE TABLE "confirmation_log" (
	"seq" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	"kind" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"ticket_code" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "confirmation_log_kind_valid" CHECK ("kind" in ('paid', 'admitted'))
);--> statement-breakpoint
CREATE INDEX "confirmation_log_booking_idx" ON "confirmation_log" USING btree ("booking_id", "kind", "seq");--> statement-breakpoint
CREATE FUNCTION "log_confirmation"(confirmed_kind text, confirmed_booking uuid, confirmed_ticket text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Held to the commit: numbers are then taken in the order transactions commit, so an entry an instance has
  -- seen is never followed by a lower number unless the database went back (a restore, a lost failover).
  PERFORM pg_advisory_xact_lock(5519);
  INSERT INTO "confirmation_log" ("kind", "booking_id", "ticket_code") VALUES (confirmed_kind, confirmed_booking, confirmed_ticket);
END $$;--> statement-breakpoint
CREATE FUNCTION "log_paid_booking"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'paid' AND (TG_OP = 'INSERT' OR OLD."status" IS DISTINCT FROM 'paid') THEN
    PERFORM "log_confirmation"('paid', NEW."id", NEW."ticket_code");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "log_admission"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "log_confirmation"('admitted', NEW."booking_id", (SELECT "ticket_code" FROM "bookings" WHERE "id" = NEW."booking_id"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "refuse_confirmation_log_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The confirmation_log table only grows: its entries are never changed or removed (% refused)', TG_OP
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_log_paid" AFTER INSERT OR UPDATE OF "status" ON "bookings" FOR EACH ROW EXECUTE FUNCTION "log_paid_booking"();--> statement-breakpoint
CREATE TRIGGER "check_ins_log_admission" AFTER INSERT ON "check_ins" FOR EACH ROW WHEN (NEW."outcome" = 'admitted') EXECUTE FUNCTION "log_admission"();--> statement-breakpoint
CREATE TRIGGER "confirmation_log_only_grows" BEFORE UPDATE OR DELETE OR TRUNCATE ON "confirmation_log" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_confirmation_log_change"();
