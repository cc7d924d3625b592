CREATE TABLE "hr_employment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"separation_type" text,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hr_employment_events_kind_check" CHECK ("hr_employment_events"."kind" in ('hire', 'separation', 'rehire')),
	CONSTRAINT "hr_employment_events_type_check" CHECK (("hr_employment_events"."kind" = 'separation') = ("hr_employment_events"."separation_type" is not null) and ("hr_employment_events"."separation_type" is null or "hr_employment_events"."separation_type" in ('voluntary', 'involuntary')))
);
--> statement-breakpoint
CREATE TABLE "crm_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"columns" text[] NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"storage_path" text,
	"error" text,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_exports_status_check" CHECK ("crm_exports"."status" in ('queued', 'running', 'done', 'failed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "crm_import_errors" (
	"import_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"message" text NOT NULL,
	"raw" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "crm_import_errors_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "crm_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"storage_path" text NOT NULL,
	"has_header" boolean DEFAULT true NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"campaign_id" integer,
	"manager_id" integer,
	"default_status" smallint DEFAULT 1 NOT NULL,
	"duplicate_policy" text DEFAULT 'skip' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_created" integer DEFAULT 0 NOT NULL,
	"rows_updated" integer DEFAULT 0 NOT NULL,
	"rows_skipped" integer DEFAULT 0 NOT NULL,
	"rows_failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_imports_policy_check" CHECK ("crm_imports"."duplicate_policy" in ('skip', 'fill_empty', 'create')),
	CONSTRAINT "crm_imports_status_check" CHECK ("crm_imports"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "crm_imports_default_status_check" CHECK ("crm_imports"."default_status" in (0, 1, 3, 5, 9))
);
--> statement-breakpoint
ALTER TABLE "hr_requests" ADD COLUMN "attachment_path" text;--> statement-breakpoint
ALTER TABLE "hr_requests" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "hr_requests" ADD COLUMN "attachment_mime" text;--> statement-breakpoint
ALTER TABLE "hr_requests" ADD COLUMN "attachment_bytes" integer;--> statement-breakpoint
ALTER TABLE "hr_employment_events" ADD CONSTRAINT "hr_employment_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_employment_events" ADD CONSTRAINT "hr_employment_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_exports" ADD CONSTRAINT "crm_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_import_errors" ADD CONSTRAINT "crm_import_errors_import_id_crm_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."crm_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_imports" ADD CONSTRAINT "crm_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_imports" ADD CONSTRAINT "crm_imports_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_imports" ADD CONSTRAINT "crm_imports_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hr_employment_events_user_idx" ON "hr_employment_events" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "hr_employment_events_date_idx" ON "hr_employment_events" USING btree ("date","kind");--> statement-breakpoint
CREATE INDEX "crm_exports_user_idx" ON "crm_exports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_exports_expires_idx" ON "crm_exports" USING btree ("expires_at") WHERE storage_path is not null;--> statement-breakpoint
CREATE INDEX "crm_imports_created_idx" ON "crm_imports" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "crm_imports_user_idx" ON "crm_imports" USING btree ("user_id","created_at" DESC NULLS LAST);