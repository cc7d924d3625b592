CREATE TABLE "billing_payables_versions" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "billing_payables_versions_single_row" CHECK ("billing_payables_versions"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "billing_payables_versions" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Bumps the payables version once per writing transaction, at its commit, as billing_tax_version_bump (migration 0071)
-- does the sales-tax version; only the writes aged payables reads reach it, so it stays cached across invoices,
-- payments received, receipts and stock moves.
CREATE FUNCTION "billing_payables_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('billing.payables_version_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('billing.payables_version_bumped', 'on', true);
    UPDATE billing_payables_versions SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A journal line counts when on 2000 Accounts Payable (the report's tie); an allocation when it pays or credits a
-- bill, uses a vendor credit, or spends a payment made (a payment received's allocations are not its business).
CREATE FUNCTION "billing_payables_row_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data jsonb;
  counts boolean;
BEGIN
  IF current_setting('billing.payables_version_bumped', true) IS NOT DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    row_data := to_jsonb(OLD);
  ELSE
    row_data := to_jsonb(NEW);
  END IF;
  IF TG_TABLE_NAME = 'journal_lines' THEN
    counts := EXISTS (SELECT 1 FROM accounts WHERE id = (row_data->>'account_id')::int AND number = '2000');
  ELSE
    counts := row_data->>'target_type' = 'bill' OR row_data->>'source_type' = 'vendor_credit'
      OR (row_data->>'source_type' = 'payment' AND EXISTS (SELECT 1 FROM payments
        WHERE id = (row_data->>'source_id')::int AND direction = 'out'));
  END IF;
  IF counts THEN
    PERFORM set_config('billing.payables_version_bumped', 'on', true);
    UPDATE billing_payables_versions SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bills_payables_version" AFTER INSERT OR UPDATE OR DELETE ON "bills"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "billing_payables_version_bump"();--> statement-breakpoint
-- Payments received change invoices' balances, which aged payables does not read.
CREATE CONSTRAINT TRIGGER "payments_payables_version" AFTER INSERT ON "payments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.direction = 'out')
  EXECUTE FUNCTION "billing_payables_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_changed_payables_version" AFTER UPDATE ON "payments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.direction = 'out' OR OLD.direction = 'out')
  EXECUTE FUNCTION "billing_payables_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_deleted_payables_version" AFTER DELETE ON "payments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.direction = 'out')
  EXECUTE FUNCTION "billing_payables_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "allocations_payables_version" AFTER INSERT OR UPDATE OR DELETE ON "allocations"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "billing_payables_row_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_lines_payables_version" AFTER INSERT OR UPDATE OR DELETE ON "journal_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "billing_payables_row_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "accounts_payables_version" AFTER INSERT OR UPDATE OR DELETE ON "accounts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "billing_payables_version_bump"();--> statement-breakpoint
-- The report lists every vendor by name.
CREATE CONSTRAINT TRIGGER "vendors_payables_version" AFTER INSERT OR DELETE ON "vendors"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "billing_payables_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "vendors_renamed_payables_version" AFTER UPDATE OF "name" ON "vendors"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION "billing_payables_version_bump"();
