CREATE TABLE "inventory_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"site_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_locations_site_check" CHECK (("inventory_locations"."kind" = 'client_site') = ("inventory_locations"."site_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"item_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"on_hand" numeric(12, 2) DEFAULT '0' NOT NULL,
	"value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_item_id_location_id_pk" PRIMARY KEY("item_id","location_id"),
	CONSTRAINT "stock_levels_on_hand_check" CHECK ("stock_levels"."on_hand" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"unit_cost" numeric(14, 4) NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" integer,
	"journal_entry_id" bigint,
	"occurred_on" date NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_moves_quantity_check" CHECK ("stock_moves"."quantity" <> 0),
	CONSTRAINT "stock_moves_cost_check" CHECK ("stock_moves"."unit_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "receipt_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_id" integer NOT NULL,
	"po_line_id" integer NOT NULL,
	"item_id" integer,
	"account_id" integer NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"unit_cost" numeric(14, 4) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"serials" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "receipt_lines_quantity_check" CHECK ("receipt_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"po_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"received_on" date NOT NULL,
	"location_id" integer,
	"memo" text DEFAULT '' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"journal_entry_id" bigint,
	"received_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "bill_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" integer,
	"account_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"unit_cost" numeric(14, 4) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"po_line_id" integer,
	"company_id" integer,
	"project_id" integer,
	"billable_to_client" boolean DEFAULT false NOT NULL,
	CONSTRAINT "bill_lines_target_check" CHECK ("bill_lines"."item_id" is not null or "bill_lines"."account_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'bill' NOT NULL,
	"vendor_id" integer NOT NULL,
	"vendor_ref" text DEFAULT '' NOT NULL,
	"bill_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"po_id" integer,
	"receipt_id" integer,
	"memo" text DEFAULT '' NOT NULL,
	"subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tax_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"closed_on" date,
	"journal_entry_id" bigint,
	"posted_by" integer,
	"posted_at" timestamp with time zone,
	"voided_by" integer,
	"voided_at" timestamp with time zone,
	"void_date" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_total_check" CHECK ("bills"."total" = "bills"."subtotal" + "bills"."tax_total"),
	CONSTRAINT "bills_balance_check" CHECK (("bills"."kind" = 'bill' and "bills"."total" >= 0 and "bills"."balance" between 0 and "bills"."total")
        or ("bills"."kind" = 'credit' and "bills"."total" <= 0 and "bills"."balance" between "bills"."total" and 0)),
	CONSTRAINT "bills_posted_check" CHECK ("bills"."status" = 'draft' or "bills"."journal_entry_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "po_lines" DROP CONSTRAINT "po_lines_billed_check";--> statement-breakpoint
ALTER TABLE "po_lines" ADD COLUMN "item_id" integer;--> statement-breakpoint
ALTER TABLE "po_lines" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "po_lines" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "po_lines" ADD COLUMN "billable_to_client" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "ship_to_site_id" integer;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventory_locations" ADD CONSTRAINT "inventory_locations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_item_id_billing_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."billing_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_location_id_inventory_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_item_id_billing_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."billing_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_location_id_inventory_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_lines" ADD CONSTRAINT "receipt_lines_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_lines" ADD CONSTRAINT "receipt_lines_po_line_id_po_lines_id_fk" FOREIGN KEY ("po_line_id") REFERENCES "public"."po_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_lines" ADD CONSTRAINT "receipt_lines_item_id_billing_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."billing_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_lines" ADD CONSTRAINT "receipt_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_po_id_purchase_orders_id_fk" FOREIGN KEY ("po_id") REFERENCES "public"."purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_location_id_inventory_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_item_id_billing_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."billing_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_po_line_id_po_lines_id_fk" FOREIGN KEY ("po_line_id") REFERENCES "public"."po_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_po_id_purchase_orders_id_fk" FOREIGN KEY ("po_id") REFERENCES "public"."purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_locations_name_lower_unique" ON "inventory_locations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "inventory_locations_site_idx" ON "inventory_locations" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "stock_levels_location_idx" ON "stock_levels" USING btree ("location_id","item_id");--> statement-breakpoint
CREATE INDEX "stock_moves_item_idx" ON "stock_moves" USING btree ("item_id","occurred_on","id");--> statement-breakpoint
CREATE INDEX "stock_moves_location_idx" ON "stock_moves" USING btree ("location_id","item_id");--> statement-breakpoint
CREATE INDEX "stock_moves_source_idx" ON "stock_moves" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "stock_moves_entry_idx" ON "stock_moves" USING btree ("journal_entry_id");--> statement-breakpoint
CREATE INDEX "receipt_lines_receipt_idx" ON "receipt_lines" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "receipt_lines_po_line_idx" ON "receipt_lines" USING btree ("po_line_id");--> statement-breakpoint
CREATE INDEX "receipt_lines_item_idx" ON "receipt_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "receipts_po_idx" ON "receipts" USING btree ("po_id");--> statement-breakpoint
CREATE INDEX "receipts_vendor_idx" ON "receipts" USING btree ("vendor_id","received_on");--> statement-breakpoint
CREATE INDEX "receipts_date_idx" ON "receipts" USING btree ("received_on","id");--> statement-breakpoint
CREATE INDEX "bill_lines_bill_idx" ON "bill_lines" USING btree ("bill_id","line_no");--> statement-breakpoint
CREATE INDEX "bill_lines_po_line_idx" ON "bill_lines" USING btree ("po_line_id");--> statement-breakpoint
CREATE INDEX "bill_lines_item_idx" ON "bill_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "bill_lines_company_idx" ON "bill_lines" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_vendor_ref_unique" ON "bills" USING btree ("vendor_id",lower("vendor_ref")) WHERE "bills"."vendor_ref" <> '' and "bills"."status" <> 'void';--> statement-breakpoint
CREATE INDEX "bills_vendor_date_idx" ON "bills" USING btree ("vendor_id","bill_date","id");--> statement-breakpoint
CREATE INDEX "bills_date_idx" ON "bills" USING btree ("bill_date","id");--> statement-breakpoint
CREATE INDEX "bills_po_idx" ON "bills" USING btree ("po_id");--> statement-breakpoint
CREATE INDEX "bills_receipt_idx" ON "bills" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "bills_open_idx" ON "bills" USING btree ("vendor_id","due_date") WHERE "bills"."status" = 'posted' and "bills"."balance" <> 0;--> statement-breakpoint
ALTER TABLE "po_lines" ADD CONSTRAINT "po_lines_item_id_billing_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."billing_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "po_lines" ADD CONSTRAINT "po_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "po_lines" ADD CONSTRAINT "po_lines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_location_id_inventory_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_ship_to_site_id_sites_id_fk" FOREIGN KEY ("ship_to_site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "po_lines_item_idx" ON "po_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "po_lines_company_idx" ON "po_lines" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "po_lines_project_idx" ON "po_lines" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_status_date_idx" ON "purchase_orders" USING btree ("status","order_date","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_date_idx" ON "purchase_orders" USING btree ("order_date","id");--> statement-breakpoint
ALTER TABLE "po_lines" ADD CONSTRAINT "po_lines_billed_check" CHECK ("po_lines"."billed_qty" >= 0 and "po_lines"."billed_qty" <= "po_lines"."quantity");--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_ship_to_check" CHECK ("purchase_orders"."location_id" is null or "purchase_orders"."ship_to_site_id" is null);--> statement-breakpoint
-- Stock history is append-only (designs/billing.md §3.8): a correction is another move.
CREATE FUNCTION "stock_moves_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Stock moves cannot be changed or deleted.' USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "stock_moves_immutable" BEFORE UPDATE OR DELETE ON "stock_moves"
  FOR EACH ROW EXECUTE FUNCTION "stock_moves_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "stock_moves_no_truncate" BEFORE TRUNCATE ON "stock_moves"
  FOR EACH STATEMENT EXECUTE FUNCTION "stock_moves_refuse_change"();--> statement-breakpoint
-- Vendors are billing's own table now: the plain vendor columns of earlier migrations get their keys.
ALTER TABLE "payments" ADD CONSTRAINT "payments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id")
  REFERENCES "public"."vendors"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id")
  REFERENCES "public"."vendors"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "billing_items" ADD CONSTRAINT "billing_items_preferred_vendor_id_vendors_id_fk"
  FOREIGN KEY ("preferred_vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null;--> statement-breakpoint
-- Aged payables and /billing's AP card are cached by the billing version (decision 0099): bills change them.
CREATE CONSTRAINT TRIGGER "bills_billing_version" AFTER INSERT OR UPDATE OR DELETE ON "bills"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "billing_version_bump"();
