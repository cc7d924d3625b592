CREATE TABLE "tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"jurisdiction" text NOT NULL,
	"dor_code" text DEFAULT '' NOT NULL,
	"percent" numeric(7, 4) NOT NULL,
	"liability_account_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_percent_check" CHECK ("tax_rates"."percent" >= 0 and "tax_rates"."percent" <= 100),
	CONSTRAINT "tax_rates_dates_check" CHECK ("tax_rates"."effective_to" is null or "tax_rates"."effective_to" >= "tax_rates"."effective_from")
);
--> statement-breakpoint
CREATE TABLE "company_billing_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"tax_rate_id" integer,
	"tax_exempt" boolean DEFAULT false NOT NULL,
	"exempt_certificate" text DEFAULT '' NOT NULL,
	"exempt_expires_on" date,
	"billing_site_id" integer,
	"separate_overage_invoice" boolean DEFAULT false NOT NULL,
	"waive_late_fees" boolean DEFAULT false NOT NULL,
	"invoice_notes" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_rate_id" integer;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_liability_account_id_accounts_id_fk" FOREIGN KEY ("liability_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_billing_settings" ADD CONSTRAINT "company_billing_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_billing_settings" ADD CONSTRAINT "company_billing_settings_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_billing_settings" ADD CONSTRAINT "company_billing_settings_billing_site_id_sites_id_fk" FOREIGN KEY ("billing_site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_rates_jurisdiction_idx" ON "tax_rates" USING btree ("jurisdiction");--> statement-breakpoint
CREATE INDEX "company_billing_settings_tax_rate_idx" ON "company_billing_settings" USING btree ("tax_rate_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_tax_rate_idx" ON "invoices" USING btree ("tax_rate_id");