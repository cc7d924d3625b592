ALTER TABLE "projects" ADD COLUMN "current_step" smallint;--> statement-breakpoint
CREATE INDEX "tickets_employee_project_idx" ON "tickets" USING btree ("employee_id","project_id") WHERE "tickets"."project_id" is not null;--> statement-breakpoint
CREATE INDEX "projects_current_step_idx" ON "projects" USING btree ("current_step","id");--> statement-breakpoint
-- projects.current_step follows its step tickets (decision 0044): after any insert or update of tickets, the projects
-- of the changed rows read their lowest open step again (status 1 is Closed). Statement triggers: one update per
-- statement, whatever the number of rows.
CREATE FUNCTION "projects_follow_steps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "projects" p SET "current_step" = (
    SELECT min(t."project_order") FROM "tickets" t WHERE t."project_id" = p."id" AND t."status" <> 1)
  WHERE p."id" IN (SELECT DISTINCT "project_id" FROM changed WHERE "project_id" IS NOT NULL);
  RETURN NULL;
END $$;
CREATE TRIGGER "tickets_steps_inserted" AFTER INSERT ON "tickets" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "projects_follow_steps"();
CREATE TRIGGER "tickets_steps_updated" AFTER UPDATE ON "tickets" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "projects_follow_steps"();
UPDATE "projects" p SET "current_step" = (
  SELECT min(t."project_order") FROM "tickets" t WHERE t."project_id" = p."id" AND t."status" <> 1);
