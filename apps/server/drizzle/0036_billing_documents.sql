CREATE TABLE "invoice_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"recipient" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_line_sources" (
	"invoice_line_id" integer NOT NULL,
	"check_in_id" integer NOT NULL,
	CONSTRAINT "invoice_line_sources_check_in_id_unique" UNIQUE("check_in_id")
);
--> statement-breakpoint
CREATE TABLE "allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_type" text NOT NULL,
	"source_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"company_id" integer,
	"amount" numeric(14, 2) NOT NULL,
	"applied_on" date NOT NULL,
	"unapplied_on" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unapplied_by" integer,
	CONSTRAINT "allocations_amount_check" CHECK ("allocations"."amount" > 0),
	CONSTRAINT "allocations_dates_check" CHECK ("allocations"."unapplied_on" is null or "allocations"."unapplied_on" >= "allocations"."applied_on")
);
--> statement-breakpoint
CREATE TABLE "bank_deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"deposit_date" date NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"journal_entry_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_deposits_total_check" CHECK ("bank_deposits"."total" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"company_id" integer,
	"vendor_id" integer,
	"payment_date" date NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"account_id" integer NOT NULL,
	"deposit_id" integer,
	"memo" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'posted' NOT NULL,
	"journal_entry_id" bigint,
	"voided_by" integer,
	"voided_at" timestamp with time zone,
	"void_date" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_one_party_check" CHECK (("payments"."company_id" is null) <> ("payments"."vendor_id" is null))
);
--> statement-breakpoint
CREATE TABLE "write_offs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"write_off_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"journal_entry_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "write_offs_amount_check" CHECK ("write_offs"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"event" text NOT NULL,
	"company_id" integer,
	"actor_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_run_companies" (
	"run_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invoice_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_run_companies_run_id_company_id_pk" PRIMARY KEY("run_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "billing_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "billing_runs_month_unique" UNIQUE("month")
);
--> statement-breakpoint
CREATE TABLE "usage_snapshots" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"contract_id" integer,
	"retainer" numeric(12, 2) DEFAULT '0' NOT NULL,
	"adjustments" numeric(12, 2) DEFAULT '0' NOT NULL,
	"rollover" numeric(12, 2) DEFAULT '0' NOT NULL,
	"helpdesk" numeric(12, 2) DEFAULT '0' NOT NULL,
	"project" numeric(12, 2) DEFAULT '0' NOT NULL,
	"non_billable" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_used" numeric(12, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(12, 2) DEFAULT '0' NOT NULL,
	"carry_out" numeric(12, 2) DEFAULT '0' NOT NULL,
	"overage_hours" numeric(12, 2) DEFAULT '0' NOT NULL,
	"overage_rate" numeric(14, 4) DEFAULT '0' NOT NULL,
	"invoice_id" integer,
	"frozen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_snapshots_company_id_month_pk" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_balance_check";--> statement-breakpoint
ALTER TABLE "billing_items" ADD COLUMN "sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_items" ADD COLUMN "unit" text DEFAULT 'each' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_items" ADD COLUMN "cost" numeric(14, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_items" ADD COLUMN "income_account_id" integer;--> statement-breakpoint
ALTER TABLE "billing_items" ADD COLUMN "expense_account_id" integer;--> statement-breakpoint
ALTER TABLE "billing_items" ADD COLUMN "inventory_tracked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_items" ADD COLUMN "average_cost" numeric(14, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_items" ADD COLUMN "preferred_vendor_id" integer;--> statement-breakpoint
ALTER TABLE "billing_items" ADD COLUMN "reorder_point" integer;--> statement-breakpoint
ALTER TABLE "billing_items" ADD COLUMN "reorder_qty" integer;--> statement-breakpoint
ALTER TABLE "billing_items" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_adjustments" ADD COLUMN "source_month" date;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "selected" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "kind" text DEFAULT 'item' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "item_id" integer;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "taxable" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "tax_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "tax_rate_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "accepted_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "accepted_email" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "converted_invoice_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "item_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "proration" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "tax_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "period_end" date;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "cost_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "explain" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "contract_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "run_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billing_month" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bill_to" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paperless" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "printed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_exempt_certificate" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "late_fee_total" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "closed_on" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "journal_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "void_date" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "void_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "late_fee_grace_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "prorate_partial_months" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "run_day" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "run_hour" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "labor_item_id" integer;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "remit_to" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "invoice_footer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD CONSTRAINT "invoice_deliveries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_sources" ADD CONSTRAINT "invoice_line_sources_invoice_line_id_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_sources" ADD CONSTRAINT "invoice_line_sources_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_unapplied_by_users_id_fk" FOREIGN KEY ("unapplied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_deposits" ADD CONSTRAINT "bank_deposits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_deposits" ADD CONSTRAINT "bank_deposits_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_deposits" ADD CONSTRAINT "bank_deposits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_deposit_id_bank_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."bank_deposits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_run_companies" ADD CONSTRAINT "billing_run_companies_run_id_billing_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."billing_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_run_companies" ADD CONSTRAINT "billing_run_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_runs" ADD CONSTRAINT "billing_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_snapshots" ADD CONSTRAINT "usage_snapshots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_snapshots" ADD CONSTRAINT "usage_snapshots_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_snapshots" ADD CONSTRAINT "usage_snapshots_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_deliveries_once_uidx" ON "invoice_deliveries" USING btree ("invoice_id","revision","recipient");--> statement-breakpoint
CREATE INDEX "invoice_deliveries_status_idx" ON "invoice_deliveries" USING btree ("status");--> statement-breakpoint
CREATE INDEX "invoice_line_sources_line_idx" ON "invoice_line_sources" USING btree ("invoice_line_id");--> statement-breakpoint
CREATE INDEX "allocations_source_idx" ON "allocations" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "allocations_target_idx" ON "allocations" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "allocations_company_idx" ON "allocations" USING btree ("company_id","applied_on");--> statement-breakpoint
CREATE INDEX "bank_deposits_date_idx" ON "bank_deposits" USING btree ("deposit_date");--> statement-breakpoint
CREATE INDEX "payments_company_date_idx" ON "payments" USING btree ("company_id","payment_date");--> statement-breakpoint
CREATE INDEX "payments_vendor_date_idx" ON "payments" USING btree ("vendor_id","payment_date");--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("payment_date","id");--> statement-breakpoint
CREATE INDEX "payments_deposit_idx" ON "payments" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "payments_undeposited_idx" ON "payments" USING btree ("account_id") WHERE "payments"."deposit_id" is null and "payments"."status" = 'posted';--> statement-breakpoint
CREATE INDEX "write_offs_company_idx" ON "write_offs" USING btree ("company_id","write_off_date");--> statement-breakpoint
CREATE INDEX "write_offs_invoice_idx" ON "write_offs" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "billing_events_entity_idx" ON "billing_events" USING btree ("entity_type","entity_id","at");--> statement-breakpoint
CREATE INDEX "billing_events_at_idx" ON "billing_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "billing_events_company_idx" ON "billing_events" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "billing_run_companies_status_idx" ON "billing_run_companies" USING btree ("run_id","status");--> statement-breakpoint
CREATE INDEX "billing_run_companies_company_idx" ON "billing_run_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "usage_snapshots_invoice_idx" ON "usage_snapshots" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "billing_items" ADD CONSTRAINT "billing_items_income_account_id_accounts_id_fk" FOREIGN KEY ("income_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_items" ADD CONSTRAINT "billing_items_expense_account_id_accounts_id_fk" FOREIGN KEY ("expense_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_item_id_billing_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."billing_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_items_active_idx" ON "billing_items" USING btree ("type","name") WHERE "billing_items"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_adjustments_late_time_uidx" ON "usage_adjustments" USING btree ("company_id","source_month") WHERE "usage_adjustments"."source_month" is not null;--> statement-breakpoint
CREATE INDEX "invoice_lines_item_idx" ON "invoice_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_account_idx" ON "invoice_lines" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "invoices_contract_idx" ON "invoices" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "invoices_run_idx" ON "invoices" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "invoices_credited_idx" ON "invoices" USING btree ("credited_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_status_date_idx" ON "invoices" USING btree ("status","invoice_date","id");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("invoice_date","id");--> statement-breakpoint
CREATE INDEX "invoices_date_closed_idx" ON "invoices" USING btree ("invoice_date","closed_on");--> statement-breakpoint
CREATE INDEX "invoices_open_idx" ON "invoices" USING btree ("company_id","due_date") WHERE "invoices"."status" = 'posted' and "invoices"."balance" <> 0;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_month_type_uidx" ON "invoices" USING btree ("company_id","billing_month","type") WHERE "invoices"."status" <> 'void' and "invoices"."type" in ('contract', 'overage');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_posted_check" CHECK ("invoices"."status" in ('draft', 'approved') or ("invoices"."number" is not null and "invoices"."invoice_date" is not null));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_month_check" CHECK ("invoices"."type" not in ('contract', 'overage') or "invoices"."billing_month" is not null);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_balance_check" CHECK (("invoices"."type" = 'credit_note' and "invoices"."total" <= 0 and "invoices"."balance" <= 0 and "invoices"."balance" >= "invoices"."total")
        or ("invoices"."type" <> 'credit_note' and "invoices"."balance" >= 0 and "invoices"."balance" <= "invoices"."total"));--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_run_check" CHECK ("billing_settings"."run_day" between 1 and 28 and "billing_settings"."run_hour" between 0 and 23);--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_grace_check" CHECK ("billing_settings"."late_fee_grace_days" >= 0);