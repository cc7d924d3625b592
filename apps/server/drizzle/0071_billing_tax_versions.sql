CREATE TABLE "billing_tax_versions" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "billing_tax_versions_single_row" CHECK ("billing_tax_versions"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "stock_moves_date_idx" ON "stock_moves" USING btree ("occurred_on","id");--> statement-breakpoint
INSERT INTO "billing_tax_versions" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Bumps the sales-tax version once per writing transaction, at its commit, as billing_version_bump (migration 0041)
-- does the billing version; only the writes the DOR reports read reach it, so DOR Taxes stays cached across bills,
-- receipts, stock moves, payments made and invoice payments (which change balances, not tax figures).
CREATE FUNCTION "billing_tax_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('billing.tax_version_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('billing.tax_version_bumped', 'on', true);
    UPDATE billing_tax_versions SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A journal line counts when tagged with a rate or on a sales-tax account (DOR's tie reads those accounts).
CREATE FUNCTION "journal_line_tax_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line journal_lines;
BEGIN
  IF current_setting('billing.tax_version_bumped', true) IS NOT DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    line := OLD;
  ELSE
    line := NEW;
  END IF;
  IF line.tax_rate_id IS NOT NULL
    OR EXISTS (SELECT 1 FROM accounts WHERE id = line.account_id AND subtype = 'sales_tax') THEN
    PERFORM set_config('billing.tax_version_bumped', 'on', true);
    UPDATE billing_tax_versions SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoices_tax_version" AFTER INSERT OR DELETE ON "invoices"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "billing_tax_version_bump"();--> statement-breakpoint
-- A payment changes an invoice's balance and closed date, which no DOR figure reads.
CREATE CONSTRAINT TRIGGER "invoices_changed_tax_version" AFTER UPDATE ON "invoices"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.status, OLD.type, OLD.number, OLD.invoice_date, OLD.void_date, OLD.company_id, OLD.tax_rate_id,
      OLD.tax_exempt_certificate, OLD.subtotal, OLD.tax_total, OLD.total)
    IS DISTINCT FROM (NEW.status, NEW.type, NEW.number, NEW.invoice_date, NEW.void_date, NEW.company_id,
      NEW.tax_rate_id, NEW.tax_exempt_certificate, NEW.subtotal, NEW.tax_total, NEW.total))
  EXECUTE FUNCTION "billing_tax_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoice_lines_tax_version" AFTER INSERT OR UPDATE OR DELETE ON "invoice_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "billing_tax_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tax_rates_tax_version" AFTER INSERT OR UPDATE OR DELETE ON "tax_rates"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "billing_tax_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "accounts_tax_version" AFTER INSERT OR UPDATE OR DELETE ON "accounts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "billing_tax_version_bump"();--> statement-breakpoint
-- The cash basis reads allocations paying an invoice or using a credit note; a bill's are not its business.
CREATE CONSTRAINT TRIGGER "allocations_tax_version" AFTER INSERT ON "allocations"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.target_type = 'invoice' OR NEW.source_type = 'credit_note')
  EXECUTE FUNCTION "billing_tax_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "allocations_changed_tax_version" AFTER UPDATE ON "allocations"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.target_type = 'invoice' OR NEW.source_type = 'credit_note' OR OLD.target_type = 'invoice'
    OR OLD.source_type = 'credit_note')
  EXECUTE FUNCTION "billing_tax_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "allocations_deleted_tax_version" AFTER DELETE ON "allocations"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.target_type = 'invoice' OR OLD.source_type = 'credit_note')
  EXECUTE FUNCTION "billing_tax_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_lines_tax_version" AFTER INSERT OR UPDATE OR DELETE ON "journal_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_line_tax_version_bump"();
