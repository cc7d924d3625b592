CREATE TABLE "maintenance_month_sites" (
	"company_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"sites" text,
	CONSTRAINT "maintenance_month_sites_company_id_year_month_pk" PRIMARY KEY("company_id","year","month")
);
--> statement-breakpoint
ALTER TABLE "maintenance_month_sites" ADD CONSTRAINT "maintenance_month_sites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 0076: a write that reaches a company's month answer deletes what is kept of it, under the advisory lock
-- the month page's fill takes (maintenance.service.ts), so a fill either sees the write or has its rows deleted by
-- it. maintenance_month_forget_companies forgets every month of the companies. Writes that reach no company take
-- no lock.
CREATE FUNCTION "maintenance_month_forget"(c integer[], y smallint[], m smallint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF c IS NULL OR cardinality(c) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(49065);
  DELETE FROM "maintenance_month_sites" k USING unnest(c, y, m) AS h("company_id", "year", "month")
  WHERE k."company_id" = h."company_id" AND k."year" = h."year" AND k."month" = h."month";
END $$;--> statement-breakpoint
CREATE FUNCTION "maintenance_month_forget_companies"(c integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF c IS NULL OR cardinality(c) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(49065);
  DELETE FROM "maintenance_month_sites" WHERE "company_id" = ANY (c);
END $$;--> statement-breakpoint
-- Servers: any change of what the page shows of one (company, site, type, name, schedule, antivirus).
CREATE FUNCTION "maintenance_month_follow_devices"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "devices_maintenance_month_inserted" AFTER INSERT ON "devices"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_devices"();--> statement-breakpoint
CREATE TRIGGER "devices_maintenance_month_updated" AFTER UPDATE ON "devices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_devices"();--> statement-breakpoint
CREATE TRIGGER "devices_maintenance_month_deleted" AFTER DELETE ON "devices"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_devices"();--> statement-breakpoint
-- A server's roles.
CREATE FUNCTION "maintenance_month_follow_device_roles"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT d."company_id") INTO c FROM new_rows r JOIN "devices" d ON d."id" = r."device_id";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT d."company_id") INTO c FROM old_rows r JOIN "devices" d ON d."id" = r."device_id";
  ELSE
    SELECT array_agg(DISTINCT d."company_id") INTO c
    FROM (SELECT "device_id" FROM old_rows UNION SELECT "device_id" FROM new_rows) r JOIN "devices" d ON d."id" = r."device_id";
  END IF;
  PERFORM "maintenance_month_forget_companies"(c);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "device_server_roles_maintenance_month_inserted" AFTER INSERT ON "device_server_roles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_device_roles"();--> statement-breakpoint
CREATE TRIGGER "device_server_roles_maintenance_month_updated" AFTER UPDATE ON "device_server_roles"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_device_roles"();--> statement-breakpoint
CREATE TRIGGER "device_server_roles_maintenance_month_deleted" AFTER DELETE ON "device_server_roles"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_device_roles"();--> statement-breakpoint
-- A role renamed (a role deleted leaves through device_server_roles), a site renamed or moved.
CREATE FUNCTION "maintenance_month_follow_names"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c integer[];
BEGIN
  IF TG_TABLE_NAME = 'server_roles' THEN
    SELECT array_agg(DISTINCT d."company_id") INTO c
    FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    JOIN "device_server_roles" dr ON dr."role_id" = n."id" JOIN "devices" d ON d."id" = dr."device_id"
    WHERE o."name" IS DISTINCT FROM n."name";
  ELSE
    SELECT array_agg(DISTINCT x) INTO c FROM old_rows o JOIN new_rows n ON n."id" = o."id",
      LATERAL (VALUES (o."company_id"), (n."company_id")) v(x)
    WHERE (o."name", o."company_id") IS DISTINCT FROM (n."name", n."company_id");
  END IF;
  PERFORM "maintenance_month_forget_companies"(c);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "server_roles_maintenance_month_updated" AFTER UPDATE ON "server_roles"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_names"();--> statement-breakpoint
