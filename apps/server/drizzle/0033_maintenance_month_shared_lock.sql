-- Decision 0076: writers take the month's lock shared, the fill (maintenance.service.ts) takes it exclusive. A fill
-- still waits for every writer that passed its trigger to commit, and a writer that comes during a fill waits for it,
-- but two writers no longer wait for each other on it (one could otherwise hold it while waiting for a row the other
-- holds).
CREATE OR REPLACE FUNCTION "maintenance_month_forget"(c integer[], y smallint[], m smallint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF c IS NULL OR cardinality(c) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock_shared(49065);
  DELETE FROM "maintenance_month_sites" k USING unnest(c, y, m) AS h("company_id", "year", "month")
  WHERE k."company_id" = h."company_id" AND k."year" = h."year" AND k."month" = h."month";
  DELETE FROM "maintenance_month_pages" p USING (SELECT DISTINCT * FROM unnest(y, m)) AS h("year", "month")
  WHERE p."year" = h."year" AND p."month" = h."month";
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "maintenance_month_forget_companies"(c integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF c IS NULL OR cardinality(c) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock_shared(49065);
  DELETE FROM "maintenance_month_sites" WHERE "company_id" = ANY (c);
  DELETE FROM "maintenance_month_pages";
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "maintenance_month_follow_companies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE o."name" IS DISTINCT FROM n."name") THEN
    PERFORM pg_advisory_xact_lock_shared(49065);
    DELETE FROM "maintenance_month_pages";
  END IF;
  RETURN NULL;
END $$;
