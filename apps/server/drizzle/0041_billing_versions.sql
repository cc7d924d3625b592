CREATE TABLE "billing_versions" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "billing_versions_single_row" CHECK ("billing_versions"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "billing_versions" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Bumps the billing version once per writing transaction, at its commit (decision on the billing cache): deferred, so
-- the row lock is taken last, after every lock the writer's own statements took (gapless numbers, invoices), and held
-- only while the commit finishes; the transaction-local mark makes the other queued events of the same transaction
-- no-ops.
CREATE FUNCTION "billing_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('billing.version_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('billing.version_bumped', 'on', true);
    UPDATE billing_versions SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoices_billing_version" AFTER INSERT OR UPDATE OR DELETE ON "invoices"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "billing_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_billing_version" AFTER INSERT OR UPDATE OR DELETE ON "payments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "billing_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "allocations_billing_version" AFTER INSERT OR UPDATE OR DELETE ON "allocations"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "billing_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "write_offs_billing_version" AFTER INSERT OR UPDATE OR DELETE ON "write_offs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "billing_version_bump"();--> statement-breakpoint
-- Journal lines join an entry only in the entry's own transaction (decision 0067), and the month balances follow the
-- lines in it, so the entries' trigger covers the ledger side.
CREATE CONSTRAINT TRIGGER "journal_entries_billing_version" AFTER INSERT OR UPDATE OR DELETE ON "journal_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "billing_version_bump"();--> statement-breakpoint
-- Reports list every company by name: a new, removed or renamed company changes them.
CREATE CONSTRAINT TRIGGER "companies_billing_version" AFTER INSERT OR DELETE ON "companies"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "billing_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "companies_renamed_billing_version" AFTER UPDATE OF "name" ON "companies"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION "billing_version_bump"();
