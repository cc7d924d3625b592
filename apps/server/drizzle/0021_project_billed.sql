ALTER TABLE "projects" ADD COLUMN "billed_seconds" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "billed_last_end" timestamp with time zone;--> statement-breakpoint
-- projects.billed_seconds and billed_last_end follow the project's billable, closed check-ins (billable 0, end_time
-- set): after any insert, update or delete of check_ins, the projects of the changed rows sum theirs again. Statement
-- triggers: one update per statement, whatever the number of rows.
CREATE FUNCTION "projects_follow_check_ins"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := ARRAY(SELECT DISTINCT "project_id" FROM new_rows WHERE "project_id" IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    changed := ARRAY(SELECT DISTINCT "project_id" FROM old_rows WHERE "project_id" IS NOT NULL);
  ELSE
    changed := ARRAY(SELECT "project_id" FROM new_rows WHERE "project_id" IS NOT NULL
      UNION SELECT "project_id" FROM old_rows WHERE "project_id" IS NOT NULL);
  END IF;
  IF cardinality(changed) = 0 THEN
    RETURN NULL;
  END IF;
  UPDATE "projects" p SET "billed_seconds" = b."seconds", "billed_last_end" = b."last_end"
  FROM (
    SELECT p2."id", coalesce(sum(extract(epoch FROM (c."end_time" - c."start_time"))), 0) AS "seconds",
      max(c."end_time") AS "last_end"
    FROM "projects" p2 LEFT JOIN "check_ins" c
      ON c."project_id" = p2."id" AND c."end_time" IS NOT NULL AND c."billable" = 0
    WHERE p2."id" = ANY(changed) GROUP BY p2."id"
  ) b
  WHERE p."id" = b."id" AND (p."billed_seconds", p."billed_last_end") IS DISTINCT FROM (b."seconds", b."last_end");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "check_ins_billed_inserted" AFTER INSERT ON "check_ins" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "projects_follow_check_ins"();--> statement-breakpoint
CREATE TRIGGER "check_ins_billed_updated" AFTER UPDATE ON "check_ins" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "projects_follow_check_ins"();--> statement-breakpoint
CREATE TRIGGER "check_ins_billed_deleted" AFTER DELETE ON "check_ins" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "projects_follow_check_ins"();--> statement-breakpoint
UPDATE "projects" p SET "billed_seconds" = b."seconds", "billed_last_end" = b."last_end"
FROM (
  SELECT c."project_id" AS "id", sum(extract(epoch FROM (c."end_time" - c."start_time"))) AS "seconds",
    max(c."end_time") AS "last_end"
  FROM "check_ins" c WHERE c."project_id" IS NOT NULL AND c."end_time" IS NOT NULL AND c."billable" = 0
  GROUP BY c."project_id"
) b
WHERE p."id" = b."id";
