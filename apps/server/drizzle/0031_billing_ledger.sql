CREATE TABLE "account_month_balances" (
	"account_id" integer NOT NULL,
	"month" date NOT NULL,
	"debit" numeric(14, 2) DEFAULT 0 NOT NULL,
	"credit" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "account_month_balances_account_id_month_pk" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"subtype" text DEFAULT 'other' NOT NULL,
	"parent_id" integer,
	"is_system" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"lock_date" date,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"invoice_prefix" text DEFAULT 'INV-' NOT NULL,
	"credit_note_prefix" text DEFAULT 'CN-' NOT NULL,
	"quote_prefix" text DEFAULT 'Q-' NOT NULL,
	"purchase_order_prefix" text DEFAULT 'PO-' NOT NULL,
	"receipt_prefix" text DEFAULT 'RCV-' NOT NULL,
	"journal_entry_prefix" text DEFAULT 'JE-' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_single_row_check" CHECK ("billing_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "document_numbers" (
	"kind" text PRIMARY KEY NOT NULL,
	"next_value" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"entry_date" date NOT NULL,
	"source_type" text NOT NULL,
	"source_id" integer,
	"reverses_id" bigint,
	"memo" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_number_unique" UNIQUE("number"),
	CONSTRAINT "journal_entries_reverses_id_unique" UNIQUE("reverses_id")
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"entry_date" date NOT NULL,
	"account_id" integer NOT NULL,
	"debit" numeric(14, 2) DEFAULT 0 NOT NULL,
	"credit" numeric(14, 2) DEFAULT 0 NOT NULL,
	"company_id" integer,
	"vendor_id" integer,
	"tax_rate_id" integer,
	"item_id" integer,
	"memo" text DEFAULT '' NOT NULL,
	CONSTRAINT "journal_lines_one_sided_check" CHECK ("journal_lines"."debit" >= 0 and "journal_lines"."credit" >= 0 and ("journal_lines"."debit" > 0) <> ("journal_lines"."credit" > 0))
);
--> statement-breakpoint
ALTER TABLE "account_month_balances" ADD CONSTRAINT "account_month_balances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_parent_id_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reverses_id_journal_entries_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_parent_idx" ON "accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "journal_entries_date_idx" ON "journal_entries" USING btree ("entry_date","id");--> statement-breakpoint
CREATE INDEX "journal_entries_source_idx" ON "journal_entries" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id","line_no");--> statement-breakpoint
CREATE INDEX "journal_lines_account_date_idx" ON "journal_lines" USING btree ("account_id","entry_date","id");--> statement-breakpoint
CREATE INDEX "journal_lines_company_account_idx" ON "journal_lines" USING btree ("company_id","account_id");--> statement-breakpoint
CREATE INDEX "journal_lines_tax_rate_date_idx" ON "journal_lines" USING btree ("tax_rate_id","entry_date");--> statement-breakpoint
-- Written by hand (decision 0067): the guards the database keeps, whatever code or statement writes the ledger.
-- company_id refers to companies here rather than in ledger.table.ts, so billing does not import the companies module.
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Every entry touched by a transaction has two or more lines and balances, checked at commit.
CREATE FUNCTION "journal_entry_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target bigint;
  line_count integer;
  difference numeric;
BEGIN
  -- Each branch is planned only when it runs, so each table's row type is read for its own column.
  IF TG_TABLE_NAME = 'journal_entries' THEN
    target := NEW."id";
  ELSE
    target := NEW."entry_id";
  END IF;
  SELECT count(*), coalesce(sum("debit" - "credit"), 0) INTO line_count, difference
  FROM "journal_lines" WHERE "entry_id" = target;
  IF line_count < 2 THEN
    RAISE EXCEPTION 'Journal entry % has % line(s): an entry needs at least two.', target, line_count
      USING ERRCODE = 'check_violation';
  END IF;
  IF difference <> 0 THEN
    RAISE EXCEPTION 'Journal entry % does not balance (debits - credits = %).', target, difference
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_entries_balanced" AFTER INSERT ON "journal_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_entry_check_balanced"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_lines_balanced" AFTER INSERT ON "journal_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_entry_check_balanced"();--> statement-breakpoint
-- Posted means posted: a correction is a reversal plus a new entry.
CREATE FUNCTION "journal_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Posted journal entries cannot change.' USING ERRCODE = 'integrity_constraint_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "journal_entries_immutable" BEFORE UPDATE OR DELETE ON "journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "journal_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "journal_lines_immutable" BEFORE UPDATE OR DELETE ON "journal_lines"
  FOR EACH ROW EXECUTE FUNCTION "journal_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "journal_entries_no_truncate" BEFORE TRUNCATE ON "journal_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "journal_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "journal_lines_no_truncate" BEFORE TRUNCATE ON "journal_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "journal_refuse_change"();--> statement-breakpoint
-- Nothing posts on or before the lock date.
CREATE FUNCTION "journal_entry_check_lock_date"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  locked date;
BEGIN
  SELECT "lock_date" INTO locked FROM "billing_settings" WHERE "id" = 1;
  IF locked IS NOT NULL AND NEW."entry_date" <= locked THEN
    RAISE EXCEPTION 'The period is closed.' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "journal_entries_lock_date" BEFORE INSERT ON "journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "journal_entry_check_lock_date"();--> statement-breakpoint
-- A line carries its entry's date (registers page on it); receivable lines name a company, payable lines a vendor.
CREATE FUNCTION "journal_line_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account_subtype text;
BEGIN
  SELECT "entry_date" INTO NEW."entry_date" FROM "journal_entries" WHERE "id" = NEW."entry_id";
  SELECT "subtype" INTO account_subtype FROM "accounts" WHERE "id" = NEW."account_id";
  IF account_subtype = 'receivable' AND NEW."company_id" IS NULL THEN
    RAISE EXCEPTION 'A receivable line needs a company.' USING ERRCODE = 'check_violation';
  END IF;
  IF account_subtype = 'payable' AND NEW."vendor_id" IS NULL THEN
    RAISE EXCEPTION 'A payable line needs a vendor.' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "journal_lines_check" BEFORE INSERT ON "journal_lines"
  FOR EACH ROW EXECUTE FUNCTION "journal_line_check"();--> statement-breakpoint
-- The one row of billing settings, and the seeded chart of designs/billing.md §3.1 (idempotent).
INSERT INTO "billing_settings" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "document_numbers" ("kind", "next_value") VALUES ('journal_entry', 1) ON CONFLICT ("kind") DO NOTHING;--> statement-breakpoint
INSERT INTO "accounts" ("number", "name", "type", "subtype", "is_system") VALUES
  ('1000', 'Operating Checking', 'asset', 'bank', true),
  ('1050', 'Undeposited Funds', 'asset', 'undeposited', true),
  ('1100', 'Accounts Receivable', 'asset', 'receivable', true),
  ('1200', 'Inventory', 'asset', 'inventory', true),
  ('2000', 'Accounts Payable', 'liability', 'payable', true),
  ('2050', 'Received Not Billed', 'liability', 'received_not_billed', true),
  ('2100', 'Sales Tax Payable', 'liability', 'sales_tax', true),
  ('2200', 'Customer Deposits', 'liability', 'customer_deposits', true),
  ('3000', 'Owner''s Equity', 'equity', 'other', true),
  ('3900', 'Retained Earnings', 'equity', 'retained_earnings', true),
  ('4000', 'Managed Services', 'income', 'other', true),
  ('4050', 'Security Services', 'income', 'other', true),
  ('4100', 'Labor', 'income', 'other', true),
  ('4200', 'Cloud & Licensing', 'income', 'other', true),
  ('4300', 'Hardware Sales', 'income', 'other', true),
  ('4400', 'Project Services', 'income', 'other', true),
  ('4800', 'Late Fees', 'income', 'other', true),
  ('5000', 'Cost of Hardware', 'expense', 'cogs', true),
  ('5100', 'License Costs', 'expense', 'cogs', true),
  ('5900', 'Purchase Price Variance', 'expense', 'cogs', true),
  ('6100', 'Bad Debt', 'expense', 'other', true),
  ('6500', 'Parts Used', 'expense', 'other', true),
  ('6900', 'Inventory Adjustments', 'expense', 'other', true)
ON CONFLICT ("number") DO NOTHING;
