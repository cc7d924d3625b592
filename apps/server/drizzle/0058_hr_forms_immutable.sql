-- HR forms (designs/hr.md §3): a published version and a signed submission are evidence; nothing changes or removes
-- them once written (a new version or a new assignment supersedes instead).
CREATE FUNCTION hr_forms_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows never change once written', TG_TABLE_NAME USING ERRCODE = 'check_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER hr_form_versions_immutable BEFORE UPDATE OR DELETE ON "hr_form_versions"
  FOR EACH ROW EXECUTE FUNCTION hr_forms_refuse_change();
--> statement-breakpoint
CREATE TRIGGER hr_form_submissions_immutable BEFORE UPDATE OR DELETE ON "hr_form_submissions"
  FOR EACH ROW EXECUTE FUNCTION hr_forms_refuse_change();
