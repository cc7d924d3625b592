CREATE TABLE "company_tech_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"path" text NOT NULL,
	"size" integer NOT NULL,
	"extension" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_tech_attachments_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "company_tech_info" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"notes" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "company_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"flag" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "grade_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"question" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_grade_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"grade_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer" integer NOT NULL,
	"notes" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_grades" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"average" double precision,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"asset_tag" text,
	"serial_number" text,
	"model" text,
	"purchase_date" date,
	"warranty_date" date,
	"operating_system_id" integer,
	"antivirus_id" integer,
	"roles" text,
	"scheduled_maintenance" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_drives" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"letter" text NOT NULL,
	"size" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_phone_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_phone_numbers_phone_number_unique" UNIQUE("phone_number")
);
--> statement-breakpoint
CREATE TABLE "agent_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"phone_number_id" integer,
	"reminder_emails" integer DEFAULT 0 NOT NULL,
	"callback_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_settings_phone_number_id_unique" UNIQUE("phone_number_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"kind" text NOT NULL,
	"thread_id" integer,
	"file_name" text NOT NULL,
	"path" text NOT NULL,
	"extension" text NOT NULL,
	"size" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "ticket_attachments_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "ticket_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"add_by" integer,
	"lingo" text NOT NULL,
	"change" text,
	"previous_data" text,
	"new_data" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"direction" text NOT NULL,
	"subject" text NOT NULL,
	"from_user_id" integer,
	"from_email" text NOT NULL,
	"to_user_id" integer,
	"to_email" text NOT NULL,
	"cc" text,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_todos" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"description" text NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"company_id" integer NOT NULL,
	"site_id" integer,
	"client_id" integer,
	"employee_id" integer,
	"location" integer NOT NULL,
	"triage_id" integer NOT NULL,
	"status" integer NOT NULL,
	"escalatable" boolean DEFAULT true NOT NULL,
	"escalated" boolean DEFAULT false NOT NULL,
	"esc_tech" integer,
	"notes" text DEFAULT '' NOT NULL,
	"resolution" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "held_mail" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_email" text NOT NULL,
	"to_email" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"raw_path" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "parking_info" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "external" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "company_tech_attachments" ADD CONSTRAINT "company_tech_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_tech_attachments" ADD CONSTRAINT "company_tech_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_tech_info" ADD CONSTRAINT "company_tech_info_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_tech_info" ADD CONSTRAINT "company_tech_info_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "company_flags" ADD CONSTRAINT "company_flags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_flags" ADD CONSTRAINT "company_flags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_flags" ADD CONSTRAINT "company_flags_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_grade_answers" ADD CONSTRAINT "network_grade_answers_grade_id_network_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."network_grades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_grade_answers" ADD CONSTRAINT "network_grade_answers_question_id_grade_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."grade_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_grades" ADD CONSTRAINT "network_grades_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_grades" ADD CONSTRAINT "network_grades_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_grades" ADD CONSTRAINT "network_grades_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_operating_system_id_operating_systems_id_fk" FOREIGN KEY ("operating_system_id") REFERENCES "public"."operating_systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_antivirus_id_antiviruses_id_fk" FOREIGN KEY ("antivirus_id") REFERENCES "public"."antiviruses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_drives" ADD CONSTRAINT "server_drives_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settings" ADD CONSTRAINT "agent_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settings" ADD CONSTRAINT "agent_settings_phone_number_id_agent_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."agent_phone_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_thread_id_ticket_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."ticket_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_add_by_users_id_fk" FOREIGN KEY ("add_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_threads" ADD CONSTRAINT "ticket_threads_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_threads" ADD CONSTRAINT "ticket_threads_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_threads" ADD CONSTRAINT "ticket_threads_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_todos" ADD CONSTRAINT "ticket_todos_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_todos" ADD CONSTRAINT "ticket_todos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_location_ticket_types_id_fk" FOREIGN KEY ("location") REFERENCES "public"."ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_triage_id_triage_id_fk" FOREIGN KEY ("triage_id") REFERENCES "public"."triage"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_ticket_statuses_id_fk" FOREIGN KEY ("status") REFERENCES "public"."ticket_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_esc_tech_users_id_fk" FOREIGN KEY ("esc_tech") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_mail" ADD CONSTRAINT "held_mail_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_tech_attachments_company_idx" ON "company_tech_attachments" USING btree ("company_id");--> statement-breakpoint
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
CREATE INDEX "holidays_add_by_idx" ON "holidays" USING btree ("add_by");--> statement-breakpoint
CREATE INDEX "company_flags_company_idx" ON "company_flags" USING btree ("company_id","deleted_at");--> statement-breakpoint
CREATE INDEX "grade_questions_category_idx" ON "grade_questions" USING btree ("category","sort_order");--> statement-breakpoint
CREATE INDEX "network_grade_answers_grade_idx" ON "network_grade_answers" USING btree ("grade_id");--> statement-breakpoint
CREATE INDEX "network_grade_answers_question_idx" ON "network_grade_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "network_grades_company_idx" ON "network_grades" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "network_grades_site_idx" ON "network_grades" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "devices_company_type_idx" ON "devices" USING btree ("company_id","type","name");--> statement-breakpoint
CREATE INDEX "devices_type_idx" ON "devices" USING btree ("type","name");--> statement-breakpoint
CREATE INDEX "devices_site_idx" ON "devices" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "server_drives_device_letter_idx" ON "server_drives" USING btree ("device_id","letter");--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket_idx" ON "ticket_attachments" USING btree ("ticket_id","kind");--> statement-breakpoint
CREATE INDEX "ticket_events_ticket_idx" ON "ticket_events" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_threads_ticket_idx" ON "ticket_threads" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_threads_message_idx" ON "ticket_threads" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "ticket_todos_ticket_idx" ON "ticket_todos" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_status_updated_idx" ON "tickets" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "tickets_updated_idx" ON "tickets" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "tickets_company_status_idx" ON "tickets" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "tickets_employee_status_idx" ON "tickets" USING btree ("employee_id","status");--> statement-breakpoint
CREATE INDEX "tickets_site_idx" ON "tickets" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "tickets_client_idx" ON "tickets" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "tickets_triage_idx" ON "tickets" USING btree ("triage_id");--> statement-breakpoint
CREATE INDEX "tickets_escalated_idx" ON "tickets" USING btree ("escalated","updated_at");--> statement-breakpoint
CREATE INDEX "tickets_search_idx" ON "tickets" USING gin (to_tsvector('simple'::regconfig, "subject"));--> statement-breakpoint
CREATE INDEX "held_mail_received_idx" ON "held_mail" USING btree ("reviewed_at","received_at");--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;