CREATE TABLE "maintenance_month_pages" (
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"per_page" integer NOT NULL,
	"page" integer NOT NULL,
	"total" integer NOT NULL,
	"row_count" integer NOT NULL,
	"rows_json" text NOT NULL,
	CONSTRAINT "maintenance_month_pages_year_month_per_page_page_pk" PRIMARY KEY("year","month","per_page","page")
);
--> statement-breakpoint
CREATE TABLE "maintenance_month_total" (
	"id" smallint PRIMARY KEY NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
-- Decision 0076: a server inserted, changed or deleted may change how many companies the month lists; the kept
-- total goes with the kept parts of its companies, under the same lock (maintenance_month_forget_companies takes it).
CREATE OR REPLACE FUNCTION "maintenance_month_follow_devices"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "company_id") INTO c FROM new_rows WHERE "type" = 'servers';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT "company_id") INTO c FROM old_rows WHERE "type" = 'servers';
  ELSE
    SELECT array_agg(DISTINCT x) INTO c FROM old_rows o JOIN new_rows n ON n."id" = o."id",
      LATERAL (VALUES (o."company_id"), (n."company_id")) v(x)
    WHERE (o."type" = 'servers' OR n."type" = 'servers')
      AND (o."company_id", o."site_id", o."type", o."name", o."scheduled_maintenance", o."antivirus_id")
        IS DISTINCT FROM (n."company_id", n."site_id", n."type", n."name", n."scheduled_maintenance", n."antivirus_id");
  END IF;
  PERFORM "maintenance_month_forget_companies"(c);
  IF cardinality(c) > 0 THEN DELETE FROM "maintenance_month_total"; END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A page is sent as it is kept: stored uncompressed, so a read does not inflate it.
ALTER TABLE "maintenance_month_pages" ALTER COLUMN "rows_json" SET STORAGE EXTERNAL;--> statement-breakpoint
-- The pages go with what they were built from: a month's pages when a company's part of that month goes, every page
-- when a company's every month goes (a server changed, a role or site renamed) or a company is renamed.
CREATE OR REPLACE FUNCTION "maintenance_month_forget"(c integer[], y smallint[], m smallint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF c IS NULL OR cardinality(c) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(49065);
  DELETE FROM "maintenance_month_sites" k USING unnest(c, y, m) AS h("company_id", "year", "month")
  WHERE k."company_id" = h."company_id" AND k."year" = h."year" AND k."month" = h."month";
  DELETE FROM "maintenance_month_pages" p USING (SELECT DISTINCT * FROM unnest(y, m)) AS h("year", "month")
  WHERE p."year" = h."year" AND p."month" = h."month";
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "maintenance_month_forget_companies"(c integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF c IS NULL OR cardinality(c) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(49065);
  DELETE FROM "maintenance_month_sites" WHERE "company_id" = ANY (c);
  DELETE FROM "maintenance_month_pages";
END $$;--> statement-breakpoint
CREATE FUNCTION "maintenance_month_follow_companies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE o."name" IS DISTINCT FROM n."name") THEN
    PERFORM pg_advisory_xact_lock(49065);
    DELETE FROM "maintenance_month_pages";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "companies_maintenance_month_updated" AFTER UPDATE ON "companies"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_companies"();
