CREATE TABLE "hr_form_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_on" date,
	"submission_id" integer,
	"reminded_at" timestamp with time zone,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hr_form_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hr_form_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"values" jsonb NOT NULL,
	"acknowledged" boolean NOT NULL,
	"signed_name" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"time_zone" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"sha256" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hr_form_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"body_html" text NOT NULL,
	"file_id" integer,
	"fields" jsonb NOT NULL,
	"content_sha256" text NOT NULL,
	"require_resign" boolean NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer
);
--> statement-breakpoint
CREATE TABLE "hr_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"file_id" integer,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"draft_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"current_version_id" integer,
	"due_days" integer,
	"renew_months" integer,
	"audience" jsonb,
	"audience_saved_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hr_form_assignments" ADD CONSTRAINT "hr_form_assignments_form_id_hr_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."hr_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_form_assignments" ADD CONSTRAINT "hr_form_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_form_assignments" ADD CONSTRAINT "hr_form_assignments_version_id_hr_form_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."hr_form_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_form_assignments" ADD CONSTRAINT "hr_form_assignments_submission_id_hr_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."hr_form_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_form_files" ADD CONSTRAINT "hr_form_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_form_submissions" ADD CONSTRAINT "hr_form_submissions_assignment_id_hr_form_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."hr_form_assignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_form_submissions" ADD CONSTRAINT "hr_form_submissions_form_id_hr_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."hr_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_form_submissions" ADD CONSTRAINT "hr_form_submissions_version_id_hr_form_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."hr_form_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_form_submissions" ADD CONSTRAINT "hr_form_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_form_versions" ADD CONSTRAINT "hr_form_versions_form_id_hr_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."hr_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_form_versions" ADD CONSTRAINT "hr_form_versions_file_id_hr_form_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."hr_form_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_form_versions" ADD CONSTRAINT "hr_form_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_forms" ADD CONSTRAINT "hr_forms_file_id_hr_form_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."hr_form_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_forms" ADD CONSTRAINT "hr_forms_current_version_id_hr_form_versions_id_fk" FOREIGN KEY ("current_version_id") REFERENCES "public"."hr_form_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_forms" ADD CONSTRAINT "hr_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hr_form_assignments_user_due_idx" ON "hr_form_assignments" USING btree ("user_id","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "hr_form_assignments_current_unique" ON "hr_form_assignments" USING btree ("form_id","user_id") WHERE "hr_form_assignments"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "hr_form_assignments_outstanding_due_idx" ON "hr_form_assignments" USING btree ("due_on") WHERE "hr_form_assignments"."superseded_at" is null and "hr_form_assignments"."submission_id" is null;--> statement-breakpoint
CREATE INDEX "hr_form_assignments_version_idx" ON "hr_form_assignments" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "hr_form_assignments_submission_idx" ON "hr_form_assignments" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "hr_form_files_uploaded_by_idx" ON "hr_form_files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE UNIQUE INDEX "hr_form_submissions_assignment_unique" ON "hr_form_submissions" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "hr_form_submissions_user_idx" ON "hr_form_submissions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hr_form_submissions_form_idx" ON "hr_form_submissions" USING btree ("form_id","signed_at");--> statement-breakpoint
CREATE INDEX "hr_form_submissions_version_idx" ON "hr_form_submissions" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hr_form_versions_form_version_unique" ON "hr_form_versions" USING btree ("form_id","version");--> statement-breakpoint
CREATE INDEX "hr_form_versions_file_idx" ON "hr_form_versions" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "hr_forms_title_idx" ON "hr_forms" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "hr_forms_file_idx" ON "hr_forms" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "hr_forms_current_version_idx" ON "hr_forms" USING btree ("current_version_id");