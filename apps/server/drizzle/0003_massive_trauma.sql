CREATE TABLE "billing_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"taxable" integer DEFAULT 0 NOT NULL,
	"fee_percent" numeric(6, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_items_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "contract_billing_contacts" (
	"contract_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "contract_billing_contacts_contract_id_user_id_pk" PRIMARY KEY("contract_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "contract_recurring_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"taxable" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"payment_terms" integer DEFAULT 20 NOT NULL,
	"retainer_item" integer NOT NULL,
	"overage_item" integer NOT NULL,
	"late_fee_item" integer NOT NULL,
	"retainer_taxable" integer DEFAULT 0 NOT NULL,
	"overage_taxable" integer DEFAULT 0 NOT NULL,
	"late_fee_taxable" integer DEFAULT 0 NOT NULL,
	"retainer_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"overage_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"late_fee_percent" numeric(6, 2) DEFAULT 0 NOT NULL,
	"retainer_hours" numeric(10, 2) DEFAULT 0 NOT NULL,
	"device_count" integer DEFAULT 0 NOT NULL,
	"max_rollover" numeric(10, 2) DEFAULT 0 NOT NULL,
	"paperless" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"hours" numeric(10, 2) NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pto_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"adjustment_hours" numeric(6, 2),
	"deposits_to" text,
	"payroll_hours" numeric(6, 2),
	"accrued_hours" numeric(6, 2),
	"initial_hours" numeric(6, 2),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pto_settings_type_check" CHECK ("pto_settings"."type" in ('Hourly', 'Flat Rate', 'Adjustment')),
	CONSTRAINT "pto_settings_deposits_to_check" CHECK ("pto_settings"."deposits_to" is null or "pto_settings"."deposits_to" in ('Accrual', 'Lump Sum')),
	CONSTRAINT "pto_settings_dates_check" CHECK ("pto_settings"."end_date" is null or "pto_settings"."end_date" >= "pto_settings"."start_date")
);
--> statement-breakpoint
CREATE TABLE "pto_used_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"hours" numeric(6, 2) NOT NULL,
	"bank" text NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pto_used_hours_bank_check" CHECK ("pto_used_hours"."bank" in ('Accrual', 'Lump Sum')),
	CONSTRAINT "pto_used_hours_hours_check" CHECK ("pto_used_hours"."hours" > 0)
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"name" text,
	"date" date NOT NULL,
	"new_date" date,
	"add_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_billing_contacts" ADD CONSTRAINT "contract_billing_contacts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_billing_contacts" ADD CONSTRAINT "contract_billing_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_recurring_items" ADD CONSTRAINT "contract_recurring_items_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_recurring_items" ADD CONSTRAINT "contract_recurring_items_item_id_billing_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."billing_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_retainer_item_billing_items_id_fk" FOREIGN KEY ("retainer_item") REFERENCES "public"."billing_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_overage_item_billing_items_id_fk" FOREIGN KEY ("overage_item") REFERENCES "public"."billing_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_late_fee_item_billing_items_id_fk" FOREIGN KEY ("late_fee_item") REFERENCES "public"."billing_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_adjustments" ADD CONSTRAINT "usage_adjustments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_adjustments" ADD CONSTRAINT "usage_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pto_settings" ADD CONSTRAINT "pto_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pto_settings" ADD CONSTRAINT "pto_settings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pto_used_hours" ADD CONSTRAINT "pto_used_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pto_used_hours" ADD CONSTRAINT "pto_used_hours_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_add_by_users_id_fk" FOREIGN KEY ("add_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_items_type_idx" ON "billing_items" USING btree ("type");--> statement-breakpoint
CREATE INDEX "billing_items_name_lower_idx" ON "billing_items" USING btree ("name");--> statement-breakpoint
CREATE INDEX "contract_billing_contacts_user_idx" ON "contract_billing_contacts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contract_recurring_items_contract_idx" ON "contract_recurring_items" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "contract_recurring_items_item_idx" ON "contract_recurring_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "contracts_company_dates_idx" ON "contracts" USING btree ("company_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "usage_adjustments_company_month_idx" ON "usage_adjustments" USING btree ("company_id","month");--> statement-breakpoint
CREATE INDEX "pto_settings_user_idx" ON "pto_settings" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE INDEX "pto_used_hours_user_date_idx" ON "pto_used_hours" USING btree ("user_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_company_date_unique" ON "holidays" USING btree ("date") WHERE "holidays"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_user_date_unique" ON "holidays" USING btree ("user_id","date") WHERE "holidays"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "holidays_date_idx" ON "holidays" USING btree ("date");--> statement-breakpoint
CREATE INDEX "holidays_add_by_idx" ON "holidays" USING btree ("add_by");