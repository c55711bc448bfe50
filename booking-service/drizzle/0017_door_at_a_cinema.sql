-- A door at a cinema (after issues 42 and 45): a ticket scanned at another cinema's door is refused and logged as
-- 'another-cinema' (check-in/admission-rules.ts).
ALTER TABLE "check_ins" DROP CONSTRAINT "check_ins_outcome_valid";--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_outcome_valid" CHECK ("check_ins"."outcome" in ('admitted', 'already-admitted', 'not-paid', 'cancelled', 'refunded', 'another-cinema', 'another-day', 'too-early', 'too-late', 'unknown-ticket'));