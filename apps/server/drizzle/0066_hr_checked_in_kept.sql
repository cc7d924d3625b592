CREATE TABLE "hr_checked_in_kept" (
	"user_id" integer NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"timezone" text NOT NULL,
	"seconds" numeric NOT NULL,
	CONSTRAINT "hr_checked_in_kept_user_id_from_day_to_day_timezone_pk" PRIMARY KEY("user_id","from_day","to_day","timezone")
);
--> statement-breakpoint
ALTER TABLE "hr_checked_in_kept" ADD CONSTRAINT "hr_checked_in_kept_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A written timeclock entry deletes the kept ranges it reaches (every range of that person ending after the entry's
-- start, old or new, in each kept row's time zone). The advisory lock is the one the fill takes (hr-requests-
-- checked-in.ts): a fill either sees this write or has its rows deleted by it.
CREATE FUNCTION "hr_checked_in_kept_follow_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(52053);
  IF TG_OP = 'INSERT' THEN
    DELETE FROM "hr_checked_in_kept" k USING new_rows r
    WHERE k."user_id" = r."user_id" AND ((k."to_day" + 1)::timestamp AT TIME ZONE k."timezone") > r."started_at";
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM "hr_checked_in_kept" k USING old_rows r
    WHERE k."user_id" = r."user_id" AND ((k."to_day" + 1)::timestamp AT TIME ZONE k."timezone") > r."started_at";
  ELSE
    DELETE FROM "hr_checked_in_kept" k USING (
      SELECT "user_id", "started_at" FROM old_rows UNION ALL SELECT "user_id", "started_at" FROM new_rows
    ) r
    WHERE k."user_id" = r."user_id" AND ((k."to_day" + 1)::timestamp AT TIME ZONE k."timezone") > r."started_at";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "hr_checked_in_kept_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "hr_checked_in_kept";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "timeclock_entries_hr_checked_in_kept_inserted" AFTER INSERT ON "timeclock_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hr_checked_in_kept_follow_entries"();--> statement-breakpoint
CREATE TRIGGER "timeclock_entries_hr_checked_in_kept_updated" AFTER UPDATE ON "timeclock_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "hr_checked_in_kept_follow_entries"();--> statement-breakpoint
CREATE TRIGGER "timeclock_entries_hr_checked_in_kept_deleted" AFTER DELETE ON "timeclock_entries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "hr_checked_in_kept_follow_entries"();--> statement-breakpoint
CREATE TRIGGER "timeclock_entries_hr_checked_in_kept_truncated" AFTER TRUNCATE ON "timeclock_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "hr_checked_in_kept_truncate"();
