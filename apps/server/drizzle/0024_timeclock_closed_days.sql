CREATE TABLE "timeclock_closed_days" (
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"timezone" text NOT NULL,
	"checked_in" integer NOT NULL,
	"break" integer NOT NULL,
	"lunch" integer NOT NULL,
	"traveling" integer NOT NULL,
	CONSTRAINT "timeclock_closed_days_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
ALTER TABLE "timeclock_closed_days" ADD CONSTRAINT "timeclock_closed_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A written timeclock entry deletes the closed days it reaches (from the instant it changes, in each kept row's
-- time zone), so the report sums them again. The advisory lock is the one the report's fill of closed days takes
-- (timeclock-report.service.ts): a fill either sees this write or has its rows deleted by it.
CREATE FUNCTION "timeclock_closed_days_follow_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(52052);
  IF TG_OP = 'INSERT' THEN
    DELETE FROM "timeclock_closed_days" d USING new_rows r
    WHERE d."user_id" = r."user_id" AND d."date" >= (r."started_at" AT TIME ZONE d."timezone")::date;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM "timeclock_closed_days" d USING old_rows r
    WHERE d."user_id" = r."user_id" AND d."date" >= (r."started_at" AT TIME ZONE d."timezone")::date;
  ELSE
    -- An end set on the open entry changes nothing before it; anything else changes the time from its start.
    DELETE FROM "timeclock_closed_days" d USING (
      SELECT n."user_id",
        CASE WHEN (o."user_id", o."status", o."started_at") IS DISTINCT FROM (n."user_id", n."status", n."started_at")
          THEN least(o."started_at", n."started_at")
          ELSE least(coalesce(o."ended_at", n."ended_at"), coalesce(n."ended_at", o."ended_at")) END AS "since"
      FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      UNION ALL
      SELECT o."user_id", o."started_at" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      WHERE o."user_id" <> n."user_id"
    ) r
    WHERE d."user_id" = r."user_id" AND r."since" IS NOT NULL
      AND d."date" >= (r."since" AT TIME ZONE d."timezone")::date;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "timeclock_entries_closed_days_inserted" AFTER INSERT ON "timeclock_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "timeclock_closed_days_follow_entries"();--> statement-breakpoint
CREATE TRIGGER "timeclock_entries_closed_days_updated" AFTER UPDATE ON "timeclock_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "timeclock_closed_days_follow_entries"();--> statement-breakpoint
CREATE TRIGGER "timeclock_entries_closed_days_deleted" AFTER DELETE ON "timeclock_entries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "timeclock_closed_days_follow_entries"();