CREATE TRIGGER "sites_maintenance_month_updated" AFTER UPDATE ON "sites"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_names"();--> statement-breakpoint
-- The month's ticket of a server and its three records (each: server_id, year, month, ticket_id).
CREATE FUNCTION "maintenance_month_follow_records"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c integer[]; y smallint[]; m smallint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d."company_id"), array_agg(r."year"), array_agg(r."month") INTO c, y, m
    FROM (SELECT DISTINCT "server_id", "year", "month" FROM new_rows) r JOIN "devices" d ON d."id" = r."server_id";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d."company_id"), array_agg(r."year"), array_agg(r."month") INTO c, y, m
    FROM (SELECT DISTINCT "server_id", "year", "month" FROM old_rows) r JOIN "devices" d ON d."id" = r."server_id";
  ELSE
    SELECT array_agg(d."company_id"), array_agg(r."year"), array_agg(r."month") INTO c, y, m
    FROM (SELECT "server_id", "year", "month" FROM old_rows UNION SELECT "server_id", "year", "month" FROM new_rows) r
    JOIN "devices" d ON d."id" = r."server_id";
  END IF;
  PERFORM "maintenance_month_forget"(c, y, m);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "maintenance_tickets_maintenance_month_inserted" AFTER INSERT ON "maintenance_tickets"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_records"();--> statement-breakpoint
CREATE TRIGGER "maintenance_tickets_maintenance_month_updated" AFTER UPDATE ON "maintenance_tickets"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_records"();--> statement-breakpoint
CREATE TRIGGER "maintenance_tickets_maintenance_month_deleted" AFTER DELETE ON "maintenance_tickets"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_records"();--> statement-breakpoint
CREATE TRIGGER "baseline_checklists_maintenance_month_inserted" AFTER INSERT ON "baseline_checklists"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_records"();--> statement-breakpoint
CREATE TRIGGER "baseline_checklists_maintenance_month_updated" AFTER UPDATE ON "baseline_checklists"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_records"();--> statement-breakpoint
CREATE TRIGGER "baseline_checklists_maintenance_month_deleted" AFTER DELETE ON "baseline_checklists"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_records"();--> statement-breakpoint
CREATE TRIGGER "server_analyses_maintenance_month_inserted" AFTER INSERT ON "server_analyses"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_records"();--> statement-breakpoint
CREATE TRIGGER "server_analyses_maintenance_month_updated" AFTER UPDATE ON "server_analyses"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_records"();--> statement-breakpoint
CREATE TRIGGER "server_analyses_maintenance_month_deleted" AFTER DELETE ON "server_analyses"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_records"();--> statement-breakpoint
CREATE TRIGGER "exchange_analyses_maintenance_month_inserted" AFTER INSERT ON "exchange_analyses"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_records"();--> statement-breakpoint
CREATE TRIGGER "exchange_analyses_maintenance_month_updated" AFTER UPDATE ON "exchange_analyses"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_records"();--> statement-breakpoint
CREATE TRIGGER "exchange_analyses_maintenance_month_deleted" AFTER DELETE ON "exchange_analyses"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_records"();--> statement-breakpoint
-- A ticket's state, shown for the month's ticket and each record's ticket.
CREATE FUNCTION "maintenance_month_follow_tickets"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c integer[]; y smallint[]; m smallint[];
BEGIN
  SELECT array_agg(d."company_id"), array_agg(r."year"), array_agg(r."month") INTO c, y, m
  FROM (
    WITH changed AS (
      SELECT n."id" FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE o."status" IS DISTINCT FROM n."status"
    )
    SELECT "server_id", "year", "month" FROM "maintenance_tickets" WHERE "ticket_id" IN (SELECT "id" FROM changed)
    UNION SELECT "server_id", "year", "month" FROM "baseline_checklists" WHERE "ticket_id" IN (SELECT "id" FROM changed)
    UNION SELECT "server_id", "year", "month" FROM "server_analyses" WHERE "ticket_id" IN (SELECT "id" FROM changed)
    UNION SELECT "server_id", "year", "month" FROM "exchange_analyses" WHERE "ticket_id" IN (SELECT "id" FROM changed)
  ) r JOIN "devices" d ON d."id" = r."server_id";
  PERFORM "maintenance_month_forget"(c, y, m);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tickets_maintenance_month_updated" AFTER UPDATE ON "tickets"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_month_follow_tickets"();
