CREATE TABLE "labor_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"min_hours" numeric(8, 2) DEFAULT '0' NOT NULL,
	"max_hours" numeric(8, 2) DEFAULT '0' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labor_steps_hours_check" CHECK ("labor_steps"."min_hours" >= 0 and "labor_steps"."max_hours" >= "labor_steps"."min_hours"),
	CONSTRAINT "labor_steps_status_check" CHECK ("labor_steps"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "labor_sub_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"labor_step_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_dates" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"start_date" date NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"employee_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_slots_times_check" CHECK ("project_slots"."end_time" >= "project_slots"."start_time")
);
--> statement-breakpoint
CREATE TABLE "project_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_templates_template_name_unique" UNIQUE("template_name")
);
--> statement-breakpoint
CREATE TABLE "template_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"min_hours" numeric(8, 2) DEFAULT '0' NOT NULL,
	"max_hours" numeric(8, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "template_steps_hours_check" CHECK ("template_steps"."min_hours" >= 0 and "template_steps"."max_hours" >= "template_steps"."min_hours")
);
--> statement-breakpoint
CREATE TABLE "template_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_step_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"unit_price" numeric(14, 4) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"taxable" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"company_id" integer NOT NULL,
	"project_id" integer,
	"quote_id" integer,
	"type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"invoice_date" date,
	"due_date" date,
	"payment_terms" integer DEFAULT 20 NOT NULL,
	"subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tax_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"posted_by" integer,
	"posted_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total" = "invoices"."subtotal" + "invoices"."tax_total"),
	CONSTRAINT "invoices_balance_check" CHECK ("invoices"."type" = 'credit_note' or ("invoices"."balance" >= 0 and "invoices"."balance" <= "invoices"."total"))
);
--> statement-breakpoint
DROP INDEX "check_ins_one_open_per_user_ticket";--> statement-breakpoint
ALTER TABLE "labor_steps" ADD CONSTRAINT "labor_steps_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labor_sub_steps" ADD CONSTRAINT "labor_sub_steps_labor_step_id_labor_steps_id_fk" FOREIGN KEY ("labor_step_id") REFERENCES "public"."labor_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_dates" ADD CONSTRAINT "project_dates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_dates" ADD CONSTRAINT "project_dates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_slots" ADD CONSTRAINT "project_slots_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_slots" ADD CONSTRAINT "project_slots_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_slots" ADD CONSTRAINT "project_slots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_templates" ADD CONSTRAINT "project_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_steps" ADD CONSTRAINT "template_steps_template_id_project_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."project_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_tasks" ADD CONSTRAINT "template_tasks_template_step_id_template_steps_id_fk" FOREIGN KEY ("template_step_id") REFERENCES "public"."template_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "labor_steps_project_idx" ON "labor_steps" USING btree ("project_id","position");--> statement-breakpoint
CREATE INDEX "labor_sub_steps_step_idx" ON "labor_sub_steps" USING btree ("labor_step_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "project_dates_project_kind_idx" ON "project_dates" USING btree ("project_id","kind");--> statement-breakpoint
CREATE INDEX "project_slots_project_idx" ON "project_slots" USING btree ("project_id","start_date");--> statement-breakpoint
CREATE INDEX "project_slots_employee_day_idx" ON "project_slots" USING btree ("employee_id","start_date");--> statement-breakpoint
CREATE INDEX "template_steps_template_idx" ON "template_steps" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "template_tasks_step_idx" ON "template_tasks" USING btree ("template_step_id","position");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","line_no");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "invoices_project_idx" ON "invoices" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_one_open_per_user_labor_step" ON "check_ins" USING btree ("user_id","project_step_id") WHERE "check_ins"."end_time" is null and "check_ins"."project_step_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_one_open_per_user_ticket" ON "check_ins" USING btree ("user_id","ticket_id") WHERE "check_ins"."end_time" is null and "check_ins"."ticket_id" is not null and "check_ins"."project_step_id" is null;