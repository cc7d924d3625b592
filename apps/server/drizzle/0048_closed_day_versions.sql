CREATE TABLE "timeclock_closed_day_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Decision 0102: every statement that inserts, changes or deletes a person's kept closed days gives that person a new
-- version in its own transaction, so a process that read the version and the kept days in one snapshot may keep
-- the days under that version. Statement triggers with transition tables (one event each): a fill of 6,000 days
-- writes 200 rows here, and an ordinary status change, which deletes no kept day, writes none. In user id order, so
-- two writers never lock version rows in opposite orders.
CREATE SEQUENCE "timeclock_closed_day_version_seq";--> statement-breakpoint
CREATE FUNCTION "timeclock_closed_day_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO "timeclock_closed_day_versions" ("user_id", "version")
    SELECT u."id", nextval('timeclock_closed_day_version_seq') FROM "users" u ORDER BY u."id"
    ON CONFLICT ("user_id") DO UPDATE SET "version" = excluded."version";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "timeclock_closed_day_versions" ("user_id", "version")
    SELECT r."user_id", nextval('timeclock_closed_day_version_seq') FROM (SELECT DISTINCT "user_id" FROM new_rows) r
    ORDER BY r."user_id"
    ON CONFLICT ("user_id") DO UPDATE SET "version" = excluded."version";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "timeclock_closed_day_versions" ("user_id", "version")
    SELECT r."user_id", nextval('timeclock_closed_day_version_seq') FROM (SELECT DISTINCT "user_id" FROM old_rows) r
    ORDER BY r."user_id"
    ON CONFLICT ("user_id") DO UPDATE SET "version" = excluded."version";
  ELSE
    INSERT INTO "timeclock_closed_day_versions" ("user_id", "version")
    SELECT r."user_id", nextval('timeclock_closed_day_version_seq')
    FROM (SELECT "user_id" FROM new_rows UNION SELECT "user_id" FROM old_rows) r
    ORDER BY r."user_id"
    ON CONFLICT ("user_id") DO UPDATE SET "version" = excluded."version";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "timeclock_closed_days_version_inserted" AFTER INSERT ON "timeclock_closed_days"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "timeclock_closed_day_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "timeclock_closed_days_version_updated" AFTER UPDATE ON "timeclock_closed_days"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "timeclock_closed_day_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "timeclock_closed_days_version_deleted" AFTER DELETE ON "timeclock_closed_days"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "timeclock_closed_day_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "timeclock_closed_days_version_truncated" AFTER TRUNCATE ON "timeclock_closed_days"
  FOR EACH STATEMENT EXECUTE FUNCTION "timeclock_closed_day_versions_bump"();
